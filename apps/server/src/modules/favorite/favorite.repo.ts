import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { anyOf, idsOf, pageTotal, prepared } from '../../db/prepared';
import { companies, favorites } from '../../db/schema';

export async function pageFavorites(db: Executor, userId: number, type: number, offset: number, limit: number) {
  const where = and(eq(favorites.userId, sql.placeholder('userId')), eq(favorites.type, sql.placeholder('type')))!;
  const q = prepared(db, 'favorite.page', (d) =>
    d
      .select({ f: favorites, total: sql<number>`count(*) over ()` })
      .from(favorites)
      .where(where)
      .orderBy(desc(favorites.id))
      .offset(sql.placeholder('offset'))
      .limit(sql.placeholder('limit'))
      .prepare('favorite.page'),
  );
  const rows = await q.execute({ userId, type, offset, limit });
  const total = await pageTotal(rows, offset, async () => Number((await db.select({ n: count() }).from(favorites).where(and(eq(favorites.userId, userId), eq(favorites.type, type))))[0].n));
  return { rows: rows.map((r) => r.f), total };
}

/** How many users saved each target (on favorites_target_idx). */
export async function favCounts(db: Executor, type: number, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const q = prepared(db, 'favorite.counts', (d) =>
    d
      .select({ id: favorites.targetId, n: count() })
      .from(favorites)
      .where(and(eq(favorites.type, sql.placeholder('type')), anyOf(favorites.targetId)))
      .groupBy(favorites.targetId)
      .prepare('favorite.counts'),
  );
  const rows = await q.execute({ type, ids: idsOf(ids) });
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export async function findOwn(db: Executor, userId: number, type: number, targetId: number) {
  const q = prepared(db, 'favorite.own', (d) =>
    d
      .select()
      .from(favorites)
      .where(and(eq(favorites.userId, sql.placeholder('userId')), eq(favorites.type, sql.placeholder('type')), eq(favorites.targetId, sql.placeholder('targetId'))))
      .limit(1)
      .prepare('favorite.own'),
  );
  const [row] = await q.execute({ userId, type, targetId });
  return row ?? null;
}

/** Adds once: a second add (or two at once) keeps the one row. */
export async function insertFavorite(db: Executor, v: { userId: number; companyId: number | null; type: number; targetId: number }) {
  const q = prepared(db, 'favorite.insert', (d) =>
    d
      .insert(favorites)
      .values({ userId: sql.placeholder('userId'), companyId: sql.placeholder('companyId'), type: sql.placeholder('type'), targetId: sql.placeholder('targetId') })
      .onConflictDoNothing()
      .prepare('favorite.insert'),
  );
  await q.execute(v);
}

export async function deleteOwn(db: Executor, userId: number, id: number): Promise<boolean> {
  const q = prepared(db, 'favorite.delete', (d) =>
    d
      .delete(favorites)
      .where(and(eq(favorites.id, sql.placeholder('id')), eq(favorites.userId, sql.placeholder('userId'))))
      .returning({ id: favorites.id })
      .prepare('favorite.delete'),
  );
  const rows = await q.execute({ id, userId });
  return rows.length > 0;
}

/** The companies behind listings, for the cards' tags (verified, road-bridge member unit) and name. */
export async function companyTags(db: Executor, ids: number[]) {
  if (!ids.length) return new Map<number, { name: string; status: number; memberType: number; super: number }>();
  const q = prepared(db, 'favorite.companyTags', (d) =>
    d
      .select({ id: companies.id, name: companies.name, status: companies.status, memberType: companies.memberType, super: companies.super })
      .from(companies)
      .where(anyOf(companies.id))
      .prepare('favorite.companyTags'),
  );
  const rows = await q.execute({ ids: idsOf(ids) });
  return new Map(rows.map((r) => [r.id, r]));
}
