import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { prepared, pageTotal, totalOver } from '../../db/prepared';
import { SEAL_RETURNED, SEAL_STATUS } from '@jizu/shared/constants/seal';
import { companies, seals, users } from '../../db/schema';
import { wholeRow, rowWhere } from '../../db/rows';

const live = (companyId: unknown) => and(eq(seals.companyId, companyId as number), isNull(seals.deletedAt));

export function listSeals(db: Executor, companyId: number) {
  const q = prepared(db, 'seal.list', (d) =>
    d
      .select()
      .from(seals)
      .where(live(sql.placeholder('companyId')))
      .orderBy(asc(seals.id))
      .prepare('seal.list'),
  );
  return q.execute({ companyId });
}

export async function countSeals(db: Executor, companyId: number) {
  const [r] = await db.select({ n: count() }).from(seals).where(live(companyId));
  return Number(r.n);
}

export async function findSeal(db: Executor, companyId: number, id: number) {
  const row = await rowWhere(db, seals, and(live(companyId), eq(seals.id, id)));
  return row ?? null;
}

export async function insertSeal(db: Executor, v: typeof seals.$inferInsert) {
  const [row] = await db.insert(seals).values(v).returning();
  return row;
}

export async function softDelete(db: Executor, id: number) {
  await db
    .update(seals)
    .set({ deletedAt: sql`now()` })
    .where(eq(seals.id, id));
}

export async function reassignSeals(tx: Tx, companyId: number, fromUserId: number, toUserId: number) {
  await tx
    .update(seals)
    .set({ createdBy: toUserId })
    .where(and(eq(seals.companyId, companyId), eq(seals.createdBy, fromUserId)));
}

/**
 * The review queue of one status, oldest first for the pending one, newest decisions first otherwise. Any returned
 * status (1002 image, 1003 details) lists every kind of return, so no returned seal is out of the console's sight.
 */
export async function pageByStatus(db: Executor, status: number, offset: number, limit: number) {
  const returned = (SEAL_RETURNED as readonly number[]).includes(status);
  const where = and(
    returned ? inArray(seals.status, [...SEAL_RETURNED]) : eq(seals.status, status),
    isNull(seals.deletedAt),
  );
  const rows = await db
    .select({ seal: wholeRow(seals), companyName: companies.name, submitter: users.phone, total: totalOver() })
    .from(seals)
    .innerJoin(companies, eq(companies.id, seals.companyId))
    .innerJoin(users, eq(users.id, seals.createdBy))
    .where(where)
    .orderBy(status === SEAL_STATUS.review ? asc(seals.id) : desc(seals.id))
    .offset(offset)
    .limit(limit);
  return {
    rows,
    total: await pageTotal(rows, offset, async () =>
      Number((await db.select({ n: count() }).from(seals).where(where))[0].n),
    ),
  };
}

/** Moves a seal from one status to the next: compare-and-set on `from`, so two reviewers cannot both decide. */
export async function decide(tx: Tx, id: number, v: { from: number; to: number; reason: string; reviewerId: number }) {
  const [row] = await tx
    .update(seals)
    .set({ status: v.to, reason: v.reason, reviewerId: v.reviewerId, reviewedAt: new Date() })
    .where(and(eq(seals.id, id), eq(seals.status, v.from), isNull(seals.deletedAt)))
    .returning();
  return row ?? null;
}

export async function findAnySeal(db: Executor, id: number) {
  const [row] = await db
    .select({ seal: wholeRow(seals), companyName: companies.name })
    .from(seals)
    .innerJoin(companies, eq(companies.id, seals.companyId))
    .where(and(eq(seals.id, id), isNull(seals.deletedAt)))
    .limit(1);
  return row ?? null;
}
