import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pageTotal } from '../../db/prepared';
import { rowDecoder } from '../../db/json-rows';
import { orderSettlements, settleInvoices } from './settle.tables';

/** SQL of settlements and their invoices. */
export type TSettleDb = typeof orderSettlements.$inferSelect;
export type TInvoiceDb = typeof settleInvoices.$inferSelect;

export async function findSettle(db: Executor, orderId: number, id: number): Promise<TSettleDb | null> {
  const [row] = await db.select().from(orderSettlements).where(and(eq(orderSettlements.id, id), eq(orderSettlements.orderId, orderId))).limit(1);
  return row ?? null;
}
export async function findSettleById(db: Executor, id: number): Promise<TSettleDb | null> {
  const [row] = await db.select().from(orderSettlements).where(eq(orderSettlements.id, id)).limit(1);
  return row ?? null;
}
export async function lockSettle(tx: Executor, id: number): Promise<TSettleDb | null> {
  const [row] = await tx.select().from(orderSettlements).where(eq(orderSettlements.id, id)).for('update');
  return row ?? null;
}
export async function insertSettle(tx: Executor, v: typeof orderSettlements.$inferInsert): Promise<TSettleDb> {
  const [row] = await tx.insert(orderSettlements).values(v).returning();
  return row;
}
/** Compare-and-set on the fields the caller read (status and the flags it checks); null when any changed. */
export async function updateSettle(tx: Executor, s: TSettleDb, set: Partial<typeof orderSettlements.$inferInsert>): Promise<TSettleDb | null> {
  const [row] = await tx
    .update(orderSettlements)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(orderSettlements.id, s.id),
        eq(orderSettlements.status, s.status),
        eq(orderSettlements.providerAffirm, s.providerAffirm),
        eq(orderSettlements.invState, s.invState),
        eq(orderSettlements.leState, s.leState),
      ),
    )
    .returning();
  return row ?? null;
}
export async function pageSettles(db: Executor, orderId: number, status: number, page: number, size: number) {
  const where = status === -1 ? eq(orderSettlements.orderId, orderId) : and(eq(orderSettlements.orderId, orderId), eq(orderSettlements.status, status));
  // the total beside the rows: one statement, not two
  const offset = (page - 1) * size;
  const paged = await db.select({ s: orderSettlements, total: sql<number>`count(*) over ()`.mapWith(Number) }).from(orderSettlements).where(where).orderBy(desc(orderSettlements.id)).limit(size).offset(offset);
  const total = await pageTotal(paged, offset, async () => Number((await db.select({ n: count() }).from(orderSettlements).where(where))[0]?.n ?? 0));
  return { rows: paged.map((r) => r.s), total };
}
/** The console's queue: settled, the provider's invoices submitted, the platform's invoice not yet issued. */
export async function pageIssueQueue(db: Executor, page: number, size: number) {
  const where = sql`${orderSettlements.status} = 1 and ${orderSettlements.invState} = 1 and ${orderSettlements.leState} = 0`;
  const [rows, [t]] = await Promise.all([
    db.select().from(orderSettlements).where(where).orderBy(desc(orderSettlements.id)).limit(size).offset((page - 1) * size),
    db.select({ n: count() }).from(orderSettlements).where(where),
  ]);
  return { rows, total: Number(t?.n ?? 0) };
}
export function invoicesOf(db: Executor, settleIds: number[]): Promise<TInvoiceDb[]> {
  if (!settleIds.length) return Promise.resolve([]);
  return db.select().from(settleInvoices).where(sql`${settleInvoices.settleId} in ${settleIds}`).orderBy(settleInvoices.id);
}
export async function insertInvoice(tx: Executor, v: typeof settleInvoices.$inferInsert) {
  const [row] = await tx.insert(settleInvoices).values(v).onConflictDoNothing().returning();
  return row ?? null;
}
export async function updateInvoice(tx: Executor, settleId: number, id: number, v: Partial<typeof settleInvoices.$inferInsert>) {
  const [row] = await tx.update(settleInvoices).set(v).where(and(eq(settleInvoices.id, id), eq(settleInvoices.settleId, settleId))).returning();
  return row ?? null;
}

const decodeSettle = rowDecoder(orderSettlements);
const decodeInvoice = rowDecoder(settleInvoices);
/**
 * pageSettles with what the views show beside each settlement, as JSON values of the caller's statement over its order
 * `order` (SQL of the order's id): `settles` (the page, newest first: each {s, inv: its invoices, tn / pn: the names
 * of its tenant and provider companies}) and `settle_total`. `status`: SQL text of the status, or null for every one.
 */
export const settlePageSql = (order: string, status: string | null, limit: string, offset: string) => {
  const where = `order_id = ${order}${status === null ? '' : ` and status = ${status}`}`;
  return (
    `(select coalesce(json_agg(json_build_object('s', to_json(s), ` +
    `'inv', (select coalesce(json_agg(i order by i.id), '[]'::json) from settle_invoices i where i.settle_id = s.id), ` +
    `'tn', (select c.name from companies c where c.id = s.tenant_company_id), 'pn', (select c.name from companies c where c.id = s.provider_company_id)) order by s.id desc), '[]'::json) ` +
    `from (select * from order_settlements where ${where} order by id desc limit ${limit} offset ${offset}) s) as settles, ` +
    `(select count(*)::int from order_settlements where ${where}) as settle_total`
  );
};
type TSettleJson = { s: Record<string, unknown>; inv: Record<string, unknown>[]; tn: string | null; pn: string | null };
/** settlePageSql's values: the rows, their invoices, the companies' names (id → name) and the total. */
export function settlePageOf(list: TSettleJson[] | null, total: number) {
  const rows: TSettleDb[] = [];
  const invoices: TInvoiceDb[] = [];
  const names = new Map<number, string>();
  for (const x of list ?? []) {
    const s = decodeSettle(x.s);
    rows.push(s);
    for (const i of x.inv) invoices.push(decodeInvoice(i));
    if (x.tn !== null) names.set(s.tenantCompanyId, x.tn);
    if (x.pn !== null) names.set(s.providerCompanyId, x.pn);
  }
  return { rows, invoices, names, total: Number(total ?? 0) };
}
