import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { hallCountCap } from '@jizu/shared/constants/site';
import { RECRUIT_STATUS } from '@jizu/shared/constants/recruit';
import type { Executor } from '../../db/client';
import { prepared, pageOf, pageTotal, totalOver } from '../../db/prepared';
import { users } from '../../db/schema';
import { keywordQuery, normalise } from '../../platform/grams';
import { cityInProvince } from '../region/region.service';
import { recruitPhoneViews, recruits } from './recruit.tables';
import { rowWhere, rowsWhere } from '../../db/rows';

export type TRecruit = typeof recruits.$inferSelect;
export type TRecruitInsert = typeof recruits.$inferInsert;
/** The columns an edit may change (and the search text written with them). */
export type TRecruitFieldsSet = Pick<
  TRecruitInsert,
  | 'resumeCategory'
  | 'province'
  | 'city'
  | 'area'
  | 'address'
  | 'lng'
  | 'lat'
  | 'workingDays'
  | 'salaryMin'
  | 'salaryMax'
  | 'negotiation'
  | 'content'
  | 'regionText'
  | 'searchBody'
  | 'searchGrams'
>;

export async function insertRecruit(db: Executor, v: TRecruitInsert): Promise<TRecruit> {
  const [row] = await db.insert(recruits).values(v).returning();
  return row;
}

export async function findRecruit(db: Executor, id: number): Promise<TRecruit | null> {
  const [row] = await prepared(db, 'recruit.byId', (d) =>
    d
      .select()
      .from(recruits)
      .where(eq(recruits.id, sql.placeholder('id')))
      .limit(1)
      .prepare('recruit.byId'),
  ).execute({ id });
  return row ?? null;
}

/** A demand of this company (another company's answers null, as a missing one). */
export async function findCompanyRecruit(db: Executor, companyId: number, id: number): Promise<TRecruit | null> {
  const row = await rowWhere(db, recruits, and(eq(recruits.id, id), eq(recruits.companyId, companyId)));
  return row ?? null;
}

export async function findRecruits(db: Executor, ids: number[]): Promise<TRecruit[]> {
  return ids.length ? rowsWhere(db, recruits, inArray(recruits.id, ids)) : [];
}

/** A change by compare-and-set on the status read: null when the row moved meanwhile. */
export async function updateRecruitFrom(
  db: Executor,
  id: number,
  from: number,
  set: Partial<TRecruitInsert>,
): Promise<TRecruit | null> {
  const [row] = await db
    .update(recruits)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(recruits.id, id), eq(recruits.auditStatus, from)))
    .returning();
  return row ?? null;
}

export async function deleteRecruitFrom(db: Executor, id: number, from: number): Promise<boolean> {
  const gone = await db
    .delete(recruits)
    .where(and(eq(recruits.id, id), eq(recruits.auditStatus, from)))
    .returning({ id: recruits.id });
  return gone.length > 0;
}

/** The owner's list: the company's demands, one tab or all, a category, a keyword of the region and address. */
export async function pageCompanyRecruits(
  db: Executor,
  companyId: number,
  q: { status: number; category?: number; address?: string; page: number; size: number },
) {
  const where: SQL[] = [eq(recruits.companyId, companyId)];
  if (q.status) where.push(eq(recruits.auditStatus, q.status));
  if (q.category) where.push(eq(recruits.resumeCategory, q.category));
  // the company's own rows, on its index; the keyword re-checks them (every term in the normalised region text)
  for (const t of q.address ? keywordQuery(q.address).terms : [])
    where.push(sql`strpos(${recruits.regionText}, ${t}) > 0`);
  const cond = and(...where);
  return pageOf(db, recruits, {
    where: cond,
    orderBy: [desc(recruits.id)],
    offset: (q.page - 1) * q.size,
    limit: q.size,
  });
}

/** The console's queue with the publisher's name and phone. */
export async function pageAdminRecruits(
  db: Executor,
  q: { status: number; category?: number; kw?: string; page: number; size: number },
) {
  const where: SQL[] = [];
  if (q.status) where.push(eq(recruits.auditStatus, q.status));
  if (q.category) where.push(eq(recruits.resumeCategory, q.category));
  if (q.kw) {
    // on the GIN index of character grams, then each term re-checked in the normalised text (platform/grams)
    const k = keywordQuery(q.kw);
    if (k.grams.length) where.push(sql`${recruits.searchGrams} @> ${`{${k.grams.join(',')}}`}::int4[]`);
    for (const t of k.terms) where.push(sql`strpos(${recruits.searchBody}, ${t}) > 0`);
  }
  const cond = where.length ? and(...where) : undefined;
  const offset = (q.page - 1) * q.size;
  const rows = await db
    .select({ r: recruits, publisher: users.username, phone: users.phone, total: totalOver() })
    .from(recruits)
    .leftJoin(users, eq(users.id, recruits.userId))
    .where(cond)
    .orderBy(desc(recruits.id))
    .limit(q.size)
    .offset(offset);
  return {
    rows,
    total: await pageTotal(rows, offset, async () =>
      Number((await db.select({ n: count() }).from(recruits).where(cond))[0].n),
    ),
  };
}

/** Hiring (2), written as the partial indexes' own predicate so the planner matches them in any plan. */
const hiring = sql`${recruits.auditStatus} = ${sql.raw(String(RECRUIT_STATUS.hiring))}::smallint`;

/** The hall's two statements for a query: the page's rows and the count up to its cap (the bench prints their plans). */
export function hallStatements(
  db: Executor,
  q: { page: number; size: number; category?: number; province?: number; city?: number },
) {
  const where: SQL[] = [hiring];
  // a city alone, on its own index (its province is in its id: regions.json codes)
  if (q.city) where.push(q.province && !cityInProvince(q.city, q.province) ? sql`false` : eq(recruits.city, q.city));
  else if (q.province) where.push(eq(recruits.province, q.province));
  if (q.category) where.push(eq(recruits.resumeCategory, q.category));
  const cond = and(...where);
  const cap = hallCountCap(q.page, q.size);
  return {
    cap,
    rows: () =>
      rowsWhere(db, recruits, cond, { orderBy: [desc(recruits.id)], limit: q.size, offset: (q.page - 1) * q.size }),
    count: db.select({ n: count() }).from(
      db
        .select({ one: sql<number>`1`.as('one') })
        .from(recruits)
        .where(cond)
        .orderBy(desc(recruits.id))
        .limit(cap)
        .as('m'),
    ),
  };
}

export const sitemapRecruits = (db: Executor, limit: number) =>
  db
    .select({ id: recruits.id, at: recruits.updatedAt })
    .from(recruits)
    .where(hiring)
    .orderBy(desc(recruits.id))
    .limit(limit);

export async function insertPhoneView(db: Executor, v: typeof recruitPhoneViews.$inferInsert) {
  await db.insert(recruitPhoneViews).values(v);
}

/** The normalised region text of the owner's keyword. */
export const regionTextOf = (names: string[], address: string) => names.map(normalise).join('') + normalise(address);

/** The company's hiring demands by status (the labour centre), on recruits_company_status_idx. */
export async function countByStatus(db: Executor, companyId: number): Promise<{ status: number; n: number }[]> {
  return db
    .select({ status: recruits.auditStatus, n: count() })
    .from(recruits)
    .where(eq(recruits.companyId, companyId))
    .groupBy(recruits.auditStatus);
}
