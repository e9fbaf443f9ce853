import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * A company's seals (spec/1 §3 seal, §4 statuses): at most 4 live ones. Status 1000 in review (2 working days),
 * 1001 passed (usable for contracts), 1002 returned (image not acceptable), 1003 returned (details do not match).
 */
export const seals = pgTable(
  'seals',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    remark: varchar('remark', { length: 20 }).notNull().default(''),
    /** /uploads/signet/… (PNG, 300×300, transparent) */
    image: varchar('image', { length: 300 }).notNull(),
    status: smallint('status').notNull().default(1000),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by').notNull(),
    reviewerId: integer('reviewer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('seals_company_idx')
      .on(t.companyId, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('seals_queue_idx')
      .on(t.status, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);
