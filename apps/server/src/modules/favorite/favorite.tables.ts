import { index, integer, pgTable, serial, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Favourites (spec/1 §3 Favourite): a user's saved public listings (type 0) and shops (type 1). One row per user and
 * target (the unique index makes adding twice keep one row); the company the user worked in when adding is kept.
 */
export const favorites = pgTable(
  'favorites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    companyId: integer('company_id'),
    type: smallint('type').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favorites_user_target_uq').on(t.userId, t.type, t.targetId),
    index('favorites_user_idx').on(t.userId, t.type, t.id),
    index('favorites_target_idx').on(t.type, t.targetId),
  ],
);
