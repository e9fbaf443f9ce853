import { bigserial, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The audit trail (ARCHITECTURE § Resilience, privacy, history): one append-only row per state change of a business
 * record, written by every module through audit.service's recordAudit inside the change's own transaction, so a
 * change and its trail commit or vanish together. Rows are never updated or deleted.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the kind of record: equipment, shop, shop_case, inquiry, shelf_order, contract… */
    entity: varchar('entity', { length: 40 }).notNull(),
    entityId: integer('entity_id').notNull(),
    /** the verb of the change: submit, approve, reject, list, delist, delete, sign… */
    action: varchar('action', { length: 40 }).notNull(),
    /** the status before and after, as text (statuses are small numbers or words); '' for a new record */
    fromStatus: varchar('from_status', { length: 20 }).notNull().default(''),
    toStatus: varchar('to_status', { length: 20 }).notNull().default(''),
    /** the user who acted; null for the platform itself (a job, a channel's callback) */
    actorId: integer('actor_id'),
    /** the company the actor acted for, when any */
    companyId: integer('company_id'),
    ip: varchar('ip', { length: 45 }).notNull().default(''),
    reason: varchar('reason', { length: 500 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_events_entity_idx').on(t.entity, t.entityId, t.id)],
);
