import { z } from '../zod';
import { common as msg_common } from '../messages/common';
import { fmt } from '../messages/fmt';
import { checkPastDate } from '../rules/pastDate';

const M = { common: msg_common } as const;

/** The ranges of PostgreSQL's integer columns: a number beyond its column must be refused before it reaches a query. */
export const INT4_MAX = 2_147_483_647;
export const INT2_MAX = 32_767;
/** bigint columns (amounts in fen, ledger balances) are read as JS numbers: only safe integers round-trip. */
export const INT8_SAFE_MAX = Number.MAX_SAFE_INTEGER;

/**
 * An integer within [min, max], coerced from a query string's (or form field's) text. Every message comes from the
 * catalogue: one message for every way it can be wrong. z.coerce rather than z.preprocess: response schemas reuse
 * these (settings read back), and a preprocess step cannot be encoded for a response.
 */
export const zIntIn = (min: number, max: number, msg: string = M.common.validation) =>
  z.coerce.number({ error: msg }).int({ error: msg }).min(min, { error: msg }).max(max, { error: msg });

/**
 * THE id schema: a positive integer that fits the `integer`/`serial` columns ids live in (≤ 2147483647), from JSON or
 * from a query string. Every id of a request (path, query, body; company_id too) goes through it or `zIdWith`.
 */
export const zId = zIntIn(1, INT4_MAX);
/** The id schema with a message of its own (a region: 请选择正确的地区). */
export const zIdWith = (msg: string) => zIntIn(1, INT4_MAX, msg);

/**
 * The shared date rule (rules/pastDate.ts) as a step of a date field's schema (yyyy-MM-dd, already a calendar date):
 * a day later than today − 10 days in Asia/Shanghai is refused with '{field}不能晚于{date}'.
 */
export const refinePastDate = (field: string) => (s: string, ctx: z.RefinementCtx<string>) => {
  const late = checkPastDate(s, field);
  if (late) ctx.addIssue({ code: 'custom', message: late });
};

export const zPhone = z
  .string({ error: '请输入手机号码' })
  .trim()
  .min(1, { error: '请输入手机号码' })
  .regex(/^1[3-9]\d{9}$/, { error: '手机号码格式不正确' });
/** A form's phone field alone (the web app's PhoneField takes its rules from it). */
export const ZPhoneField = z.object({ phone: zPhone });

export const zPageQuery = (defaultSize = 5) =>
  z.object({
    page: zIntIn(1, INT4_MAX).default(1),
    size: zIntIn(1, 100).default(defaultSize),
  });

export const zCompanyScoped = z.object({ company_id: zId.optional() });

export const zText = (field: string, max: number) =>
  z
    .string({ error: fmt(M.common.fieldRequired, { field }) })
    .trim()
    .min(1, { error: fmt(M.common.fieldRequired, { field }) })
    .max(max, { error: fmt(M.common.tooLong, { field, n: max }) });

/** The envelope schema for OpenAPI responses. */
export const zEnvelope = <T extends z.ZodType>(data: T) => z.object({ status: z.number(), msg: z.string(), data });

export const zPage = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), total: z.number().int() });

export const zOk = zEnvelope(z.null());
