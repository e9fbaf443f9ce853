/**
 * Coin packages (spec/1 §9): 1 yuan equals gold_avg coins, so a package of `amount` fen is worth exactly
 * amount / 100 × gold_avg coins (its `value`; `give` is a bonus on top). Bonus beans equal the yuan amount × gold_peas.
 */

/** The coins `amountFen` buys at `goldAvg` coins per yuan; null when that is not a whole number of coins. */
export function coinValueOf(amountFen: number, goldAvg: number): number | null {
  const v = amountFen * goldAvg;
  return Number.isSafeInteger(v) && v % 100 === 0 ? v / 100 : null;
}

/** Bonus beans of a purchase: yuan amount × gold_peas, floored to whole beans. */
export const bonusBeans = (amountFen: number, goldPeas: number): number => Math.floor((amountFen * goldPeas) / 100);
