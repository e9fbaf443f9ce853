import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowDecoder } from '../../db/json-rows';
import { SITE } from '@jizu/shared/constants/site';
import type { TListingCard } from '@jizu/shared/schemas/equipment';
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
 * (the page, newest first: each {m, card}, card what a machine row shows of its live listing: TMachineCardJson) and
 * `machine_counts`. `status`: SQL text of the status, or null for every one; `limit`, `offset`: SQL text.
 * The card is not the listing's whole row (equipment.repo's listingWithNamesSql): that cost the database a third of
 * the statement for a page of 5 (`npm run bench`); its joins are the same, so a listing without its names has none.
 */
export const machinePageSql = (order: string, status: string | null, limit: string, offset: string) =>
  `(select coalesce(json_agg(json_build_object('m', to_json(m), 'card', ` +
  `(select json_build_array(l.model, l.brand, l.cover, l.product_alias, p.name, p.is_other, g.name) from equipment_listings l ` +
  `join equipment_products p on p.id = l.product_id join equipment_groups g on g.id = l.group_id join equipment_categories c on c.id = l.category_id ` +
  `where l.id = m.listing_id and l.deleted_at is null)) order by m.id desc), '[]'::json) ` +
  `from (select * from order_machines where order_id = ${order} and deleted_at is null${status === null ? '' : ` and status = ${status}`} order by id desc limit ${limit} offset ${offset}) m) as machines, ` +
  `(select json_build_object('n', ${status === null ? 'count(*)' : `count(*) filter (where c.status = ${status})`}, 'all', count(*), 'out', count(*) filter (where c.status = 1)) ` +
  `from order_machines c where c.order_id = ${order} and c.deleted_at is null) as machine_counts`;
type TMachineCardJson = [model: string, brand: string, cover: string, productAlias: string, product: string, isOther: boolean, group: string];
/** What a machine row shows of its listing, as equipment.service's listingCardsOf writes those fields. */
export type TMachineCard = Pick<TListingCard, 'model' | 'product_name_v' | 'brand' | 'group_v' | 'cover' | 'href'>;
type TMachineJson = { m: Record<string, unknown>; card: TMachineCardJson | null };
/** The two JSON values of machinePageSql: the rows, their live listings' cards by listing id and the counts of pageMachines. */
export function machinePageOf(machines: TMachineJson[] | null, counts: Record<string, unknown> | null) {
  const rows: TMachineDb[] = [];
  const cards = new Map<number, TMachineCard>();
  for (const x of machines ?? []) {
    const m = decodeMachine(x.m);
    rows.push(m);
    if (!x.card) continue;
    const [model, brand, cover, alias, product, isOther, group] = x.card;
    cards.set(m.listingId, { model, product_name_v: isOther && alias ? alias : product, brand, group_v: group, cover, href: SITE.device(m.listingId) });
  }
  return { rows, cards, total: Number(counts?.n ?? 0), all: Number(counts?.all ?? 0), out: Number(counts?.out ?? 0) };
}
