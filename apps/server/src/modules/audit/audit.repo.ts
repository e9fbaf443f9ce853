import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { readRows } from '../../db/json-rows';
import { auditEvents } from '../../db/schema';
import { rowsWhere } from '../../db/rows';

/** One fixed text (named on PostgreSQL, inside a transaction too): every audited write of the app runs it. */
const INSERT_AUDIT = `insert into audit_events (entity, entity_id, action, from_status, to_status, actor_id, company_id, ip, reason) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`;

export interface TAuditValues {
  entity: string;
  entityId: number;
  action: string;
  fromStatus: string;
  toStatus: string;
  actorId: number | null;
  companyId: number | null;
  ip: string;
  reason: string;
}
const auditParams = (v: TAuditValues) => [
  v.entity,
  v.entityId,
  v.action,
  v.fromStatus,
  v.toStatus,
  v.actorId,
  v.companyId,
  v.ip,
  v.reason,
];

export async function insertAudit(db: Executor, v: TAuditValues) {
  await readRows(db, 'audit.insert', INSERT_AUDIT, auditParams(v));
}

/**
 * One data-modifying statement (`update …`, `delete …`, `insert …`, with $1…$n) and its audit row as one statement:
 * the insert rides as a leading CTE, which PostgreSQL runs to completion whether or not the statement reads it. The
 * write and its trail still commit together, at one round trip fewer. The text stays fixed per `text`, so it is named.
 */
export async function writeWithAudit<T>(
  db: Executor,
  name: string,
  text: string,
  values: unknown[],
  v: TAuditValues,
): Promise<T[]> {
  if (/^\s*with\b/i.test(text)) throw new Error(`writeWithAudit(${name}): the statement has its own WITH`);
  const n = values.length;
  const cte = INSERT_AUDIT.replace(/\$(\d+)/g, (_, d: string) => `$${n + Number(d)}`);
  return readRows<T>(db, `${name}+audit`, `with audit_row as (${cte}) ${text}`, [...values, ...auditParams(v)]);
}

/** Every event of one record, oldest first (on audit_events_entity_idx). */
export function listAudit(db: Executor, entity: string, entityId: number) {
  return rowsWhere(db, auditEvents, and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, entityId)), {
    orderBy: [asc(auditEvents.id)],
  });
}
