import { z } from '../zod';
import {
  CARD_END_CHOICES,
  CARD_LIMITS,
  COMMENT_LIST_TYPES,
  DRIVING_AGES,
  LABOUR_TYPES,
  OPERATOR_CATEGORIES,
  RECRUIT_LIMITS as L,
  CARD_OP_KEYS,
} from '../constants/recruit';
import { jobcardTexts as J, recruit as R } from '../messages/recruit';
import { upload as U } from '../messages/upload';
import { common } from '../messages/common';
import { zLabourContent } from './labour';
import { zId, zIdWith, zIntIn, zPage, zPageQuery } from './common';

/**
 * Job cards (求职卡), comments and likes (spec/3 §3, §5, §7). Every limit of spec/3 §5 lives here once: the server
 * validates with these schemas and the forms derive their rules from them (ui/formRules.ts).
 */

/** A required text of a card's form: empty → '请填写所有必填项！' (spec/3 §5), too long → its own message. */
const zRequiredText = (max: number, tooLong: string) =>
  z.string({ error: R.requiredAll }).trim().min(1, { error: R.requiredAll }).max(max, { error: tooLong });
/** An image of the form: the address an upload of kind recruit answered (the server checks it is the user's own). */
const zImage = z
  .string({ error: R.requiredAll })
  .trim()
  .min(1, { error: R.requiredAll })
  .max(CARD_LIMITS.imagePath, { error: U.badPath });

const categoryIds = new Set(OPERATOR_CATEGORIES.map((c) => c.id));
const drivingAgeIds = new Set(DRIVING_AGES.map((c) => c.id));

export const ZCardCert = z.object({ name: zRequiredText(L.certName, J.certName), img: zImage });
export const ZCardExperience = z.object({
  name: zRequiredText(L.experienceName, J.experienceName),
  address: zRequiredText(L.experienceAddress, J.experienceAddress),
  img: zImage,
});
export type TCardCert = z.infer<typeof ZCardCert>;
export type TCardExperience = z.infer<typeof ZCardExperience>;

/** POST /recruit/card and PUT /recruit/card/{id} (spec/3 §5 "Job card (resume) form"). */
export const ZJobCardSave = z.object({
  /** machine categories (dictionary `category`): 1 to 3, '最多只能选择三项' */
  resume_category: z
    .array(zIdWith(J.categoryBad), { error: R.requiredAll })
    .min(1, { error: R.requiredAll })
    .max(L.maxCategories, { error: R.maxThree })
    .refine((ids) => new Set(ids).size === ids.length && ids.every((id) => categoryIds.has(id)), {
      error: J.categoryBad,
    }),
  /** driving age (dictionary `dage`) */
  resume_driving_age: zIntIn(1, 32_767, R.requiredAll).refine((id) => drivingAgeIds.has(id), { error: R.requiredAll }),
  content: zLabourContent,
  province: zIdWith(R.requiredAll),
  city: zIdWith(R.requiredAll),
  area: zIdWith(R.requiredAll),
  address: zRequiredText(L.address, J.addressLong),
  lng: z.number().min(-180).max(180).nullable().optional(),
  lat: z.number().min(-90).max(90).nullable().optional(),
  cert: z.array(ZCardCert).max(L.maxCerts, { error: J.maxCerts }).default([]),
  experience: z.array(ZCardExperience).max(L.maxExperiences, { error: J.maxExperiences }).default([]),
});
export type TJobCardSave = z.infer<typeof ZJobCardSave>;

/** PUT /recruit/card/{id} with type end: 3 found a job, 4 closed without (spec/3 §7 "End card: type end plus sta"). */
export const ZCardEnd = z.object({
  type: z.literal('end'),
  sta: z.union([z.literal(CARD_END_CHOICES[0].sta), z.literal(CARD_END_CHOICES[1].sta)], { error: R.requiredAll }),
});
/** PUT /recruit/card/{id} with type republish: an ended card goes back to review. */
export const ZCardRepublish = z.object({ type: z.literal('republish') });
/** PUT /recruit/card/{id}: the form (type edit or none), or end, or republish; each answers its own field messages. */
export const ZCardPut = z.discriminatedUnion('type', [
  ZCardEnd,
  ZCardRepublish,
  ZJobCardSave.extend({ type: z.literal('edit').optional() }),
]);

/** GET /recruit/card: type my (the live card) or history (ended cards), paginated. */
export const ZCardListQuery = zPageQuery(5).extend({ type: z.enum(['my', 'history']).default('my') });

const ZMember = z.object({ avatar: z.string(), username: z.string() });

/** A job card as its owner sees it (spec/3 §3 "Job card", §2 "Job card list"). */
export const ZJobCardRow = z.object({
  id: z.number().int(),
  /** comma list of category ids, as the spec has it */
  resume_category: z.string(),
  resume_category_ids: z.array(z.number().int()),
  resume_category_v: z.string(),
  resume_driving_age: z.number().int(),
  resume_driving_age_v: z.string(),
  content: z.string(),
  province: z.number().int(),
  city: z.number().int(),
  area: z.number().int(),
  /** 省市区 names */
  region_v: z.string(),
  address: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  audit_status: z.number().int(),
  audit_status_v: z.string(),
  audit_reason: z.string(),
  browse_num: z.number().int(),
  comment_num: z.number().int(),
  like_num: z.number().int(),
  create_time: z.string(),
  update_time: z.string(),
  view_url: z.string(),
  cert: z.array(ZCardCert),
  experience: z.array(ZCardExperience),
  /** the owner's actions now (CARD_MACHINE) */
  option: z.array(z.enum(CARD_OP_KEYS)),
});
export type TJobCardRow = z.infer<typeof ZJobCardRow>;
export const ZJobCardPage = zPage(ZJobCardRow);

/** A passed card on the public site: no review fields, the operator's name and masked phone. */
export const ZJobCardPublic = ZJobCardRow.omit({ audit_reason: true, option: true, lng: true, lat: true }).extend({
  member: ZMember,
  phone_mask: z.string(),
});
export type TJobCardPublic = z.infer<typeof ZJobCardPublic>;
export const ZJobHallQuery = zPageQuery(CARD_LIMITS.hallPageSize).extend({
  category: zId.optional(),
  province: zId.optional(),
  city: zId.optional(),
});
export type TJobHallQuery = z.infer<typeof ZJobHallQuery>;
/** A hall page: the total is exact unless `total_capped` (then "at least total", see HALL_COUNT_PAGES_AHEAD). */
export const ZJobHallPage = zPage(ZJobCardPublic).extend({ total_capped: z.boolean() });

/** The console's review queue. */
export const ZCardAdminQuery = zPageQuery(10).extend({
  status: zIntIn(0, 5).default(1),
  category: zId.optional(),
  keyword: z.string().trim().max(50).optional(),
});
export const ZCardAdminRow = ZJobCardRow.omit({ option: true }).extend({
  user_id: z.number().int(),
  member: ZMember,
  phone: z.string(),
});
export type TCardAdminRow = z.infer<typeof ZCardAdminRow>;
export const ZCardReview = z
  .object({
    action: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(CARD_LIMITS.reasonMax, { error: J.reasonLong }).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'reject' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: J.reasonRequired });
  });

/* Comments, likes, views (both kinds of target). */
export const zLabourType = z.enum(LABOUR_TYPES, { error: R.notPublic });
export type TLabourTypeName = z.infer<typeof zLabourType>;
export const ZLabourTarget = z.object({ type: zLabourType, id: zId });
/**
 * POST /site/labour/phone: an operator's phone on a job card's page. A hirer's phone has its own call with the hiring
 * rules (POST /recruit/recruit/{id}/phone: none once the demand is 已招到), so this one takes cards only.
 */
export const ZCardPhone = z.object({ type: z.literal('card', { error: common.validation }), id: zId });

/** POST /recruit/comment: a logged-in user comments on a public card or demand. */
export const ZCommentSave = ZLabourTarget.extend({ content: zLabourContent });
/** GET /recruit/comment (spec/3 §7 "Comments list: page, size, type receive"). */
export const ZCommentListQuery = zPageQuery(L.pageSize).extend({ type: z.enum(COMMENT_LIST_TYPES).default('receive') });
/** A comment in the user centre (spec/3 §3 "Comment"). */
export const ZCommentRow = z.object({
  id: z.number().int(),
  member: ZMember,
  content: z.string(),
  create_time: z.string(),
  type: zLabourType,
  type_v: z.string(),
  target_id: z.number().int(),
  view_url: z.string(),
  address: z.string(),
  resume_category: z.string(),
});
export type TCommentRow = z.infer<typeof ZCommentRow>;
export const ZCommentPage = zPage(ZCommentRow);

/** A target's comments on its public page. */
export const ZTargetCommentQuery = ZLabourTarget.extend(zPageQuery(CARD_LIMITS.commentPageSize).shape);
export const ZTargetComment = z.object({
  id: z.number().int(),
  member: ZMember,
  content: z.string(),
  create_time: z.string(),
  mine: z.boolean(),
});
export type TTargetComment = z.infer<typeof ZTargetComment>;
export const ZTargetCommentPage = zPage(ZTargetComment);

/** A target's counters, and whether the caller likes it. */
export const ZLabourStat = z.object({
  browse_num: z.number().int(),
  comment_num: z.number().int(),
  like_num: z.number().int(),
  liked: z.boolean(),
});
export type TLabourStat = z.infer<typeof ZLabourStat>;
/** POST /recruit/like: like (true, the default) or take it back; either is idempotent. */
export const ZLikeBody = ZLabourTarget.extend({ like: z.boolean().default(true) });

/** The console's comment list and removal. */
export const ZAdminCommentQuery = zPageQuery(10).extend({ type: zLabourType.optional() });
export const ZAdminCommentRow = ZCommentRow.extend({ user_id: z.number().int() });
export const ZAdminCommentRemove = z.object({
  reason: z.string().trim().max(CARD_LIMITS.reasonMax, { error: J.reasonLong }).default(''),
});
