import { and, count, desc, asc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { pageTotal } from '../../db/prepared';
import { reports, users } from '../../db/schema';
import { wholeRow, rowWhere } from '../../db/rows';

export type TReport = typeof reports.$inferSelect;

export async function insertReport(tx: Executor, v: typeof reports.$inferInsert): Promise<TReport> {
  const [row] = await tx.insert(reports).values(v).returning();
  return row;
}

export async function findPending(db: Executor, userId: number, type: number, targetId: number) {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(eq(reports.userId, userId), eq(reports.type, type), eq(reports.targetId, targetId), eq(reports.status, 0)),
    )
    .limit(1);
  return row ?? null;
}

export async function pageOwn(db: Executor, userId: number, offset: number, limit: number) {
  const where = eq(reports.userId, userId);
  const rows = await db
    .select({ r: wholeRow(reports), total: sql<number>`count(*) over ()` })
    .from(reports)
    .where(where)
    .orderBy(desc(reports.id))
    .offset(offset)
    .limit(limit);
  const total = await pageTotal(rows, offset, async () =>
    Number((await db.select({ n: count() }).from(reports).where(where))[0].n),
  );
  return { rows: rows.map((r) => r.r), total };
}

/** The console's queue of one status: pending oldest first, decisions newest first. */
export async function pageByStatus(db: Executor, status: number, offset: number, limit: number) {
  const where = eq(reports.status, status);
  const rows = await db
    .select({ r: wholeRow(reports), reporter: users.phone, total: sql<number>`count(*) over ()` })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.userId))
    .where(where)
    .orderBy(status === 0 ? asc(reports.id) : desc(reports.id))
    .offset(offset)
    .limit(limit);
  const total = await pageTotal(rows, offset, async () =>
    Number((await db.select({ n: count() }).from(reports).where(where))[0].n),
  );
  return { rows, total };
}

export async function findReport(db: Executor, id: number): Promise<TReport | null> {
  const row = await rowWhere(db, reports, eq(reports.id, id));
  return row ?? null;
}

/** Compare-and-set from pending: two staff cannot both decide. */
export async function decide(
  tx: Tx,
  id: number,
  v: { to: number; result: string; handlerId: number },
): Promise<TReport | null> {
  const [row] = await tx
    .update(reports)
    .set({ status: v.to, result: v.result, handlerId: v.handlerId, handledAt: new Date() })
    .where(and(eq(reports.id, id), eq(reports.status, 0)))
    .returning();
  return row ?? null;
}

export async function userPhone(db: Executor, userId: number): Promise<string> {
  const [u] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.phone ?? '';
}
