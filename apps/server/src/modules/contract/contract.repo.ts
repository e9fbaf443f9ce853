import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderContracts } from './contract.tables';

/** SQL of order contracts. */
export type TContractDb = typeof orderContracts.$inferSelect;

export async function findContract(db: Executor, orderId: number, id: number): Promise<TContractDb | null> {
  const [row] = await db.select().from(orderContracts).where(and(eq(orderContracts.id, id), eq(orderContracts.orderId, orderId))).limit(1);
  return row ?? null;
}
export async function lockContract(tx: Executor, id: number): Promise<TContractDb | null> {
  const [row] = await tx.select().from(orderContracts).where(eq(orderContracts.id, id)).for('update');
  return row ?? null;
}
export async function insertContract(db: Executor, v: typeof orderContracts.$inferInsert): Promise<TContractDb> {
  const [row] = await db.insert(orderContracts).values(v).returning();
  return row;
}
/** Compare-and-set on the status; null when it changed meanwhile. */
export async function updateContract(tx: Executor, id: number, fromStatus: number, set: Partial<typeof orderContracts.$inferInsert>): Promise<TContractDb | null> {
  const [row] = await tx
    .update(orderContracts)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(orderContracts.id, id), eq(orderContracts.status, fromStatus)))
    .returning();
  return row ?? null;
}
/** A page of an order's contracts (on order_contracts_order_idx) and its signed / to-sign counts. */
export async function pageContracts(db: Executor, orderId: number, status: number, page: number, size: number) {
  const where = status === -1 ? eq(orderContracts.orderId, orderId) : and(eq(orderContracts.orderId, orderId), eq(orderContracts.status, status));
  // the page's total and the order's signed / unsigned counts in one statement over the order's contracts
  const [rows, [t]] = await Promise.all([
    db.select().from(orderContracts).where(where).orderBy(desc(orderContracts.id)).limit(size).offset((page - 1) * size),
    db
      .select({
        n: status === -1 ? sql<number>`count(*)` : sql<number>`count(*) filter (where ${orderContracts.status} = ${status})`,
        sign: sql<number>`count(*) filter (where ${orderContracts.status} = 1)`,
        unsign: sql<number>`count(*) filter (where ${orderContracts.status} = 0)`,
      })
      .from(orderContracts)
      .where(eq(orderContracts.orderId, orderId)),
  ]);
  return { rows, total: Number(t?.n ?? 0), sign: Number(t?.sign ?? 0), unsign: Number(t?.unsign ?? 0) };
}
export async function findBySignedSha(db: Executor, sha: string): Promise<TContractDb | null> {
  const [row] = await db.select().from(orderContracts).where(eq(orderContracts.signedSha256, sha)).limit(1);
  return row ?? null;
}
