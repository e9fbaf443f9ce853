import { index, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Platform notices shown on the dashboard (kept by the admin). */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 100 }).notNull(),
    body: text('body').notNull().default(''),
    /** 1 published, 0 draft */
    status: smallint('status').notNull().default(1),
    sendTime: timestamp('send_time', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_send_idx').on(t.status, t.sendTime)],
);
