import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Reports (spec/1 §3 Report) of a public listing (type 0) or shop (type 1): status 0 pending, 1 handled, 2 rejected,
 * with the staff's result. One pending report per user and target (partial unique index).
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    sn: varchar('sn', { length: 32 }).notNull(),
    userId: integer('user_id').notNull(),
    companyId: integer('company_id'),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    type: smallint('type').notNull(),
    targetId: integer('target_id').notNull(),
    reportType: smallint('report_type').notNull(),
    remarks: varchar('remarks', { length: 200 }).notNull(),
    status: smallint('status').notNull().default(0),
    result: varchar('result', { length: 200 }).notNull().default(''),
    handlerId: integer('handler_id'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_sn_uq').on(t.sn),
    uniqueIndex('reports_pending_uq')
      .on(t.userId, t.type, t.targetId)
      .where(sql`${t.status} = 0`),
    index('reports_user_idx').on(t.userId, t.id),
    index('reports_queue_idx').on(t.status, t.id),
  ],
);
