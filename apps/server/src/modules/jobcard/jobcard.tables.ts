import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Operators' job cards (求职卡, spec/3 §3): personal (user_id), status per CARD_MACHINE (1 待审核, 2 求职中, 3 已找到工作,
 * 4 已关闭, 5 审核失败 with `audit_reason`). A user has at most one live card (1, 2, 5): the partial unique index holds
 * that under concurrency; ended cards (3, 4) are the history. Categories keep the order the operator chose.
 * The counters (browse, comment, like) live with the comments in labour_counters.
 */
export const jobCards = pgTable(
  'job_cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    categories: integer('categories').array().notNull(),
    drivingAge: smallint('driving_age').notNull(),
    content: varchar('content', { length: 200 }).notNull(),
    province: integer('province').notNull(),
    city: integer('city').notNull(),
    area: integer('area').notNull(),
    address: varchar('address', { length: 100 }).notNull(),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    status: smallint('status').notNull().default(1),
    auditReason: varchar('audit_reason', { length: 200 }).notNull().default(''),
    /** the console's keyword search (platform/grams.ts): content, address and region names, with their grams */
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
    uniqueIndex('job_cards_one_live_idx')
      .on(t.userId)
      .where(sql`${t.status} in (1, 2, 5)`),
    index('job_cards_user_idx').on(t.userId, t.status, t.id),
    index('job_cards_status_idx').on(t.status, t.id),
    index('job_cards_grams_idx').using('gin', t.searchGrams),
    /** the console's queue by category */
    index('job_cards_categories_idx').using('gin', t.categories),
    /** the operators' hall without a category: passed cards only, newest first (a page walks the index, no sort) */
    index('job_cards_hall_idx')
      .on(t.id)
      .where(sql`${t.status} = 2::smallint`),
    index('job_cards_hall_province_idx')
      .on(t.province, t.id)
      .where(sql`${t.status} = 2::smallint`),
    index('job_cards_hall_city_idx')
      .on(t.city, t.id)
      .where(sql`${t.status} = 2::smallint`),
  ],
);

/**
 * The hall by category: one row per category of each passed card (written when a card passes review, removed when it
 * leaves status 2), with the card's region, so a category page with or without a region walks one index newest first.
 */
export const jobCardHall = pgTable(
  'job_card_hall',
  {
    categoryId: integer('category_id').notNull(),
    cardId: integer('card_id').notNull(),
    province: integer('province').notNull(),
    city: integer('city').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.cardId] }),
    index('job_card_hall_card_idx').on(t.cardId),
    index('job_card_hall_province_idx').on(t.categoryId, t.province, t.cardId),
    index('job_card_hall_city_idx').on(t.categoryId, t.city, t.cardId),
  ],
);

/** Certificates of a card (at most 3): name and image. */
export const jobCardCerts = pgTable(
  'job_card_certs',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => jobCards.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: varchar('name', { length: 15 }).notNull(),
    img: varchar('img', { length: 200 }).notNull(),
  },
  (t) => [index('job_card_certs_card_idx').on(t.cardId, t.position)],
);

/** Work experiences of a card (at most 3): project name, project address, photo. */
export const jobCardExperiences = pgTable(
  'job_card_experiences',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => jobCards.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: varchar('name', { length: 20 }).notNull(),
    address: varchar('address', { length: 20 }).notNull(),
    img: varchar('img', { length: 200 }).notNull(),
  },
  (t) => [index('job_card_experiences_card_idx').on(t.cardId, t.position)],
);
