import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { readRows } from '../../db/json-rows';
import { auditEvents } from '../../db/schema';

/** One fixed text (named on PostgreSQL, inside a transaction too): every audited write of the app runs it. */
const INSERT_AUDIT = `insert into audit_events (entity, entity_id, action, from_status, to_status, actor_id, company_id, ip, reason) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`;

export async function insertAudit(
  db: Executor,
  v: {
    entity: string;
    entityId: number;
    action: string;
    fromStatus: string;
    toStatus: string;
    actorId: number | null;
    companyId: number | null;
    ip: string;
    reason: string;
  },
) {
  await readRows(db, 'audit.insert', INSERT_AUDIT, [
    v.entity,
    v.entityId,
    v.action,
    v.fromStatus,
    v.toStatus,
    v.actorId,
    v.companyId,
    v.ip,
    v.reason,
  ]);
}

/** Every event of one record, oldest first (on audit_events_entity_idx). */
export function listAudit(db: Executor, entity: string, entityId: number) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, entityId)))
    .orderBy(asc(auditEvents.id));
}
