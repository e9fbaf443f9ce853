import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Applications of a company to open the platform's supply-chain finance product at the finance partner (spec/2 §6):
 * one per attempt; the partner's signed callback decides it once (state 3 in review → 1 approved or 2 refused). At
 * most one in review per company (partial unique index), so twenty clicks apply once.
 */
export const financeProductApps = pgTable(
  'finance_product_apps',
  {
    id: serial('id').primaryKey(),
    /** the application's number at the partner (unguessable: its page is public by it) */
    no: varchar('no', { length: 64 }).notNull(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    provider: varchar('provider', { length: 20 }).notNull(),
    url: varchar('url', { length: 500 }).notNull(),
    state: smallint('state').notNull().default(3),
    reason: varchar('reason', { length: 100 }).notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('finance_product_apps_no_idx').on(t.no),
    uniqueIndex('finance_product_apps_live_idx').on(t.companyId).where(sql`${t.state} = 3`),
    index('finance_product_apps_company_idx').on(t.companyId, t.id),
  ],
);
