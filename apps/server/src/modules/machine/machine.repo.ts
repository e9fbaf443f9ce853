import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowDecoder } from '../../db/json-rows';
import { listingBriefOf, listingBriefSql, type TListingBrief } from '../equipment/equipment.service';
import { orderMachines } from './machine.tables';

/** SQL of machines on site. */
export type TMachineDb = typeof orderMachines.$inferSelect;
const live = isNull(orderMachines.deletedAt);

export async function findMachine(db: Executor, id: number): Promise<TMachineDb | null> {
  const [row] = await db.select().from(orderMachines).where(and(eq(orderMachines.id, id), live)).limit(1);
  return row ?? null;
}
export async function lockMachine(tx: Executor, id: number): Promise<TMachineDb | null> {
  const [row] = await tx.select().from(orderMachines).where(and(eq(orderMachines.id, id), live)).for('update');
  return row ?? null;
}
/** Inserts a working machine; null when the listing already works somewhere (the partial unique index). */
export async function insertMachine(tx: Executor, v: typeof orderMachines.$inferInsert): Promise<TMachineDb | null> {
  const [row] = await tx.insert(orderMachines).values(v).onConflictDoNothing().returning();
  return row ?? null;
}
export async function updateMachine(tx: Executor, id: number, fromStatus: number, set: Partial<typeof orderMachines.$inferInsert>): Promise<TMachineDb | null> {
  const [row] = await tx
    .update(orderMachines)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(orderMachines.id, id), eq(orderMachines.status, fromStatus), live))
    .returning();
  return row ?? null;
}
export async function pageMachines(db: Executor, orderId: number, status: number, page: number, size: number) {
  const where = status === -1 ? and(eq(orderMachines.orderId, orderId), live) : and(eq(orderMachines.orderId, orderId), eq(orderMachines.status, status), live);
  // the page's total and the order's counts in one statement over the order's live machines
  const [rows, [c]] = await Promise.all([
    db.select().from(orderMachines).where(where).orderBy(desc(orderMachines.id)).limit(size).offset((page - 1) * size),
    db
      .select({
        n: status === -1 ? sql<number>`count(*)` : sql<number>`count(*) filter (where ${orderMachines.status} = ${status})`,
        all: count(),
        out: sql<number>`count(*) filter (where ${orderMachines.status} = 1)`,
      })
      .from(orderMachines)
      .where(and(eq(orderMachines.orderId, orderId), live)),
  ]);
  return { rows, total: Number(c?.n ?? 0), all: Number(c?.all ?? 0), out: Number(c?.out ?? 0) };
}
export async function countWorking(db: Executor, orderId: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(orderMachines).where(and(eq(orderMachines.orderId, orderId), eq(orderMachines.status, 0), live));
  return Number(r?.n ?? 0);
}
/** Listing ids of the provider that work on an order now (not offered for entry). */
export async function busyListingIds(db: Executor, providerCompanyId: number): Promise<number[]> {
  const rows = await db.select({ id: orderMachines.listingId }).from(orderMachines).where(and(eq(orderMachines.providerCompanyId, providerCompanyId), eq(orderMachines.status, 0), live));
  return rows.map((r) => r.id);
}

/** Every live machine of an order (the settlement draft's source). */
export function machinesOf(db: Executor, orderId: number): Promise<TMachineDb[]> {
  return db.select().from(orderMachines).where(and(eq(orderMachines.orderId, orderId), live)).orderBy(orderMachines.id);
}

const decodeMachine = rowDecoder(orderMachines);
/**
 * pageMachines as JSON values of the caller's statement over its order `order` (SQL of the order's id): `machines`
 * (the page, newest first: each {m, card}, card what a machine row shows of its live listing, equipment.service's
 * listingBriefSql) and `machine_counts`. `status`: SQL text of the status, or null for every one; `limit`, `offset`:
 * SQL text.
 */
export const machinePageSql = (order: string, status: string | null, limit: string, offset: string) =>
  `(select coalesce(json_agg(json_build_object('m', to_json(m), 'card', ${listingBriefSql('m.listing_id')}) order by m.id desc), '[]'::json) ` +
  `from (select * from order_machines where order_id = ${order} and deleted_at is null${status === null ? '' : ` and status = ${status}`} order by id desc limit ${limit} offset ${offset}) m) as machines, ` +
  `(select json_build_object('n', ${status === null ? 'count(*)' : `count(*) filter (where c.status = ${status})`}, 'all', count(*), 'out', count(*) filter (where c.status = 1)) ` +
  `from order_machines c where c.order_id = ${order} and c.deleted_at is null) as machine_counts`;
type TMachineJson = { m: Record<string, unknown>; card: Parameters<typeof listingBriefOf>[1] };
/** The two JSON values of machinePageSql: the rows, their live listings' cards by listing id and the counts of pageMachines. */
export function machinePageOf(machines: TMachineJson[] | null, counts: Record<string, unknown> | null) {
  const rows: TMachineDb[] = [];
  const cards = new Map<number, TListingBrief>();
  for (const x of machines ?? []) {
    const m = decodeMachine(x.m);
    rows.push(m);
    const card = listingBriefOf(m.listingId, x.card);
    if (card) cards.set(m.listingId, card);
  }
  return { rows, cards, total: Number(counts?.n ?? 0), all: Number(counts?.all ?? 0), out: Number(counts?.out ?? 0) };
}
