import { bigint, index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Membership tiers kept by the admin: price per year in fen and the benefits shown. A is free. */
export const memberPlans = pgTable('member_plan', {
  level: varchar('level', { length: 4 }).primaryKey(),
  name: varchar('name', { length: 20 }).notNull(),
  price: bigint('price', { mode: 'number' }).notNull(),
  days: integer('days').notNull().default(365),
  benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
  forSale: smallint('for_sale').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The user's paid tier as one time range (level until expires_at); past expires_at the user is A again, whatever
 * a timer did or did not do. Each paid order adds a grant row (the rights list and the audit of the arithmetic).
 */
export const memberships = pgTable(
  'membership',
  {
    userId: integer('user_id').primaryKey(),
    level: varchar('level', { length: 4 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** the expires_at that the "expiring within 30 days" message was sent for; a renewal moves expires_at on */
    remindedFor: timestamp('reminded_for', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('membership_expires_idx').on(t.expiresAt)],
);

export const memberGrants = pgTable(
  'member_grant',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    orderSn: varchar('order_sn', { length: 40 }).notNull(),
    level: varchar('level', { length: 4 }).notNull(),
    /** renew | upgrade | new */
    mode: varchar('mode', { length: 8 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    beginsAt: timestamp('begins_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** days of the lower tier carried into an upgrade */
    creditDays: integer('credit_days').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('member_grant_sn_uq').on(t.orderSn), index('member_grant_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A membership right bound to a device (spec/1 §3 Device bind; irreversible): one row per right, the primary key
 * makes a second binding, or two at once, impossible. project_id stays 0 until bidding projects exist.
 */
export const rightBindings = pgTable(
  'right_binding',
  {
    grantId: integer('grant_id').primaryKey(),
    userId: integer('user_id').notNull(),
    companyId: integer('company_id').notNull(),
    listingId: integer('listing_id').notNull(),
    projectId: integer('project_id').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('right_binding_user_idx').on(t.userId)],
);
