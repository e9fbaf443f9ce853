import {
  REVIEW_CRITERIA,
  REVIEW_LIMITS,
  REVIEW_SIDE_OF,
  REVIEW_STATUS_TEXT,
  isReviewShown,
  type TReviewSide,
} from '@jizu/shared/constants/review';
import { ORDER_STATUS } from '@jizu/shared/constants/order';
import { fmt } from '@jizu/shared/messages/fmt';
import { reviewNotices } from '@jizu/shared/messages/review';
import { shanghaiDate, shanghaiDateTime } from '@jizu/shared/rules/datetime';
import type {
  TAdminReviewRow,
  TOrderReviews,
  TProviderReviewAdd,
  TReviewScoreCard,
  TReviewView,
  TShopReviews,
  TTenantReviewAdd,
} from '@jizu/shared/schemas/review';
import { inTx, type DB, type Executor } from '../../db/client';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { recordAudit, type TActor } from '../audit/audit.service';
import { findCompanyNames } from '../company/company.service';
import { createMessage } from '../message/message.service';
import { publishEvent } from '../events/events.service';
import { MENU } from '@jizu/shared/constants/menu';
import { lockOrder, requireOrderScopeWith } from '../order/order.service';
import * as repo from './review.repo';

const ENTITY = 'review';
const DAY_MS = 86_400_000;
const SIDES: TReviewSide[] = ['tenant', 'provider'];
const sideName = (side: number): TReviewSide => SIDES[side] ?? 'tenant';

/** The last moment a side may review an order completed at `doneAt`. */
export const windowEnd = (doneAt: Date | string) =>
  new Date(new Date(doneAt).getTime() + REVIEW_LIMITS.windowDays * DAY_MS);

type TScores = { score1: number; score2: number; score3: number | null };
/** A review's columns as the criteria of its side, with their labels. */
function scoresOf(side: number, r: TScores) {
  const vals = [r.score1, r.score2, r.score3];
  return REVIEW_CRITERIA[sideName(side)].map((c, i) => ({ key: c.key, label: c.label, score: Number(vals[i] ?? 0) }));
}

/** A company's name as a public page shows an author: the first two characters and stars. */
export const maskCompany = (name: string) => (name ? `${[...name].slice(0, 2).join('')}***` : '');

function viewOf(r: repo.TOrderReviewJson, masked = false): TReviewView {
  return {
    id: r.id,
    side: r.side,
    scores: scoresOf(r.side, r),
    content: r.content,
    create_time: shanghaiDateTime(r.created_at),
    author: masked ? maskCompany(r.author) : r.author,
  };
}

// ---------- the order's sides ----------

/** GET /rent/order/review, /ep/order/review: the order's reviews as `who` sees them (the other's once published). */
export async function orderReviews(db: DB, who: TReviewSide, companyId: number, id: number): Promise<TOrderReviews> {
  const { o, row } = await requireOrderScopeWith(db, who, companyId, id, 'review.order', repo.ORDER_REVIEWS_SQL);
  const status = Number(row.status);
  const reviews = (row.reviews ?? []) as repo.TOrderReviewJson[];
  const side = REVIEW_SIDE_OF[who];
  const mine = reviews.find((r) => r.side === side) ?? null;
  const theirs = reviews.find((r) => r.side !== side) ?? null;
  const completed = status === ORDER_STATUS.completed;
  const end = completed ? windowEnd(row.done_at as string) : null;
  const now = Date.now();
  const published = theirs !== null && new Date(theirs.publish_at).getTime() <= now;
  return {
    can_review: completed && !mine && end!.getTime() >= now ? 1 : 0,
    deadline: end ? shanghaiDate(end) : '',
    published: published ? 1 : 0,
    mine: mine && viewOf(mine),
    theirs: published && isReviewShown(theirs) ? viewOf(theirs) : null,
    theirs_done: theirs ? 1 : 0,
    provider_card: cardOf(o.providerCompanyId, 0, row.provider_card as TAvgRow),
    tenant_card: cardOf(o.tenantCompanyId, 1, row.tenant_card as TAvgRow),
  };
}

type TAdd = { side: 'tenant'; v: TTenantReviewAdd } | { side: 'provider'; v: TProviderReviewAdd };
const scoreColumns = (a: TAdd): TScores =>
  a.side === 'tenant'
    ? { score1: a.v.equipment, score2: a.v.punctual, score3: a.v.service }
    : { score1: a.v.payment, score2: a.v.cooperation, score3: null };

/**
 * POST /rent/order/review, /ep/order/review: one side reviews the other once, within the window after completion.
 * Under the order's row lock (the other side's review of the same order waits), so the second review of an order
 * always sees the first and publishes both at once. The review is committed when this returns: the place to tell
 * the reviewed company (events module, at merge).
 */
export async function addReview(db: DB, actor: TActor, companyId: number, userId: number, a: TAdd) {
  const side = REVIEW_SIDE_OF[a.side];
  try {
    return await inTx(db, async (tx) => {
      const o = await lockOrder(tx, a.side, companyId, a.v.id);
      if (o.status !== ORDER_STATUS.completed) throw new AppError('REVIEW_NOT_COMPLETED');
      const end = windowEnd(o.completedAt ?? o.updatedAt);
      const now = new Date();
      if (now > end) throw new AppError('REVIEW_WINDOW_CLOSED');
      if (await repo.findSideReview(tx, o.id, side)) throw new AppError('REVIEW_ALREADY');
      const other = await repo.findSideReview(tx, o.id, 1 - side);
      const targetCompanyId = a.side === 'tenant' ? o.providerCompanyId : o.tenantCompanyId;
      const names = await findCompanyNames(tx, [companyId, targetCompanyId]);
      const r = await repo.insertReview(tx, {
        orderId: o.id,
        orderSn: o.sn,
        side,
        authorCompanyId: companyId,
        authorUserId: userId,
        targetCompanyId,
        authorName: names.get(companyId) ?? '',
        targetName: names.get(targetCompanyId) ?? '',
        ...scoreColumns(a),
        content: a.v.content,
        publishAt: other ? now : end,
      });
      if (other) await repo.publishOrderReviews(tx, o.id, now);
      await recordAudit(tx, actor, { entity: ENTITY, entityId: r.id, action: 'submit', from: null, to: 0 });
      // the reviewed company learns of it (not what it says: that waits for its own review or the window's end)
      const byTenant = a.side === 'tenant';
      await publishEvent(tx, {
        type: 'review',
        companyId: targetCompanyId,
        menu: byTenant ? MENU.leaseOrder : MENU.rentOrder,
        link: byTenant ? `/rent-order/watch/${o.id}` : `/rent/order/watch/${o.id}`,
        vars: { from: names.get(companyId) ?? '', sn: o.sn },
      });
      return { review: r, targetCompanyId: r.targetCompanyId, orderId: o.id, published: !!other };
    });
  } catch (e) {
    // the same side twice at once: the unique index keeps one
    if (isUniqueViolation(e)) throw new AppError('REVIEW_ALREADY');
    throw e;
  }
}

// ---------- where a choice is made ----------

type TAvgRow = { n: number; a1: string | number | null; a2: string | number | null; a3: string | number | null };
function cardOf(companyId: number, side: number, r: TAvgRow | undefined): TReviewScoreCard {
  const n = r?.n ?? 0;
  const scores = scoresOf(side, {
    score1: Number(r?.a1 ?? 0),
    score2: Number(r?.a2 ?? 0),
    score3: r?.a3 === null || r?.a3 === undefined ? null : Number(r.a3),
  });
  const overall = n ? Math.round((scores.reduce((s, c) => s + c.score, 0) / scores.length) * 10) / 10 : 0;
  return { company_id: companyId, count: n, overall, scores };
}

/** GET /site/review/shop: a provider's averages, count and latest texts (authors masked). */
export async function shopReviews(db: Executor, companyId: number): Promise<TShopReviews> {
  const row = await repo.readShopReviews(db, companyId, REVIEW_LIMITS.latest);
  return {
    ...cardOf(companyId, 0, row),
    latest: ((row?.latest ?? []) as repo.TOrderReviewJson[]).map((r) => viewOf(r, true)),
  };
}

/** GET /site/review/scores: the cards of companies in one role, in the order asked (none reviewed: count 0). */
export async function scoreCards(db: Executor, ids: number[], role: TReviewSide): Promise<TReviewScoreCard[]> {
  // the role is the reviewed company's: a provider is rated by tenants (side 0)
  const side = role === 'provider' ? 0 : 1;
  const rows = ids.length ? await repo.readScoreCards(db, ids, side) : [];
  const by = new Map(rows.map((r) => [r.companyId, r]));
  return ids.map((id) => cardOf(id, side, by.get(id)));
}

// ---------- console and reports ----------

function adminRow(r: repo.TReview): TAdminReviewRow {
  return {
    ...viewOf({ ...r, created_at: r.createdAt.toISOString(), publish_at: '', author: r.authorName }),
    order_sn: r.orderSn,
    target: r.targetName,
    status: r.status,
    status_v: REVIEW_STATUS_TEXT[r.status] ?? '',
    hide_reason: r.hideReason,
    published: r.publishAt.getTime() <= Date.now() ? 1 : 0,
  };
}

export async function pageAdminReviews(db: Executor, q: { status: number; page: number; size: number }) {
  const { rows, total } = await repo.pageAdminReviews(db, q.status, (q.page - 1) * q.size, q.size);
  return { data: rows.map(adminRow), total };
}

/** POST /admin/reviews/:id/hide: staff hide a review with a reason; its author gets a system message with it. */
export async function hideReview(db: DB, actor: TActor, staffId: number, id: number, reason: string): Promise<void> {
  const [found] = await repo.findReviews(db, [id]);
  if (!found) throw new AppError('REVIEW_NOT_FOUND');
  if (!isReviewShown(found)) throw new AppError('REVIEW_HIDDEN');
  await inTx(db, async (tx) => {
    const r = await repo.hideReviewRow(tx, id, { reason, staffId });
    if (!r) throw new AppError('REVIEW_HIDDEN');
    await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'hide', from: 0, to: 1, reason });
    await createMessage(tx, {
      userId: r.authorUserId,
      title: reviewNotices.hiddenTitle,
      content: fmt(reviewNotices.hiddenBody, { sn: found.orderSn, company: found.targetName, reason }),
      kind: 'review',
    });
  });
}

/** Reviews as the report queue shows them (report.service): published, with their text; others are gone. */
export async function reviewCards(db: Executor, ids: number[]) {
  const rows = await repo.findReviews(db, ids);
  return rows.map((r) => ({
    id: r.id,
    public: isReviewShown(r) && r.publishAt.getTime() <= Date.now(),
    name: `${maskCompany(r.authorName)} → ${r.targetName}`,
    content: r.content,
  }));
}
