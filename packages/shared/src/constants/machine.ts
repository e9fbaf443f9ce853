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
/** Hour-meter readings (one decimal) and photos on entry and exit. */
export const MACHINE_LIMITS = { hoursMax: 999_999, photosMax: 4 } as const;

/** Work days: from the entry date to the exit date (or today while working), both counted. */
export function workDays(enter: string, exit: string | null, today: string): number {
  const end = exit ?? today;
  return Math.max(0, daysBetween(enter, end) + 1);
}
