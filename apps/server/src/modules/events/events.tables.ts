import { bigserial, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The live notifications (modules/events): one row per event, written in the transaction of the change it tells of
 * (publishEvent), so an event exists exactly when its change committed. Its id is the stream's `id:` (Last-Event-ID
 * replays the rows after it); rows older than EVENTS_LIMITS.keepHours are deleted by the upkeep job.
 * A row is for one user (user_id; in any company when company_id is null, else in that company only) or for every
 * member of a company (user_id null) that may use its menu.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: varchar('type', { length: 30 }).notNull(),
    userId: integer('user_id'),
    companyId: integer('company_id'),
    /** a company-wide event reaches a sub-user only with this menu grant (MENU); null: every member */
    menu: integer('menu'),
    title: varchar('title', { length: 100 }).notNull(),
    body: varchar('body', { length: 300 }).notNull().default(''),
    link: varchar('link', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('live_events_user_idx').on(t.userId, t.id),
    index('live_events_company_idx').on(t.companyId, t.id),
    index('live_events_created_idx').on(t.createdAt),
  ],
);
