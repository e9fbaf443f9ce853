import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
  bigint,
} from 'drizzle-orm/pg-core';

/**
 * Payments of an order (spec/2 §3 Payment): one per settled settlement (unique), in fen. pay_amount is what the
 * tenant owes the platform (the settlement's tax_total); provider_amount what the platform owes the provider (its
 * provider_total). tenant_paid and provider_paid are sums of the ledger below, kept on the row for lists. State 1 to
 * sign, 2 to finance, 3 completed, 4 returned (the platform corrects and re-issues it: to sign again).
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    sn: varchar('sn', { length: 32 }).notNull(),
    orderId: integer('order_id').notNull(),
    settleId: integer('settle_id').notNull(),
    /** the settlement's number and month, copied when the payment opens (a settled settlement no longer changes) */
    settleSn: varchar('settle_sn', { length: 40 }).notNull(),
    month: varchar('month', { length: 7 }).notNull(),
    tenantCompanyId: integer('tenant_company_id').notNull(),
    providerCompanyId: integer('provider_company_id').notNull(),
    payAmount: bigint('pay_amount', { mode: 'number' }).notNull(),
    providerAmount: bigint('provider_amount', { mode: 'number' }).notNull(),
    tenantPaid: bigint('tenant_paid', { mode: 'number' }).notNull().default(0),
    /** what left the platform for the provider (a financing's applied amount, or the platform's own transfer) */
    providerPaid: bigint('provider_paid', { mode: 'number' }).notNull().default(0),
    /** what reached the provider (a financing's amount less its interest) */
    providerReceived: bigint('provider_received', { mode: 'number' }).notNull().default(0),
    cashDate: date('cash_date', { mode: 'string' }).notNull(),
    claimNo: varchar('claim_no', { length: 32 }).notNull().default(''),
    state: smallint('state').notNull().default(1),
    /** the provider's reason of its return (cleared when the platform re-issues the payment) */
    reason: varchar('reason', { length: 100 }).notNull().default(''),
    /** the platform's note of its latest correction of a returned payment (what it changed and why) */
    note: varchar('note', { length: 100 }).notNull().default(''),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedBy: integer('signed_by'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_payments_sn_idx').on(t.sn),
    uniqueIndex('order_payments_settle_idx').on(t.settleId),
    index('order_payments_order_idx').on(t.orderId, t.state, t.id),
    index('order_payments_provider_idx').on(t.providerCompanyId, t.state),
    index('order_payments_tenant_idx').on(t.tenantCompanyId),
  ],
);

/**
 * Financing applications of a payment (spec/2 §3 Financing) at the finance provider: order_no is the application's
 * number there (unique); at most one live application (4 review, 5 to sign) per payment. Amounts in fen, the rate in
 * basis points a year.
 */
export const paymentFinancings = pgTable(
  'payment_financings',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id').notNull(),
    orderId: integer('order_id').notNull(),
    providerCompanyId: integer('provider_company_id').notNull(),
    orderNo: varchar('order_no', { length: 40 }).notNull(),
    applyAmount: bigint('apply_amount', { mode: 'number' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    interest: bigint('interest', { mode: 'number' }).notNull(),
    realPayAmount: bigint('real_pay_amount', { mode: 'number' }).notNull().default(0),
    payDate: date('pay_date', { mode: 'string' }),
    status: smallint('status').notNull().default(4),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_financings_no_idx').on(t.orderNo),
    uniqueIndex('payment_financings_live_idx')
      .on(t.paymentId)
      .where(sql`${t.status} in (4, 5)`),
    index('payment_financings_order_idx').on(t.orderId, t.id),
  ],
);

/**
 * The money ledger of payments, append-only: the tenant's transfers to the platform (tenant_in), the platform's to
 * the provider (payout) and financing loans (loan). biz_key is unique (the bank serial, the application number), so a
 * repeated record books nothing.
 */
export const orderPaymentFlows = pgTable(
  'order_payment_flows',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    bizKey: varchar('biz_key', { length: 64 }).notNull(),
    paidDate: date('paid_date', { mode: 'string' }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_payment_flows_key_idx').on(t.bizKey),
    index('order_payment_flows_payment_idx').on(t.paymentId, t.id),
  ],
);
