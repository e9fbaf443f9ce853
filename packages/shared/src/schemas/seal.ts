import { z } from 'zod';
import { M } from '../messages';
import { zCompanyScoped, zId, zPageQuery, zPage } from './common';

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
  name: z.string({ error: M.seal.nameRequired }).trim().min(1, { error: M.seal.nameRequired }).max(40, { error: M.seal.nameTooLong }),
  remark: z.string().trim().max(20, { error: M.seal.remarkTooLong }).default(''),
  image: z.string({ error: M.seal.imageRequired }).trim().min(1, { error: M.seal.imageRequired }),
});
export type TSealSave = z.infer<typeof ZSealSave>;
export const ZSealId = zCompanyScoped.extend({ id: zId });

export const ZAdminSealQuery = zPageQuery(10).extend({ status: z.coerce.number().int().refine((n) => [1000, 1001, 1002, 1003].includes(n), { error: M.common.validation }).default(1000) });
export const ZAdminSealRow = ZSeal.extend({ company_name: z.string(), submitter: z.string(), review_time: z.string() });
export type TAdminSealRow = z.infer<typeof ZAdminSealRow>;
export const ZAdminSeals = zPage(ZAdminSealRow);
/** Returning a seal: a reason is required; 1002 (image not acceptable) unless 1003 (details do not match) is given. */
export const ZSealReject = z.object({
  status: z.coerce.number().int().refine((n) => n === 1002 || n === 1003, { error: M.common.validation }).default(1002),
  reason: z.string({ error: M.seal.reasonRequired }).trim().min(1, { error: M.seal.reasonRequired }).max(100, { error: M.seal.reasonTooLong }),
});
export type TSealReview = { status: number; reason: string };
