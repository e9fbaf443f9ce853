import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables';

/**
 * Training majors (spec/3 "Training category": id, name, content, price), kept by platform staff. Only online ones
 * (status 1) are offered; a major is never deleted, its enrolments keep pointing at it.
 */
export const trainingMajors = pgTable(
  'training_majors',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 30 }).notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    /** fen */
    price: bigint('price', { mode: 'number' }).notNull(),
    /** MAJOR_STATUS: 1 online, 0 offline */
    status: smallint('status').notNull().default(1),
    sort: smallint('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('training_majors_name_uq').on(t.name),
    index('training_majors_online_idx')
      .on(t.sort, t.id)
      .where(sql`${t.status} = 1`),
  ],
);

/**
 * A user's enrolment in a major (spec/3 "Training order payload"), with the major and fee as enrolled and the member
 * as verified then. Unpaid (0) until the `reg` paid hook books its fee (1, for good). `pay_order_sn` is its newest pay
 * order: an unpaid enrolment whose order closed is paid again with a new one. One enrolment per user and major.
 */
export const trainingEnrolments = pgTable(
  'training_enrolments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    majorId: integer('major_id')
      .notNull()
      .references(() => trainingMajors.id),
    /** the major's name when enrolled */
    course: varchar('course', { length: 30 }).notNull(),
    /** fen: the fee when enrolled (a later price change does not touch it) */
    price: bigint('price', { mode: 'number' }).notNull(),
    education: varchar('education', { length: 10 }).notNull(),
    /** wx | chinaums | alipay: of the newest pay order */
    payType: varchar('pay_type', { length: 12 }).notNull(),
    payOrderSn: varchar('pay_order_sn', { length: 40 }).notNull().default(''),
    /** ENROL_STATE: 0 unpaid, 1 paid */
    state: smallint('state').notNull().default(0),
    /** the member as verified when enrolling (spec/3 "Training member"); the ID number masked only */
    name: varchar('name', { length: 30 }).notNull(),
    cardMask: varchar('card_mask', { length: 18 }).notNull(),
    sex: varchar('sex', { length: 2 }).notNull().default(''),
    age: smallint('age').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('training_enrolments_user_major_uq').on(t.userId, t.majorId),
    index('training_enrolments_user_idx').on(t.userId, t.id),
    index('training_enrolments_major_idx').on(t.majorId, t.id),
    index('training_enrolments_state_idx').on(t.state, t.id),
  ],
);
