import { z } from '../zod';
import { REVIEW_LIMITS as L } from '../constants/review';
import { reviewRules as R } from '../messages/review';
import { findContact } from '../rules/contact';
import { zCompanyScoped, zId, zIntIn, zPage, zPageQuery } from './common';

/** Reviews after an order (issue 29 §2): the forms of both sides, the order's review block, the public summaries. */

const zScore = zIntIn(L.scoreMin, L.scoreMax, R.scoreRequired);
/** The optional text: ≤ 200 characters and no contact details (rules/contact.ts, the labour area's rule). */
export const zReviewContent = z
  .string()
  .trim()
  .max(L.contentMax, { error: R.contentTooLong })
  .refine((s) => findContact(s) === null, { error: R.contactInContent })
  .default('');

/** POST /rent/order/review: the tenant rates the provider (设备状况, 准时进场, 服务沟通). */
export const ZTenantReviewAdd = zCompanyScoped.extend({
  id: zId,
  equipment: zScore,
  punctual: zScore,
  service: zScore,
  content: zReviewContent,
});
export type TTenantReviewAdd = z.infer<typeof ZTenantReviewAdd>;
/** POST /ep/order/review: the provider rates the tenant (付款及时, 现场配合). */
export const ZProviderReviewAdd = zCompanyScoped.extend({
  id: zId,
  payment: zScore,
  cooperation: zScore,
  content: zReviewContent,
});
export type TProviderReviewAdd = z.infer<typeof ZProviderReviewAdd>;
export const ZReviewOrderQuery = zCompanyScoped.extend({ id: zId });

/** One criterion with its stars (a review) or its average (a summary, one decimal). */
export const ZReviewScore = z.object({ key: z.string(), label: z.string(), score: z.number() });

/** A review as the order page, the shop page and the console show it. */
export const ZReviewView = z.object({
  id: z.number().int(),
  side: z.number().int(),
  scores: z.array(ZReviewScore),
  content: z.string(),
  create_time: z.string(),
  /** the reviewing company's name, masked on public pages */
  author: z.string(),
});
export type TReviewView = z.infer<typeof ZReviewView>;

/** A company's published reviews in one role: the count, the average of each criterion and overall. */
export const ZReviewScoreCard = z.object({
  company_id: z.number().int(),
  count: z.number().int(),
  /** the mean of the criteria averages, one decimal; 0 without reviews */
  overall: z.number(),
  scores: z.array(ZReviewScore),
});
export type TReviewScoreCard = z.infer<typeof ZReviewScoreCard>;

/** GET /rent/order/review, /ep/order/review: the order's reviews as one side sees them. */
export const ZOrderReviews = z.object({
  /** 1 while the side may still review (completed, within the window, not yet reviewed) */
  can_review: z.number().int(),
  /** the last day to review (yyyy-MM-dd, Shanghai), '' before completion */
  deadline: z.string(),
  /** 1 once the reviews are public (both sides reviewed or the window closed) */
  published: z.number().int(),
  mine: ZReviewView.nullable(),
  /** the other side's review: only once published */
  theirs: ZReviewView.nullable(),
  /** 1 when the other side has reviewed (the text itself waits for publication) */
  theirs_done: z.number().int(),
  /** both parties' published averages: the company card of the order */
  provider_card: ZReviewScoreCard,
  tenant_card: ZReviewScoreCard,
});
export type TOrderReviews = z.infer<typeof ZOrderReviews>;

/** GET /site/review/shop: a provider's card and its latest texts (the shop and listing pages). */
export const ZShopReviews = ZReviewScoreCard.extend({ latest: z.array(ZReviewView) });
export type TShopReviews = z.infer<typeof ZShopReviews>;
export const ZShopReviewsQuery = z.object({ company_id: zId });

/** GET /site/review/scores: the cards of several companies in one role (a quote table, an order's parties). */
export const ZReviewScoresQuery = z.object({
  ids: z
    .string({ error: R.idsBad })
    .regex(/^\d{1,10}(,\d{1,10})*$/, { error: R.idsBad })
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((a) => a.length <= L.scoreIds && a.every((n) => n >= 1 && n <= 2_147_483_647), { error: R.idsBad }),
  role: z.enum(['provider', 'tenant']).default('provider'),
});
export const ZReviewScoreCards = z.array(ZReviewScoreCard);

/** The console's reviews (/admin/reviews): every review, newest first, with its order and parties. */
export const ZAdminReviewQuery = zPageQuery(L.adminPage).extend({ status: zIntIn(-1, 1).default(-1) });
export const ZAdminReviewRow = ZReviewView.extend({
  order_sn: z.string(),
  target: z.string(),
  status: z.number().int(),
  status_v: z.string(),
  hide_reason: z.string(),
  published: z.number().int(),
});
export type TAdminReviewRow = z.infer<typeof ZAdminReviewRow>;
export const ZAdminReviewPage = zPage(ZAdminReviewRow);
export const ZReviewHide = z.object({
  reason: z
    .string({ error: R.reasonRequired })
    .trim()
    .min(1, { error: R.reasonRequired })
    .max(L.reasonMax, { error: R.reasonTooLong }),
});
