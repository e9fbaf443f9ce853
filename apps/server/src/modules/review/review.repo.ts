import { and, desc, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { anyOf, idsOf, pageOf, prepared } from '../../db/prepared';
import { orderReviews } from './review.tables';
import { rowWhere } from '../../db/rows';

export type TReview = typeof orderReviews.$inferSelect;

const cardSql = (company: string, side: number) =>
  `(select json_build_object('n', count(*)::int, 'a1', round(avg(p.score1), 1), 'a2', round(avg(p.score2), 1), 'a3', round(avg(p.score3), 1)) from order_reviews p where p.target_company_id = o.${company} and p.side = ${side} and p.status = 0 and p.publish_at <= now())`;
/**
 * What the order's review block reads beside the order (order.service requireOrderScopeWith): its state, its reviews
 * and both parties' published averages (the company card of the order), in the order's one statement.
 */
export const ORDER_REVIEWS_SQL = `o.status, coalesce(o.completed_at, o.updated_at) as done_at, (select coalesce(json_agg(x order by x.side), '[]') from (select r.id, r.side, r.score1, r.score2, r.score3, r.content, r.publish_at, r.created_at, r.status, r.author_name as author from order_reviews r where r.order_id = o.id) x) as reviews, ${cardSql('provider_company_id', 0)} as provider_card, ${cardSql('tenant_company_id', 1)} as tenant_card`;
export type TOrderReviewJson = {
  id: number;
  side: number;
  score1: number;
  score2: number;
  score3: number | null;
  content: string;
  publish_at: string;
  created_at: string;
  status: number;
  author: string;
};

export async function insertReview(tx: Executor, v: typeof orderReviews.$inferInsert): Promise<TReview> {
  const [row] = await tx.insert(orderReviews).values(v).returning();
  return row;
}

export async function findSideReview(tx: Executor, orderId: number, side: number): Promise<TReview | null> {
  const row = await rowWhere(tx, orderReviews, and(eq(orderReviews.orderId, orderId), eq(orderReviews.side, side)));
  return row ?? null;
}

/** Both sides have written: the order's reviews are public from `at` on (never later than they already were). */
export async function publishOrderReviews(tx: Executor, orderId: number, at: Date): Promise<void> {
  await tx
    .update(orderReviews)
    .set({ publishAt: at })
    .where(and(eq(orderReviews.orderId, orderId), sql`${orderReviews.publishAt} > ${at}`));
}

/** Published and shown reviews of a company in one role (side of the author). */
const publicOf = (side: number) =>
  and(eq(orderReviews.side, side), eq(orderReviews.status, 0), sql`${orderReviews.publishAt} <= now()`);

const avg = (c: PgColumn) => sql<string | null>`round(avg(${c}), 1)`;

/**
 * A provider's published reviews (written by tenants) for its shop and listing pages: the count, each criterion's
 * average and the latest texts, in one statement on order_reviews_target_idx.
 */
export async function readShopReviews(db: Executor, companyId: number, latest: number) {
  const q = prepared(db, 'review.shop', (d) =>
    d
      .select({
        n: sql<number>`count(*)::int`.mapWith(Number),
        a1: avg(orderReviews.score1),
        a2: avg(orderReviews.score2),
        a3: avg(orderReviews.score3),
        latest: sql<
          TOrderReviewJson[]
        >`(select coalesce(json_agg(x), '[]') from (select r.id, r.side, r.score1, r.score2, r.score3, r.content, r.created_at, r.author_name as author from order_reviews r where r.target_company_id = ${sql.placeholder('company')} and r.side = 0 and r.status = 0 and r.publish_at <= now() and r.content <> '' order by r.id desc limit ${sql.placeholder('latest')}) x)`,
      })
      .from(orderReviews)
      .where(and(eq(orderReviews.targetCompanyId, sql.placeholder('company')), publicOf(0)))
      .prepare('review.shop'),
  );
  const [row] = await q.execute({ company: companyId, latest });
  return row;
}

/** The score cards of several companies in one role (a quote table's providers, an order's parties): one statement. */
export async function readScoreCards(db: Executor, ids: number[], side: number) {
  const q = prepared(db, 'review.scores', (d) =>
    d
      .select({
        companyId: orderReviews.targetCompanyId,
        n: sql<number>`count(*)::int`.mapWith(Number),
        a1: avg(orderReviews.score1),
        a2: avg(orderReviews.score2),
        a3: avg(orderReviews.score3),
      })
      .from(orderReviews)
      .where(
        and(
          anyOf(orderReviews.targetCompanyId),
          eq(orderReviews.side, sql.placeholder('side')),
          eq(orderReviews.status, 0),
          sql`${orderReviews.publishAt} <= now()`,
        ),
      )
      .groupBy(orderReviews.targetCompanyId)
      .prepare('review.scores'),
  );
  return q.execute({ ids: idsOf(ids), side });
}

/** The console's list: every review (or one status), newest first, and the total, in one statement. */
export function pageAdminReviews(db: Executor, status: number, offset: number, limit: number) {
  return pageOf(db, orderReviews, {
    where: status === -1 ? undefined : eq(orderReviews.status, status),
    orderBy: [desc(orderReviews.id)],
    offset,
    limit,
  });
}

/** Reviews by id (the console's hide, a report's target). */
export function findReviews(db: Executor, ids: number[]): Promise<TReview[]> {
  if (!ids.length) return Promise.resolve([]);
  const q = prepared(db, 'review.byIds', (d) =>
    d.select().from(orderReviews).where(anyOf(orderReviews.id)).prepare('review.byIds'),
  );
  return q.execute({ ids: idsOf(ids) });
}

/** Compare-and-set from shown: two staff cannot both hide, and a hidden review stays as it was. */
export async function hideReviewRow(tx: Executor, id: number, v: { reason: string; staffId: number }) {
  const [row] = await tx
    .update(orderReviews)
    .set({ status: 1, hideReason: v.reason, hiddenBy: v.staffId, hiddenAt: new Date() })
    .where(and(eq(orderReviews.id, id), eq(orderReviews.status, 0)))
    .returning();
  return row ?? null;
}
