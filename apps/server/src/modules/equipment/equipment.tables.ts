import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Equipment listings (spec/1 §3 "Equipment listing"): a company's machine offered for direct rental. Rents are
 * integer fen. `reviewStatus` is the spec's is_lease (0 in review, 1 approved, 2 rejected), `onSell` its on_sell
 * (1 listed, 2 delisted), `state` 1 to rent / 2 rented out, `hasLease` set by the rental chain while a lease runs.
 * Only approved + listed + not deleted listings are public; the market keeps its own read model of them
 * (market.service syncMarketListing), which the equipment service refreshes at every change.
 */
export const equipmentListings = pgTable(
  'equipment_listings',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    /** who created it (the uploader of its images) */
    userId: integer('user_id').notNull(),
    categoryId: integer('category_id').notNull(),
    groupId: integer('group_id').notNull(),
    productId: integer('product_id').notNull(),
    /** product_another_name: ≤ 10 characters, required when the product is 'other' */
    productAlias: varchar('product_alias', { length: 10 }).notNull().default(''),
    model: varchar('model', { length: 50 }).notNull(),
    /** playing_time: date of manufacture, at most today − 10 days */
    playingTime: date('playing_time', { mode: 'string' }).notNull(),
    monthlyRent: integer('monthly_rent').notNull(),
    rentRent: integer('rent_rent').notNull().default(0),
    hourlyRent: integer('hourly_rent').notNull().default(0),
    brand: varchar('brand', { length: 50 }).notNull().default(''),
    workingHours: integer('working_hours').notNull().default(0),
    explain: varchar('explain', { length: 1000 }).notNull().default(''),
    /** appearance_image: 2–8 addresses (/uploads/ep/…), in order */
    images: jsonb('images').$type<string[]>().notNull(),
    cover: varchar('cover', { length: 300 }).notNull(),
    nameplate: varchar('nameplate', { length: 300 }).notNull(),
    serialType: smallint('serial_type').notNull(),
    serialNumber: varchar('serial_number', { length: 50 }).notNull(),
    /** cs: spec parameter values keyed by the product's parameter key */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    /** attribute: chosen property values, joined by a hyphen */
    attribute: varchar('attribute', { length: 200 }).notNull().default(''),
    /** company: the units of the parameters, joined by a hyphen (the spec's field name) */
    units: varchar('units', { length: 200 }).notNull().default(''),
    province: integer('province').notNull(),
    city: integer('city').notNull(),
    area: integer('area').notNull(),
    address: varchar('address', { length: 200 }).notNull(),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    state: smallint('state').notNull().default(1),
    hasLease: boolean('has_lease').notNull().default(false),
    reviewStatus: smallint('review_status').notNull().default(0),
    reviewReason: varchar('review_reason', { length: 200 }).notNull().default(''),
    reviewerId: integer('reviewer_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    onSell: smallint('on_sell').notNull().default(1),
    /** what the public sees is the last approved version; an edit in review keeps the listing off the market */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** free-text note kept for staff (not shown to the public) */
    staffNote: text('staff_note').notNull().default(''),
  },
  (t) => [
    index('equipment_listings_company_idx')
      .on(t.companyId, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('equipment_listings_queue_idx')
      .on(t.reviewStatus, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);
