import { z } from '../zod';
import { PAY_TERMS as L } from '../constants/orderpay';
import { orderpayRules as R } from '../messages/orderpay';
import { AMOUNT_MAX_FEN, zYuan } from './money';
import { zCompanyScoped, zId, zIntIn, INT4_MAX } from './common';
import { isCalendarDate, shanghaiDay } from '../rules/datetime';

/** Payments and financing (spec/2 §3 Payment and Financing, §7 Payments and financing). */

/** GET /ep/orderpayment/lst and /rent/payment/lst: an order's payments by tab (-1 all, 1–4). */
export const ZPayListQuery = zCompanyScoped.extend({
  order_id: zId,
  status: zIntIn(-1, 4).default(-1),
  page: zIntIn(1, INT4_MAX).default(1),
  size: zIntIn(1, 100).default(L.pageSize),
});
/** GET /ep/orderpayment/info and /rent/payment/info: an order's payment statistics. */
export const ZPayInfoQuery = zCompanyScoped.extend({ order_id: zId });
/** A payment of an order. */
export const ZPayRef = zCompanyScoped.extend({ order_id: zId, id: zId });
/** POST /ep/orderpayment/signIn: the administrator's SMS code. */
export const ZPaySign = ZPayRef.extend({
  code: z
    .string({ error: R.codeRequired })
    .trim()
    .min(1, { error: R.codeRequired })
    .regex(/^\d{6}$/, { error: R.codeBad }),
});
/** POST /ep/orderpayment/return: the provider disputes the receivable. */
export const ZPayReturn = ZPayRef.extend({
  reason: z
    .string({ error: R.reasonRequired })
    .trim()
    .min(1, { error: R.reasonRequired })
    .max(L.reasonMax, { error: R.reasonTooLong }),
});
/** GET /ep/orderpayment/detail: the financing of an order's payments (size up to 300, spec/2 §9), one payment with id. */
export const ZFinDetailQuery = zCompanyScoped.extend({
  order_id: zId,
  id: zId.optional(),
  page: zIntIn(1, INT4_MAX).default(1),
  size: zIntIn(1, L.detailSize).default(L.detailSize),
});
/** POST /ep/orderpayment/financeGrainOrder: the finance provider's page of one application (id payment, gid financing). */
export const ZFinLink = zCompanyScoped.extend({ order_id: zId.optional(), id: zId, gid: zId });
export const ZUrl = z.object({ url: z.string() });

export const ZPayeeStat = z.object({
  payAmount: z.string(),
  unpayAmount: z.string(),
  unOpenAmount: z.string(),
  canRealPayAmount: z.string(),
  curCanRealPayAmount: z.string(),
  ncurCanRealPayAmount: z.string(),
  realPayAmount: z.string(),
});
export type TPayeeStat = z.infer<typeof ZPayeeStat>;
export const ZPayerStat = z.object({
  payableAmount: z.string(),
  paidAmount: z.string(),
  curAmount: z.string(),
  nearlyAmount: z.string(),
  debtAmount: z.string(),
  debtAmountV: z.string(),
});
export type TPayerStat = z.infer<typeof ZPayerStat>;

export const ZPayView = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_sn: z.string(),
  project_name: z.string(),
  settle_id: z.number().int(),
  settle_sn: z.string(),
  month: z.string(),
  sn: z.string(),
  receiveTime_v: z.string(),
  payAmount_v: z.string(),
  cashDate: z.string(),
  claimNo: z.string(),
  realPayAmount_v: z.string(),
  balance_v: z.string(),
  paidAmount_v: z.string(),
  status: z.number().int(),
  status_v: z.string(),
  /** spec/2 §4: 1 sign, 2 finance and view, 3 view financing, 4 none (the provider's); 4 for the tenant */
  stamp_status: z.number().int(),
  /** the provider's reason while the payment is returned */
  reason: z.string(),
  /** the platform's note of its latest correction of a returned payment */
  note: z.string(),
  /** the console's figures (staff only; empty for a company) */
  tenant_name: z.string(),
  provider_name: z.string(),
  tenant_due_v: z.string(),
  /** the console's: the settlement's amount (the tenant's), and what the platform owes the provider, in yuan text for a form */
  pay_amount_yuan: z.string(),
  provider_amount_yuan: z.string(),
  staff_actions: z.array(z.string()),
});
export type TPayView = z.infer<typeof ZPayView>;
export const ZPayPage = z.object({ data: z.array(ZPayView), total: z.number().int() });

export const ZPayInfo = z.object({
  order_id: z.number().int(),
  sn: z.string(),
  project_name: z.string(),
  count: z.number().int(),
  PayeeStat: ZPayeeStat.optional(),
  PayerStat: ZPayerStat.optional(),
});
export type TPayInfo = z.infer<typeof ZPayInfo>;

export const ZFinView = z.object({
  id: z.number().int(),
  payment_id: z.number().int(),
  payment_sn: z.string(),
  orderNo: z.string(),
  applyAmount: z.string(),
  rate_v: z.string(),
  interest_v: z.string(),
  realPayAmount_v: z.string(),
  payDate_v: z.string(),
  status: z.number().int(),
  status_v: z.string(),
  create_time_v: z.string(),
});
export type TFinView = z.infer<typeof ZFinView>;
export const ZFinPage = z.object({ data: z.array(ZFinView), total: z.number().int() });

/** The finance provider's signed callback: amounts in fen, ts in ms. */
export const ZFinNotify = z.object({
  order_no: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{8,40}$/),
  event: z.enum(['APPROVED', 'REFUSED', 'LOANED']),
  amount: zIntIn(0, INT4_MAX),
  interest: zIntIn(0, INT4_MAX),
  ts: zIntIn(0, Number.MAX_SAFE_INTEGER),
  sign: z.string().trim().max(128),
});
export type TFinNotify = z.infer<typeof ZFinNotify>;
/** The sandbox finance provider's page. */
export const ZFinSandbox = z.object({
  order_no: z.string(),
  applicant: z.string(),
  project_name: z.string(),
  payment_sn: z.string(),
  cash_date: z.string(),
  apply_amount_v: z.string(),
  rate_v: z.string(),
  interest_v: z.string(),
  real_v: z.string(),
  status: z.number().int(),
  status_v: z.string(),
});
export type TFinSandbox = z.infer<typeof ZFinSandbox>;
export const ZFinSandboxAct = z.object({ action: z.enum(['approve', 'refuse', 'sign']) });

/** Yuan typed by staff, above 0 with at most two decimals; read as fen. */
const zPositiveYuan = (required: string) => zYuan({ required, bad: R.amountBad, min: 1, max: AMOUNT_MAX_FEN });

/** The console: the platform records the tenant's bank transfer. */
export const ZPayCollect = z.object({
  amount: zPositiveYuan(R.amountRequired),
  bank_ref: z
    .string({ error: R.bankRefRequired })
    .trim()
    .min(1, { error: R.bankRefRequired })
    .max(L.bankRefMax, { error: R.bankRefTooLong }),
  paid_date: z
    .string({ error: R.dateRequired })
    .trim()
    .refine(isCalendarDate, { error: R.dateRequired, abort: true })
    .refine((s) => s <= shanghaiDay(), { error: R.dateFuture }),
});
export type TPayCollect = z.infer<typeof ZPayCollect>;
/** The console: the platform's transfer to the provider (its bank serial number). */
export const ZPayPayout = ZPayCollect.pick({ bank_ref: true, paid_date: true });
/**
 * The console: a returned payment corrected (what the platform owes the provider, within the settlement's amount; the
 * due date, not in the past) with the platform's note, and issued again for the provider's signature.
 */
export const ZPayReissue = z.object({
  provider_amount: zPositiveYuan(R.providerAmountRequired),
  cash_date: z
    .string({ error: R.cashDateRequired })
    .trim()
    .refine(isCalendarDate, { error: R.cashDateRequired, abort: true })
    .refine((s) => s >= shanghaiDay(), { error: R.cashDatePast }),
  note: z
    .string({ error: R.noteRequired })
    .trim()
    .min(1, { error: R.noteRequired })
    .max(L.noteMax, { error: R.noteTooLong }),
});
export type TPayReissue = z.infer<typeof ZPayReissue>;
export const ZAdminPayQuery = z.object({
  status: zIntIn(-1, 4).default(-1),
  page: zIntIn(1, INT4_MAX).default(1),
  size: zIntIn(1, 100).default(10),
});
