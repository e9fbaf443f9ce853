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
import { users } from '../auth/auth.tables';
import { companies } from '../company/company.tables';

/** Personal verification submissions; the newest row of a user is the current one (statuses of constants/verify). */
export const personAuths = pgTable(
  'person_auths',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 30 }).notNull(),
    /** ID card number, encrypted: ev1:… (platform/crypto.ts) */
    card: text('card').notNull(),
    /** blind index of the ID number (HMAC): "already verified by another account" without decrypting */
    cardIndex: varchar('card_index', { length: 64 }),
    /** the number as pages show it (maskIdCard: 110101********1234), so reads never decrypt */
    cardMask: varchar('card_mask', { length: 18 }),
    cardFace: varchar('card_face', { length: 300 }).notNull(),
    cardBack: varchar('card_back', { length: 300 }).notNull(),
    /** 3 in review, 1 passed, 2 rejected */
    status: smallint('status').notNull().default(3),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('person_auths_user_idx').on(t.userId, t.id),
    index('person_auths_queue_idx').on(t.status, t.id),
    // one open submission per user, and one ID card verified for one account only
    uniqueIndex('person_auths_pending_uq')
      .on(t.userId)
      .where(sql`${t.status} = 3`),
    uniqueIndex('person_auths_card_uq')
      .on(t.cardIndex)
      .where(sql`${t.status} = 1`),
  ],
);

/** Company verification submissions; the newest row of a company is the current one. */
export const companyAuths = pgTable(
  'company_auths',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    registNo: varchar('regist_no', { length: 18 }).notNull(),
    legal: varchar('legal', { length: 30 }).notNull(),
    province: integer('province').notNull(),
    city: integer('city').notNull(),
    area: integer('area').notNull(),
    address: varchar('address', { length: 200 }).notNull(),
    registeredAssets: integer('registered_assets').notNull(),
    foundDate: date('found_date').notNull(),
    charter: varchar('charter', { length: 300 }).notNull(),
    registrant: varchar('registrant', { length: 30 }).notNull(),
    /** the registrant's ID card number, encrypted: ev1:… */
    card: text('card').notNull(),
    /** the number as pages show it (maskIdCard) */
    cardMask: varchar('card_mask', { length: 18 }),
    cardFace: varchar('card_face', { length: 300 }).notNull(),
    cardBack: varchar('card_back', { length: 300 }).notNull(),
    certificate: varchar('certificate', { length: 300 }).notNull(),
    tel: varchar('tel', { length: 11 }).notNull(),
    status: smallint('status').notNull().default(3),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('company_auths_company_idx').on(t.companyId, t.id),
    index('company_auths_queue_idx').on(t.status, t.id),
    uniqueIndex('company_auths_pending_uq')
      .on(t.companyId)
      .where(sql`${t.status} = 3`),
    uniqueIndex('company_auths_regist_uq')
      .on(t.registNo)
      .where(sql`${t.status} = 1`),
  ],
);

/**
 * Advanced third-party verification orders: one per attempt; the verifier's callback decides it once. While one is
 * open (WAITING, not expired) a new start answers its page instead of a second order (constants/verify).
 */
export const advancedAuths = pgTable(
  'advanced_auths',
  {
    id: serial('id').primaryKey(),
    /** the order number the verifier knows (random, unguessable) */
    no: varchar('no', { length: 40 }).notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 20 }).notNull(),
    /** WAITING, PASSED, REFUSED, EXPIRED */
    state: varchar('state', { length: 10 }).notNull().default('WAITING'),
    /** the verifier's page for this order, answered again while the order is open */
    url: varchar('url', { length: 500 }).notNull().default(''),
    /** the verifier's reason for a refusal, when its callback carries one */
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** after this a WAITING order is no longer open. Every new row sets it; the default expires rows older than it */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('advanced_auths_company_idx').on(t.companyId, t.id)],
);
