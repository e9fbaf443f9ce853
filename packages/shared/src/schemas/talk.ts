import { talkRules } from '../messages/talk';
import { z } from '../zod';
import { fmt } from '../messages/fmt';
import {
  earliestApproachDate,
  INQUIRY_INVOICES,
  INQUIRY_LIMITS as L,
  MACHINE_OPERATORS,
  PAYMENT_METHODS,
} from '../constants/talk';
import { zCompanyScoped, zId, zIdWith, zIntIn, zPage, zPageQuery } from './common';
import { ZListingCard } from './equipment';
import { PRICE_MAX_FEN, zYuan } from './money';
import { isCalendarDate } from '../rules/datetime';

/** /talk/*, /ep/enquiry, /ep/suits and the console's package requests (spec/1 §3 Inquiry, Road-bridge demand; §5). */

const oneOf = (values: readonly { value: number }[], msg: string) =>
  zIntIn(0, 99, msg).refine((n) => values.some((v) => v.value === n), { error: msg });

const text = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

/** yyyy-MM-dd, a real date, not earlier than yesterday (Asia/Shanghai) at the time of the check. */
export const zApproachDate = z
  .string({ error: talkRules.approachRequired })
  .trim()
  .min(1, { error: talkRules.approachRequired })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: talkRules.approachBad })
  .refine(isCalendarDate, { error: talkRules.approachBad })
  .refine((s) => s >= earliestApproachDate(), { error: talkRules.approachTooEarly });

const zRemark = z.string().trim().max(L.remarkMax, { error: talkRules.remarkTooLong }).default('');
const zRegion = zIdWith(talkRules.regionBad);

/** POST /talk/post: an online inquiry on a public listing of another company. */
export const ZInquirySave = zCompanyScoped.extend({
  listing_id: zIdWith(talkRules.listingRequired),
  number: zIntIn(1, L.numberMax, talkRules.numberBad),
  province: zRegion,
  city: zRegion,
  area: zRegion,
  address: text(L.addressMax, talkRules.addressRequired, talkRules.addressTooLong),
  approach_time: zApproachDate,
  schedule_progress: text(L.scheduleMax, talkRules.scheduleRequired, talkRules.scheduleTooLong),
  invoice: oneOf(INQUIRY_INVOICES, talkRules.invoiceBad),
  remark: zRemark,
  phone: z
    .string({ error: talkRules.phoneRequired })
    .trim()
    .min(1, { error: talkRules.phoneRequired })
    .regex(/^1[3-9]\d{9}$/, { error: talkRules.phoneBad }),
});
export type TInquirySave = z.infer<typeof ZInquirySave>;

export const ZPackageBase = z.object({
  province: zRegion,
  city: zRegion,
  area: zRegion,
  detail_address: text(L.addressMax, talkRules.addressRequired, talkRules.addressTooLong),
  approach_time: zApproachDate,
  schedule: text(L.scheduleMax, talkRules.scheduleRequired, talkRules.scheduleTooLong),
  invoice: oneOf(INQUIRY_INVOICES, talkRules.invoiceBad),
  machine_operator: oneOf(MACHINE_OPERATORS, talkRules.operatorBad),
  payment_method: oneOf(PAYMENT_METHODS, talkRules.paymentBad),
  remark: zRemark,
});
export const ZPackageEquip = z.object({
  name: text(L.equipNameMax, talkRules.equipNameRequired, talkRules.equipNameTooLong),
  model: z.string().trim().max(L.equipModelMax, { error: talkRules.equipModelTooLong }).default(''),
  count: zIntIn(1, L.countMax, talkRules.equipCountBad),
});
/** POST /ep/enquiry: a road-and-bridge package request to the platform. */
export const ZPackageSave = zCompanyScoped.extend({
  base: ZPackageBase,
  equips: z
    .array(ZPackageEquip, { error: talkRules.equipsRequired })
    .min(1, { error: talkRules.equipsRequired })
    .max(L.equipsMax, { error: fmt(talkRules.equipsTooMany, { n: L.equipsMax }) }),
});
export type TPackageSave = z.infer<typeof ZPackageSave>;

export const ZInquiryEquipment = z.object({
  id: z.number().int(),
  cover: z.string(),
  name: z.string(),
  monthly_rent: z.string(),
  phone: z.string(),
  href: z.string(),
});

/** An inquiry row as both sides list it (spec/1 §3 Inquiry), plus the package request's fields when to_type is 0. */
export const ZInquiryRow = z.object({
  id: z.number().int(),
  sn: z.string(),
  to_type: z.number().int(),
  create_time: z.string(),
  number: z.number().int(),
  address: z.string(),
  approach_time: z.string(),
  schedule_progress: z.string(),
  invoice: z.number().int(),
  invoice_v: z.string(),
  remark: z.string(),
  status: z.number().int(),
  status_v: z.string(),
  /** the listing asked about (null for a package request) */
  equipment: ZInquiryEquipment.nullable(),
  /** the asking side: its username (personal, type 1) or company name (type 2) */
  user: z.string(),
  /** the asking side's contact phone */
  phone: z.string(),
  /** the receiving company's name ('' for the platform) */
  to_name: z.string(),
  f_province: z.string(),
  f_city: z.string(),
  machine_operator_v: z.string(),
  payment_method_v: z.string(),
  equips: z.array(z.object({ name: z.string(), model: z.string(), count: z.number().int() })),
  /** package offers so far */
  responses: z.number().int(),
  /** the caller may mark it completed */
  can_complete: z.boolean(),
});
export type TInquiryRow = z.infer<typeof ZInquiryRow>;
export const ZInquiryPage = zPage(ZInquiryRow);

export const ZSentQuery = zCompanyScoped
  .extend(zPageQuery(5).shape)
  .extend({ to_type: zIntIn(0, 1).default(1), status: zIntIn(0, 1).optional() });
export const ZReceivedQuery = zCompanyScoped.extend(zPageQuery(5).shape).extend({ status: zIntIn(0, 1).optional() });
export const ZInquiryId = zCompanyScoped.extend({ id: zId });

/** A package offer (response row) as the requester and the console see it. */
export const ZSuitRow = z.object({
  id: z.number().int(),
  inquiry_id: z.number().int(),
  inquiry_sn: z.string(),
  order_no: z.string(),
  product_details: z.string(),
  price: z.number().int(),
  price_v: z.string(),
  state: z.number().int(),
  state_v: z.string(),
  create_time: z.string(),
});
export type TSuitRow = z.infer<typeof ZSuitRow>;
export const ZSuitPage = zPage(ZSuitRow);
export const ZSuitQuery = zCompanyScoped.extend(zPageQuery(5).shape).extend({ enquiry_id: zId.optional() });
export const ZSuitAccept = zCompanyScoped.extend({ id: zId });

/** GET /ep/suits/create: what the package form offers. */
export const ZSuitOptions = z.object({
  invoices: z.array(z.object({ value: z.number(), label: z.string() })),
  machine_operators: z.array(z.object({ value: z.number(), label: z.string() })),
  payment_methods: z.array(z.object({ value: z.number(), label: z.string() })),
  equips_max: z.number().int(),
  earliest_approach: z.string(),
});

/** The console's package request queue. */
export const ZAdminSuitQuery = zPageQuery(10).extend({ status: zIntIn(0, 1).default(0) });
export const ZAdminSuitRow = ZInquiryRow.extend({ company_name: z.string(), offers: z.array(ZSuitRow) });
export const ZAdminSuitPage = zPage(ZAdminSuitRow);
/** Staff add a package offer: details and the price in yuan (up to 2 decimals). */
export const ZSuitRespond = z.object({
  product_details: text(L.detailsMax, talkRules.detailsRequired, talkRules.detailsTooLong),
  /** yuan typed, read as fen */
  price: zYuan({ required: talkRules.priceBad, bad: talkRules.priceBad, min: 1, max: PRICE_MAX_FEN }),
});
export type TSuitRespond = z.infer<typeof ZSuitRespond>;

/** The listing summary of the inquiry page (/talk/post/:id). */
export const ZInquiryListing = ZListingCard.extend({ company_name: z.string() });
