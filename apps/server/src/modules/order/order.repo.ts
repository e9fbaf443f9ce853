import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pageTotal } from '../../db/prepared';
import { companies } from '../company/company.tables';
import { rentalOrderLines, rentalOrders } from './order.tables';

/** SQL of rental orders: the services own the rules; this file only reads and writes rows. */
export type TOrderRowDb = typeof rentalOrders.$inferSelect;
export type TOrderLineDb = typeof rentalOrderLines.$inferSelect;
export type TOrderSide = 'tenant' | 'provider';

export async function findOrder(db: Executor, id: number): Promise<TOrderRowDb | null> {
  const [row] = await db.select().from(rentalOrders).where(eq(rentalOrders.id, id)).limit(1);
  return row ?? null;
}

/** The order under a row lock: the side's transitions and line edits do not interleave. */
export async function lockOrder(tx: Executor, id: number): Promise<TOrderRowDb | null> {
  const [row] = await tx.select().from(rentalOrders).where(eq(rentalOrders.id, id)).for('update');
  return row ?? null;
}

/** Compare-and-set on the status read under the lock; null when it changed meanwhile. */
export async function updateOrder(tx: Executor, id: number, fromStatus: number, set: Partial<typeof rentalOrders.$inferInsert>): Promise<TOrderRowDb | null> {
  const [row] = await tx
    .update(rentalOrders)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(rentalOrders.id, id), eq(rentalOrders.status, fromStatus)))
    .returning();
  return row ?? null;
}

export function linesOf(db: Executor, orderIds: number[]): Promise<TOrderLineDb[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return db.select().from(rentalOrderLines).where(inArray(rentalOrderLines.orderId, orderIds)).orderBy(asc(rentalOrderLines.orderId), asc(rentalOrderLines.id));
}

export async function findLine(db: Executor, orderId: number, lineId: number): Promise<TOrderLineDb | null> {
  const [row] = await db.select().from(rentalOrderLines).where(and(eq(rentalOrderLines.id, lineId), eq(rentalOrderLines.orderId, orderId))).limit(1);
  return row ?? null;
}
/** The order a line belongs to (the line routes take only the line's id). */
export async function orderIdOfLine(db: Executor, lineId: number): Promise<number | null> {
  const [row] = await db.select({ orderId: rentalOrderLines.orderId }).from(rentalOrderLines).where(eq(rentalOrderLines.id, lineId)).limit(1);
  return row?.orderId ?? null;
}
export async function updateLine(tx: Executor, lineId: number, set: Partial<typeof rentalOrderLines.$inferInsert>) {
  await tx.update(rentalOrderLines).set(set).where(eq(rentalOrderLines.id, lineId));
}
export async function deleteLine(tx: Executor, lineId: number) {
  await tx.delete(rentalOrderLines).where(eq(rentalOrderLines.id, lineId));
}
export async function countLines(db: Executor, orderId: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(rentalOrderLines).where(eq(rentalOrderLines.orderId, orderId));
  return Number(r?.n ?? 0);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (s: string) => `%${escapeLike(s)}%`;

export interface TOrderFilter {
  side: TOrderSide;
  companyId: number;
  statuses?: number[];
  sn?: string;
  projectName?: string;
  /** the other party's company name */
  company?: string;
  projectAddress?: string;
  from?: Date;
  to?: Date;
}

/** The WHERE of a side's filtered list. */
function filterWhere(f: TOrderFilter): SQL | undefined {
  const own = f.side === 'tenant' ? rentalOrders.tenantCompanyId : rentalOrders.providerCompanyId;
  const other = f.side === 'tenant' ? rentalOrders.providerCompanyId : rentalOrders.tenantCompanyId;
  const where: SQL[] = [eq(own, f.companyId)];
  if (f.side === 'provider') where.push(isNotNull(rentalOrders.submittedAt));
  if (f.statuses) where.push(inArray(rentalOrders.status, f.statuses));
  if (f.sn) where.push(ilike(rentalOrders.sn, contains(f.sn)));
  if (f.projectName) where.push(ilike(rentalOrders.projectName, contains(f.projectName)));
  if (f.projectAddress) where.push(ilike(rentalOrders.projectAddress, contains(f.projectAddress)));
  if (f.company) where.push(sql`exists (select 1 from ${companies} where ${companies.id} = ${other} and ${companies.name} ilike ${contains(f.company)})`);
  if (f.from) where.push(gte(rentalOrders.createdAt, f.from));
  if (f.to) where.push(lte(rentalOrders.createdAt, f.to));
  return and(...where);
}

/**
 * A page of a side's orders, newest first. The company's rows are found on (tenant|provider)_company_id, status, id
 * (the provider's on its partial index of submitted orders); the text filters narrow that set.
 */
export async function pageOrders(db: Executor, f: TOrderFilter, page: number, size: number): Promise<{ rows: TOrderRowDb[]; total: number }> {
  const cond = filterWhere(f);
  const offset = (page - 1) * size;
  // the total beside the rows: one statement, not two
  const rows = await db
    .select({ o: rentalOrders, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(rentalOrders)
    .where(cond)
    .orderBy(desc(rentalOrders.id))
    .limit(size)
    .offset(offset);
  const total = await pageTotal(rows, offset, async () => Number((await db.select({ n: count() }).from(rentalOrders).where(cond))[0]?.n ?? 0));
  return { rows: rows.map((r) => r.o), total };
}

/** Every row of a side's filtered list, newest first, in batches by id (keyset: no OFFSET, flat at any size). */
export async function* iterateOrders(db: Executor, f: TOrderFilter, batch = 500): AsyncGenerator<TOrderRowDb[]> {
  let before = 2_147_483_647;
  for (;;) {
    const rows = await db
      .select()
      .from(rentalOrders)
      .where(and(filterWhere(f), sql`${rentalOrders.id} < ${before}`))
      .orderBy(desc(rentalOrders.id))
      .limit(batch);
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    before = rows[rows.length - 1].id;
  }
}
