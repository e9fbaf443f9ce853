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
 * Rental orders (spec/2 §3 "Rental order"): the platform (party B) between the tenant (A) and a provider (C), created
 * as drafts (status 0) from a completed bidding, one per selected provider. The tenant's confirmation form fills the
 * project, party, invoicing and receiver fields (a snapshot: a later change of the company's invoice profile does not
 * rewrite a submitted order); the provider's confirmation the payee account. Money is integer fen; account numbers
 * are encrypted at rest (the vault's 'bank_no' purpose).
 */
export const rentalOrders = pgTable(
  'rental_orders',
  {
    id: serial('id').primaryKey(),
    sn: varchar('sn', { length: 32 }).notNull(),
    biddingId: integer('bidding_id'),
    offerId: integer('offer_id'),
    classify: smallint('classify').notNull(),
    tenantCompanyId: integer('tenant_company_id').notNull(),
    providerCompanyId: integer('provider_company_id').notNull(),
    /** 0 draft, 1 submitted, 2 confirmed, 3 later, 4 closed, 5 returned (spec/2 §4) */
    status: smallint('status').notNull().default(0),
    providerStatus: smallint('provider_status').notNull().default(0),
    projectName: varchar('project_name', { length: 50 }).notNull(),
    projectType: smallint('project_type').notNull(),
    projectAddress: varchar('project_address', { length: 50 }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    paymentType: smallint('payment_type').notNull(),
    tenantContacts: varchar('tenant_contacts', { length: 20 }).notNull().default(''),
    tenantTel: varchar('tenant_tel', { length: 20 }).notNull().default(''),
    providerContacts: varchar('provider_contacts', { length: 20 }).notNull().default(''),
    providerTel: varchar('provider_tel', { length: 20 }).notNull().default(''),
    /** the close reason */
    reason: varchar('reason', { length: 50 }).notNull().default(''),
    returnReason: varchar('return_reason', { length: 50 }).notNull().default(''),
    /** the tenant's invoicing (order_invoice): 0 special VAT, 1 ordinary; title and tax number from the company register */
    invType: smallint('inv_type'),
    invTitle: varchar('inv_title', { length: 100 }).notNull().default(''),
    invNo: varchar('inv_no', { length: 30 }).notNull().default(''),
    invAddress: varchar('inv_address', { length: 100 }).notNull().default(''),
    invTel: varchar('inv_tel', { length: 30 }).notNull().default(''),
    invBank: varchar('inv_bank', { length: 50 }).notNull().default(''),
    invBankNo: varchar('inv_bank_no', { length: 200 }).notNull().default(''),
    /** where the invoice goes (order_invoice_address) */
    rcvName: varchar('rcv_name', { length: 30 }).notNull().default(''),
    rcvPhone: varchar('rcv_phone', { length: 20 }).notNull().default(''),
    rcvProvince: integer('rcv_province'),
    rcvCity: integer('rcv_city'),
    rcvArea: integer('rcv_area'),
    rcvAddress: varchar('rcv_address', { length: 100 }).notNull().default(''),
    rcvRemark: varchar('rcv_remark', { length: 100 }).notNull().default(''),
    /** the provider's payee account (order_payee) and its agreement to the platform's supply-chain finance */
    payeeBank: varchar('payee_bank', { length: 50 }).notNull().default(''),
    payeeBankNo: varchar('payee_bank_no', { length: 200 }).notNull().default(''),
    financeAgreed: smallint('finance_agreed').notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** when the tenant completed the order: the 30-day review window starts here (modules/review) */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rental_orders_sn_idx').on(t.sn),
    /** one order per selected response: createOrder is idempotent */
    uniqueIndex('rental_orders_offer_idx')
      .on(t.offerId)
      .where(sql`${t.offerId} is not null`),
    index('rental_orders_tenant_idx').on(t.tenantCompanyId, t.status, t.id),
    index('rental_orders_provider_idx').on(t.providerCompanyId, t.status, t.id),
    /** the provider's list: only orders submitted at least once (a draft is the tenant's own) */
    index('rental_orders_provider_seen_idx')
      .on(t.providerCompanyId, t.id)
      .where(sql`${t.submittedAt} is not null`),
    index('rental_orders_bidding_idx').on(t.biddingId),
  ],
);

/** An order line (spec/2 §3 "Order request line"): what was allocated of a request line, at the quote's prices. */
export const rentalOrderLines = pgTable(
  'rental_order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    biddingLineId: integer('bidding_line_id'),
    productId: integer('product_id').notNull(),
    model: varchar('model', { length: 50 }).notNull().default(''),
    num: integer('num').notNull(),
    unit: smallint('unit').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    rate: smallint('rate').notNull(),
    taxTotal: bigint('tax_total', { mode: 'number' }).notNull(),
    inoutPrice: bigint('inout_price', { mode: 'number' }).notNull().default(0),
    enterDate: date('enter_date', { mode: 'string' }),
    /** the entry date the order was created with: an edit may not move the entry before it (spec/2 §5) */
    origEnterDate: date('orig_enter_date', { mode: 'string' }),
  },
  (t) => [index('rental_order_lines_order_idx').on(t.orderId, t.id)],
);
