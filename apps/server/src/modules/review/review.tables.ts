import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Reviews after an order (issue 29 §2): one per side of a completed order. side 0 the tenant rating the provider
 * (score1–3: 设备状况, 准时进场, 服务沟通), side 1 the provider rating the tenant (score1–2: 付款及时, 现场配合; score3
 * null). `publishAt` is when the review becomes public: the end of the 30-day window at writing, moved to the moment
 * of the second review when both sides have written; reads compare it with now(), so no job publishes anything.
 */
export const orderReviews = pgTable(
  'order_reviews',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    /** the order's number and both companies' names as they were when the review was written (what the pages show) */
    orderSn: varchar('order_sn', { length: 32 }).notNull(),
    side: smallint('side').notNull(),
    authorCompanyId: integer('author_company_id').notNull(),
    authorUserId: integer('author_user_id').notNull(),
    targetCompanyId: integer('target_company_id').notNull(),
    authorName: varchar('author_name', { length: 100 }).notNull(),
    targetName: varchar('target_name', { length: 100 }).notNull(),
    score1: smallint('score1').notNull(),
    score2: smallint('score2').notNull(),
    score3: smallint('score3'),
    content: varchar('content', { length: 200 }).notNull().default(''),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    /** 0 shown, 1 hidden by staff (REVIEW_STATUS) */
    status: smallint('status').notNull().default(0),
    hideReason: varchar('hide_reason', { length: 100 }).notNull().default(''),
    hiddenBy: integer('hidden_by'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /** once per side and order: a second review at the same time loses here */
    uniqueIndex('order_reviews_order_side_uq').on(t.orderId, t.side),
    /** a company's published reviews in one role: its averages and its latest texts (newest first) */
    index('order_reviews_target_idx')
      .on(t.targetCompanyId, t.side, t.id)
      .where(sql`${t.status} = 0`),
    index('order_reviews_status_idx').on(t.status, t.id),
  ],
);
