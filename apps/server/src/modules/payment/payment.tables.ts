import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * One order per business purchase (coin package, membership year, training fee). Its state moves only
 * WAITING → SUCCESS (the channel's notify, compare-and-set) or WAITING → CLOSED (10 minutes unpaid).
 */
export const payOrders = pgTable(
  'pay_order',
  {
    id: serial('id').primaryKey(),
    orderSn: varchar('order_sn', { length: 40 }).notNull(),
    /** coin | member | reg */
    kind: varchar('kind', { length: 12 }).notNull(),
    userId: integer('user_id').notNull(),
    companyId: integer('company_id'),
    subject: varchar('subject', { length: 60 }).notNull(),
    /** fen */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** wx | chinaums | alipay */
    payType: varchar('pay_type', { length: 12 }).notNull(),
    /** WAITING | SUCCESS | CLOSED */
    state: varchar('state', { length: 8 }).notNull().default('WAITING'),
    /** what the kind's paid hook needs: the package or level bought, as seen at order time */
    payload: jsonb('payload').notNull().default({}),
    tradeNo: varchar('trade_no', { length: 64 }).notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pay_order_sn_uq').on(t.orderSn),
    index('pay_order_user_idx').on(t.userId, t.createdAt),
    index('pay_order_waiting_idx').on(t.state, t.expiresAt),
  ],
);

/** One row per submit to a channel; `no` is the number the channel knows (the sandbox page's :no). */
export const payAttempts = pgTable(
  'pay_attempt',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => payOrders.id, { onDelete: 'cascade' }),
    no: varchar('no', { length: 40 }).notNull(),
    channel: varchar('channel', { length: 16 }).notNull(),
    payType: varchar('pay_type', { length: 12 }).notNull(),
    codeUrl: text('code_url').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pay_attempt_no_uq').on(t.no), index('pay_attempt_order_idx').on(t.orderId)],
);

/** Every notify received, forged or not, with what it did: the audit trail of money coming in. */
export const payNotifyLog = pgTable(
  'pay_notify_log',
  {
    id: serial('id').primaryKey(),
    channel: varchar('channel', { length: 16 }).notNull(),
    orderSn: varchar('order_sn', { length: 40 }).notNull().default(''),
    signOk: boolean('sign_ok').notNull(),
    /** booked | duplicate | late | bad_sign | bad_amount | unknown */
    result: varchar('result', { length: 12 }).notNull(),
    body: text('body').notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pay_notify_sn_idx').on(t.orderSn)],
);

/** Coin packages kept by the admin: amount in fen, value and give in coins. */
export const coinPackages = pgTable('coin_package', {
  id: serial('id').primaryKey(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  value: integer('value').notNull(),
  give: integer('give').notNull().default(0),
  sort: smallint('sort').notNull().default(0),
  /** 1 on sale, 0 off */
  status: smallint('status').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row (id 1): 1 yuan = gold_avg coins; bonus beans = yuan amount × gold_peas. */
export const coinSettings = pgTable('coin_setting', {
  id: smallint('id').primaryKey(),
  goldAvg: integer('gold_avg').notNull(),
  goldPeas: integer('gold_peas').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox channel's own books (its "bank"): one row per attempt its payer paid, written when the payer pays and
 * before any notify leaves. Only the sandbox adapter (platform/payment.ts) reads and writes it, as a real channel
 * keeps its records on its side: a query after a crash answers from here, whatever the merchant's tables say.
 */
export const sandboxPayments = pgTable(
  'sandbox_payment',
  {
    id: serial('id').primaryKey(),
    /** the attempt number the channel knows */
    no: varchar('no', { length: 40 }).notNull(),
    orderSn: varchar('order_sn', { length: 40 }).notNull(),
    /** fen */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    tradeNo: varchar('trade_no', { length: 64 }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_payment_no_uq').on(t.no)],
);

/**
 * The sandbox's outgoing notifies: retried on a back-off schedule until the merchant acknowledges (HTTP 200), as
 * WeChat Pay and Alipay do. `next_at` null: the schedule is exhausted (the merchant's reconciliation still settles the
 * order by querying the channel).
 */
export const sandboxNotifies = pgTable(
  'sandbox_notify',
  {
    id: serial('id').primaryKey(),
    no: varchar('no', { length: 40 }).notNull(),
    /** the signed body, as sent every time */
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: varchar('last_error', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_notify_no_uq').on(t.no), index('sandbox_notify_due_idx').on(t.nextAt)],
);
