/**
 * Sign-in rewards (spec/1 §3 sign-in, §4): every day of a streak earns `base` beans; a streak day listed in `bonus`
 * earns its extra beans on top. Streaks run in cycles of SIGN_CYCLE days: day 8 of a streak counts as day 1 again,
 * so the weekly bonuses can be earned every week the user keeps signing in.
 */
export const SIGN_CYCLE = 7;

export interface TSignRules {
  base: number;
  bonus: { day: number; peas: number }[];
}

/** The day of the cycle (1..SIGN_CYCLE) that the n-th continuous day is. */
export const cycleDay = (continuous: number): number => ((Math.max(1, continuous) - 1) % SIGN_CYCLE) + 1;

/** Beans earned on the n-th continuous day of a streak. */
export function signReward(rules: TSignRules, continuous: number): number {
  const d = cycleDay(continuous);
  return rules.base + rules.bonus.filter((b) => b.day === d).reduce((s, b) => s + b.peas, 0);
}

/** The largest number of coins `available` beans buy at `ratio` beans per coin. */
export const maxConvertible = (available: number, ratio: number): number =>
  ratio > 0 ? Math.floor(Math.max(0, available) / ratio) : 0;
