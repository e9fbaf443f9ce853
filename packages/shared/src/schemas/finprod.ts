import { z } from '../zod';
import { common as msg_common } from '../messages/common';
import { finprodFailures as F } from '../messages/finprod';
import { fmt } from '../messages/fmt';
import { INT4_MAX, INT8_SAFE_MAX, zIntIn, zPage } from './common';
import { FINPROD_COMPANY_QUERY_MAX, FINPROD_REASON_MAX } from '../constants/finprod';

/** GET /company/finance/info: the company's finance product (FINPROD_STATUS) and what its user may do. */
export const ZFinProdInfo = z.object({
  /** 0 未开通, 3 审核中, 1 已开通, 2 未通过, 4 已过期, 5 已关闭 */
  status: z.number(),
  status_v: z.string(),
  /** the partner's reason of the latest refusal, the platform's of a closing, the deadline text of an expiry */
  reason: z.string(),
  /** the company passed the third-party advanced verification */
  super: z.number(),
  /** 1: this user may apply now (main account, advanced verified, not open, nothing in review) */
  apply_flag: z.number(),
  /** the partner's page of the application in review (to reopen it) */
  url: z.string(),
  apply_time: z.string(),
  open_time: z.string(),
  /** the partner's deadline of the application in review (it expires then) */
  expire_time: z.string(),
});
export type TFinProdInfo = z.infer<typeof ZFinProdInfo>;

export const ZFinProdUrl = z.object({ url: z.string() });

/** The partner's signed decision of an application. */
export const ZFinProdNotify = z.object({
  no: z.string().trim().max(64),
  result: z.enum(['PASS', 'REFUSE']),
  ts: zIntIn(0, INT8_SAFE_MAX),
  sign: z.string().trim().max(128),
  /** a refusal's reason, covered by the signature */
  reason: z.string().max(FINPROD_REASON_MAX).optional(),
});
export type TFinProdNotify = z.infer<typeof ZFinProdNotify>;

/** The sandbox partner's page of an application. */
export const ZFinProdSandbox = z.object({
  no: z.string(),
  company_name: z.string(),
  /** FINPROD_APP_STATE: 3 in review, 1 approved, 2 refused, 4 expired, 5 closed by the platform */
  state: z.number(),
  state_v: z.string(),
  create_time: z.string(),
  reason: z.string(),
});
export type TFinProdSandbox = z.infer<typeof ZFinProdSandbox>;
export const ZFinProdSandboxAct = z.object({
  result: z.enum(['PASS', 'REFUSE'], { error: msg_common.validation }),
  reason: z
    .string({ error: msg_common.validation })
    .trim()
    .max(FINPROD_REASON_MAX, { error: fmt(F.reasonTooLong, { n: FINPROD_REASON_MAX }) })
    .optional(),
});

// ---------- the console ----------

/** GET /admin/finance-products: applications by (effective) state and company name, newest first. */
export const ZFinProdAdminQuery = z.object({
  state: zIntIn(-1, 5).default(-1),
  company: z
    .string({ error: msg_common.validation })
    .trim()
    .max(FINPROD_COMPANY_QUERY_MAX, { error: msg_common.validation })
    .optional(),
  page: zIntIn(1, INT4_MAX).default(1),
  size: zIntIn(1, 100).default(10),
});
export const ZFinProdAdminRow = z.object({
  id: z.number().int(),
  no: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  applicant: z.string(),
  applicant_phone: z.string(),
  /** the effective state: an application in review past its deadline reads as expired (4) */
  state: z.number().int(),
  state_v: z.string(),
  reason: z.string(),
  create_time: z.string(),
  expire_time: z.string(),
  decide_time: z.string(),
  actions: z.array(z.string()),
});
export type TFinProdAdminRow = z.infer<typeof ZFinProdAdminRow>;
export const ZFinProdAdminPage = zPage(ZFinProdAdminRow);
/** POST /admin/finance-products/:id/close: the platform closes an application stuck at the partner. */
export const ZFinProdClose = z.object({
  reason: z
    .string({ error: F.closeReasonRequired })
    .trim()
    .min(1, { error: F.closeReasonRequired })
    .max(FINPROD_REASON_MAX, { error: fmt(F.closeReasonTooLong, { n: FINPROD_REASON_MAX }) }),
});
export const ZFinProdTrailRow = z.object({
  id: z.number().int(),
  action: z.string(),
  action_v: z.string(),
  from: z.string(),
  to: z.string(),
  actor: z.string(),
  reason: z.string(),
  create_time: z.string(),
});
export type TFinProdTrailRow = z.infer<typeof ZFinProdTrailRow>;
