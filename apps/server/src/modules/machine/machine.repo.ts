import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { arrayRow } from '../../db/json-rows';
import { listingBriefOf, listingBriefSql, type TListingBrief } from '../equipment/equipment.service';
import { orderMachines } from './machine.tables';
import { inspectionsOf, inspectionsSql, type TInspectionListRow } from './machine.inspect.repo';
import { rowsWhere, rowWhere } from '../../db/rows';

/** SQL of machines on site. */
export type TMachineDb = typeof orderMachines.$inferSelect;
const live = isNull(orderMachines.deletedAt);

export async function findMachine(db: Executor, id: number): Promise<TMachineDb | null> {
  const row = await rowWhere(db, orderMachines, and(eq(orderMachines.id, id), live));
  return row ?? null;
}
export async function lockMachine(tx: Executor, id: number): Promise<TMachineDb | null> {
  const [row] = await rowsWhere(tx, orderMachines, and(eq(orderMachines.id, id), live), { lock: 'update' });
  return row ?? null;
}
/** Inserts a working machine; null when the listing already works somewhere (the partial unique index). */
export async function insertMachine(tx: Executor, v: typeof orderMachines.$inferInsert): Promise<TMachineDb | null> {
  const [row] = await tx.insert(orderMachines).values(v).onConflictDoNothing().returning();
  return row ?? null;
}
export async function updateMachine(
  tx: Executor,
  id: number,
  fromStatus: number,
  set: Partial<typeof orderMachines.$inferInsert>,
): Promise<TMachineDb | null> {
  const [row] = await tx
    .update(orderMachines)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(orderMachines.id, id), eq(orderMachines.status, fromStatus), live))
    .returning();
  return row ?? null;
}
export async function countWorking(db: Executor, orderId: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(orderMachines)
    .where(and(eq(orderMachines.orderId, orderId), eq(orderMachines.status, 0), live));
  return Number(r?.n ?? 0);
}
/** Listing ids of the provider that work on an order now (not offered for entry). */
export async function busyListingIds(db: Executor, providerCompanyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: orderMachines.listingId })
    .from(orderMachines)
    .where(and(eq(orderMachines.providerCompanyId, providerCompanyId), eq(orderMachines.status, 0), live));
  return rows.map((r) => r.id);
}

/** Every live machine of an order (the settlement draft's source). */
export function machinesOf(db: Executor, orderId: number): Promise<TMachineDb[]> {
  return rowsWhere(db, orderMachines, and(eq(orderMachines.orderId, orderId), live), { orderBy: [orderMachines.id] });
}

/** What a machine's list row shows (machine.service rowViews): its columns without the bookkeeping the list never shows. */
export type TMachineListRow = Pick<
  TMachineDb,
  | 'id'
  | 'orderId'
  | 'listingId'
  | 'enterDate'
  | 'exitDate'
  | 'status'
  | 'enterHours'
  | 'exitHours'
  | 'enterPhotos'
  | 'exitPhotos'
> & { inspections: TInspectionListRow[] };
/** The columns of TMachineListRow (db/json-rows.ts arrayRow); the live listing's card follows them in a row's array. */
const MACHINE_ROW = arrayRow<Omit<TMachineListRow, 'orderId' | 'inspections'>>({
  id: 'm.id',
  listingId: 'm.listing_id',
  enterDate: 'm.enter_date',
  exitDate: 'm.exit_date',
  status: 'm.status',
  enterHours: 'm.enter_hours',
  exitHours: 'm.exit_hours',
  enterPhotos: 'm.enter_photos',
  exitPhotos: 'm.exit_photos',
});
/**
 * pageMachines as values of the caller's statement over its order `o` (rental_orders): `machines` (the page, newest
 * first, each row MACHINE_ROW's JSON array and then what a machine row shows of its live listing, equipment.service's
 * listingBriefSql, then its inspections, machine.inspect.repo's inspectionsSql) and `machine_counts` ([n, all, out]). JSON arrays of the shown columns rather than to_json of the
 * whole row: PostgreSQL looks up each value's type output on every value of json_build_object / to_json, so the fewer
 * values the less it spends; an ARRAY(subquery) keeps the subquery's order (no aggregate, no second sort); the page
 * is cut in an inner subquery, so only its rows (and their listings) are built, not every machine of the order.
 * `status`: SQL text of the status, or null for every one; `limit`, `offset`: SQL text.
 */
export const machinePageSql = (status: string | null, limit: string, offset: string) =>
  `to_json(array(select json_build_array(${MACHINE_ROW.sql}, ${listingBriefSql('m.listing_id')}, ${inspectionsSql('m')}) ` +
  `from (select * from order_machines where order_id = o.id and deleted_at is null${status === null ? '' : ` and status = ${status}`} order by id desc limit ${limit} offset ${offset}) m order by m.id desc)) as machines, ` +
  `(select json_build_array(${status === null ? 'count(*)' : `count(*) filter (where c.status = ${status})`}, count(*), count(*) filter (where c.status = 1)) ` +
  `from order_machines c where c.order_id = o.id and c.deleted_at is null) as machine_counts`;
/** The two values of machinePageSql over the order `orderId`: the rows, their live listings' cards by listing id and the counts of pageMachines. */
export function machinePageOf(orderId: number, machines: unknown[][] | null, counts: number[] | null) {
  const rows: TMachineListRow[] = [];
  const cards = new Map<number, TListingBrief>();
  for (const r of machines ?? []) {
    const m: TMachineListRow = {
      ...MACHINE_ROW.of(r),
      orderId,
      inspections: inspectionsOf(r[MACHINE_ROW.size + 1] as unknown[][] | null),
    };
    rows.push(m);
    const card = listingBriefOf(m.listingId, r[MACHINE_ROW.size] as Parameters<typeof listingBriefOf>[1]);
    if (card) cards.set(m.listingId, card);
  }
  return { rows, cards, total: Number(counts?.[0] ?? 0), all: Number(counts?.[1] ?? 0), out: Number(counts?.[2] ?? 0) };
}
