import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { readRows } from '../../db/json-rows';
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
  const total = await pageTotal(rows, offset, async () =>
    Number(
      (
        await db
          .select({ n: count() })
          .from(favorites)
          .where(and(eq(favorites.userId, userId), eq(favorites.type, type)))
      )[0].n,
    ),
  );
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

/** A user's favourite of a target (its id, or null; a null user has none) and how many users saved the target. */
export async function ownAndCount(
  db: Executor,
  userId: number | null,
  type: number,
  targetId: number,
): Promise<{ id: number | null; n: number }> {
  const [row] = await readRows<{ id: number | null; n: number }>(
    db,
    'favorite.state',
    'select (select id from favorites where user_id = $1 and type = $2 and target_id = $3) as id, (select count(*)::int from favorites where type = $2 and target_id = $3) as n',
    [userId, type, targetId],
  );
  return row;
}

/**
 * Adds once (a second add, or two at once, keeps the one row) and answers as ownAndCount in the same statement; the
 * id is null only when another add of the same user and target committed while this one ran (its row is not in this
 * statement's snapshot): the caller reads it afresh.
 */
export async function insertFavorite(
  db: Executor,
  v: { userId: number; companyId: number | null; type: number; targetId: number },
): Promise<{ id: number | null; n: number }> {
  const [row] = await readRows<{ id: number | null; n: number }>(
    db,
    'favorite.insert',
    `with ins as (insert into favorites (user_id, company_id, type, target_id) values ($1, $2, $3, $4) on conflict do nothing returning id)
     select coalesce((select id from ins), (select id from favorites where user_id = $1 and type = $3 and target_id = $4)) as id,
       (select count(*)::int from favorites where type = $3 and target_id = $4) + (select count(*)::int from ins) as n`,
    [v.userId, v.companyId, v.type, v.targetId],
  );
  return row;
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
      .select({
        id: companies.id,
        name: companies.name,
        status: companies.status,
        memberType: companies.memberType,
        super: companies.super,
      })
      .from(companies)
      .where(anyOf(companies.id))
      .prepare('favorite.companyTags'),
  );
  const rows = await q.execute({ ids: idsOf(ids) });
  return new Map(rows.map((r) => [r.id, r]));
}
