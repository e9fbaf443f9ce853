import { z } from '../zod';
import { ZInspectionDispute } from './machine';
import { INVOICE_CODE_LEN, SETTLE_LIMITS as L } from '../constants/settle';
import { settleRules as R } from '../messages/settle';
import { AMOUNT_MAX_FEN, MONEY_MAX_KEY, checkYuan, moneyTooLarge, zYuan } from './money';
import { refinePastDate, zCompanyScoped, zId, zIntIn, zPage, zPageQuery } from './common';
import { ZOrderInvoiceAddress } from './order';
import { isCalendarDate } from '../rules/datetime';

/** Settlements and invoices (spec/2 §3 Settlement and Invoice, §5, §7 Settlements). */

/** POST /rent/settle/save: a new settlement (no id) or an edit of one (id) of an order in progress. */
export const ZSettleSave = zCompanyScoped.extend({
  id: zId.optional(),
  order_id: zId,
  month: z
    .string({ error: R.monthRequired })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: R.monthRequired }),
  date: z
    .string({ error: R.dateRequired })
    .trim()
    .min(1, { error: R.dateRequired })
    .refine(isCalendarDate, { error: R.dateRequired, abort: true })
    /** not later than about 10 days ago (spec/2 §5): the shared date rule (rules/pastDate.ts) */
    .superRefine(refinePastDate(R.dateField)),
  settle_sn: z
    .string({ error: R.snRequired })
    .trim()
    .min(1, { error: R.snRequired })
    .max(L.snMax, { error: R.snTooLong }),
  tax_total: zYuan({ required: R.totalRequired, bad: R.totalBad, min: 1, max: AMOUNT_MAX_FEN }),
  attachment: z
    .array(z.string().trim().min(1).max(300), { error: R.imagesRequired })
    .min(1, { error: R.imagesRequired })
    .max(L.imagesMax, { error: R.imagesTooMany }),
  /** required when tax_total differs from the draft the server computes */
  reason: z.string().trim().max(L.reasonMax, { error: R.reasonTooLong }).default(''),
});
export type TSettleSave = z.infer<typeof ZSettleSave>;
export const ZSettleRef = zCompanyScoped.extend({ order_id: zId, id: zId });
export const ZSettleVoid = ZSettleRef.extend({ confirm: z.literal(L.voidWord, { error: R.voidWord }) });
export const ZSettleListQuery = zPageQuery(5).extend({
  company_id: zId.optional(),
  id: zId,
  status: zIntIn(-1, 4).default(-1),
});
export const ZSettleAddPre = zCompanyScoped.extend({
  id: zId,
  month: z
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: R.monthRequired })
    .optional(),
});

/**
 * POST /ep/sti_add and /ep/sti_change: one invoice of the provider to the platform. Special VAT (0): code 10 digits,
 * the amount excluding tax and the rate (the total is computed); ordinary (1): code 12 digits, the last 6 of the
 * check code and the total including tax. The number is 8 digits either way.
 */
export const ZInvoiceSave = zCompanyScoped
  .extend({
    settle_id: zId,
    order_id: zId,
    id: zId.optional(),
    invoice_type: zIntIn(0, 1, R.invoiceTypeRequired),
    inv_id: z.string({ error: R.codeSpecial }).trim(),
    inv_no: z
      .string({ error: R.noBad })
      .trim()
      .regex(/^\d{8}$/, { error: R.noBad }),
    inv_date: z.string({ error: R.invDateRequired }).trim().refine(isCalendarDate, { error: R.invDateRequired }),
    /** yuan, required for a special invoice (checked below, with the same ceiling as zYuan's) */
    inv_amount: z
      .union([z.string(), z.number()])
      .optional()
      .meta({ [MONEY_MAX_KEY]: AMOUNT_MAX_FEN }),
    tax_rate: z.union([z.string(), z.number()]).optional(),
    /** yuan, required for an ordinary invoice */
    inv_tax_amount: z
      .union([z.string(), z.number()])
      .optional()
      .meta({ [MONEY_MAX_KEY]: AMOUNT_MAX_FEN }),
    verify_no: z.string().trim().optional(),
  })
  .superRefine((v, ctx) => {
    const len = INVOICE_CODE_LEN[v.invoice_type];
    if (!new RegExp(`^\\d{${len}}$`).test(v.inv_id))
      ctx.addIssue({
        code: 'custom',
        path: ['inv_id'],
        message: v.invoice_type === 0 ? R.codeSpecial : R.codeOrdinary,
      });
    const money = (x: unknown) => checkYuan(x, { bad: R.amountBad, min: 1, max: AMOUNT_MAX_FEN });
    // the amount the other type of invoice takes is ignored, but never above the ceiling
    for (const k of ['inv_amount', 'inv_tax_amount'] as const) {
      const x = v[k];
      if (x === undefined || String(x).trim() === '') continue;
      const r = money(x);
      if ('msg' in r && r.msg === moneyTooLarge(AMOUNT_MAX_FEN) && (k === 'inv_amount') !== (v.invoice_type === 0))
        ctx.addIssue({ code: 'custom', path: [k], message: r.msg });
    }
    if (v.invoice_type === 0) {
      if (v.inv_amount === undefined || String(v.inv_amount).trim() === '')
        ctx.addIssue({ code: 'custom', path: ['inv_amount'], message: R.amountRequired });
      else {
        const r = money(v.inv_amount);
        if ('msg' in r) ctx.addIssue({ code: 'custom', path: ['inv_amount'], message: r.msg });
      }
      if (!/^\d{1,3}$/.test(String(v.tax_rate ?? '').trim()) || Number(v.tax_rate) > 100)
        ctx.addIssue({ code: 'custom', path: ['tax_rate'], message: R.rateBad });
    } else {
      if (!v.verify_no) ctx.addIssue({ code: 'custom', path: ['verify_no'], message: R.verifyRequired });
      else if (!/^[0-9A-Za-z]{6}$/.test(v.verify_no))
        ctx.addIssue({ code: 'custom', path: ['verify_no'], message: R.verifyBad });
      if (v.inv_tax_amount === undefined || String(v.inv_tax_amount).trim() === '')
        ctx.addIssue({ code: 'custom', path: ['inv_tax_amount'], message: R.taxAmountRequired });
      else {
        const r = money(v.inv_tax_amount);
        if ('msg' in r) ctx.addIssue({ code: 'custom', path: ['inv_tax_amount'], message: r.msg });
      }
    }
  });
export type TInvoiceSave = z.infer<typeof ZInvoiceSave>;
export const ZLessorIssue = z.object({
  inv_no: z
    .string({ error: R.issueNoRequired })
    .trim()
    .min(1, { error: R.issueNoRequired })
    .max(20, { error: R.issueNoRequired }),
  inv_date: z.string().trim().refine(isCalendarDate, { error: R.invDateRequired }),
});

export const ZInvoiceView = z.object({
  id: z.number().int(),
  invoice_type: z.number().int(),
  invoice_type_v: z.string(),
  inv_id: z.string(),
  inv_no: z.string(),
  inv_date: z.string(),
  inv_amount: z.string(),
  tax_rate: z.number().int(),
  inv_tax_amount: z.string(),
  inv_tax_amount_v: z.string(),
  verify_no: z.string(),
  buyer_name: z.string(),
  seller_name: z.string(),
});
export type TInvoiceView = z.infer<typeof ZInvoiceView>;

const ZParty = z.object({ name: z.string(), contacts: z.string(), tel: z.string() });
export const ZSettleView = z.object({
  id: z.number().int(),
  sn: z.string(),
  order_id: z.number().int(),
  order_sn: z.string(),
  settle_sn: z.string(),
  month: z.string(),
  date: z.string(),
  tax_total: z.string(),
  tax_total_v: z.string(),
  inv_tax_total: z.string(),
  inv_tax_total_v: z.string(),
  status: z.number().int(),
  status_v: z.string(),
  attachment: z.array(z.string()),
  affirm_v: z.array(z.string()),
  le_state: z.number().int(),
  inv_state: z.number().int(),
  able_option: z.array(z.string()),
  lessor_affirm_status: z.number().int(),
  provider_affirm_status: z.number().int(),
  create_time_v: z.string(),
  project_name: z.string(),
  tenant_info: ZParty,
  lessor_info: z.object({ name: z.string(), inv_title: z.string() }),
  provider_info: ZParty,
  settle_inv: z.array(ZInvoiceView),
  ser_ratio_v: z.string(),
  ser_total: z.string(),
  provider_total: z.string(),
  draft_total: z.string(),
  reason: z.string(),
  le_inv_no: z.string(),
  le_inv_date: z.string(),
});
export type TSettleView = z.infer<typeof ZSettleView>;
export const ZSettlePage = zPage(ZSettleView);

export const ZSettleDraft = z.object({
  order_id: z.number().int(),
  month: z.string(),
  /** each priced machine: the text with its work days, the amount, and beside them its hour-meter hours (hours_v) */
  lines: z.array(z.object({ text: z.string(), amount_v: z.string(), days: z.number().int(), hours_v: z.string() })),
  total: z.string(),
  total_v: z.string(),
  ser_ratio_v: z.string(),
  /** the inspections dated in the month that the tenant disputed */
  disputes: z.array(ZInspectionDispute),
});
export type TSettleDraft = z.infer<typeof ZSettleDraft>;

export const ZSettleSummary = z.object({
  count: z.number().int(),
  to_confirm: z.number().int(),
  tax_total_v: z.string(),
  status_v: z.string(),
  inv_status_v: z.string(),
});
/** Where the platform's invoice of a settlement goes: the settlement's own address, else the order's (order_invoice_address). */
export const ZSettleInvAddressView = z.object({
  name: z.string(),
  phone: z.string(),
  province: z.number().int().nullable(),
  city: z.number().int().nullable(),
  area: z.number().int().nullable(),
  region_v: z.string(),
  address: z.string(),
  remark: z.string(),
});
export const ZLessorInvoice = z.object({
  issued: z.boolean(),
  inv_no: z.string(),
  inv_date: z.string(),
  seller_name: z.string(),
  buyer_name: z.string(),
  amount_v: z.string(),
  le_state: z.number().int(),
  inv_address: ZSettleInvAddressView,
  /** 1 while the tenant may still change the address (the platform has not issued the invoice) */
  address_editable: z.number().int(),
});
export type TLessorInvoice = z.infer<typeof ZLessorInvoice>;
/** POST /rent/settle/setInvAddress (spec/2 §7): the receiving address of the platform's invoice for one settlement; the order confirmation's rules (§5). */
export const ZSettleInvAddress = ZSettleRef.extend(ZOrderInvoiceAddress.shape);
export type TSettleInvAddress = z.infer<typeof ZSettleInvAddress>;
