import type { TMemberLevel } from '../constants/user';

/**
 * Membership arithmetic (spec/1 §1, §9: A free, AA and AAA by the year). A paid tier is one time range
 * [now, expiresAt); past it the member is A again. All instants are milliseconds; a day is 24 h.
 *
 * - new (from A): the year starts now.
 * - renew (same tier): the year is added to the current expiry, so no paid day is lost by renewing early.
 * - upgrade (AA → AAA): the AAA year starts now, and the whole days left of the lower tier are converted by price
 *   ratio and added: credit = floor(daysLeft × priceLower / priceHigher). What was paid is kept at its value.
 * - a lower tier than the current one cannot be bought; A cannot be bought.
 */
export const DAY_MS = 86_400_000;
const RANK: Record<TMemberLevel, number> = { A: 0, AA: 1, AAA: 2 };

export interface TMemberNow {
  level: TMemberLevel;
  /** null for A */
  expiresAt: number | null;
}

/** The level in force at `now`: an expired paid tier is A. */
export function effectiveMembership(stored: { level: string; expiresAt: number } | null, now: number): TMemberNow {
  if (!stored || !(stored.level in RANK) || stored.level === 'A' || stored.expiresAt <= now)
    return { level: 'A', expiresAt: null };
  return { level: stored.level as TMemberLevel, expiresAt: stored.expiresAt };
}

/** Whole days left, counting a started day (what the dashboard shows as level_count). */
export const daysLeft = (m: TMemberNow, now: number) =>
  m.expiresAt === null ? 0 : Math.max(0, Math.ceil((m.expiresAt - now) / DAY_MS));

export type TMemberPlanResult =
  | { ok: true; mode: 'new' | 'renew' | 'upgrade'; beginsAt: number; expiresAt: number; creditDays: number }
  | { ok: false; reason: 'free' | 'lower' };

export function planMembership(
  current: TMemberNow,
  target: TMemberLevel,
  price: Record<TMemberLevel, number>,
  days: number,
  now: number,
): TMemberPlanResult {
  if (target === 'A') return { ok: false, reason: 'free' };
  if (RANK[target] < RANK[current.level]) return { ok: false, reason: 'lower' };
  if (current.level === 'A' || current.expiresAt === null)
    return { ok: true, mode: 'new', beginsAt: now, expiresAt: now + days * DAY_MS, creditDays: 0 };
  if (current.level === target)
    return {
      ok: true,
      mode: 'renew',
      beginsAt: current.expiresAt,
      expiresAt: current.expiresAt + days * DAY_MS,
      creditDays: 0,
    };
  const left = Math.floor((current.expiresAt - now) / DAY_MS);
  const creditDays = price[target] > 0 ? Math.floor((left * price[current.level]) / price[target]) : left;
  return { ok: true, mode: 'upgrade', beginsAt: now, expiresAt: now + (days + creditDays) * DAY_MS, creditDays };
}
