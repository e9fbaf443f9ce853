import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * A company's shop (spec/1 §3 shop application): one per company. status 0 not set up, 1 in review, -1 rejected,
 * 2 approved (decorated and public; SHOP_MACHINE). The focus image (shop_cover, cover_status) is the shop's own:
 * one per shop, reviewed apart from the application (COVER_MACHINE).
 */
export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    shopName: varchar('shop_name', { length: 30 }).notNull(),
    companyCategory: smallint('company_category').notNull(),
    /** comma-joined ids of SHOP_MAIN_BUSINESSES, at most 3 */
    mainBusiness: varchar('main_business', { length: 60 }).notNull(),
    mainProduct: varchar('main_product', { length: 100 }).notNull(),
    serviceArea: varchar('service_area', { length: 100 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    productNumber: integer('product_number').notNull(),
    employeeNumber: smallint('employee_number').notNull(),
    companyDesc: text('company_desc').notNull(),
    /** /uploads/shop/… */
    companyLogo: varchar('company_logo', { length: 300 }).notNull(),
    status: smallint('status').notNull().default(1),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    shopCover: varchar('shop_cover', { length: 300 }).notNull().default(''),
    coverStatus: smallint('cover_status').notNull().default(0),
    coverReason: varchar('cover_reason', { length: 200 }).notNull().default(''),
    coverAt: timestamp('cover_at', { withTimezone: true }),
    createdBy: integer('created_by').notNull(),
    reviewerId: integer('reviewer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('shops_company_uq').on(t.companyId),
    index('shops_queue_idx').on(t.status, t.id),
    index('shops_cover_queue_idx').on(t.coverStatus, t.id),
  ],
);

/** Hot-rent devices of a shop (at most 3): approved listings of the shop's company, on shelf while the row lives. */
export const shopHotDevices = pgTable(
  'shop_hot_devices',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull(),
    listingId: integer('listing_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shop_hot_devices_uq').on(t.shopId, t.listingId)],
);

/** Engineering cases: 0 awaiting review, 1 success, -1 failed, 2 deleted (CASE_MACHINE). */
export const shopCases = pgTable(
  'shop_cases',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull(),
    companyId: integer('company_id').notNull(),
    title: varchar('title', { length: 50 }).notNull(),
    cover: varchar('cover', { length: 300 }).notNull(),
    content: text('content').notNull(),
    status: smallint('status').notNull().default(0),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by').notNull(),
    reviewerId: integer('reviewer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('shop_cases_shop_idx')
      .on(t.shopId, t.id)
      .where(sql`${t.status} <> 2`),
    index('shop_cases_queue_idx').on(t.status, t.id),
  ],
);

/** Honours (at most 4 live): 0 under review, 1 approved, -1 rejected, -2 deleted (HONOUR_MACHINE). */
export const shopHonours = pgTable(
  'shop_honours',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    img: varchar('img', { length: 300 }).notNull(),
    status: smallint('status').notNull().default(0),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by').notNull(),
    reviewerId: integer('reviewer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('shop_honours_shop_idx')
      .on(t.shopId, t.id)
      .where(sql`${t.status} <> -2`),
    index('shop_honours_queue_idx').on(t.status, t.id),
  ],
);
