import { index, integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables';

/** System messages of a user's inbox (spec/3 § System messages), written by other modules through createMessage. */
export const systemMessages = pgTable(
  'system_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    body: text('body').notNull().default(''),
    /** 1 read, 0 unread */
    open: smallint('open').notNull().default(0),
    /** what the message is about, e.g. person_auth / company_auth, for later links */
    kind: varchar('kind', { length: 30 }).notNull().default(''),
    sendTime: timestamp('send_time', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('system_messages_inbox_idx').on(t.userId, t.open, t.id)],
);
