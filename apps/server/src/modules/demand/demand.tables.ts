import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Quick demands (spec/2 §3): what, how many, how long, where. `state` follows DEMAND_MACHINE (0 unreviewed, 1 rejected
 * with `noLeaseReason`, 2 passed, 3 ended); `expiresAt` = approval + `real` valid days, after which the job ends it
 * (and reads treat it as ended already). Deleted rows are gone.
 */
export const quickDemands = pgTable(
  'quick_demands',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    categoryId: integer('category_id').notNull(),
    groupId: integer('group_id').notNull(),
    productId: integer('product_id').notNull(),
    num: integer('num').notNull(),
    /** the period, in days */
    time: integer('time').notNull(),
    /** valid days, 1–6 */
    real: smallint('real').notNull().default(6),
    remark: varchar('remark', { length: 200 }).notNull(),
    province: integer('province').notNull(),
    city: integer('city').notNull(),
    area: integer('area').notNull(),
    address: varchar('address', { length: 50 }).notNull(),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    contacts: varchar('contacts', { length: 20 }).notNull().default(''),
    tel: varchar('tel', { length: 20 }).notNull().default(''),
    state: smallint('state').notNull().default(0),
    noLeaseReason: varchar('no_lease_reason', { length: 200 }).notNull().default(''),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quick_demands_company_idx').on(t.companyId, t.state, t.id),
    index('quick_demands_state_idx').on(t.state, t.id),
    /** the hall by province, city or category: passed demands only, newest first (a page walks the index, no sort) */
    index('quick_demands_hall_province_idx')
      .on(t.province, t.id)
      .where(sql`${t.state} = 2::smallint`),
    index('quick_demands_hall_city_idx')
      .on(t.city, t.id)
      .where(sql`${t.state} = 2::smallint`),
    index('quick_demands_hall_category_idx')
      .on(t.categoryId, t.id)
      .where(sql`${t.state} = 2::smallint`),
    index('quick_demands_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 2`),
  ],
);
