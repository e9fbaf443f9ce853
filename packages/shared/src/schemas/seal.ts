import { z } from '../zod';
import { common as msg_common } from '../messages/common';
import { seal as msg_seal } from '../messages/seal';
import { SEAL_RETURNED, SEAL_STATUS, SEAL_STATUSES } from '../constants/seal';
import { INT2_MAX, zCompanyScoped, zId, zIntIn, zPageQuery, zPage } from './common';

const M = { common: msg_common, seal: msg_seal } as const;

/** /company/signet/* and the admin seal review (spec/1 §3 seal, §4, §5 seal rules). */
export const ZSeal = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  image: z.string(),
  name: z.string(),
  remark: z.string(),
  /** yyyy-MM-dd HH:mm:ss */
  create_time: z.string(),
  status: z.number().int(),
  status_v: z.string(),
  /** why it was returned */
  reason: z.string(),
});
export type TSeal = z.infer<typeof ZSeal>;

export const ZSealSave = zCompanyScoped.extend({
  name: z
    .string({ error: M.seal.nameRequired })
    .trim()
    .min(1, { error: M.seal.nameRequired })
    .max(40, { error: M.seal.nameTooLong }),
  remark: z.string().trim().max(20, { error: M.seal.remarkTooLong }).default(''),
  image: z.string({ error: M.seal.imageRequired }).trim().min(1, { error: M.seal.imageRequired }),
});
export type TSealSave = z.infer<typeof ZSealSave>;
export const ZSealId = zCompanyScoped.extend({ id: zId });

export const ZAdminSealQuery = zPageQuery(10).extend({
  status: zIntIn(0, INT2_MAX)
    .refine((n) => (SEAL_STATUSES as readonly number[]).includes(n), { error: M.common.validation })
    .default(SEAL_STATUS.review),
});
export const ZAdminSealRow = ZSeal.extend({ company_name: z.string(), submitter: z.string(), review_time: z.string() });
export type TAdminSealRow = z.infer<typeof ZAdminSealRow>;
export const ZAdminSeals = zPage(ZAdminSealRow);
/**
 * Returning a seal: a reason is required; the kind of return is one of SEAL_RETURNS (1002 image not acceptable, the
 * default, or 1003 details do not match).
 */
export const SEAL_REASON_MAX = 100;
export const ZSealReject = z.object({
  status: zIntIn(0, INT2_MAX, M.seal.returnKindBad)
    .refine((n) => (SEAL_RETURNED as readonly number[]).includes(n), { error: M.seal.returnKindBad })
    .default(SEAL_STATUS.imageReturned),
  reason: z
    .string({ error: M.seal.reasonRequired })
    .trim()
    .min(1, { error: M.seal.reasonRequired })
    .max(SEAL_REASON_MAX, { error: M.seal.reasonTooLong }),
});
