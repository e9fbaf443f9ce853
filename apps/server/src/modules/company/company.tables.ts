import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  /** 1 personal, 2 enterprise */
  type: smallint('type').notNull().default(2),
  /** company verification: 0 not verified, 1 verified, 2 failed, 3 in progress */
  status: smallint('status').notNull().default(0),
  /** membership type: 1 road-bridge member unit, 2 external company */
  memberType: smallint('member_type').notNull().default(2),
  registNo: varchar('regist_no', { length: 50 }).notNull().default(''),
  legal: varchar('legal', { length: 50 }).notNull().default(''),
  province: integer('province'),
  city: integer('city'),
  area: integer('area'),
  address: varchar('address', { length: 200 }).notNull().default(''),
  /** ten-thousand yuan */
  registeredAssets: integer('registered_assets'),
  foundDate: date('found_date'),
  registrant: varchar('registrant', { length: 50 }).notNull().default(''),
  tel: varchar('tel', { length: 20 }).notNull().default(''),
  /** advanced third-party verification: 0 none, 1 passed */
  super: smallint('super').notNull().default(0),
  superTime: timestamp('super_time', { withTimezone: true }),
  /** the platform's supply-chain finance product is open for the company (1): with super it makes provider_super 1 (spec/2 §6) */
  finance: smallint('finance').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const companyMembers = pgTable(
  'company_members',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 main account, 0 sub-user */
    master: smallint('master').notNull().default(0),
    /** 1 on, 0 off */
    status: smallint('status').notNull().default(1),
    memberName: varchar('member_name', { length: 50 }).notNull(),
    remark: varchar('remark', { length: 100 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('company_members_user_uq')
      .on(t.companyId, t.userId)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('company_members_name_uq')
      .on(t.companyId, t.memberName)
      .where(sql`${t.deletedAt} is null`),
    index('company_members_user_idx').on(t.userId),
  ],
);

/** Menu grants of a sub-user: the menu ids of packages/shared constants/menu.ts. */
export const memberMenus = pgTable(
  'member_menus',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => companyMembers.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.menuId] })],
);
