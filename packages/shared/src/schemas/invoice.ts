import { z } from '../zod';
import { bank as msg_bank } from '../messages/bank';
import { invoice as msg_invoice } from '../messages/invoice';
import { zCompanyScoped, zId, zIdWith, zIntIn, zPhone } from './common';

const M = { bank: msg_bank, invoice: msg_invoice } as const;

/** /company/invoice/* (spec/1 §3 invoice qualification and receiving address, §5 invoice rules, §9 at most 3 addresses). */
export const INVOICE_ADDRESS_LIMIT = 3;
export const INVOICE_TYPE = { special: 0, ordinary: 1 } as const;

export const ZInvoiceProfile = z.object({
  company_id: z.number().int(),
  /** 0 增值税专用发票, 1 增值税普通发票 */
  type: z.number().int(),
  type_v: z.string(),
  /** read-only: the company register's name and tax number */
  name: z.string(),
  no: z.string(),
  address: z.string(),
  telphone: z.string(),
  bank: z.string(),
  bank_no: z.string(),
  /** 0 enterprise, 1 personal: a personal invoice may only be ordinary */
  target: z.number().int(),
  update_time: z.string(),
});
export type TInvoiceProfile = z.infer<typeof ZInvoiceProfile>;

const opt = (max: number, tooLong: string) => z.string().trim().max(max, { error: tooLong }).default('');

export const ZInvoiceSave = zCompanyScoped.extend({
  type: zIntIn(0, 1, M.invoice.typeBad),
  address: opt(200, M.invoice.addressTooLong),
  telphone: opt(30, M.invoice.telTooLong),
  bank: opt(50, M.invoice.bankTooLong),
  bank_no: z
    .string()
    .default('')
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^(\d{8,30})?$/, { error: M.bank.noBad })),
});
export type TInvoiceSave = z.infer<typeof ZInvoiceSave>;

export const ZInvoiceAddress = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  province: z.number().int(),
  city: z.number().int(),
  area: z.number().int(),
  province_v: z.string(),
  city_v: z.string(),
  area_v: z.string(),
  address: z.string(),
  remark: z.string(),
  is_default: z.number().int(),
});
export type TInvoiceAddress = z.infer<typeof ZInvoiceAddress>;

const zRegion = zIdWith(M.invoice.regionRequired);

export const ZAddressSave = zCompanyScoped.extend({
  /** present: edit that address */
  id: zId.optional(),
  name: z
    .string({ error: M.invoice.receiverRequired })
    .trim()
    .min(1, { error: M.invoice.receiverRequired })
    .max(30, { error: M.invoice.receiverTooLong }),
  phone: zPhone,
  province: zRegion,
  city: zRegion,
  area: zRegion,
  address: z
    .string({ error: M.invoice.detailRequired })
    .trim()
    .min(1, { error: M.invoice.detailRequired })
    .max(100, { error: M.invoice.detailTooLong }),
  remark: opt(50, M.invoice.remarkTooLong),
  /** 0 when unset */
  is_default: zIntIn(0, 1).default(0),
});
export type TAddressSave = z.infer<typeof ZAddressSave>;

export const ZAddressId = zCompanyScoped.extend({ id: zId });
