import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pageTotal } from '../../db/prepared';
import { companies, favorites } from '../../db/schema';

export async function pageFavorites(db: Executor, userId: number, type: number, offset: number, limit: number) {
  const where = and(eq(favorites.userId, userId), eq(favorites.type, type))!;
  const rows = await db
    .select({ f: favorites, total: sql<number>`count(*) over ()` })
    .from(favorites)
    .where(where)
    .orderBy(desc(favorites.id))
    .offset(offset)
    .limit(limit);
  const total = await pageTotal(rows, offset, async () => Number((await db.select({ n: count() }).from(favorites).where(where))[0].n));
  return { rows: rows.map((r) => r.f), total };
}

/** How many users saved each target (on favorites_target_idx). */
export async function favCounts(db: Executor, type: number, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: favorites.targetId, n: count() })
    .from(favorites)
    .where(and(eq(favorites.type, type), inArray(favorites.targetId, ids)))
    .groupBy(favorites.targetId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export async function findOwn(db: Executor, userId: number, type: number, targetId: number) {
  const [row] = await db
    .select()
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.type, type), eq(favorites.targetId, targetId)))
    .limit(1);
  return row ?? null;
}

/** Adds once: a second add (or two at once) keeps the one row. */
export async function insertFavorite(db: Executor, v: typeof favorites.$inferInsert) {
  await db.insert(favorites).values(v).onConflictDoNothing();
}

export async function deleteOwn(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(favorites)
    .where(and(eq(favorites.id, id), eq(favorites.userId, userId)))
    .returning({ id: favorites.id });
  return rows.length > 0;
}

/** The companies behind listings, for the cards' tags (verified, road-bridge member unit) and name. */
export async function companyTags(db: Executor, ids: number[]) {
  if (!ids.length) return new Map<number, { name: string; status: number; memberType: number; super: number }>();
  const rows = await db.select({ id: companies.id, name: companies.name, status: companies.status, memberType: companies.memberType, super: companies.super }).from(companies).where(inArray(companies.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
