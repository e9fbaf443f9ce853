import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  bigint,
} from 'drizzle-orm/pg-core';

/**
 * Bidding projects (spec/2 §3 "Bidding project form", "Bidding request"): a tenant company's call for quotes, itemised
 * (classify 1, several lines, several providers) or comprehensive (classify 2, one engineering block, one provider).
 * Money is integer fen: `limit` is the bare-tax unit price cap (0 = no cap). `status` follows BIDDING_MACHINE
 * (5 in review → 1 responding → 2 cut-off → 3 completed; 4 closed; 6 rejected). The response deadline is the end of
 * `end_time` in Asia/Shanghai; the cut-off job moves 1 → 2 after it, and `cutoffAt` records when.
 * The comprehensive block's fields (num … boarding) are null on itemised projects.
 */
export const biddings = pgTable(
  'biddings',
  {
    id: serial('id').primaryKey(),
    sn: varchar('sn', { length: 32 }).notNull(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    classify: smallint('classify').notNull(),
    /** the full name, company-name prefix included (≤ 50) */
    name: varchar('name', { length: 50 }).notNull(),
    contacts: varchar('contacts', { length: 20 }).notNull(),
    tel: varchar('tel', { length: 20 }).notNull(),
    show: smallint('show').notNull().default(1),
    endTime: date('end_time', { mode: 'string' }).notNull(),
    type: smallint('type').notNull(),
    paymentType: smallint('payment_type').notNull(),
    province: integer('province').notNull(),
    city: integer('city').notNull(),
    area: integer('area').notNull(),
    address: varchar('address', { length: 50 }).notNull(),
    lng: doublePrecision('lng').notNull(),
    lat: doublePrecision('lat').notNull(),
    /** overview, 200–500 characters */
    remark: varchar('remark', { length: 500 }).notNull(),
    invoiceType: smallint('invoice_type').notNull(),
    registeredAssets: smallint('registered_assets').notNull(),
    other: varchar('other', { length: 200 }).notNull().default(''),
    // the comprehensive block (classify 2)
    num: integer('num'),
    unit: smallint('unit'),
    limit: integer('limit'),
    time: integer('time'),
    enterDate: date('enter_date', { mode: 'string' }),
    age: smallint('age'),
    driver: smallint('driver'),
    inout: smallint('inout'),
    oil: smallint('oil'),
    boarding: smallint('boarding'),
    status: smallint('status').notNull().default(5),
    /** the admin's rejection reason (status 6) */
    reviewReason: varchar('review_reason', { length: 200 }).notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** the owner's reason for closing (status 4) */
    closeReason: varchar('close_reason', { length: 50 }).notNull().default(''),
    cutoffAt: timestamp('cutoff_at', { withTimezone: true }),
    /** when it was completed or closed (finish_date_v) */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** 0 no orders yet, 1 the draft rental orders exist (createOrder) */
    orderStatus: smallint('order_status').notNull().default(0),
    /**
     * The hall's keyword search (platform/grams.ts): the normalised name, device names and models, and their character
     * grams; written with the project (refreshBiddingSearch), '' until then.
     */
    searchBody: text('search_body').notNull().default(''),
    searchGrams: integer('search_grams')
      .array()
      .notNull()
      .default(sql`'{}'::int4[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('biddings_sn_idx').on(t.sn),
    index('biddings_company_idx').on(t.companyId, t.id),
    index('biddings_company_status_idx').on(t.companyId, t.status, t.id),
    /** the review queue, the hall (status 1) and the deadline job */
    index('biddings_status_idx').on(t.status, t.id),
    /** the hall by province or by city: responding projects only, newest first (a page walks the index, no sort) */
    index('biddings_hall_province_idx')
      .on(t.province, t.id)
      .where(sql`${t.status} = 1::smallint`),
    index('biddings_hall_city_idx')
      .on(t.city, t.id)
      .where(sql`${t.status} = 1::smallint`),
    index('biddings_deadline_idx')
      .on(t.endTime)
      .where(sql`${t.status} = 1`),
    /** the hall's keyword: only responding projects are searched */
    index('biddings_hall_grams_idx')
      .using('gin', t.searchGrams)
      .where(sql`${t.status} = 1::smallint`),
  ],
);

/**
 * A request line (spec/2 §3 "Request line"): one kind of machine. `num` is the demanded quantity in the line's unit
 * (unitOf(paymentType, unit)); `allotNum` the sum of allocations so far, kept here so that a compare-and-set
 * (`allot_num + n <= num`) holds under concurrent saves. `selectState` is response_com_status (LINE_SELECT).
 * A comprehensive project has lines too (what machines it wants); its quantities and price cap are the block's.
 */
export const biddingLines = pgTable(
  'bidding_lines',
  {
    id: serial('id').primaryKey(),
    biddingId: integer('bidding_id').notNull(),
    no: smallint('no').notNull(),
    categoryId: integer('category_id').notNull(),
    groupId: integer('group_id').notNull(),
    productId: integer('product_id').notNull(),
    model: varchar('model', { length: 50 }).notNull().default(''),
    eqNum: integer('eq_num').notNull(),
    paymentType: smallint('payment_type').notNull(),
    num: integer('num').notNull(),
    unit: smallint('unit').notNull(),
    time: integer('time').notNull().default(0),
    limit: integer('limit').notNull().default(0),
    age: smallint('age').notNull().default(1),
    driver: smallint('driver').notNull().default(1),
    inout: smallint('inout').notNull().default(1),
    oil: smallint('oil').notNull().default(1),
    boarding: smallint('boarding').notNull().default(1),
    enterDate: date('enter_date', { mode: 'string' }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    allotNum: integer('allot_num').notNull().default(0),
    selectState: smallint('select_state').notNull().default(0),
  },
  (t) => [
    index('bidding_lines_bidding_idx').on(t.biddingId, t.no),
    /** the halls' category search */
    index('bidding_lines_category_idx').on(t.categoryId, t.biddingId),
  ],
);

/**
 * A provider company's response to a bidding (spec/2 §3 "Response"): one per company and project (a withdrawn one
 * stays, so that the company cannot respond again). `status` is OFFER_STATUS, moved with the bidding by
 * OFFER_MACHINE's `bidding` rows. `selected` marks the comprehensive choice, or any allocation on an itemised project.
 */
export const biddingOffers = pgTable(
  'bidding_offers',
  {
    id: serial('id').primaryKey(),
    biddingId: integer('bidding_id').notNull(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    status: smallint('status').notNull().default(1),
    contacts: varchar('contacts', { length: 20 }).notNull(),
    tel: varchar('tel', { length: 20 }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    selected: smallint('selected').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bidding_offers_once_idx').on(t.biddingId, t.companyId),
    index('bidding_offers_company_idx').on(t.companyId, t.status, t.id),
  ],
);

/**
 * A quote on one request line (rid): bare-tax unit price (fen, 2 decimals), integer tax rate (percent), quantity,
 * entry/exit fee (fen; 0 unless the line's inout is 2 or 3) and the tax-inclusive unit price computed on the server
 * (taxInclusiveFen). `select` / `allotNum`: the tenant's allocation to this quote (itemised).
 */
export const biddingOfferLines = pgTable(
  'bidding_offer_lines',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id').notNull(),
    biddingId: integer('bidding_id').notNull(),
    lineId: integer('line_id').notNull(),
    companyId: integer('company_id').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    rate: smallint('rate').notNull(),
    num: integer('num').notNull(),
    inoutPrice: bigint('inout_price', { mode: 'number' }).notNull().default(0),
    taxTotal: bigint('tax_total', { mode: 'number' }).notNull(),
    select: smallint('select').notNull().default(0),
    allotNum: integer('allot_num').notNull().default(0),
  },
  (t) => [
    uniqueIndex('bidding_offer_lines_once_idx').on(t.offerId, t.lineId),
    index('bidding_offer_lines_line_idx').on(t.lineId, t.id),
    index('bidding_offer_lines_bidding_idx').on(t.biddingId),
  ],
);
