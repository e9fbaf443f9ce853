import { z } from '../zod';
import { bank as msg_bank } from '../messages/bank';
import { zCompanyScoped, zId } from './common';

const M = { bank: msg_bank } as const;

/** /company/bank/* (spec/1 §3 bank card, §4 default card, §9 at most 4 per company). */
export const BANK_CARD_LIMIT = 4;

export const ZBankCard = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  /** masked: only the last 4 digits, e.g. **** **** **** 1234 */
  no: z.string(),
  remark: z.string(),
  is_default: z.number().int(),
});
export type TBankCard = z.infer<typeof ZBankCard>;

export const ZBankSave = zCompanyScoped.extend({
  name: z
    .string({ error: M.bank.nameRequired })
    .trim()
    .min(1, { error: M.bank.nameRequired })
    .max(50, { error: M.bank.nameTooLong }),
  /** spaces typed for readability are dropped */
  no: z
    .string({ error: M.bank.noRequired })
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: M.bank.noRequired })
        .regex(/^\d{8,30}$/, { error: M.bank.noBad }),
    ),
  remark: z.string().trim().max(50, { error: M.bank.remarkTooLong }).default(''),
});
export type TBankSave = z.infer<typeof ZBankSave>;

export const ZBankId = zCompanyScoped.extend({ id: zId });
