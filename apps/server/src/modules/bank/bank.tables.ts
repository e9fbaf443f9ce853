import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * A company's bank accounts (spec/1 §3 bank card): at most 4 live ones, exactly one default while any exists.
 * The full number is kept for settlements, encrypted (platform/crypto.ts); the browser only ever receives its last 4
 * digits.
 */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    /** 开户银行 */
    name: varchar('name', { length: 50 }).notNull(),
    /** 银行账号 (digits only), encrypted: ev1:… */
    no: text('no').notNull(),
    /** blind index of the number (HMAC): finds the same account without decrypting; null only before the start's pass */
    noIndex: varchar('no_index', { length: 64 }),
    remark: varchar('remark', { length: 50 }).notNull().default(''),
    isDefault: smallint('is_default').notNull().default(0),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('bank_cards_company_idx')
      .on(t.companyId, t.id)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('bank_cards_one_default_uq')
      .on(t.companyId)
      .where(sql`${t.isDefault} = 1 and ${t.deletedAt} is null`),
  ],
);
