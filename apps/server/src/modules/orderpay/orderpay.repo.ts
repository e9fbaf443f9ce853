import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderPaymentFlows, orderPayments, paymentFinancings } from './orderpay.tables';

/** SQL of payments, their financing applications and the money ledger. */
export type TPayDb = typeof orderPayments.$inferSelect;
export type TFinDb = typeof paymentFinancings.$inferSelect;

/** One payment per settlement: a second insert for the same settlement books nothing (null). */
export async function insertPayment(tx: Executor, v: typeof orderPayments.$inferInsert): Promise<TPayDb | null> {
  const [row] = await tx.insert(orderPayments).values(v).onConflictDoNothing().returning();
  return row ?? null;
}
export async function findPayment(db: Executor, orderId: number, id: number): Promise<TPayDb | null> {
  const [row] = await db.select().from(orderPayments).where(and(eq(orderPayments.id, id), eq(orderPayments.orderId, orderId))).limit(1);
  return row ?? null;
}
export async function findPaymentById(db: Executor, id: number): Promise<TPayDb | null> {
  const [row] = await db.select().from(orderPayments).where(eq(orderPayments.id, id)).limit(1);
  return row ?? null;
}
export async function lockPayment(tx: Executor, id: number): Promise<TPayDb | null> {
  const [row] = await tx.select().from(orderPayments).where(eq(orderPayments.id, id)).for('update');
  return row ?? null;
}
/** Compare-and-set on what the caller read (state and both paid sums); null when any changed. */
export async function updatePayment(tx: Executor, p: TPayDb, set: Partial<typeof orderPayments.$inferInsert>): Promise<TPayDb | null> {
  const [row] = await tx
    .update(orderPayments)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(orderPayments.id, p.id), eq(orderPayments.state, p.state), eq(orderPayments.tenantPaid, p.tenantPaid), eq(orderPayments.providerPaid, p.providerPaid)))
    .returning();
  return row ?? null;
}
export async function pagePayments(db: Executor, orderId: number, state: number, page: number, size: number) {
  const where = state === -1 ? eq(orderPayments.orderId, orderId) : and(eq(orderPayments.orderId, orderId), eq(orderPayments.state, state));
  const [rows, [t]] = await Promise.all([
    db.select().from(orderPayments).where(where).orderBy(desc(orderPayments.id)).limit(size).offset((page - 1) * size),
    db.select({ n: count() }).from(orderPayments).where(where),
  ]);
  return { rows, total: Number(t?.n ?? 0) };
}
export function paymentsOfOrder(db: Executor, orderId: number): Promise<TPayDb[]> {
  return db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(desc(orderPayments.id));
}
/** The console's list: every payment, by state. */
export async function pageAllPayments(db: Executor, state: number, page: number, size: number) {
  const where = state === -1 ? sql`true` : eq(orderPayments.state, state);
  const [rows, [t]] = await Promise.all([
    db.select().from(orderPayments).where(where).orderBy(desc(orderPayments.id)).limit(size).offset((page - 1) * size),
    db.select({ n: count() }).from(orderPayments).where(where),
  ]);
  return { rows, total: Number(t?.n ?? 0) };
}

export async function insertFinancing(tx: Executor, v: typeof paymentFinancings.$inferInsert): Promise<TFinDb | null> {
  const [row] = await tx.insert(paymentFinancings).values(v).onConflictDoNothing().returning();
  return row ?? null;
}
export async function findFinancingByNo(db: Executor, orderNo: string): Promise<TFinDb | null> {
  const [row] = await db.select().from(paymentFinancings).where(eq(paymentFinancings.orderNo, orderNo)).limit(1);
  return row ?? null;
}
export async function findFinancing(db: Executor, paymentId: number, id: number): Promise<TFinDb | null> {
  const [row] = await db.select().from(paymentFinancings).where(and(eq(paymentFinancings.id, id), eq(paymentFinancings.paymentId, paymentId))).limit(1);
  return row ?? null;
}
export async function lockFinancingByNo(tx: Executor, orderNo: string): Promise<TFinDb | null> {
  const [row] = await tx.select().from(paymentFinancings).where(eq(paymentFinancings.orderNo, orderNo)).for('update');
  return row ?? null;
}
/** Compare-and-set on the financing's status. */
export async function updateFinancing(tx: Executor, f: TFinDb, set: Partial<typeof paymentFinancings.$inferInsert>): Promise<TFinDb | null> {
  const [row] = await tx
    .update(paymentFinancings)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(paymentFinancings.id, f.id), eq(paymentFinancings.status, f.status)))
    .returning();
  return row ?? null;
}
export function financingsOf(db: Executor, paymentIds: number[]): Promise<TFinDb[]> {
  if (!paymentIds.length) return Promise.resolve([]);
  return db.select().from(paymentFinancings).where(inArray(paymentFinancings.paymentId, paymentIds)).orderBy(desc(paymentFinancings.id));
}
export async function pageFinancings(db: Executor, orderId: number, paymentId: number | undefined, page: number, size: number) {
  const where = paymentId ? and(eq(paymentFinancings.orderId, orderId), eq(paymentFinancings.paymentId, paymentId)) : eq(paymentFinancings.orderId, orderId);
  const [rows, [t]] = await Promise.all([
    db.select().from(paymentFinancings).where(where).orderBy(desc(paymentFinancings.id)).limit(size).offset((page - 1) * size),
    db.select({ n: count() }).from(paymentFinancings).where(where),
  ]);
  return { rows, total: Number(t?.n ?? 0) };
}

/** A ledger row; null when its business key was already booked. */
export async function insertFlow(tx: Executor, v: typeof orderPaymentFlows.$inferInsert) {
  const [row] = await tx.insert(orderPaymentFlows).values(v).onConflictDoNothing().returning();
  return row ?? null;
}

/** A company's payments across its orders (the statistics page), as payee or payer. */
export async function pageCompanyPayments(db: Executor, side: 'tenant' | 'provider', companyId: number, state: number, page: number, size: number) {
  const mine = side === 'tenant' ? eq(orderPayments.tenantCompanyId, companyId) : eq(orderPayments.providerCompanyId, companyId);
  const where = state === -1 ? mine : and(mine, eq(orderPayments.state, state));
  const [rows, [t]] = await Promise.all([
    db.select().from(orderPayments).where(where).orderBy(desc(orderPayments.id)).limit(size).offset((page - 1) * size),
    db.select({ n: count() }).from(orderPayments).where(where),
  ]);
  return { rows, total: Number(t?.n ?? 0) };
}

/**
 * The sums of PayeeStat and PayerStat over one order's or one company's payments (a returned payment is disputed and
 * left out), in fen, in one statement. Dates are Shanghai days (yyyy-MM-dd).
 */
export async function payStats(db: Executor, by: { orderId?: number; providerCompanyId?: number; tenantCompanyId?: number }, d: { today: string; monthEnd: string; nearEnd: string }) {
  const p = orderPayments;
  const conds = [sql`${p.state} <> 4`];
  if (by.orderId) conds.push(eq(p.orderId, by.orderId));
  if (by.providerCompanyId) conds.push(eq(p.providerCompanyId, by.providerCompanyId));
  if (by.tenantCompanyId) conds.push(eq(p.tenantCompanyId, by.tenantCompanyId));
  const can = sql`(${p.state} = 2 and not exists (select 1 from ${paymentFinancings} f where f.payment_id = ${p.id} and f.status in (4, 5)))`;
  const bal = sql`(${p.providerAmount} - ${p.providerPaid})`;
  const due = sql`(${p.payAmount} - ${p.tenantPaid})`;
  const n = (e: ReturnType<typeof sql>) => sql<string>`coalesce(sum(${e}), 0)::text`;
  const [r] = await db
    .select({
      count: sql<string>`count(*)::text`,
      pay: n(sql`${p.providerAmount}`),
      unpay: n(bal),
      unOpen: n(sql`case when ${p.state} = 1 then ${p.providerAmount} else 0 end`),
      canReal: n(sql`case when ${can} then ${bal} else 0 end`),
      curCanReal: n(sql`case when ${can} and ${p.cashDate} <= ${d.monthEnd} then ${bal} else 0 end`),
      real: n(sql`${p.providerReceived}`),
      payable: n(sql`${p.payAmount}`),
      paid: n(sql`${p.tenantPaid}`),
      cur: n(sql`case when ${p.cashDate} >= ${d.today} and ${p.cashDate} <= ${d.monthEnd} then ${due} else 0 end`),
      nearly: n(sql`case when ${p.cashDate} >= ${d.today} and ${p.cashDate} <= ${d.nearEnd} then ${due} else 0 end`),
      debt: n(sql`case when ${p.cashDate} < ${d.today} then ${due} else 0 end`),
      debtCount: sql<string>`count(*) filter (where ${p.cashDate} < ${d.today} and ${due} > 0)::text`,
    })
    .from(p)
    .where(and(...conds));
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(r ?? {})) out[k] = Number(v ?? 0);
  return out as Record<keyof NonNullable<typeof r>, number>;
}

export async function findPaymentBySettle(db: Executor, settleId: number): Promise<TPayDb | null> {
  const [row] = await db.select().from(orderPayments).where(eq(orderPayments.settleId, settleId)).limit(1);
  return row ?? null;
}
