import { z } from '../zod';
import {
  BID_INVOICE_TYPES,
  BIDDING_LIMITS,
  BOARDING_OPTIONS,
  DRIVER_OPTIONS,
  EQUIP_AGES,
  INOUT_OPTIONS,
  NUM_UNITS,
  OIL_OPTIONS,
  PAYMENT_TYPE_TEXT,
  PROJECT_TYPES,
  REGISTERED_ASSETS,
} from '../constants/bidding';
import { biddingRules as R } from '../messages/bidding';
import { zCompanyScoped, zId, zIdWith, zIntIn, zPage, zPageQuery } from './common';
import { PRICE_MAX_FEN, zYuan } from './money';
import { isCalendarDate, shanghaiDay } from '../rules/datetime';
import { zPointRequired } from './point';

/**
 * The publishing forms (spec/2 §3 "Bidding project form", §5 Bidding project) and the tenant's list (§2 /rent/compete).
 * Numeric fields accept digits only (the limit digits and a dot); the server reads them as integers / fen.
 */

/** Digits only, as typed (text or number), within 1..max unless `zero` allows 0. */
const zDigits = (required: string, opts: { zero?: boolean; max?: number } = {}) =>
  z
    .union([z.string(), z.number()], { error: required })
    .transform((v) => String(v).trim())
    .refine((s) => s !== '', { error: required })
    .refine((s) => /^\d+$/.test(s), { error: R.digitsOnly })
    .transform((s) => Number(s))
    .refine((n) => n <= (opts.max ?? 1_000_000) && (opts.zero ? n >= 0 : n >= 1), { error: R.digitsOnly });

/** A price cap typed in yuan: digits and a dot, ≤ 2 decimals; read as fen (0 = no cap). */
const zLimit = zYuan({ required: R.limitRequired, bad: R.limitBad, max: PRICE_MAX_FEN });

const zOption = (list: { value: number }[], msg: string) =>
  z.coerce
    .number({ error: msg })
    .int({ error: msg })
    .refine((v) => list.some((o) => o.value === v), { error: msg });
const zPaymentType = z.coerce
  .number({ error: R.paymentRequired })
  .int({ error: R.paymentRequired })
  .refine((v) => v in PAYMENT_TYPE_TEXT, { error: R.paymentRequired });
const zDate = (required: string, bad: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).refine(isCalendarDate, { error: bad });
const zProductChain = {
  eq_type: zIdWith(R.productRequired),
  eq_group: zIdWith(R.productRequired),
  eq_product: zIdWith(R.productRequired),
  model: z.string().trim().max(BIDDING_LIMITS.modelMax, { error: R.modelTooLong }).default(''),
  eq_num: zDigits(R.eqNumRequired),
};

/** One line of an itemised project. A line by quantity (payment type 1) needs its unit; the others count in their own. */
export const ZBiddingLineSave = z
  .object({
    ...zProductChain,
    payment_type: zPaymentType,
    num: zDigits(R.numRequired, { max: BIDDING_LIMITS.numMax }),
    unit: z.coerce.number().int().optional(),
    time: zDigits(R.timeRequired),
    limit: zLimit,
    age: zOption(EQUIP_AGES, R.ageRequired),
    driver: zOption(DRIVER_OPTIONS, R.driverRequired),
    inout: zOption(INOUT_OPTIONS, R.inoutRequired),
    oil: zOption(OIL_OPTIONS, R.oilRequired),
    boarding: zOption(BOARDING_OPTIONS, R.boardingRequired),
    enter_date: zDate(R.enterRequired, R.enterRequired),
    remark: z.string().trim().max(BIDDING_LIMITS.itemRemarkMax, { error: R.remarkTooLong }).default(''),
  })
  .superRefine((l, ctx) => {
    if (l.payment_type === 1 && !NUM_UNITS.some((u) => u.value === l.unit))
      ctx.addIssue({ code: 'custom', path: ['unit'], message: R.unitRequired });
  });

/** One machine of a comprehensive project: what it wants; the quantities and terms are the block's. */
export const ZBiddingTotalLineSave = z.object(zProductChain);

const base = {
  /** with `id`: a rejected project corrected and sent to review again */
  id: zId.optional(),
  /** the part after the company-name prefix; the whole is checked on the server (≤ 50) */
  name: z
    .string({ error: R.nameRequired })
    .trim()
    .min(1, { error: R.nameRequired })
    .max(BIDDING_LIMITS.nameMax, { error: R.nameTooLong }),
  contacts: z
    .string({ error: R.contactsRequired })
    .trim()
    .min(1, { error: R.contactsRequired })
    .max(BIDDING_LIMITS.contactsMax, { error: R.contactsTooLong }),
  tel: z
    .string({ error: R.telRequired })
    .trim()
    .min(1, { error: R.telRequired })
    .regex(/^1[3-9]\d{9}$/, { error: R.telBad }),
  show: z.coerce.number().int().min(0).max(1).default(1),
  end_time: zDate(R.endRequired, R.endBad).refine((s) => s >= shanghaiDay(), { error: R.endPast }),
  type: zOption(PROJECT_TYPES, R.typeRequired),
  payment_type: zPaymentType,
  province: zIdWith(R.regionRequired),
  city: zIdWith(R.regionRequired),
  area: zIdWith(R.regionRequired),
  address: z
    .string({ error: R.addressRequired })
    .trim()
    .min(1, { error: R.addressRequired })
    .max(BIDDING_LIMITS.addressMax, { error: R.addressTooLong }),
  lng: zPointRequired('lng', R.pointRequired),
  lat: zPointRequired('lat', R.pointRequired),
  remark: z
    .string({ error: R.overviewRequired })
    .trim()
    .min(1, { error: R.overviewRequired })
    .refine((s) => [...s].length >= BIDDING_LIMITS.overviewMin && [...s].length <= BIDDING_LIMITS.overviewMax, {
      error: R.overviewLength,
    }),
  invoice_type: zOption(BID_INVOICE_TYPES, R.invoiceRequired),
  registered_assets: zOption(REGISTERED_ASSETS, R.assetsRequired),
  other: z.string().trim().max(BIDDING_LIMITS.otherMax, { error: R.otherTooLong }).default(''),
};

/** POST /rent/bidding/save: an itemised project (classify 1). */
export const ZBiddingSave = zCompanyScoped.extend({
  ...base,
  req: z
    .array(ZBiddingLineSave, { error: R.linesRequired })
    .min(1, { error: R.linesRequired })
    .max(BIDDING_LIMITS.linesMax, { error: R.linesTooMany }),
});
export type TBiddingSave = z.infer<typeof ZBiddingSave>;

/** POST /rent/bidding/saveTotal: a comprehensive project (classify 2) with its engineering block. */
export const ZBiddingTotalSave = zCompanyScoped
  .extend({
    ...base,
    num: zDigits(R.numRequired, { max: BIDDING_LIMITS.numMax }),
    unit: z.coerce.number().int().optional(),
    limit: zLimit,
    time: zDigits(R.timeRequired),
    enter_date: zDate(R.enterRequired, R.enterRequired),
    age: zOption(EQUIP_AGES, R.ageRequired),
    driver: zOption(DRIVER_OPTIONS, R.driverRequired),
    inout: zOption(INOUT_OPTIONS, R.inoutRequired),
    oil: zOption(OIL_OPTIONS, R.oilRequired),
    boarding: zOption(BOARDING_OPTIONS, R.boardingRequired),
    req: z
      .array(ZBiddingTotalLineSave, { error: R.linesRequired })
      .min(1, { error: R.linesRequired })
      .max(BIDDING_LIMITS.linesMax, { error: R.linesTooMany }),
  })
  .superRefine((v, ctx) => {
    if (v.payment_type === 1 && !NUM_UNITS.some((u) => u.value === v.unit))
      ctx.addIssue({ code: 'custom', path: ['unit'], message: R.unitRequired });
  });
export type TBiddingTotalSave = z.infer<typeof ZBiddingTotalSave>;

const zDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();
/** GET /rent/bidding/lst: tabs, number and name, the advanced search (device, address, publish and cut-off date ranges). */
export const ZBiddingListQuery = zCompanyScoped.extend(zPageQuery(5).shape).extend({
  status: zIntIn(-1, 6).default(-1),
  sn: z.string().trim().max(32).optional(),
  name: z.string().trim().max(50).optional(),
  device: z.string().trim().max(50).optional(),
  address: z.string().trim().max(50).optional(),
  create_time_start: zDay,
  create_time_end: zDay,
  end_time_start: zDay,
  end_time_end: zDay,
});
export type TBiddingListQuery = z.infer<typeof ZBiddingListQuery>;

export const ZBiddingRow = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  classify: z.number().int(),
  classify_v: z.string(),
  status: z.number().int(),
  status_v: z.string(),
  end_time: z.string(),
  create_time: z.string(),
  response_com_count: z.number().int(),
  reason: z.string(),
  order_status: z.number().int(),
  href: z.string(),
  devices: z.string(),
  actions: z.array(z.string()),
});
export type TBiddingRow = z.infer<typeof ZBiddingRow>;
export const ZBiddingPage = zPage(ZBiddingRow);

export const ZBiddingId = zCompanyScoped.extend({ id: zId });
export const ZBiddingClose = zCompanyScoped.extend({
  id: zId,
  reason: z
    .string({ error: R.reasonRequired })
    .trim()
    .min(1, { error: R.reasonRequired })
    .max(BIDDING_LIMITS.closeReasonMax, { error: R.reasonTooLong }),
});
export const ZBiddingReview = z
  .object({
    action: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(BIDDING_LIMITS.reviewReasonMax, { error: R.reviewReasonTooLong }).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'reject' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: R.reviewReasonRequired });
  });

/** The public bidding hall (GET /site/bidding). */
export const ZHallQuery = zPageQuery(10).extend({
  kw: z.string().trim().max(50).optional(),
  category: zId.optional(),
  province: zId.optional(),
  city: zId.optional(),
});
export const ZHallRow = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  classify_v: z.string(),
  company_v: z.string(),
  region_v: z.string(),
  end_time: z.string(),
  devices: z.string(),
  response_com_count: z.number().int(),
  href: z.string(),
});
/** A hall page: the total is exact unless `total_capped` (then "at least total", see HALL_COUNT_PAGES_AHEAD). */
export const ZHallPage = zPage(ZHallRow).extend({ total_capped: z.boolean() });
