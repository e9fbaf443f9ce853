import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Inquiries (spec/1 §3 Inquiry, Road-bridge demand): to_type 1 an online inquiry on a listing, addressed to the
 * listing's company; to_type 0 a road-and-bridge package request with its equipment lines, addressed to the platform.
 * Status 0 processing, 1 completed. The provider's contact phone is kept as it was when the inquiry was sent.
 */
export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    sn: varchar('sn', { length: 32 }).notNull(),
    toType: smallint('to_type').notNull(),
    fromCompanyId: integer('from_company_id').notNull(),
    fromUserId: integer('from_user_id').notNull(),
    /** null for the platform (package requests) */
    toCompanyId: integer('to_company_id'),
    listingId: integer('listing_id'),
    /** the listing creator's phone at the time (equipment.phone) */
    toPhone: varchar('to_phone', { length: 20 }).notNull().default(''),
    number: integer('number').notNull().default(0),
    province: integer('province').notNull(),
    city: integer('city').notNull(),
    area: integer('area').notNull(),
    address: varchar('address', { length: 100 }).notNull(),
    approachTime: date('approach_time', { mode: 'string' }).notNull(),
    schedule: varchar('schedule', { length: 50 }).notNull(),
    invoice: smallint('invoice').notNull().default(0),
    machineOperator: smallint('machine_operator'),
    paymentMethod: smallint('payment_method'),
    remark: varchar('remark', { length: 100 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    /** package lines: name, model, count */
    equips: jsonb('equips').$type<{ name: string; model: string; count: number }[]>().notNull().default([]),
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inquiries_sn_uq').on(t.sn),
    index('inquiries_from_idx').on(t.fromCompanyId, t.toType, t.id),
    index('inquiries_to_idx').on(t.toCompanyId, t.id),
    index('inquiries_queue_idx').on(t.toType, t.status, t.id),
  ],
);

/** Package offers of the platform's staff on a package request (spec/1 §3 response rows): 0 offered, 1 accepted. */
export const inquiryResponses = pgTable(
  'inquiry_responses',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    productDetails: varchar('product_details', { length: 500 }).notNull(),
    /** fen */
    price: integer('price').notNull(),
    state: smallint('state').notNull().default(0),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inquiry_responses_no_uq').on(t.orderNo),
    index('inquiry_responses_inquiry_idx').on(t.inquiryId, t.id),
  ],
);
