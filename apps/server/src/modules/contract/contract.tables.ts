import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Contracts of a rental order (spec/2 §3 Contract): the tenant uploads a PDF with its number, name, date and seal;
 * the provider signs it here (the local signer stamps both parties and appends the certificate and audit pages); the
 * SHA-256 of the signed file is what /site/verify looks up. Status 0 to sign, 1 effective, 2 voided.
 */
export const orderContracts = pgTable(
  'order_contracts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    tenantCompanyId: integer('tenant_company_id').notNull(),
    providerCompanyId: integer('provider_company_id').notNull(),
    sn: varchar('sn', { length: 40 }).notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** the uploaded PDF (/uploads/contract/…) and its SHA-256 */
    file: varchar('file', { length: 300 }).notNull(),
    fileSha256: varchar('file_sha256', { length: 64 }).notNull(),
    /** the tenant's seal (a passed one) or null: its company name is drawn instead */
    signetId: integer('signet_id'),
    status: smallint('status').notNull().default(0),
    providerStatus: smallint('provider_status').notNull().default(0),
    signedFile: varchar('signed_file', { length: 300 }),
    signedSha256: varchar('signed_sha256', { length: 64 }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedBy: integer('signed_by'),
    signer: varchar('signer', { length: 100 }).notNull().default(''),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_contracts_order_idx').on(t.orderId, t.status, t.id),
    uniqueIndex('order_contracts_signed_sha_idx')
      .on(t.signedSha256)
      .where(sql`${t.signedSha256} is not null`),
  ],
);
