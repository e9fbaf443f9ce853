import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Applications of a company to open the platform's supply-chain finance product at the finance partner (spec/2 §6):
 * one per attempt; the partner's signed callback decides it once (state 3 in review → 1 approved or 2 refused), unless
 * the review period ran out first (4 expired, at expires_at: by the job, and by every read at once) or the platform
 * closed it (5, a stuck application, with the staff's reason). At most one in review per company (partial unique
 * index), so twenty clicks apply once.
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
    /** the partner's deadline: still in review then, the application expires */
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '7 days'`),
    /** the company's name as the partner received it; the console searches it by character grams (platform/grams.ts) */
    companyName: varchar('company_name', { length: 100 }).notNull().default(''),
    searchBody: text('search_body').notNull().default(''),
    searchGrams: integer('search_grams')
      .array()
      .notNull()
      .default(sql`'{}'::int4[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('finance_product_apps_no_idx').on(t.no),
    uniqueIndex('finance_product_apps_live_idx')
      .on(t.companyId)
      .where(sql`${t.state} = 3`),
    index('finance_product_apps_company_idx').on(t.companyId, t.id),
    // the console's list by state, newest first; the job's (and the read's) applications past their deadline
    index('finance_product_apps_state_idx').on(t.state, t.id),
    index('finance_product_apps_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 3`),
    index('finance_product_apps_grams_idx').using('gin', t.searchGrams),
  ],
);
