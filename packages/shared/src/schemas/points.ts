import { z } from '../zod';
import { common as msg_common } from '../messages/common';
import { points as msg_points } from '../messages/points';
import { SIGN_CYCLE } from '../rules/points';
import { INT2_MAX, INT4_MAX, INT8_SAFE_MAX, zId, zIntIn } from './common';
import { isCalendarDate } from '../rules/datetime';

const M = { common: msg_common, points: msg_points } as const;

/** Beans (peas) and coins (gold): ledgers, sign-in and conversion (spec/1 §3, §5, §7 /index/score/*). */

const zDate = z
  .string({ error: M.points.badDate })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.points.badDate })
  .refine(isCalendarDate, { error: M.points.badDate });

/** GET /index/score/peas and /index/score/gold. `size` is accepted as an alias of the spec's `page_size`. */
export const ZLedgerQuery = z
  .object({
    page: zIntIn(1, INT4_MAX).default(1),
    page_size: zIntIn(1, 100).optional(),
    size: zIntIn(1, 100).optional(),
    type: z
      .union([z.literal(''), zIntIn(-INT2_MAX, INT2_MAX, M.points.badType)], { error: M.points.badType })
      .optional(),
    start: z.union([z.literal(''), zDate]).optional(),
    end: z.union([z.literal(''), zDate]).optional(),
    company_id: zId.optional(),
  })
  .refine((q) => !q.start || !q.end || q.start <= q.end, { error: M.points.badRange, path: ['end'] });
export type TLedgerQuery = z.infer<typeof ZLedgerQuery>;

export const ZLedgerRow = z.object({
  id: z.number().int(),
  type: z.number().int(),
  type_v: z.string(),
  /** signed */
  change: z.number().int(),
  /** balance after the row */
  balance: z.number().int(),
  /** yyyy-MM-dd HH:mm:ss, Asia/Shanghai */
  create_time: z.string(),
  /** yuan with 2 decimals ('' when no money is behind the row) */
  source_amount: z.string(),
  source_sn: z.string(),
  source_remark: z.string(),
});
export type TLedgerRow = z.infer<typeof ZLedgerRow>;

export const ZLedgerPage = z.object({
  data: z.array(ZLedgerRow),
  total: z.number().int(),
  /** current balance */
  available: z.number().int(),
  /** all gains ever */
  gain: z.number().int(),
  /** all payments ever (a positive number) */
  pay: z.number().int(),
});
export type TLedgerPage = z.infer<typeof ZLedgerPage>;

const ZTypeOption = z.object({ value: z.number().int(), label: z.string() });
export const ZTypeList = z.object({ peas: z.array(ZTypeOption), gold: z.array(ZTypeOption) });
export type TTypeList = z.infer<typeof ZTypeList>;

/** §3 Sign-in status: sign 1 when signed today; continuous = the current streak (0 when broken). */
export const ZSignState = z.object({ sign: z.number().int(), continuous: z.number().int(), today: z.string() });
export type TSignState = z.infer<typeof ZSignState>;

export const ZSignWeekDay = z.object({
  /** yyyy-MM-dd */
  date: z.string(),
  /** 周一 … 周日 */
  week: z.string(),
  sign: z.number().int(),
  is_today: z.number().int(),
  /** beans earned that day (0 when not signed) */
  peas: z.number().int(),
});
export const ZSignWeekDays = z.array(ZSignWeekDay);
export type TSignWeekDay = z.infer<typeof ZSignWeekDay>;

/** §3 Sign-in result: beans earned today and what tomorrow's sign-in will earn if the streak holds. */
export const ZSignResult = z.object({
  today: z.number().int(),
  next: z.number().int(),
  continuous: z.number().int(),
  balance: z.number().int(),
});
export type TSignResult = z.infer<typeof ZSignResult>;

const zInt = (msg: string, min: number, max: number) => zIntIn(min, max, msg);

/** One extra reward of the sign-in cycle: on day `day` of the streak, `peas` beans more. */
export const ZSignBonus = z.object({
  day: zInt(M.points.signBonusDay, 1, SIGN_CYCLE),
  peas: zInt(M.points.signBonusPeas, 1, 10000),
});
export const ZSignRules = z.object({
  base: zInt(M.points.signBase, 0, 1000),
  bonus: z
    .array(ZSignBonus, { error: M.common.validation })
    .max(SIGN_CYCLE, { error: M.points.signBonusDup })
    .refine((b) => new Set(b.map((x) => x.day)).size === b.length, { error: M.points.signBonusDup }),
});

/** GET /index/score/signRule: the rules and the reward of each day of the cycle. */
export const ZSignRule = ZSignRules.extend({
  cycle: z.number().int(),
  days: z.array(z.object({ day: z.number().int(), peas: z.number().int() })),
});
export type TSignRule = z.infer<typeof ZSignRule>;

/** §3 Gold exchange: available beans, ratio (beans per coin), and the most the user can convert now (peas → gold). */
export const ZConvertRule = z.object({
  available: z.number().int(),
  ratio: z.number().int(),
  peas: z.number().int(),
  gold: z.number().int(),
});
export type TConvertRule = z.infer<typeof ZConvertRule>;

/** POST /index/score/convert: `gold` coins wanted, at the `ratio` the user saw, for `peas` = gold × ratio beans. */
export const ZConvertBody = z.object({
  gold: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : v),
    z.coerce
      .number({ error: M.points.convertInteger })
      .int({ error: M.points.convertInteger })
      .min(1, { error: M.points.convertZero })
      .max(1e9, { error: M.points.peasShort }),
  ),
  ratio: zIntIn(1, INT4_MAX, M.points.ratioChanged),
  peas: zIntIn(1, INT8_SAFE_MAX, M.points.convertMismatch),
  company_id: zId.optional(),
});
export type TConvertBody = z.infer<typeof ZConvertBody>;

export const ZConvertResult = z.object({ peas: z.number().int(), gold: z.number().int(), sn: z.string() });
export type TConvertResult = z.infer<typeof ZConvertResult>;

/** The conversion setting: `ratio` beans per coin. */
export const ZConvertSettings = z.object({ ratio: zInt(M.points.ratioBad, 1, 10000) });
/** Admin console: the platform's point settings. */
export const ZPointSettings = z.object({
  sign: ZSignRules,
  convert: ZConvertSettings,
});
export type TPointSettings = z.infer<typeof ZPointSettings>;
