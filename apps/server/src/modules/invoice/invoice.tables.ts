import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * A company's invoice qualification (spec/1 §3): one row per company. The title and the tax number are not stored:
 * they are read from the company register (companies.name / regist_no) so they can never disagree with it.
 */
export const invoiceProfiles = pgTable('invoice_profiles', {
  companyId: integer('company_id').primaryKey(),
  /** 0 增值税专用发票, 1 增值税普通发票 */
  type: smallint('type').notNull().default(1),
  address: varchar('address', { length: 200 }).notNull().default(''),
  telphone: varchar('telphone', { length: 30 }).notNull().default(''),
  bank: varchar('bank', { length: 50 }).notNull().default(''),
  /** the account printed on invoices, encrypted (ev1:…); '' when not given */
  bankNo: text('bank_no').notNull().default(''),
  updatedBy: integer('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where paper invoices are posted: at most 3 per company, one default while any exists. */
export const invoiceAddresses = pgTable(
  'invoice_addresses',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    phone: varchar('phone', { length: 11 }).notNull(),
    province: integer('province').notNull(),
    city: integer('city').notNull(),
    area: integer('area').notNull(),
    address: varchar('address', { length: 100 }).notNull(),
    remark: varchar('remark', { length: 50 }).notNull().default(''),
    isDefault: smallint('is_default').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_addresses_company_idx').on(t.companyId, t.id),
    uniqueIndex('invoice_addresses_one_default_uq')
      .on(t.companyId)
      .where(sql`${t.isDefault} = 1`),
  ],
);
