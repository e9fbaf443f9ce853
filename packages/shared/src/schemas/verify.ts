import { z } from '../zod';
import { auth as msg_auth } from '../messages/auth';
import { common as msg_common } from '../messages/common';
import { verify as msg_verify } from '../messages/verify';
import { fmt } from '../messages/fmt';
import { isCreditCode, isIdCardNo } from '../rules/identity';
import { isCalendarDate } from '../rules/datetime';
import { INT8_SAFE_MAX, refinePastDate, zId, zIdWith, zIntIn, zPage, zPageQuery, zPhone } from './common';

const M = { auth: msg_auth, common: msg_common, verify: msg_verify } as const;

/** Personal, company and advanced verification (spec/1 §3 Company/Personal verification, §4, §5). */

export const REJECT_REASON_MAX = 100;

const req = (msg: string, max = 100) =>
  z.string({ error: msg }).trim().min(1, { error: msg }).max(max, { error: M.common.validation });

export const zPersonName = req(M.verify.nameRequired, 30).regex(/^[\u4e00-\u9fa5·A-Za-z ]{2,30}$/, {
  error: M.verify.nameBad,
});
export const zIdCard = req(M.verify.cardRequired, 18)
  .transform((v) => v.toUpperCase())
  .refine(isIdCardNo, { error: M.verify.cardBad });
/** An address of an uploaded image (/uploads/… or the full URL); the service checks it is the caller's own upload. */
const zImage = (msg: string) => req(msg, 300);
const zCode = z
  .string({ error: M.auth.codeRequired })
  .trim()
  .min(1, { error: M.auth.codeRequired })
  .regex(/^\d{6}$/, { error: M.auth.codeWrong });

export const ZSaveAuth = z.object({
  name: zPersonName,
  card: zIdCard,
  card_face: zImage(M.verify.cardFaceRequired),
  card_back: zImage(M.verify.cardBackRequired),
  code: zCode,
  company_id: zId.optional(),
});
export type TSaveAuth = z.infer<typeof ZSaveAuth>;

export const ZSaveAuthCompany = z.object({
  name: req(M.verify.companyNameRequired, 100),
  regist_no: req(M.verify.registNoRequired, 18)
    .transform((v) => v.toUpperCase())
    .refine(isCreditCode, { error: M.verify.registNoBad }),
  legal: req(M.verify.legalRequired, 30),
  province: zIdWith(M.verify.regionRequired),
  city: zIdWith(M.verify.regionRequired),
  area: zIdWith(M.verify.regionRequired),
  address: req(M.verify.addressRequired, 200),
  /** ten-thousand yuan */
  registered_assets: z.coerce
    .number({ error: M.verify.assetsRequired })
    .int({ error: M.verify.assetsBad })
    .positive({ error: M.verify.assetsBad })
    .max(100_000_000, { error: M.verify.assetsBad }),
  /** not later than today − 10 days (spec/1 §5): the shared date rule (rules/pastDate.ts) */
  found_date: req(M.verify.foundDateRequired, 10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.verify.foundDateBad, abort: true })
    .refine(isCalendarDate, { error: M.verify.foundDateBad, abort: true })
    .superRefine(refinePastDate(M.verify.foundDateField)),
  charter: zImage(M.verify.charterRequired),
  registrant: req(M.verify.registrantRequired, 30),
  card: zIdCard,
  card_face: zImage(M.verify.cardFaceRequired),
  card_back: zImage(M.verify.cardBackRequired),
  certificate: zImage(M.verify.certificateRequired),
  code: zCode,
  tel: zPhone,
  company_id: zId.optional(),
});
export type TSaveAuthCompany = z.infer<typeof ZSaveAuthCompany>;

/** GET /index/authCompany: the latest submission of the company, or [] when there is none (spec/1 §7). */
export const ZAuthCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  regist_no: z.string(),
  legal: z.string(),
  province: z.number().int(),
  city: z.number().int(),
  area: z.number().int(),
  province_v: z.string(),
  city_v: z.string(),
  area_v: z.string(),
  address: z.string(),
  registered_assets: z.number().int(),
  found_date: z.string(),
  charter: z.string(),
  registrant: z.string(),
  /** masked */
  card: z.string(),
  card_face: z.string(),
  card_back: z.string(),
  certificate: z.string(),
  /** masked */
  tel: z.string(),
  /** 0 not verified, 1 verified, 2 failed, 3 in progress */
  status: z.number().int(),
  status_v: z.string(),
  reason: z.string(),
  create_time: z.string(),
  audit_time: z.string(),
});
export type TAuthCompany = z.infer<typeof ZAuthCompany>;

/** GET /index/auth: the user's personal verification (path not shown in the spec). */
export const ZAuthPerson = z.object({
  status: z.number().int(),
  status_v: z.string(),
  name: z.string(),
  /** masked */
  card: z.string(),
  card_face: z.string(),
  card_back: z.string(),
  reason: z.string(),
  create_time: z.string(),
  audit_time: z.string(),
});
export type TAuthPerson = z.infer<typeof ZAuthPerson>;

export const ZSuperAuthResult = z.object({ url: z.string() });

export const ZAuthSms = z.object({ phone: zPhone.optional(), company_id: zId.optional() });

/** The sandbox verifier page (the third party's side). */
export const ZSandboxOrder = z.object({
  no: z.string(),
  company_name: z.string(),
  regist_no: z.string(),
  /** WAITING, PASSED, REFUSED, EXPIRED (a WAITING order past its expiry) */
  state: z.string(),
  create_time: z.string(),
  expire_time: z.string(),
  /** the refusal's reason, if one was given */
  reason: z.string(),
});
export type TSandboxOrder = z.infer<typeof ZSandboxOrder>;
export const SANDBOX_REASON_MAX = 200;
export const ZSandboxDecide = z.object({
  result: z.enum(['PASS', 'REFUSE'], { error: M.common.validation }),
  reason: z
    .string({ error: M.common.validation })
    .trim()
    .max(SANDBOX_REASON_MAX, { error: fmt(M.verify.sandboxReasonTooLong, { n: SANDBOX_REASON_MAX }) })
    .optional(),
});

/** The signed callback of the verifier. */
export const ZVerifyNotify = z.object({
  no: z.string().max(64),
  result: z.enum(['PASS', 'REFUSE']),
  ts: zIntIn(0, INT8_SAFE_MAX),
  sign: z.string().max(128),
  /** a refusal's reason, covered by the signature when present */
  reason: z.string().max(SANDBOX_REASON_MAX).optional(),
});
export type TVerifyNotify = z.infer<typeof ZVerifyNotify>;

// admin console
export const ZReviewQuery = zPageQuery(10).extend({
  /** 3 pending (default), 1 passed, 2 rejected */
  status: zIntIn(1, 3).default(3),
});
export type TReviewQuery = z.infer<typeof ZReviewQuery>;

export const ZReject = z.object({
  reason: z
    .string({ error: M.verify.reasonRequired })
    .trim()
    .min(1, { error: M.verify.reasonRequired })
    .max(REJECT_REASON_MAX, { error: fmt(M.verify.reasonTooLong, { n: REJECT_REASON_MAX }) }),
});

export const ZPersonReviewRow = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  phone: z.string(),
  name: z.string(),
  /** whole while the submission waits for review (the reviewer compares it with the photos), masked once decided */
  card: z.string(),
  card_face: z.string(),
  card_back: z.string(),
  status: z.number().int(),
  reason: z.string(),
  create_time: z.string(),
  audit_time: z.string(),
});
export type TPersonReviewRow = z.infer<typeof ZPersonReviewRow>;
export const ZPersonReviewPage = zPage(ZPersonReviewRow);

export const ZCompanyReviewRow = ZAuthCompany.extend({
  company_id: z.number().int(),
  user_id: z.number().int(),
  phone: z.string(),
});
export type TCompanyReviewRow = z.infer<typeof ZCompanyReviewRow>;
export const ZCompanyReviewPage = zPage(ZCompanyReviewRow);
