import { and, asc, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { FINPROD_APP_STATE } from '@jizu/shared/constants/finprod';
import type { Executor } from '../../db/client';
import { financeProductApps } from './finprod.tables';
import { pageOf } from '../../db/prepared';
import { rowWhere } from '../../db/rows';

export type TFinProdApp = typeof financeProductApps.$inferSelect;
const A = financeProductApps;
const S = FINPROD_APP_STATE;

export async function insertApp(db: Executor, v: typeof financeProductApps.$inferInsert): Promise<TFinProdApp | null> {
  const [row] = await db.insert(A).values(v).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findAppByNo(db: Executor, no: string): Promise<TFinProdApp | null> {
  const row = await rowWhere(db, A, eq(A.no, no));
  return row ?? null;
}

export async function findAppById(db: Executor, id: number): Promise<TFinProdApp | null> {
  const row = await rowWhere(db, A, eq(A.id, id));
  return row ?? null;
}

/** The company's newest application: the status it shows reads from it. */
export async function latestApp(db: Executor, companyId: number): Promise<TFinProdApp | null> {
  const row = await rowWhere(db, A, eq(A.companyId, companyId), { orderBy: [desc(A.id)] });
  return row ?? null;
}

/** Still in review at `now`: not decided, not past its deadline. */
const inReview = (now: Date) => and(eq(A.state, S.review), gt(A.expiresAt, now));

/** Compare-and-set: decides an application still in review at `now`; null when it was decided, closed or expired already. */
export async function decideApp(
  db: Executor,
  no: string,
  v: { state: number; reason: string },
  now: Date,
): Promise<TFinProdApp | null> {
  const [row] = await db
    .update(A)
    .set({ ...v, decidedAt: now })
    .where(and(eq(A.no, no), inReview(now)))
    .returning();
  return row ?? null;
}

/** Compare-and-set: the platform closes an application still in review at `now`; null otherwise. */
export async function closeApp(db: Executor, id: number, reason: string, now: Date): Promise<TFinProdApp | null> {
  const [row] = await db
    .update(A)
    .set({ state: S.closed, reason, decidedAt: now })
    .where(and(eq(A.id, id), inReview(now)))
    .returning();
  return row ?? null;
}

/**
 * Marks applications in review past their deadline as expired (at most `limit`, oldest first; of one company when
 * given), on the partial index of those in review. Compare-and-set on the state: a decision or a second run meanwhile
 * leaves them out.
 */
export async function expireDue(
  db: Executor,
  now: Date,
  opts: { companyId?: number; limit: number },
): Promise<TFinProdApp[]> {
  const due = and(
    eq(A.state, S.review),
    lte(A.expiresAt, now),
    opts.companyId ? eq(A.companyId, opts.companyId) : undefined,
  );
  const ids = (await db.select({ id: A.id }).from(A).where(due).orderBy(asc(A.expiresAt)).limit(opts.limit)).map(
    (r) => r.id,
  );
  if (!ids.length) return [];
  return db
    .update(A)
    .set({ state: S.expired, decidedAt: now })
    .where(and(inArray(A.id, ids), eq(A.state, S.review)))
    .returning();
}

/** The condition of an effective state at `now` (an application in review past its deadline is expired already). */
function stateCond(state: number, now: Date): SQL | undefined {
  if (state === -1) return undefined;
  if (state === S.review) return inReview(now);
  if (state === S.expired) return or(eq(A.state, S.expired), and(eq(A.state, S.review), lte(A.expiresAt, now)));
  return eq(A.state, state);
}

/**
 * The console's page: by effective state (the (state, id) index) and the company name's character grams (the GIN
 * index; each term re-checked in the normalised name), newest first.
 */
export async function pageApps(
  db: Executor,
  f: { state: number; grams: number[]; terms: string[]; page: number; size: number; now: Date },
) {
  const where = and(
    stateCond(f.state, f.now),
    f.grams.length ? sql`${A.searchGrams} @> ${`{${f.grams.join(',')}}`}::int4[]` : undefined,
    ...f.terms.map((t) => sql`strpos(${A.searchBody}, ${t}) > 0`),
  );
  return pageOf(db, A, { where, orderBy: [desc(A.id)], offset: (f.page - 1) * f.size, limit: f.size });
}

export async function setSearch(
  db: Executor,
  id: number,
  v: { companyName: string; searchBody: string; searchGrams: number[] },
) {
  await db.update(A).set(v).where(eq(A.id, id));
}
/** Applications written before the console searched names (search_body ''), a batch after `after`. */
export function unsearchable(db: Executor, after: number, limit: number) {
  return db
    .select({ id: A.id, companyId: A.companyId })
    .from(A)
    .where(and(eq(A.searchBody, ''), gt(A.id, after)))
    .orderBy(asc(A.id))
    .limit(limit);
}
