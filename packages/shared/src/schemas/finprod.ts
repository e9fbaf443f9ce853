import { z } from '../zod';
import { common as msg_common } from '../messages/common';
import { finprodFailures as F } from '../messages/finprod';
import { fmt } from '../messages/fmt';
import { INT8_SAFE_MAX, zIntIn } from './common';
import { FINPROD_REASON_MAX } from '../constants/finprod';

/** GET /company/finance/info: the company's finance product (FINPROD_STATUS) and what its user may do. */
export const ZFinProdInfo = z.object({
  /** 0 未开通, 3 审核中, 1 已开通, 2 未通过 */
  status: z.number(),
  status_v: z.string(),
  /** the partner's reason of the latest refusal */
  reason: z.string(),
  /** the company passed the third-party advanced verification */
  super: z.number(),
  /** 1: this user may apply now (main account, advanced verified, not open, nothing in review) */
  apply_flag: z.number(),
  /** the partner's page of the application in review (to reopen it) */
  url: z.string(),
  apply_time: z.string(),
  open_time: z.string(),
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
  /** FINPROD_APP_STATE: 3 in review, 1 approved, 2 refused */
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
