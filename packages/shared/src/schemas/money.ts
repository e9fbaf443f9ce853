import { z } from '../zod';
import { common } from '../messages/common';
import { fmt } from '../messages/fmt';
import { fenToYuanText, yuanToFen } from '../rules/money';

/**
 * The ceilings of money typed by a person, in fen. Everything the server computes from them stays a safe integer in
 * JS and fits its bigint column: a line's tax-inclusive price is at most PRICE_MAX_FEN × 2 (rate ≤ 100 %); times a
 * bidding line's quantity (≤ 1,000,000) it is at most 2.0e15 < Number.MAX_SAFE_INTEGER (9.0e15), and a quote's total
 * over its lines is refused above TOTAL_MAX_FEN, so that even the totals of 50 quotes stay safe integers.
 */
/** A unit price: a rent, a quoted or ordered price, a price cap, an entry/exit fee (10,000,000.00 yuan). */
export const PRICE_MAX_FEN = 1_000_000_000;
/** An amount: a settlement's, an invoice's, a payment's (100,000,000.00 yuan). */
export const AMOUNT_MAX_FEN = 10_000_000_000;
/** What the server computes: a quote's total over its lines (1,000,000,000,000.00 yuan). */
export const TOTAL_MAX_FEN = 100_000_000_000_000;

/** The JSON-schema keyword of a money input that names its ceiling in fen (in the OpenAPI document; the hostile-input test tries it). */
export const MONEY_MAX_KEY = 'x-money-max-fen';
/** …and that says the input takes whole yuan only. @internal: only the hostile-input test reads it by name. */
export const MONEY_WHOLE_KEY = 'x-money-whole';

/** The refusal of an amount above `maxFen`. */
export const moneyTooLarge = (maxFen: number) => fmt(common.moneyTooLarge, { max: fenToYuanText(maxFen) });

export interface TYuanRule {
  /** fen */
  max: number;
  /** fen; default 0 */
  min?: number;
  /** whole yuan only (no decimals) */
  whole?: boolean;
  /** the message when the text is not money (or below min) */
  bad: string;
}

/** A yuan text typed by a person, checked: its fen, or the message that refuses it (empty text is the caller's to decide). */
export function checkYuan(input: unknown, rule: TYuanRule): { fen: number } | { msg: string } {
  // thousands separators as a person may type them ("1,234.50")
  const s = String(input ?? '')
    .trim()
    .replace(/,/g, '');
  const fen = (rule.whole ? /^\d+$/ : /^\d+(\.\d{1,2})?$/).test(s) ? yuanToFen(s) : null;
  if (fen === null || fen < (rule.min ?? 0)) return { msg: rule.bad };
  if (fen > rule.max) return { msg: moneyTooLarge(rule.max) };
  return { fen };
}

/**
 * THE money input: yuan typed by a person (text or number, at most 2 decimals, or whole yuan), read as fen; refused
 * when empty (`required`), when not money or below `min` (`bad`), and above `max` with moneyTooLarge. The ceiling is
 * part of the schema (and of the OpenAPI document, MONEY_MAX_KEY), so the form, the server and the tests agree on it.
 */
export const zYuan = (rule: TYuanRule & { required: string }) =>
  z
    .union([z.string(), z.number()], { error: rule.required })
    .transform((v, ctx): number => {
      const s = String(v).trim();
      if (s === '') {
        ctx.addIssue({ code: 'custom', message: rule.required });
        return z.NEVER;
      }
      const r = checkYuan(s, rule);
      if ('msg' in r) {
        ctx.addIssue({ code: 'custom', message: r.msg });
        return z.NEVER;
      }
      return r.fen;
    })
    .meta({ [MONEY_MAX_KEY]: rule.max, ...(rule.whole ? { [MONEY_WHOLE_KEY]: true } : {}) });
