import { z } from '../zod';
import { training as msg_training } from '../messages/training';
import {
  EDUCATION_MAX,
  ENROL_PAY_STATES,
  MAJOR_CONTENT_MAX,
  MAJOR_NAME_MAX,
  MAJOR_PRICE_MAX,
} from '../constants/training';
import { PAY_TYPES } from '../constants/payment';
import { INT8_SAFE_MAX, zId, zIntIn, zPageQuery } from './common';
import { ZPayType, ZPayTypeSet } from './payment';

const M = { training: msg_training } as const;

/** Training enrolment and payment (spec/3 §3 Training category, Training member, Training order payload; §7). */

/** A training major (spec/3 "Training category": id, name, content, price); price in fen. */
export const ZMajor = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
  price: z.number().int(),
  price_v: z.string(),
});
export type TMajor = z.infer<typeof ZMajor>;

/** The enrolling user as verified (spec/3 "Training member"): name, masked ID number, sex and age from it. */
export const ZTrainingMember = z.object({ name: z.string(), card: z.string(), sex: z.string(), age: z.number().int() });
export type TTrainingMember = z.infer<typeof ZTrainingMember>;

/** GET /recruit/applyo/create: the online majors, the member (null before personal verification), the pay types. */
export const ZApplyCreate = z.object({
  category: z.array(ZMajor),
  member: ZTrainingMember.nullable(),
  pay_type: ZPayTypeSet,
});
export type TApplyCreate = z.infer<typeof ZApplyCreate>;

/** Highest education: required, at most 10 characters (spec/3 §5). */
export const zEducation = z
  .string({ error: M.training.required })
  .trim()
  .min(1, { error: M.training.required })
  .max(EDUCATION_MAX, { error: M.training.educationTooLong });

/**
 * POST /recruit/applyo (spec/3 "Training order payload"): the major, the education and the payment method; course,
 * content and price are the major as the page showed it (a price changed meanwhile is refused, nothing is ordered).
 */
export const ZTrainingApply = z.object({
  company_id: zId.optional(),
  apply_category_id: zIntIn(1, 2_147_483_647, M.training.required),
  education: zEducation,
  pay_name: ZPayType,
  course: z
    .string()
    .max(MAJOR_NAME_MAX * 2)
    .optional(),
  content: z
    .string()
    .max(MAJOR_CONTENT_MAX * 2)
    .optional(),
  price: zIntIn(0, INT8_SAFE_MAX).optional(),
});
export type TTrainingApply = z.infer<typeof ZTrainingApply>;

/** POST /recruit/applyo/{id}/pay: a new payment of an unpaid enrolment whose last one closed. */
export const ZTrainingRepay = z.object({ company_id: zId.optional(), pay_name: ZPayType });
export const ZEnrolParams = z.object({ id: zId });

/** One sign-up of the user's list (GET /recruit/applyo). `order_sn` is its newest pay order ('' before any). */
export const ZEnrolRow = z.object({
  id: z.number().int(),
  apply_category_id: z.number().int(),
  course: z.string(),
  price: z.number().int(),
  price_v: z.string(),
  education: z.string(),
  pay_name: z.enum(PAY_TYPES),
  pay_name_v: z.string(),
  order_sn: z.string(),
  pay_state: z.enum(ENROL_PAY_STATES),
  pay_state_v: z.string(),
  create_time: z.string(),
  paid_time: z.string(),
});
export type TEnrolRow = z.infer<typeof ZEnrolRow>;
export const ZEnrolQuery = zPageQuery(5).extend({ company_id: zId.optional() });

/**
 * GET /recruit/purchase (spec/3 §4 step 2): how to pay the order. QR channels: `query` is the scan page's query
 * (order_sn, and buy_type=reg for the bank-union page); the alipay-style channel: `redirect_url` holds the form that
 * submits itself.
 */
export const ZTrainingPurchase = z.object({
  order_sn: z.string(),
  pay_type: z.enum(PAY_TYPES),
  query: z.string(),
  redirect_url: z.string(),
});
export type TTrainingPurchase = z.infer<typeof ZTrainingPurchase>;

// the console

export const ZAdminMajor = ZMajor.extend({
  status: z.number().int(),
  status_v: z.string(),
  sort: z.number().int(),
  paid_num: z.number().int(),
  create_time: z.string(),
  update_time: z.string(),
});
export type TAdminMajor = z.infer<typeof ZAdminMajor>;

/** A major as staff save it; the fee in fen. */
export const ZAdminMajorSave = z.object({
  id: zId.optional(),
  name: z
    .string({ error: M.training.nameRequired })
    .trim()
    .min(1, { error: M.training.nameRequired })
    .max(MAJOR_NAME_MAX, { error: M.training.nameTooLong }),
  content: z
    .string({ error: M.training.contentRequired })
    .trim()
    .min(1, { error: M.training.contentRequired })
    .max(MAJOR_CONTENT_MAX, { error: M.training.contentTooLong }),
  price: zIntIn(1, MAJOR_PRICE_MAX, M.training.priceBad),
  sort: zIntIn(0, 9999).default(0),
  status: zIntIn(0, 1).default(1),
});
export type TAdminMajorSave = z.infer<typeof ZAdminMajorSave>;
export const ZAdminMajorStatus = z.object({ id: zId, status: zIntIn(0, 1) });

const blank = z.literal('').transform(() => undefined);
export const ZAdminEnrolQuery = zPageQuery(20).extend({
  major_id: zId.optional().or(blank),
  pay_state: z.enum(ENROL_PAY_STATES).optional().or(blank),
  phone: z.string().trim().max(11).optional(),
});
export const ZAdminEnrolRow = ZEnrolRow.extend({
  user_id: z.number().int(),
  phone: z.string(),
  name: z.string(),
  card: z.string(),
  sex: z.string(),
  age: z.number().int(),
});
export type TAdminEnrolRow = z.infer<typeof ZAdminEnrolRow>;
