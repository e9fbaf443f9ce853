import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { bankCards } from '../../db/schema';
import { rowWhere } from '../../db/rows';

const live = (companyId: unknown) => and(eq(bankCards.companyId, companyId as number), isNull(bankCards.deletedAt));

export function listCards(db: Executor, companyId: number) {
  const q = prepared(db, 'bank.list', (d) =>
    d
      .select()
      .from(bankCards)
      .where(live(sql.placeholder('companyId')))
      .orderBy(asc(bankCards.id))
      .prepare('bank.list'),
  );
  return q.execute({ companyId });
}

export async function findCard(db: Executor, companyId: number, id: number) {
  const row = await rowWhere(db, bankCards, and(live(companyId), eq(bankCards.id, id)));
  return row ?? null;
}

export { lockCompany } from '../company/company.repo';

export async function countCards(db: Executor, companyId: number) {
  const [r] = await db.select({ n: count() }).from(bankCards).where(live(companyId));
  return Number(r.n);
}

/** Whether a live card of the company has one of these blind indexes (the number under each loaded key). */
export async function hasNumber(db: Executor, companyId: number, indexes: string[]) {
  const [r] = await db
    .select({ id: bankCards.id })
    .from(bankCards)
    .where(and(live(companyId), inArray(bankCards.noIndex, indexes)))
    .limit(1);
  return Boolean(r);
}

export async function insertCard(db: Executor, v: typeof bankCards.$inferInsert) {
  const [row] = await db.insert(bankCards).values(v).returning();
  return row;
}

export async function makeDefault(tx: Tx, companyId: number, id: number) {
  await tx
    .update(bankCards)
    .set({ isDefault: 0 })
    .where(and(live(companyId), ne(bankCards.id, id), eq(bankCards.isDefault, 1)));
  await tx
    .update(bankCards)
    .set({ isDefault: 1 })
    .where(and(live(companyId), eq(bankCards.id, id)));
}

export async function softDelete(db: Executor, companyId: number, id: number) {
  await db
    .update(bankCards)
    .set({ deletedAt: sql`now()`, isDefault: 0 })
    .where(and(live(companyId), eq(bankCards.id, id)));
}

export async function reassignCards(tx: Tx, companyId: number, fromUserId: number, toUserId: number) {
  await tx
    .update(bankCards)
    .set({ createdBy: toUserId })
    .where(and(eq(bankCards.companyId, companyId), eq(bankCards.createdBy, fromUserId)));
}
