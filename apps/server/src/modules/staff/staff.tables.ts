import { integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables';

/** Customer-service staff kept by the platform. */
export const csStaff = pgTable('cs_staff', {
  id: serial('id').primaryKey(),
  sn: varchar('sn', { length: 20 }).notNull().unique(),
  name: varchar('name', { length: 50 }).notNull(),
  phone: varchar('phone', { length: 20 }).notNull(),
  /** path of the staff member's WeChat QR image */
  imgQrcode: varchar('img_qrcode', { length: 200 }).notNull().default(''),
  /** 1 serving, 0 off */
  status: smallint('status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The staff member assigned to a user. */
export const userStaff = pgTable('user_staff', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  staffId: integer('staff_id')
    .notNull()
    .references(() => csStaff.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
