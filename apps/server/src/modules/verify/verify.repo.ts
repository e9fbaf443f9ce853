import { and, count, desc, eq, gt, inArray, lte, ne, sql, type AnyColumn } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { advancedAuths, companyAuths, personAuths, users } from '../../db/schema';
import { pageTotal, totalOver } from '../../db/prepared';
import { rowWhere, wholeRow } from '../../db/rows';

export type TPersonAuth = typeof personAuths.$inferSelect;
export type TCompanyAuth = typeof companyAuths.$inferSelect;
export type TAdvancedAuth = typeof advancedAuths.$inferSelect;

/** A unique index said no: a concurrent submission or a duplicate verified ID/credit code. */
export function uniqueViolation(e: unknown, index: string): boolean {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = err.cause ?? err;
  return (
    c.code === '23505' && (c.constraint === index || String((c as { message?: string }).message ?? '').includes(index))
  );
}

// personal
export async function latestPerson(db: Executor, userId: number): Promise<TPersonAuth | null> {
  const row = await rowWhere(db, personAuths, eq(personAuths.userId, userId), { orderBy: [desc(personAuths.id)] });
  return row ?? null;
}

/** Whether the user has a passed personal verification (the same test as the real-name badge). */
export async function personVerified(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: personAuths.id })
    .from(personAuths)
    .where(and(eq(personAuths.userId, userId), eq(personAuths.status, 1)))
    .limit(1);
  return !!row;
}

/** Whether another user passed verification with this ID number (by its blind index under each loaded key). */
export async function cardVerifiedByOther(db: Executor, cardIndexes: string[], userId: number) {
  const [row] = await db
    .select({ id: personAuths.id })
    .from(personAuths)
    .where(and(inArray(personAuths.cardIndex, cardIndexes), eq(personAuths.status, 1), ne(personAuths.userId, userId)))
    .limit(1);
  return !!row;
}

export async function insertPerson(db: Executor, v: typeof personAuths.$inferInsert) {
  const [row] = await db.insert(personAuths).values(v).returning();
  return row;
}

/** Compare-and-set: only a submission still in review is decided; null when it was not. */
export async function decidePerson(
  db: Executor,
  id: number,
  v: { status: number; reason: string; reviewerId: number },
) {
  const [row] = await db
    .update(personAuths)
    .set({ ...v, reviewedAt: sql`now()` })
    .where(and(eq(personAuths.id, id), eq(personAuths.status, 3)))
    .returning();
  return row ?? null;
}

export async function findPerson(db: Executor, id: number) {
  const row = await rowWhere(db, personAuths, eq(personAuths.id, id));
  return row ?? null;
}

export async function pagePersons(db: Executor, status: number, offset: number, limit: number) {
  const where = eq(personAuths.status, status);
  const order = status === 3 ? personAuths.id : desc(personAuths.id);
  const rows = await db
    .select({ a: wholeRow(personAuths), phone: users.phone, total: totalOver() })
    .from(personAuths)
    .innerJoin(users, eq(users.id, personAuths.userId))
    .where(where)
    .orderBy(order)
    .offset(offset)
    .limit(limit);
  return {
    rows,
    total: await pageTotal(rows, offset, async () =>
      Number((await db.select({ n: count() }).from(personAuths).where(where))[0].n),
    ),
  };
}

// company
export async function latestCompanyAuth(db: Executor, companyId: number): Promise<TCompanyAuth | null> {
  const row = await rowWhere(db, companyAuths, eq(companyAuths.companyId, companyId), {
    orderBy: [desc(companyAuths.id)],
  });
  return row ?? null;
}

export async function insertCompanyAuth(db: Executor, v: typeof companyAuths.$inferInsert) {
  const [row] = await db.insert(companyAuths).values(v).returning();
  return row;
}

export async function decideCompanyAuth(
  db: Executor,
  id: number,
  v: { status: number; reason: string; reviewerId: number },
) {
  const [row] = await db
    .update(companyAuths)
    .set({ ...v, reviewedAt: sql`now()` })
    .where(and(eq(companyAuths.id, id), eq(companyAuths.status, 3)))
    .returning();
  return row ?? null;
}

export async function findCompanyAuth(db: Executor, id: number) {
  const row = await rowWhere(db, companyAuths, eq(companyAuths.id, id));
  return row ?? null;
}

export async function pageCompanyAuths(db: Executor, status: number, offset: number, limit: number) {
  const where = eq(companyAuths.status, status);
  const order = status === 3 ? companyAuths.id : desc(companyAuths.id);
  const rows = await db
    .select({ a: wholeRow(companyAuths), phone: users.phone, total: totalOver() })
    .from(companyAuths)
    .innerJoin(users, eq(users.id, companyAuths.userId))
    .where(where)
    .orderBy(order)
    .offset(offset)
    .limit(limit);
  return {
    rows,
    total: await pageTotal(rows, offset, async () =>
      Number((await db.select({ n: count() }).from(companyAuths).where(where))[0].n),
    ),
  };
}

// advanced
export async function insertAdvanced(db: Executor, v: typeof advancedAuths.$inferInsert) {
  const [row] = await db.insert(advancedAuths).values(v).returning();
  return row;
}

export async function findAdvancedByNo(db: Executor, no: string): Promise<TAdvancedAuth | null> {
  const row = await rowWhere(db, advancedAuths, eq(advancedAuths.no, no));
  return row ?? null;
}

/** The company's newest order: the one its advanced status reads from. */
export async function latestAdvanced(db: Executor, companyId: number): Promise<TAdvancedAuth | null> {
  const row = await rowWhere(db, advancedAuths, eq(advancedAuths.companyId, companyId), {
    orderBy: [desc(advancedAuths.id)],
  });
  return row ?? null;
}

/**
 * Compare-and-set: only an order still open (WAITING, not expired) is decided, so a repeated, late or post-expiry
 * callback changes nothing. Null when nothing was decided.
 */
export async function decideAdvanced(db: Executor, no: string, v: { state: string; reason: string }) {
  const [row] = await db
    .update(advancedAuths)
    .set({ ...v, decidedAt: sql`now()` })
    .where(and(eq(advancedAuths.no, no), eq(advancedAuths.state, 'WAITING'), gt(advancedAuths.expiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}

/** Writes down what the clock already says: WAITING orders (of a company, or one order) past their expiry are EXPIRED. */
export async function expireAdvanced(db: Executor, by: { companyId: number } | { no: string }) {
  await db
    .update(advancedAuths)
    .set({ state: 'EXPIRED' })
    .where(
      and(
        'no' in by ? eq(advancedAuths.no, by.no) : eq(advancedAuths.companyId, by.companyId),
        eq(advancedAuths.state, 'WAITING'),
        lte(advancedAuths.expiresAt, sql`now()`),
      ),
    );
}

/**
 * 1 when the user (a column of the caller's query) has passed personal verification, else 0: a fragment other modules
 * embed in their own reads (the member list's real-name badge) so a list stays one statement. On person_auths_user_idx.
 */
export const realNameVerifiedSql = (userId: AnyColumn) =>
  sql<number>`(exists (select 1 from ${personAuths} where ${personAuths.userId} = ${userId} and ${personAuths.status} = 1))::int`;
