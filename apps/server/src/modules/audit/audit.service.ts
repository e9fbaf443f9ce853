import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { clientIp } from '../../platform/http';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import * as repo from './audit.repo';
import type { TAuditValues } from './audit.repo';
import { auditEvents } from './audit.tables';

/** Who acted: a user (for a company, from an address) or, with userId null, the platform itself. */
export interface TActor {
  userId: number | null;
  companyId?: number | null;
  ip?: string;
}

/** The actor of a request: its user, the company context when the route has one, and the client address. */
export function actorOf(req: FastifyRequest): TActor {
  return { userId: req.user?.id ?? null, companyId: req.company?.companyId ?? null, ip: clientIp(req) };
}

/** The platform acting on its own (a job, a payment callback). */
export const PLATFORM_ACTOR: TActor = { userId: null };

export interface TAuditEvent {
  entity: string;
  entityId: number;
  action: string;
  from?: string | number | null;
  to?: string | number | null;
  reason?: string;
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/**
 * Records one state change. Call it with the transaction that makes the change, so the trail and the change commit
 * together; the table is append-only.
 */
export async function recordAudit(tx: Executor, actor: TActor, e: TAuditEvent): Promise<void> {
  await repo.insertAudit(tx, auditValues(actor, e));
}

/** The audit row of an event, for a write that carries it in its own statement (repo.writeWithAudit). */
export function auditValues(actor: TActor, e: TAuditEvent): TAuditValues {
  return {
    entity: e.entity,
    entityId: e.entityId,
    action: e.action,
    fromStatus: text(e.from),
    toStatus: text(e.to),
    actorId: actor.userId,
    companyId: actor.companyId ?? null,
    ip: (actor.ip ?? '').slice(0, 45),
    reason: (e.reason ?? '').slice(0, 500),
  };
}

export interface TAuditRow {
  id: number;
  action: string;
  from: string;
  to: string;
  actor_id: number | null;
  company_id: number | null;
  ip: string;
  reason: string;
  create_time: string;
}

/** The trail of one record, oldest first, for detail pages and the console. */
export async function listAuditTrail(db: Executor, entity: string, entityId: number): Promise<TAuditRow[]> {
  return (await repo.listAudit(db, entity, entityId)).map(auditRowView);
}

/**
 * A page of a record's trail as a JSON value of the caller's own statement (one round trip for a detail page),
 * newest first: at most `limit` events with ids below `before` (SQL of the caller's parameters; `before` null: from the
 * newest), a backward walk of audit_events_entity_idx that stops at `limit`, however long the trail. Each event is the
 * array [id, action, from, to, reason, created_at, company, person], what a detail page shows of it (arrays, not objects of every
 * column: for the 35 events of a demo order that cost the database 180 µs, then about 80); auditTrailOf reads it back,
 * the time in Asia/Shanghai as listAuditTrail writes it. Who acted comes in the same statement: the name of the company
 * the actor acted for ('' for none) and the actor's name in that company (its member name, else the user's name; ''
 * for the platform itself), each a join on the page's few rows by primary key. `entity` is a constant of the code
 * (never a request's text), `entityId` the SQL of the record's id.
 */
export const auditTrailPageSql = (entity: string, entityId: string, before: string, limit: string) => {
  if (!/^[a-z_]+$/.test(entity)) throw new Error(`audit entity ${entity}`);
  return (
    `(select json_agg(json_build_array(a.id, a.action, a.from_status, a.to_status, a.reason, a.created_at, coalesce(ac.name, ''), coalesce(am.member_name, au.username, '')) order by a.id desc) from ` +
    `(select id, action, from_status, to_status, reason, created_at, actor_id, company_id from audit_events where entity = '${entity}' and entity_id = ${entityId} ` +
    `and id < coalesce(${before}::int8, 9223372036854775807) order by id desc limit ${limit}) a ` +
    `left join companies ac on ac.id = a.company_id left join users au on au.id = a.actor_id ` +
    `left join lateral (select m.member_name from company_members m where m.company_id = a.company_id and m.user_id = a.actor_id order by m.deleted_at is not null, m.id desc limit 1) am on true)`
  );
};
/** What a detail page shows of an event of the trail: with who acted, the company's name and the person's (unmasked). */
export type TAuditBrief = Pick<TAuditRow, 'id' | 'action' | 'from' | 'to' | 'reason' | 'create_time'> & {
  company_name: string;
  actor_name: string;
};
type TAuditTrailJson =
  | [
      id: number,
      action: string,
      from: string,
      to: string,
      reason: string,
      createdAt: string,
      company: string,
      person: string,
    ][]
  | null;
export const auditTrailOf = (j: unknown): TAuditBrief[] =>
  ((j as TAuditTrailJson) ?? []).map(([id, action, from, to, reason, at, company, person]) => ({
    id,
    action,
    from,
    to,
    reason,
    create_time: shanghaiDateTime(at),
    company_name: company,
    actor_name: person,
  }));

function auditRowView(r: typeof auditEvents.$inferSelect): TAuditRow {
  return {
    id: r.id,
    action: r.action,
    from: r.fromStatus,
    to: r.toStatus,
    actor_id: r.actorId,
    company_id: r.companyId,
    ip: r.ip,
    reason: r.reason,
    create_time: shanghaiDateTime(r.createdAt),
  };
}
