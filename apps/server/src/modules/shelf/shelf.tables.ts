import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * A pre-paid order for 1–5 rent-then-buy shelves (spec/3 "Shelf order"). It exists from the application on
 * (status -1 awaiting payment, tied to its pay_order); the payment moves it to 0 under review, staff to 1 effective
 * (which creates its shelves) or 2 rejected (the money is then marked for refund). See SHELF_ORDER_MACHINE.
 */
export const shelfOrders = pgTable(
  'shelf_orders',
  {
    id: serial('id').primaryKey(),
    sn: varchar('sn', { length: 40 }).notNull(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    num: smallint('num').notNull(),
    /** fen: num × the price per shelf when applied */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** validity of each shelf, days from the approval (as set when applied) */
    days: integer('days').notNull(),
    status: smallint('status').notNull().default(-1),
    payOrderSn: varchar('pay_order_sn', { length: 40 }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** SHELF_REFUND: a rejected paid order is refunded by the platform */
    refund: smallint('refund').notNull().default(0),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    reviewerId: integer('reviewer_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('shelf_orders_sn_uq').on(t.sn),
    uniqueIndex('shelf_orders_pay_uq').on(t.payOrderSn),
    index('shelf_orders_company_idx')
      .on(t.companyId, t.status, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('shelf_orders_queue_idx')
      .on(t.status, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * One shelf of an effective order, valid until finish_time. It carries at most one approved listing of its company
 * with the rent-to-own terms (fen, months); a listing is on at most one shelf.
 */
export const shelves = pgTable(
  'shelves',
  {
    id: serial('id').primaryKey(),
    sn: varchar('sn', { length: 40 }).notNull(),
    companyId: integer('company_id').notNull(),
    orderId: integer('order_id').notNull(),
    finishTime: timestamp('finish_time', { withTimezone: true }).notNull(),
    /** SHELF_STATE: 0 empty, 1 filled */
    state: smallint('state').notNull().default(0),
    listingId: integer('listing_id'),
    monthRent: bigint('month_rent', { mode: 'number' }).notNull().default(0),
    leaseTerm: smallint('lease_term').notNull().default(0),
    sellingPrice: bigint('selling_price', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shelves_sn_uq').on(t.sn),
    index('shelves_company_idx').on(t.companyId, t.id),
    uniqueIndex('shelves_listing_uq')
      .on(t.listingId)
      .where(sql`${t.listingId} is not null`),
    index('shelves_public_idx').on(t.state, t.finishTime),
  ],
);

/** The platform's shelf price (fen per shelf) and validity (days); one row, kept by the admin. */
export const shelfSettings = pgTable('shelf_settings', {
  id: smallint('id').primaryKey(),
  price: bigint('price', { mode: 'number' }).notNull(),
  days: integer('days').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
