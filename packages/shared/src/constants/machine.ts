/**
 * Machines of an order on site (spec/2 §2 screen 12, §3 Machinery, §4, §5 Machinery entry): the provider enters its
 * approved listings with an entry date, exits them with a date, or deletes an in-progress one; the tenant reads.
 */
import { daysBetween } from '../rules/datetime';
export const MACHINE_STATUS = { working: 0, exited: 1 } as const;
export const MACHINE_STATUS_TEXT: Record<number, string> = { 0: '施工中', 1: '已退场' };
export const MACHINE_TABS = [
  { status: -1, label: '全部' },
  { status: 0, label: '施工中' },
  { status: 1, label: '已退场' },
] as const;
/** exit and delete: only while working (spec/2 §2 "for in-progress rows: exit, delete"), only by the provider. */
export const machineActions = (status: number): ('exit' | 'delete')[] => (status === MACHINE_STATUS.working ? ['exit', 'delete'] : []);
/** Hour-meter readings (one decimal) and photos on entry and exit. */
export const MACHINE_LIMITS = { hoursMax: 999_999, photosMax: 4 } as const;

/** Work days: from the entry date to the exit date (or today while working), both counted. */
export function workDays(enter: string, exit: string | null, today: string): number {
  const end = exit ?? today;
  return Math.max(0, daysBetween(enter, end) + 1);
}
