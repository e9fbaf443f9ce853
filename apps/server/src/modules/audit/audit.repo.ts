import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditEvents } from '../../db/schema';

export async function insertAudit(db: Executor, v: typeof auditEvents.$inferInsert) {
  await db.insert(auditEvents).values(v);
}

/** Every event of one record, oldest first (on audit_events_entity_idx). */
export function listAudit(db: Executor, entity: string, entityId: number) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, entityId)))
    .orderBy(asc(auditEvents.id));
}
