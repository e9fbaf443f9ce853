import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { hallCountCap } from '@jizu/shared/constants/site';
import type { TCardExperience, TCardCert, TJobHallQuery } from '@jizu/shared/schemas/jobcard';
import type { Executor } from '../../db/client';
import { anyOf, idsOf, prepared, pageOf } from '../../db/prepared';
import { rowDecoder } from '../../db/json-rows';
import { users } from '../../db/schema';
import { cityInProvince } from '../region/region.service';
import { jobCardCerts, jobCardExperiences, jobCardHall, jobCards } from './jobcard.tables';
import { rowWhere } from '../../db/rows';

export type TCard = typeof jobCards.$inferSelect;
export type TCardInsert = typeof jobCards.$inferInsert;
export type TCardFields = Omit<TCardInsert, 'id' | 'userId' | 'status' | 'createdAt'>;

export async function insertCard(tx: Executor, v: TCardInsert): Promise<TCard> {
  const [row] = await tx.insert(jobCards).values(v).returning();
  return row;
}

export async function findCard(db: Executor, id: number): Promise<TCard | null> {
  const [row] = await prepared(db, 'jobcard.byId', (d) =>
    d
      .select()
      .from(jobCards)
      .where(eq(jobCards.id, sql.placeholder('id')))
      .limit(1)
      .prepare('jobcard.byId'),
  ).execute({ id });
  return row ?? null;
}

export async function findOwnCard(db: Executor, userId: number, id: number): Promise<TCard | null> {
  const row = await rowWhere(db, jobCards, and(eq(jobCards.id, id), eq(jobCards.userId, userId)));
  return row ?? null;
}

/** The user's live card (待审核, 求职中, 审核失败), if any. */
export async function findLiveCard(db: Executor, userId: number): Promise<TCard | null> {
  const row = await rowWhere(db, jobCards, and(eq(jobCards.userId, userId), inArray(jobCards.status, [1, 2, 5])));
  return row ?? null;
}

/** Compare-and-set: changes the card only while it is still in `from`; null when another change came first. */
export async function updateCardFrom(
  tx: Executor,
  id: number,
  from: number,
  set: Partial<TCardInsert>,
): Promise<TCard | null> {
  const [row] = await tx
    .update(jobCards)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(jobCards.id, id), eq(jobCards.status, from)))
    .returning();
  return row ?? null;
}

export async function replaceCerts(tx: Executor, cardId: number, certs: TCardCert[]) {
  await tx.delete(jobCardCerts).where(eq(jobCardCerts.cardId, cardId));
  if (certs.length)
    await tx.insert(jobCardCerts).values(certs.map((c, i) => ({ cardId, position: i, name: c.name, img: c.img })));
}

export async function replaceExperiences(tx: Executor, cardId: number, exps: TCardExperience[]) {
  await tx.delete(jobCardExperiences).where(eq(jobCardExperiences.cardId, cardId));
  if (exps.length)
    await tx
      .insert(jobCardExperiences)
      .values(exps.map((e, i) => ({ cardId, position: i, name: e.name, address: e.address, img: e.img })));
}

export async function certsOf(db: Executor, cardIds: number[]): Promise<Map<number, TCardCert[]>> {
  const out = new Map<number, TCardCert[]>();
  if (!cardIds.length) return out;
  const q = prepared(db, 'jobcard.certs', (d) =>
    d
      .select()
      .from(jobCardCerts)
      .where(anyOf(jobCardCerts.cardId))
      .orderBy(asc(jobCardCerts.cardId), asc(jobCardCerts.position))
      .prepare('jobcard.certs'),
  );
  const rows = await q.execute({ ids: idsOf(cardIds) });
  for (const r of rows) out.set(r.cardId, [...(out.get(r.cardId) ?? []), { name: r.name, img: r.img }]);
  return out;
}

export async function experiencesOf(db: Executor, cardIds: number[]): Promise<Map<number, TCardExperience[]>> {
  const out = new Map<number, TCardExperience[]>();
  if (!cardIds.length) return out;
  const q = prepared(db, 'jobcard.experiences', (d) =>
    d
      .select()
      .from(jobCardExperiences)
      .where(anyOf(jobCardExperiences.cardId))
      .orderBy(asc(jobCardExperiences.cardId), asc(jobCardExperiences.position))
      .prepare('jobcard.experiences'),
  );
  const rows = await q.execute({ ids: idsOf(cardIds) });
  for (const r of rows)
    out.set(r.cardId, [...(out.get(r.cardId) ?? []), { name: r.name, address: r.address, img: r.img }]);
  return out;
}

/** The hall's category rows follow the card: present exactly while it is passed (2). */
export async function syncHall(tx: Executor, card: TCard) {
  await tx.delete(jobCardHall).where(eq(jobCardHall.cardId, card.id));
  if (card.status === 2)
    await tx.insert(jobCardHall).values(
      card.categories.map((categoryId) => ({
        categoryId,
        cardId: card.id,
        province: card.province,
        city: card.city,
      })),
    );
}

/** A user's cards in these states, newest first. */
export async function pageOwnCards(db: Executor, userId: number, states: number[], offset: number, limit: number) {
  const cond = and(eq(jobCards.userId, userId), inArray(jobCards.status, states));
  return pageOf(db, jobCards, { where: cond, orderBy: [desc(jobCards.id)], offset, limit });
}

/** The console's queue: by status (0 all), category, keyword (character grams, then each term re-checked). */
export async function pageQueue(
  db: Executor,
  q: { status: number; category?: number; grams: number[]; terms: string[]; offset: number; limit: number },
) {
  const where: (SQL | undefined)[] = [];
  if (q.status) where.push(eq(jobCards.status, q.status));
  if (q.category) where.push(sql`${jobCards.categories} @> ${`{${q.category}}`}::int4[]`);
  if (q.grams.length) where.push(sql`${jobCards.searchGrams} @> ${`{${q.grams.join(',')}}`}::int4[]`);
  for (const t of q.terms) where.push(sql`strpos(${jobCards.searchBody}, ${t}) > 0`);
  const cond = and(...where);
  return pageOf(db, jobCards, { where: cond, orderBy: [desc(jobCards.id)], offset: q.offset, limit: q.limit });
}

/**
 * The hall's statements for a query: the page's card ids and the count up to the cap. With a category, the category
 * rows (job_card_hall) on their index; without, the passed cards' partial indexes. A city alone is on its own index
 * (its province is in its id).
 */
export function hallStatements(db: Executor, q: TJobHallQuery) {
  const cap = hallCountCap(q.page, q.size);
  const offset = (q.page - 1) * q.size;
  const badCity = !!(q.city && q.province && !cityInProvince(q.city, q.province));
  if (q.category) {
    const where: (SQL | undefined)[] = [eq(jobCardHall.categoryId, q.category)];
    if (badCity) where.push(sql`false`);
    else if (q.city) where.push(eq(jobCardHall.city, q.city));
    else if (q.province) where.push(eq(jobCardHall.province, q.province));
    const cond = and(...where);
    return {
      cap,
      ids: db
        .select({ id: jobCardHall.cardId })
        .from(jobCardHall)
        .where(cond)
        .orderBy(desc(jobCardHall.cardId))
        .limit(q.size)
        .offset(offset),
      count: db.select({ n: count() }).from(
        db
          .select({ one: sql<number>`1`.as('one') })
          .from(jobCardHall)
          .where(cond)
          .orderBy(desc(jobCardHall.cardId))
          .limit(cap)
          .as('m'),
      ),
    };
  }
  const where: (SQL | undefined)[] = [sql`${jobCards.status} = 2::smallint`];
  if (badCity) where.push(sql`false`);
  else if (q.city) where.push(eq(jobCards.city, q.city));
  else if (q.province) where.push(eq(jobCards.province, q.province));
  const cond = and(...where);
  return {
    cap,
    ids: db
      .select({ id: jobCards.id })
      .from(jobCards)
      .where(cond)
      .orderBy(desc(jobCards.id))
      .limit(q.size)
      .offset(offset),
    count: db.select({ n: count() }).from(
      db
        .select({ one: sql<number>`1`.as('one') })
        .from(jobCards)
        .where(cond)
        .orderBy(desc(jobCards.id))
        .limit(cap)
        .as('m'),
    ),
  };
}

const decodeCard = rowDecoder(jobCards);

/** Per card of `from` (a FROM clause naming the cards `c`): its row, certificates, experiences, operator, counters. */
const cardRowsSql = (head: SQL, from: SQL) =>
  sql.join(
    [
      sql`select to_json(c) as c,`,
      head,
      sql`(select coalesce(json_agg(json_build_array(x.name, x.img) order by x.position), '[]') from ${jobCardCerts} x where x.card_id = c.id) as certs,`,
      sql`(select coalesce(json_agg(json_build_array(x.name, x.address, x.img) order by x.position), '[]') from ${jobCardExperiences} x where x.card_id = c.id) as exps,`,
      sql`(select json_build_array(u.username, u.avatar, u.phone) from ${users} u where u.id = c.user_id) as u,`,
      sql`(select json_build_array(k.browse_num, k.comment_num, k.like_num) from labour_counters k where k.target_type = 'card' and k.target_id = c.id) as k`,
      from,
    ],
    sql.raw(' '),
  );
type TCardRowDb = {
  c: Record<string, unknown>;
  total?: number;
  certs: [string, string][];
  exps: [string, string, string][];
  u: [string, string, string] | null;
  k: [number, number, number] | null;
};
const cardRowOf = (r: TCardRowDb) => ({
  card: decodeCard(r.c),
  certs: r.certs.map(([name, img]) => ({ name, img })),
  exps: r.exps.map(([name, address, img]) => ({ name, address, img })),
  user: r.u ? { username: r.u[0], avatar: r.u[1], phone: r.u[2] } : null,
  counters: r.k ? { browse_num: r.k[0], comment_num: r.k[1], like_num: r.k[2] } : null,
});
export type TCardWithParts = ReturnType<typeof cardRowOf>;

/**
 * A page of the hall in one statement (hallStatements' ids, then per card its row, certificates, experiences, operator
 * and counters, and the capped count as a value of each row); the total of a page past the end is the caller's.
 */
export async function hallPage(db: Executor, q: TJobHallQuery) {
  const st = hallStatements(db, q);
  const res = await db.execute(
    cardRowsSql(
      sql`(${st.count}) as total,`,
      sql`from (${st.ids}) as p(id) join ${jobCards} c on c.id = p.id order by c.id desc`,
    ),
  );
  const rows = (res as unknown as { rows: TCardRowDb[] }).rows;
  return { cap: st.cap, count: st.count, total: rows.length ? Number(rows[0].total) : null, rows: rows.map(cardRowOf) };
}

/** A card with its parts (as a row of the hall) in one statement, or null. */
export async function cardWithParts(db: Executor, id: number): Promise<TCardWithParts | null> {
  const res = await db.execute(cardRowsSql(sql``, sql`from ${jobCards} c where c.id = ${id}`));
  const [row] = (res as unknown as { rows: TCardRowDb[] }).rows;
  return row ? cardRowOf(row) : null;
}

export async function cardsByIds(db: Executor, ids: number[]): Promise<TCard[]> {
  if (!ids.length) return [];
  const rows = await prepared(db, 'jobcard.byIds', (d) =>
    d.select().from(jobCards).where(anyOf(jobCards.id)).prepare('jobcard.byIds'),
  ).execute({
    ids: idsOf(ids),
  });
  const at = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
}

export const sitemapCards = (db: Executor, limit: number) =>
  db
    .select({ id: jobCards.id, at: jobCards.updatedAt })
    .from(jobCards)
    .where(sql`${jobCards.status} = 2::smallint`)
    .orderBy(desc(jobCards.id))
    .limit(limit);

/** Names, avatars and phones of users (the operators of cards). */
export async function usersBrief(
  db: Executor,
  ids: number[],
): Promise<Map<number, { username: string; avatar: string; phone: string }>> {
  const uniq = [...new Set(ids)];
  if (!uniq.length) return new Map();
  const q = prepared(db, 'jobcard.usersBrief', (d) =>
    d
      .select({ id: users.id, username: users.username, avatar: users.avatar, phone: users.phone })
      .from(users)
      .where(anyOf(users.id))
      .prepare('jobcard.usersBrief'),
  );
  const rows = await q.execute({ ids: uniq });
  return new Map(rows.map((r) => [r.id, { username: r.username, avatar: r.avatar, phone: r.phone }]));
}

/** The user's cards by status (the labour centre), on job_cards_user_idx. */
export async function countByStatus(
  db: Executor,
  userId: number,
): Promise<{ status: number; n: number; ids: number[] }[]> {
  return db
    .select({ status: jobCards.status, n: count(), ids: sql<number[]>`array_agg(${jobCards.id})` })
    .from(jobCards)
    .where(eq(jobCards.userId, userId))
    .groupBy(jobCards.status);
}
