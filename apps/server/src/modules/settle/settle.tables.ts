import { sql } from 'drizzle-orm';
import {
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
  bigint,
} from 'drizzle-orm/pg-core';

/**
 * Settlements of an order (spec/2 §3 Settlement): a month of an order in progress, in fen. The platform's service fee
 * (ser_total, at the ratio in force when it was made) and the provider's share (provider_total) are fixed at creation
 * and on each edit. Status 0 to confirm, 1 settled, 2 voided, 3 to receive the platform's invoice, 4 received.
 */
export const orderSettlements = pgTable(
  'order_settlements',
  {
    id: serial('id').primaryKey(),
    sn: varchar('sn', { length: 32 }).notNull(),
    orderId: integer('order_id').notNull(),
    tenantCompanyId: integer('tenant_company_id').notNull(),
    providerCompanyId: integer('provider_company_id').notNull(),
    settleSn: varchar('settle_sn', { length: 40 }).notNull(),
    month: varchar('month', { length: 7 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    taxTotal: bigint('tax_total', { mode: 'number' }).notNull(),
    draftTotal: bigint('draft_total', { mode: 'number' }).notNull().default(0),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    serRatioBp: integer('ser_ratio_bp').notNull(),
    serTotal: bigint('ser_total', { mode: 'number' }).notNull(),
    providerTotal: bigint('provider_total', { mode: 'number' }).notNull(),
    attachment: jsonb('attachment').$type<string[]>().notNull().default([]),
    status: smallint('status').notNull().default(0),
    lessorAffirm: smallint('lessor_affirm').notNull().default(0),
    providerAffirm: smallint('provider_affirm').notNull().default(0),
    invState: smallint('inv_state').notNull().default(0),
    leState: smallint('le_state').notNull().default(0),
    leInvNo: varchar('le_inv_no', { length: 20 }).notNull().default(''),
    leInvDate: date('le_inv_date', { mode: 'string' }),
    /** where the platform's invoice goes, set by the tenant (setInvAddress); empty: the order's order_invoice_address */
    rcvName: varchar('rcv_name', { length: 30 }).notNull().default(''),
    rcvPhone: varchar('rcv_phone', { length: 20 }).notNull().default(''),
    rcvProvince: integer('rcv_province'),
    rcvCity: integer('rcv_city'),
    rcvArea: integer('rcv_area'),
    rcvAddress: varchar('rcv_address', { length: 100 }).notNull().default(''),
    rcvRemark: varchar('rcv_remark', { length: 100 }).notNull().default(''),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_settlements_sn_idx').on(t.sn),
    index('order_settlements_order_idx').on(t.orderId, t.status, t.id),
    /** the console's queue: settled with the provider's invoices submitted, the platform's not yet issued */
    index('order_settlements_issue_idx')
      .on(t.id)
      .where(sql`${t.status} = 1 and ${t.invState} = 1 and ${t.leState} = 0`),
  ],
);

/** The provider's invoices to the platform for a settlement (spec/2 §3 Invoice). Amounts in fen. */
export const settleInvoices = pgTable(
  'settle_invoices',
  {
    id: serial('id').primaryKey(),
    settleId: integer('settle_id').notNull(),
    invoiceType: smallint('invoice_type').notNull(),
    invId: varchar('inv_id', { length: 12 }).notNull(),
    invNo: varchar('inv_no', { length: 8 }).notNull(),
    invDate: date('inv_date', { mode: 'string' }).notNull(),
    invAmount: bigint('inv_amount', { mode: 'number' }).notNull().default(0),
    taxRate: smallint('tax_rate').notNull().default(0),
    invTaxAmount: bigint('inv_tax_amount', { mode: 'number' }).notNull(),
    verifyNo: varchar('verify_no', { length: 6 }).notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('settle_invoices_settle_idx').on(t.settleId, t.id),
    uniqueIndex('settle_invoices_number_idx').on(t.invId, t.invNo),
  ],
);
