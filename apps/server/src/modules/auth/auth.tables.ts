import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  char,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 11 }).notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    username: varchar('username', { length: 50 }).notNull(),
    avatar: text('avatar').notNull().default(''),
    /** 1 once the nickname has been changed (it may change once). */
    nickNameStatus: smallint('nick_name_status').notNull().default(0),
    /** 'user' or 'admin' (platform staff). */
    role: varchar('role', { length: 16 }).notNull().default('user'),
    /** membership level: A (free), AA, AAA. */
    level: varchar('level', { length: 4 }).notNull().default('A'),
    /** member_profile.type: 1 personal, 2 enterprise. */
    profileType: smallint('profile_type').notNull().default(1),
    /** Balances; the ledgers of the points module are the history behind them. */
    peas: bigint('peas', { mode: 'number' }).notNull().default(0),
    gold: bigint('gold', { mode: 'number' }).notNull().default(0),
    /** 1 active, 0 disabled by the platform. */
    status: smallint('status').notNull().default(1),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_peas_nonneg', sql`${t.peas} >= 0`), check('users_gold_nonneg', sql`${t.gold} >= 0`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // the expiry index serves the purge job (auth.repo purgeExpiredSessions)
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 11 }).notNull(),
    /** register | login | reset | old_mobile | new_mobile | member_add | auth */
    scene: varchar('scene', { length: 20 }).notNull(),
    codeHash: char('code_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)],
);

/** Fixed-window counters for rate limits when no Redis is configured (login failures, request throttles). */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: varchar('key', { length: 200 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_counters_expires_idx').on(t.expiresAt)],
);
