import { z } from '../zod';
import { ORDER_HISTORY_PAGE, ORDER_LIMITS as L } from '../constants/order';
import { orderRules as R } from '../messages/order';
import { PRICE_MAX_FEN, zYuan } from './money';
import { zCompanyScoped, zId, zIdWith, zIntIn, zPage, zPageQuery } from './common';
import { ZPayeeStat, ZPayerStat } from './orderpay';
import { ZInspectionDispute } from './machine';
import { isCalendarDate } from '../rules/datetime';

/**
 * Rental orders (spec/2 §3 "Rental order", §5 Order confirmation / line edit / close / provider confirm, §7 Orders).
 * The request schemas the server validates with and the forms derive their rules from, and the views the pages read.
 */

const zReq = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });
const zOpt = (max: number, tooLong: string) => z.string().trim().max(max, { error: tooLong }).default('');
/** A mobile or a landline (区号-号码, optional extension): contact phones of a company. */
const TEL_RE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;
const zTel = (required: string, bad: string = R.telBad) => zReq(required, 20, bad).regex(TEL_RE, { error: bad });
const zMobile = (required: string, bad: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .regex(/^1[3-9]\d{9}$/, { error: bad });
const zDate = (required: string, bad: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).refine(isCalendarDate, { error: bad });

// ---------- lists ----------

const zDay = z
  .string()
  .trim()
  .refine((s) => s === '' || isCalendarDate(s), { error: R.dateBad })
  .optional();
const zSearch = (max: number) => z.string().trim().max(max).optional();
/** GET /rent/order/lst and GET /ep/order (spec/2 §7): page, size, status, bsn / sn, project_name, company, project_address, create_time range. */
export const ZOrderListQuery = zPageQuery(L.pageSize).extend({
  company_id: zId.optional(),
  status: zIntIn(-1, 5).default(-1),
  bsn: zSearch(32),
  sn: zSearch(32),
  project_name: zSearch(50),
  company: zSearch(50),
  project_address: zSearch(50),
  create_time_start: zDay,
  create_time_end: zDay,
});
export type TOrderListQuery = z.infer<typeof ZOrderListQuery>;

export const ZOrderId = zCompanyScoped.extend({ id: zId });

export const ZOrderLineView = z.object({
  id: z.number().int(),
  eq_product_v: z.string(),
  model: z.string(),
  num: z.number().int(),
  unit: z.number().int(),
  unit_v: z.string(),
  /** yuan text for the edit form; price_v the display */
  price: z.string(),
  price_v: z.string(),
  rate: z.number().int(),
  tax_total: z.string(),
  tax_total_v: z.string(),
  inout_price_v: z.string(),
  enter_date: z.string(),
  /** the entry date the order was created with: an edit may not move before it */
  orig_enter_date: z.string(),
  /** 元/月 … */
  privce_unit: z.string(),
  payment_type_v: z.string(),
  req_lst: z.array(z.string()),
});
export type TOrderLineView = z.infer<typeof ZOrderLineView>;

export const ZOrderRow = z.object({
  id: z.number().int(),
  sn: z.string(),
  bid: z.number().int().nullable(),
  bidding_sn: z.string(),
  offer_id: z.number().int().nullable(),
  classify: z.number().int(),
  status: z.number().int(),
  status_v: z.string(),
  provider_status: z.number().int(),
  project_name: z.string(),
  project_address: z.string(),
  tenant_name: z.string(),
  provider_name: z.string(),
  /** the lines in one text each ("履带式挖掘机 PC200 × 2台"), joined by line breaks for classify 2 */
  lines: z.array(z.string()),
  tax_total_v: z.string(),
  create_time_v: z.string(),
  reason: z.string(),
  actions: z.array(z.string()),
});
export type TOrderRow = z.infer<typeof ZOrderRow>;
export const ZOrderPage = zPage(ZOrderRow);

// ---------- the confirmation form (tenant) ----------

export const ZOrderParty = z.object({
  contacts: zReq(R.tenantContactRequired, L.contactMax, R.tenantContactTooLong),
  tel: zTel(R.tenantTelRequired),
});
/** The special-VAT fields (type 0) and their messages: required only then (the form reads this too). */
export const SPECIAL_INVOICE_REQUIRED = {
  address: R.companyAddressRequired,
  telphone: R.companyTelRequired,
  bank: R.bankRequired,
  bank_no: R.bankNoRequired,
} as const;
export const ZOrderInvoice = z
  .object({
    type: zIntIn(0, 1, R.invoiceTypeRequired),
    address: zOpt(100, R.companyAddressRequired),
    telphone: zOpt(30, R.companyTelRequired),
    bank: zOpt(50, R.bankRequired),
    bank_no: z.string().trim().max(L.bankNoMax, { error: R.payeeNoBad }).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.type !== 0) return;
    for (const [k, msg] of Object.entries(SPECIAL_INVOICE_REQUIRED))
      if (!v[k as keyof typeof SPECIAL_INVOICE_REQUIRED]) ctx.addIssue({ code: 'custom', path: [k], message: msg });
  });
const zRegion = zIdWith(R.regionRequired);
export const ZOrderInvoiceAddress = z.object({
  name: zReq(R.receiverRequired, L.receiverMax, R.receiverTooLong),
  phone: zMobile(R.receiverPhoneRequired, R.receiverPhoneBad),
  province: zRegion,
  city: zRegion,
  area: zRegion,
  address: zReq(R.receiverAddressRequired, L.receiverAddressMax, R.receiverAddressTooLong),
  remark: zOpt(L.invoiceRemarkMax, R.invoiceRemarkTooLong),
});
/** The project fields of the form (flat: the form's rules come from here). */
export const ZOrderProject = z.object({
  project_name: zReq(R.projectNameRequired, L.projectNameMax, R.projectNameTooLong),
  project_type: zIdWith(R.projectTypeRequired),
  project_address: zReq(R.addressRequired, L.addressMax, R.addressTooLong),
  remark: zOpt(L.remarkMax, R.remarkTooLong),
});
/** POST /rent/order/save: the confirmation form (spec/2 §7 Order confirm submit). */
export const ZOrderSubmit = zCompanyScoped.extend({
  id: zId,
  ...ZOrderProject.shape,
  order_party: ZOrderParty,
  order_invoice: ZOrderInvoice,
  order_invoice_address: ZOrderInvoiceAddress,
});
export type TOrderSubmit = z.infer<typeof ZOrderSubmit>;

// ---------- lines, close, return, confirm ----------

/** A whole number typed by a person (text or number) within [min, max]. */
const zWhole = (required: string, bad: string, min: number, max: number) =>
  z
    .union([z.string(), z.number()], { error: required })
    .transform((v) => String(v).trim())
    .refine((s) => s !== '', { error: required })
    .refine((s) => /^\d{1,7}$/.test(s) && Number(s) >= min && Number(s) <= max, { error: bad })
    .transform(Number);
/** POST /rent/order/saveReq (spec/2 §5 Order line edit): num, price, rate and enter_date; tax_total is recomputed on the server. */
export const ZOrderLineSave = zCompanyScoped.extend({
  id: zId,
  num: zWhole(R.numRequired, R.numBad, 1, L.numMax),
  price: zYuan({ required: R.priceRequired, bad: R.priceBad, max: PRICE_MAX_FEN }),
  rate: zWhole(R.rateRequired, R.rateBad, 0, L.rateMax),
  enter_date: zDate(R.enterRequired, R.enterBad),
  /** what the form showed; ignored (the server computes it from price and rate) */
  tax_total: z.union([z.string(), z.number()]).optional(),
});
export type TOrderLineSave = z.infer<typeof ZOrderLineSave>;

export const ZOrderClose = zCompanyScoped.extend({
  id: zId,
  reason: zReq(R.reasonRequired, L.reasonMax, R.reasonTooLong),
});
export const ZOrderReturn = zCompanyScoped.extend({
  id: zId,
  reason: zReq(R.returnReasonRequired, L.reasonMax, R.returnReasonTooLong),
});

/** POST /ep/ckorderok (spec/2 §5 Provider confirm order). */
export const ZProviderConfirm = zCompanyScoped.extend({
  id: zId,
  contacts: zReq(R.providerContactRequired, L.contactMax, R.providerContactTooLong),
  tel: zTel(R.providerTelRequired),
  bank_name: zReq(R.bankNameRequired, L.bankNameMax, R.bankNameTooLong),
  bank_no: z
    .string({ error: R.payeeNoRequired })
    .trim()
    .min(1, { error: R.payeeNoRequired })
    .transform((s) => s.replace(/\s+/g, ''))
    .refine((s) => /^\d{8,30}$/.test(s), { error: R.payeeNoBad }),
  agree: z.union([z.literal(1), z.literal(true), z.literal('1')], { error: R.agreeRequired }),
});
export type TProviderConfirm = z.infer<typeof ZProviderConfirm>;

// ---------- creating orders from a bidding ----------

export const ZCreateCandidate = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  classify_v: z.string(),
  finish_date_v: z.string(),
  providers: z.array(z.string()),
});
export const ZCreateOne = zCompanyScoped.extend({ bid: zIdWith(R.biddingRequired) });

// ---------- the detail ----------

const ZParty = z.object({ type: z.number().int(), contacts: z.string(), tel: z.string() });
export const ZOrderDetail = ZOrderRow.extend({
  classify_v: z.string(),
  affirm_v: z.array(z.string()),
  tenant_super: z.number().int(),
  provider_super: z.number().int(),
  project_type: z.number().int(),
  project_type_v: z.string(),
  remark: z.string(),
  return_reason: z.string(),
  payment_type_v: z.string(),
  lessor_name: z.string(),
  lessor_info: z.object({ inv_title: z.string() }),
  tenant_contacts: z.string(),
  tenant_tel: z.string(),
  provider_contacts: z.string(),
  provider_tel: z.string(),
  order_party: z.array(ZParty),
  /** the tenant's invoicing (its own side and the platform only) */
  order_invoice: z
    .object({
      type: z.number().int(),
      type_v: z.string(),
      name: z.string(),
      no: z.string(),
      address: z.string(),
      telphone: z.string(),
      bank: z.string(),
      bank_no: z.string(),
    })
    .nullable(),
  order_invoice_address: z
    .object({
      name: z.string(),
      phone: z.string(),
      province: z.number().int(),
      city: z.number().int(),
      area: z.number().int(),
      region_v: z.string(),
      address: z.string(),
      remark: z.string(),
    })
    .nullable(),
  /** the provider's payee account (its own side and the platform only) */
  order_payee: z.object({ bank_name: z.string(), bank_no: z.string() }).nullable(),
  /** the earliest entry date of its lines */
  enter_date_v: z.string(),
  order_req: z.array(ZOrderLineView),
});
export type TOrderDetail = z.infer<typeof ZOrderDetail>;

/**
 * GET /rent/order/history, /ep/order/history: the order's timeline (its audit trail), newest first, a page at a time:
 * `before` the id of the oldest entry shown so far (none: from the newest). Its own call, not a part of the detail: an
 * order's trail grows for as long as machines work on it (each entry, exit, contract, settlement and payment adds to
 * it), while the detail's other parts stay the size they are.
 */
export const ZOrderHistoryQuery = ZOrderId.extend({
  before: zIntIn(1, Number.MAX_SAFE_INTEGER).optional(),
  size: zIntIn(1, ORDER_HISTORY_PAGE.max).default(ORDER_HISTORY_PAGE.size),
});
export type TOrderHistoryQuery = z.infer<typeof ZOrderHistoryQuery>;
/** company_name: the company the step was taken for ('' for the platform); actor_name: the person, masked (张**). */
export const ZOrderHistoryEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  action_v: z.string(),
  from: z.string(),
  to: z.string(),
  reason: z.string(),
  create_time: z.string(),
  company_name: z.string(),
  actor_name: z.string(),
});
export type TOrderHistoryEntry = z.infer<typeof ZOrderHistoryEntry>;
/** `more`: older entries remain (ask again with `before` = the last entry's id). */
export const ZOrderHistoryPage = z.object({ data: z.array(ZOrderHistoryEntry), more: z.boolean() });
export type TOrderHistoryPage = z.infer<typeof ZOrderHistoryPage>;
/** The detail routes add the order's contracts (spec/2 §3 "contract (sign_num, unsign_num, lst …)"). */
export const ZOrderContracts = z.object({
  sign_num: z.number().int(),
  unsign_num: z.number().int(),
  lst: z.array(
    z.object({
      id: z.number().int(),
      sn: z.string(),
      name: z.string(),
      status_v: z.string(),
      view_url: z.string(),
      download_url: z.string(),
      attachment: z.string(),
    }),
  ),
});
/** …and the payment statistics of the side (spec/2 §3 PayeeStat for the provider, PayerStat for the tenant). */
export const ZOrderDetailFull = ZOrderDetail.extend({
  contract: ZOrderContracts,
  PayeeStat: ZPayeeStat.optional(),
  PayerStat: ZPayerStat.optional(),
  /** the entry and exit inspections the tenant disputed (both sides see them) */
  inspection_disputes: z.array(ZInspectionDispute),
});
export type TOrderDetailFull = z.infer<typeof ZOrderDetailFull>;

/** GET /rent/order/add: the order with what the confirmation form offers (the company's invoice profile and addresses). */
export const ZOrderForm = z.object({
  order: ZOrderDetail,
  invoice_profile: z.object({
    type: z.number().int(),
    name: z.string(),
    no: z.string(),
    address: z.string(),
    telphone: z.string(),
    bank: z.string(),
    bank_no: z.string(),
    target: z.number().int(),
  }),
  addresses: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      phone: z.string(),
      province: z.number().int(),
      city: z.number().int(),
      area: z.number().int(),
      region_v: z.string(),
      address: z.string(),
      remark: z.string(),
      is_default: z.number().int(),
    }),
  ),
  project_types: z.array(z.object({ value: z.number().int(), label: z.string() })),
});
export type TOrderForm = z.infer<typeof ZOrderForm>;

/** GET /ep/bdetail_order: the provider's confirm page: the order and its own prefill (invoice-profile bank). */
export const ZProviderConfirmForm = z.object({
  order: ZOrderDetail,
  prefill: z.object({ contacts: z.string(), tel: z.string(), bank_name: z.string(), bank_no: z.string() }),
});
