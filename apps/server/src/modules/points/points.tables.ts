import {
  bigint,
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
 * The append-only ledger of beans (peas) and coins (gold). A row is never updated after its booking transaction;
 * users.peas / users.gold hold the running balance that the rows add up to. `biz_key` names the business event
 * (for example `sign:2026-11-22`, `pay:P2026…`): unique per user and currency, so one event is never booked twice.
 */
export const pointLedger = pgTable(
  'point_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** peas | gold */
    currency: varchar('currency', { length: 4 }).notNull(),
    /** POINT_TYPES code */
    type: smallint('type').notNull(),
    /** signed: + gain, − pay */
    change: bigint('change', { mode: 'number' }).notNull(),
    /** balance of this currency after the row */
    balance: bigint('balance', { mode: 'number' }).notNull(),
    /** the money behind the row, in fen (a coin purchase), else null */
    sourceAmount: bigint('source_amount', { mode: 'number' }),
    /** the order or event number behind the row */
    sourceSn: varchar('source_sn', { length: 40 }).notNull().default(''),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    bizKey: varchar('biz_key', { length: 80 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('point_ledger_biz_uq').on(t.userId, t.currency, t.bizKey),
    index('point_ledger_list_idx').on(t.userId, t.currency, t.createdAt, t.id),
    index('point_ledger_type_idx').on(t.userId, t.currency, t.type, t.createdAt),
  ],
);

/**
 * One row per user and Asia/Shanghai day signed in: the unique (user, day) is what makes a second sign-in of the same
 * day (two clicks, two tabs, two servers) change nothing. `continuous` is the streak length that day.
 */
export const pointSignIns = pgTable(
  'point_sign_in',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    signDate: date('sign_date', { mode: 'string' }).notNull(),
    continuous: integer('continuous').notNull(),
    /** beans booked for it */
    peas: integer('peas').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('point_sign_in_day_uq').on(t.userId, t.signDate)],
);

/**
 * The platform's point settings that staff edit in the admin console (sign-in rewards, the bean-to-coin ratio), one
 * JSON value per key. A key without a row means the built-in default.
 */
export const pointSettings = pgTable('point_settings', {
  key: varchar('key', { length: 40 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
