import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Hiring demands (招聘需求, spec/3 §3): a hirer's call for a machine operator, reviewed by the platform, public in the
 * hiring hall while hiring. `companyId` is the company context the demand was published in (its list), `userId` the
 * publisher (personally verified; the system messages and the phone on the public page are theirs). `auditStatus`
 * follows RECRUIT_MACHINE (1 pending, 2 hiring, 3 succeeded, 4 closed, 5 rejected with `auditReason`). Salaries are whole
 * yuan a month, both 0 when negotiable (1).
 */
export const recruits = pgTable(
  'recruits',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    /** one machine category of the `category` dictionary (OPERATOR_CATEGORIES) */
    resumeCategory: smallint('resume_category').notNull(),
    province: integer('province').notNull(),
    city: integer('city').notNull(),
    area: integer('area').notNull(),
    address: varchar('address', { length: 100 }).notNull(),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    workingDays: integer('working_days').notNull(),
    salaryMin: integer('salary_min').notNull().default(0),
    salaryMax: integer('salary_max').notNull().default(0),
    negotiation: smallint('negotiation').notNull().default(2),
    content: varchar('content', { length: 200 }).notNull(),
    auditStatus: smallint('audit_status').notNull().default(1),
    auditReason: varchar('audit_reason', { length: 200 }).notNull().default(''),
    /** the region's names and the detail address, normalised (platform/grams): the owner's region keyword */
    regionText: text('region_text').notNull().default(''),
    /** region, address and content, normalised, and their character grams: the console's keyword (platform/grams) */
    searchBody: text('search_body').notNull().default(''),
    searchGrams: integer('search_grams')
      .array()
      .notNull()
      .default(sql`'{}'::int4[]`),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    /** the owner's list: all, or one tab, newest first */
    index('recruits_company_idx').on(t.companyId, t.id),
    index('recruits_company_status_idx').on(t.companyId, t.auditStatus, t.id),
    /** the console's queue by status, and the hall with no filter (status 2) */
    index('recruits_status_idx').on(t.auditStatus, t.id),
    /** the hall by category, province or city: hiring demands only, newest first (a page walks the index, no sort) */
    index('recruits_hall_category_idx')
      .on(t.resumeCategory, t.id)
      .where(sql`${t.auditStatus} = 2::smallint`),
    index('recruits_hall_province_idx')
      .on(t.province, t.id)
      .where(sql`${t.auditStatus} = 2::smallint`),
    index('recruits_hall_city_idx')
      .on(t.city, t.id)
      .where(sql`${t.auditStatus} = 2::smallint`),
    index('recruits_grams_idx').using('gin', t.searchGrams),
  ],
);

/**
 * Who saw whose phone on a hiring demand's public page, and when (spec/3: the hirer's phone is shown only to
 * personally verified users; every reveal is kept). Append-only.
 */
export const recruitPhoneViews = pgTable(
  'recruit_phone_views',
  {
    id: serial('id').primaryKey(),
    recruitId: integer('recruit_id').notNull(),
    viewerId: integer('viewer_id').notNull(),
    /** the publisher whose phone was shown */
    ownerId: integer('owner_id').notNull(),
    ip: varchar('ip', { length: 45 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recruit_phone_views_recruit_idx').on(t.recruitId, t.id),
    index('recruit_phone_views_viewer_idx').on(t.viewerId, t.createdAt),
    index('recruit_phone_views_owner_idx').on(t.ownerId, t.createdAt),
  ],
);
