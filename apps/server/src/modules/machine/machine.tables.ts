import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Machines of an order on site (spec/2 §3 Machinery): one of the provider's approved listings entered on a date,
 * exited on a later one (status 0 working, 1 exited), or deleted from the order while working. Hour-meter readings
 * are tenths of an hour; photos are private uploads shared with the order's tenant.
 */
export const orderMachines = pgTable(
  'order_machines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    providerCompanyId: integer('provider_company_id').notNull(),
    listingId: integer('listing_id').notNull(),
    enterDate: date('enter_date', { mode: 'string' }).notNull(),
    exitDate: date('exit_date', { mode: 'string' }),
    status: smallint('status').notNull().default(0),
    enterHours: integer('enter_hours'),
    exitHours: integer('exit_hours'),
    enterPhotos: jsonb('enter_photos').$type<string[]>().notNull().default([]),
    exitPhotos: jsonb('exit_photos').$type<string[]>().notNull().default([]),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('order_machines_order_idx')
      .on(t.orderId, t.status, t.id)
      .where(sql`${t.deletedAt} is null`),
    /** a machine works on one order at a time */
    uniqueIndex('order_machines_busy_idx')
      .on(t.listingId)
      .where(sql`${t.status} = 0 and ${t.deletedAt} is null`),
  ],
);

/** A damage item as stored: its description and the stored paths of its photos. */
export type TDamageDb = { desc: string; photos: string[] };

/**
 * The entry and the exit inspection of a machine on site (kind 0 entry, 1 exit; one each): what the provider
 * recorded beyond the hour meter and photos (those stay on order_machines): the fuel level in eighths and the visible
 * damage; then the order tenant's acknowledgement (ack_status: 0 waiting, 1 confirmed, 2 disputed with a note).
 * `date` is the entry or exit date: the month of a settlement draft that shows a dispute.
 */
export const machineInspections = pgTable(
  'machine_inspections',
  {
    id: serial('id').primaryKey(),
    machineId: integer('machine_id').notNull(),
    orderId: integer('order_id').notNull(),
    kind: smallint('kind').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    fuel: smallint('fuel'),
    damage: jsonb('damage').$type<TDamageDb[]>().notNull().default([]),
    ackStatus: smallint('ack_status').notNull().default(0),
    ackNote: text('ack_note').notNull().default(''),
    ackBy: integer('ack_by'),
    ackAt: timestamp('ack_at', { withTimezone: true }),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('machine_inspections_machine_idx').on(t.machineId, t.kind),
    /** an order's disputes (the order detail, the settlement draft) */
    index('machine_inspections_dispute_idx')
      .on(t.orderId, t.date)
      .where(sql`${t.ackStatus} = 2`),
  ],
);
