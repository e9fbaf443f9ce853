import { date, index, integer, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Comments on job cards and hiring demands (target type 'card' | 'recruit'). The target's owner is kept with the
 * comment, so "received" is one index walk; the owner of a card or demand never changes.
 */
export const labourComments = pgTable(
  'labour_comments',
  {
    id: serial('id').primaryKey(),
    targetType: varchar('target_type', { length: 10 }).notNull(),
    targetId: integer('target_id').notNull(),
    targetOwnerId: integer('target_owner_id').notNull(),
    userId: integer('user_id').notNull(),
    content: varchar('content', { length: 200 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('labour_comments_target_idx').on(t.targetType, t.targetId, t.id),
    index('labour_comments_owner_idx').on(t.targetOwnerId, t.id),
    index('labour_comments_user_idx').on(t.userId, t.id),
    /** the console's list of one kind */
    index('labour_comments_type_idx').on(t.targetType, t.id),
  ],
);

/** Likes: one per user and target (the primary key makes a repeated or concurrent like a no-op). */
export const labourLikes = pgTable(
  'labour_likes',
  {
    targetType: varchar('target_type', { length: 10 }).notNull(),
    targetId: integer('target_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.targetType, t.targetId, t.userId] })],
);

/**
 * Browses: a viewer (u:<user id>, or for strangers a:<hash of address and browser>) counts once a day (Asia/Shanghai)
 * per target; the primary key refuses the second.
 */
export const labourViews = pgTable(
  'labour_views',
  {
    targetType: varchar('target_type', { length: 10 }).notNull(),
    targetId: integer('target_id').notNull(),
    day: date('day').notNull(),
    viewer: varchar('viewer', { length: 40 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.targetType, t.targetId, t.day, t.viewer] })],
);

/** The counters of a target, kept with the rows they count (same transaction, only when a row was really added or removed). */
export const labourCounters = pgTable(
  'labour_counters',
  {
    targetType: varchar('target_type', { length: 10 }).notNull(),
    targetId: integer('target_id').notNull(),
    browseNum: integer('browse_num').notNull().default(0),
    commentNum: integer('comment_num').notNull().default(0),
    likeNum: integer('like_num').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.targetType, t.targetId] })],
);

/** Every reveal of an operator's or hirer's phone on the public pages: who saw whose, when, from where. */
export const labourPhoneViews = pgTable(
  'labour_phone_views',
  {
    id: serial('id').primaryKey(),
    targetType: varchar('target_type', { length: 10 }).notNull(),
    targetId: integer('target_id').notNull(),
    viewerId: integer('viewer_id').notNull(),
    ip: varchar('ip', { length: 45 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('labour_phone_views_viewer_idx').on(t.viewerId, t.targetType, t.targetId, t.createdAt),
    index('labour_phone_views_target_idx').on(t.targetType, t.targetId, t.id),
  ],
);
