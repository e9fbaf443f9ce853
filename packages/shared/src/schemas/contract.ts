import { z } from '../zod';
import { CONTRACT_LIMITS as L } from '../constants/contract';
import { contractRules as R } from '../messages/contract';
import { refinePastDate, zCompanyScoped, zId, zIntIn, zPage, zPageQuery } from './common';
import { isCalendarDate } from '../rules/datetime';

/** Order contracts (spec/2 §3 Contract, §5 Contract upload, §7 Contracts). */

/**
 * The contract date (spec/2 §5 "not later than about 10 days before today"): the shared date rule (rules/pastDate.ts),
 * read as it is for the manufacture, shop start and founding dates: any day up to today − 10 days.
 */
export const zContractDate = z
  .string({ error: R.dateRequired })
  .trim()
  .min(1, { error: R.dateRequired })
  .refine(isCalendarDate, { error: R.dateRequired, abort: true })
  .superRefine(refinePastDate(R.dateField));

/** POST /rent/contract/save: order_id, attachment (the uploaded PDF's address), sn, name, date, signet_id (optional). */
export const ZContractSave = zCompanyScoped.extend({
  order_id: zId,
  attachment: z
    .string({ error: R.fileRequired })
    .trim()
    .min(1, { error: R.fileRequired })
    .max(300, { error: R.fileRequired }),
  sn: z.string({ error: R.snRequired }).trim().min(1, { error: R.snRequired }).max(L.snMax, { error: R.snTooLong }),
  name: z
    .string({ error: R.nameRequired })
    .trim()
    .min(1, { error: R.nameRequired })
    .max(L.nameMax, { error: R.nameTooLong }),
  date: zContractDate,
  signet_id: zId.optional(),
});
export type TContractSave = z.infer<typeof ZContractSave>;

/** Lists by order: id is the order's id (spec/2 §7 "List by order (id, company_id, status)"). */
export const ZContractListQuery = zPageQuery(5).extend({
  company_id: zId.optional(),
  id: zId,
  status: zIntIn(-1, 2).default(-1),
});
export const ZContractVoid = zCompanyScoped.extend({
  order_id: zId,
  id: zId,
  confirm: z.literal(L.voidWord, { error: R.voidWord }),
});
export const ZContractSms = zCompanyScoped.extend({ order_id: zId, id: zId });
export const ZContractSign = ZContractSms.extend({
  code: z.string({ error: R.codeRequired }).trim().min(1, { error: R.codeRequired }).max(6, { error: R.codeRequired }),
});

export const ZContractRow = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  date: z.string(),
  create_time_v: z.string(),
  affirm_v: z.array(z.string()),
  status: z.number().int(),
  status_v: z.string(),
  provider_status: z.number().int(),
  seal_v: z.string(),
  view_url: z.string(),
  download_url: z.string(),
  sha256: z.string(),
  actions: z.array(z.string()),
});
export type TContractRow = z.infer<typeof ZContractRow>;
export const ZContractPage = zPage(ZContractRow).extend({ sign_num: z.number().int(), unsign_num: z.number().int() });

/** GET /rent/contract/info: what the upload form needs (the order, the company's usable seals). */
export const ZContractInfo = z.object({
  order_id: z.number().int(),
  order_sn: z.string(),
  project_name: z.string(),
  tenant_name: z.string(),
  provider_name: z.string(),
  seals: z.array(z.object({ id: z.number().int(), name: z.string(), image: z.string() })),
});

export const ZVerifyResult = z.object({
  valid: z.boolean(),
  msg: z.string(),
  sha256: z.string(),
  contract: z
    .object({
      sn: z.string(),
      name: z.string(),
      date: z.string(),
      order_sn: z.string(),
      tenant_name: z.string(),
      lessor_name: z.string(),
      provider_name: z.string(),
      signed_at: z.string(),
      signer: z.string(),
    })
    .nullable(),
});
export type TVerifyResult = z.infer<typeof ZVerifyResult>;
