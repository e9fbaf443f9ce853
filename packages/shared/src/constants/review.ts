/**
 * Reviews after an order (issue 29 §2): once an order is completed (status 3) each side may review the other once
 * within REVIEW_LIMITS.windowDays days. The tenant rates the provider, the provider rates the tenant, each criterion
 * 1–5 stars, with an optional text. A review is published when both sides have reviewed or the window closes, so
 * neither side writes in answer to the other's.
 */

/** Who wrote a review: the tenant (rating the provider) or the provider (rating the tenant). */
export type TReviewSide = 'tenant' | 'provider';
/** order_reviews.side */
export const REVIEW_SIDE_OF: Record<TReviewSide, number> = { tenant: 0, provider: 1 };

/** The criteria each side rates, in the order of the review's score columns (score1…score3). */
export const REVIEW_CRITERIA = {
  tenant: [
    { key: 'equipment', label: '设备状况' },
    { key: 'punctual', label: '准时进场' },
    { key: 'service', label: '服务沟通' },
  ],
  provider: [
    { key: 'payment', label: '付款及时' },
    { key: 'cooperation', label: '现场配合' },
  ],
} as const;

/** A review's status: shown, or hidden by staff with a reason (the author is told). */
export const REVIEW_STATUS = { shown: 0, hidden: 1 } as const;
export const REVIEW_STATUS_TEXT: Record<number, string> = { 0: '展示中', 1: '已隐藏' };
/** A review staff have not hidden: it counts and shows once published, and may still be hidden. */
export const isReviewShown = (r: { status: number }) => r.status === REVIEW_STATUS.shown;

export const REVIEW_LIMITS = {
  windowDays: 30,
  scoreMin: 1,
  scoreMax: 5,
  contentMax: 200,
  reasonMax: 100,
  /** the latest texts a shop page shows */
  latest: 5,
  /** the most companies one score read may ask for (a quote table's providers) */
  scoreIds: 50,
  adminPage: 10,
} as const;
