import { char, index, integer, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    /** public path, e.g. /uploads/2026/11/ab12….png */
    path: varchar('path', { length: 200 }).notNull().unique(),
    /** charter | avatar | contract | signet | settle | ep | shop | recruit | inout */
    kind: varchar('kind', { length: 20 }).notNull(),
    /** MD5 of the stored bytes (after re-encoding), hex */
    md5: char('md5', { length: 32 }).notNull(),
    /** MD5 of the bytes as sent, hex: the same photo uploaded twice matches here */
    sourceMd5: char('source_md5', { length: 32 }).notNull(),
    mime: varchar('mime', { length: 60 }).notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    originalName: varchar('original_name', { length: 200 }).notNull().default(''),
    userId: integer('user_id').notNull(),
    companyId: integer('company_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploads_md5_idx').on(t.md5),
    index('uploads_source_md5_idx').on(t.sourceMd5),
    index('uploads_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Private uploads one company lets another read (the other party of a record: a machine's entry photos with the
 * order's tenant). The reader still needs the kind's area grant in its own company.
 */
export const uploadShares = pgTable(
  'upload_shares',
  {
    path: varchar('path', { length: 200 }).notNull(),
    companyId: integer('company_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.path, t.companyId] })],
);
