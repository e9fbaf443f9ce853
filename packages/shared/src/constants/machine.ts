/**
 * Machines of an order on site (spec/2 §2 screen 12, §3 Machinery, §4, §5 Machinery entry): the provider enters its
 * approved listings with an entry date, exits them with a date, or deletes an in-progress one; the tenant reads.
 */
import { daysBetween } from '../rules/datetime';
import { defineMachine, type TStatusOf } from '../rules/machine';
export const MACHINE_STATUS = { working: 0, exited: 1 } as const;
export const MACHINE_STATUS_TEXT: Record<number, string> = { 0: '施工中', 1: '已退场' };
export const MACHINE_TABS = [
  { status: -1, label: '全部' },
  { status: 0, label: '施工中' },
  { status: 1, label: '已退场' },
] as const;
/**
 * order_machines.status: the provider enters a machine (working), exits it or deletes it while working (spec/2 §2
 * "for in-progress rows: exit, delete"); the tenant only reads. Entries need the order in progress (isOrderInProgress).
 */
export const MACHINE_MACHINE = defineMachine<TStatusOf, 'enter' | 'exit' | 'delete', 'provider'>({
  name: 'order_machines.status',
  statuses: MACHINE_STATUS,
  status: (m) => m.status,
  guards: {},
  rows: [
    { from: [null], action: 'enter', to: MACHINE_STATUS.working, who: 'provider' },
    { from: [MACHINE_STATUS.working], action: 'exit', to: MACHINE_STATUS.exited, who: 'provider' },
    { from: [MACHINE_STATUS.working], action: 'delete', to: 'removed', who: 'provider' },
  ],
});
/**
 * Hour-meter readings (one decimal) and photos on entry and exit; the inspection's fuel level in eighths of the tank
 * (0 empty … 8 full: what a site inspector reads off the needle of a machine's analogue gauge, marked E, ¼, ½, ¾, F;
 * a percentage would claim a precision the gauge does not have), its damage items and the tenant's note.
 */
export const MACHINE_LIMITS = {
  hoursMax: 999_999,
  photosMax: 4,
  fuelMax: 8,
  damageMax: 10,
  damageTextMax: 100,
  damagePhotosMax: 4,
  ackNoteMax: 200,
} as const;

/** machine_inspections.kind: the entry and the exit inspection of a machine (one each). */
export const INSPECTION_KIND = { enter: 0, exit: 1 } as const;
export const INSPECTION_KIND_TEXT: Record<number, string> = { 0: '进场验收', 1: '退场验收' };
/** The fuel level as the form and the pages show it: 空, 1/8 … 7/8, 满. */
export const fuelText = (eighths: number | null): string =>
  eighths === null ? '' : eighths === 0 ? '空' : eighths === MACHINE_LIMITS.fuelMax ? '满' : `${eighths}/8`;
export const FUEL_OPTIONS = Array.from({ length: MACHINE_LIMITS.fuelMax + 1 }, (_, n) => ({
  value: n,
  label: fuelText(n),
}));

/** machine_inspections.ack_status: the tenant's acknowledgement of an inspection the provider recorded. */
export const ACK_STATUS = { waiting: 0, confirmed: 1, disputed: 2 } as const;
export const ACK_STATUS_TEXT: Record<number, string> = { 0: '待承租方确认', 1: '承租方已确认', 2: '承租方有异议' };
/**
 * The provider records an inspection with the entry or the exit; the order's tenant confirms it or disputes it with
 * a note, once (确认 / 有异议 + 说明). Nothing moves it afterwards: a dispute is settled between the parties, and the
 * order and the month's settlement draft show it.
 */
export const ACK_MACHINE = defineMachine<
  { ack_status: number | null },
  'record' | 'confirm' | 'dispute',
  'provider' | 'tenant'
>({
  name: 'machine_inspections.ack_status',
  statuses: ACK_STATUS,
  status: (r) => r.ack_status,
  guards: {},
  rows: [
    { from: [null], action: 'record', to: ACK_STATUS.waiting, who: 'provider' },
    { from: [ACK_STATUS.waiting], action: 'confirm', to: ACK_STATUS.confirmed, who: 'tenant' },
    { from: [ACK_STATUS.waiting], action: 'dispute', to: ACK_STATUS.disputed, who: 'tenant', needsReason: true },
  ],
});

/** Work days: from the entry date to the exit date (or today while working), both counted. */
export function workDays(enter: string, exit: string | null, today: string): number {
  const end = exit ?? today;
  return Math.max(0, daysBetween(enter, end) + 1);
}
