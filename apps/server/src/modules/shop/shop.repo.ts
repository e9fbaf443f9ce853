import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { readRows, rowDecoder } from '../../db/json-rows';
import { publicListingIdsSql } from '../equipment/equipment.service';
import { CASE_STATUS, HONOUR_STATUS, SHOP_STATUS } from '@jizu/shared/constants/shop';
import { companies, shopCases, shopHonours, shopHotDevices, shops } from '../../db/schema';
import { rowsWhere, wholeRow, rowWhere } from '../../db/rows';

export type TShopRow = typeof shops.$inferSelect;
export type TCaseRow = typeof shopCases.$inferSelect;
export type THonourRow = typeof shopHonours.$inferSelect;

// ---------- shops ----------

export async function findCompanyShop(db: Executor, companyId: number): Promise<TShopRow | null> {
  const q = prepared(db, 'shop.byCompany', (d) =>
    d
      .select()
      .from(shops)
      .where(eq(shops.companyId, sql.placeholder('companyId')))
      .limit(1)
      .prepare('shop.byCompany'),
  );
  const [row] = await q.execute({ companyId });
  return row ?? null;
}

/** A company's shop as a value of another module's statement (SQL of the company's id): [id, name, status] or null. */
export const companyShopSql = (companyId: string) =>
  `(select json_build_array(s.id, s.shop_name, s.status) from shops s where s.company_id = ${companyId} limit 1)`;
export type TCompanyShopJson = [id: number, shopName: string, status: number];

const decodeShop = rowDecoder(shops);
const decodeCase = rowDecoder(shopCases);
const decodeHonour = rowDecoder(shopHonours);

/**
 * The public shop page in one statement: the shop, its hot devices' listing ids, the company's public listing ids
 * (newest 24), its approved cases (newest 20) and its honours; the listings' cards are the caller's one more.
 */
// written at first use, not at load: equipment.service (publicListingIdsSql) may not be loaded yet then
let shopPageSql = '';
const SHOP_PAGE_SQL = () =>
  (shopPageSql ||=
    `select to_json(s) as s, array(select h.listing_id from shop_hot_devices h where h.shop_id = s.id order by h.id) as hot, ` +
    `${publicListingIdsSql('s.company_id', 24)} as listings, ` +
    `(select coalesce(json_agg(to_json(c) order by c.id desc), '[]') from (select * from shop_cases where shop_id = s.id and status = ${CASE_STATUS.approved} order by id desc limit 20) c) as cases, ` +
    `(select coalesce(json_agg(to_json(h) order by h.id), '[]') from shop_honours h where h.shop_id = s.id and h.status <> ${HONOUR_STATUS.deleted}) as honours ` +
    `from shops s where s.id = $1`);

export async function readShopPage(db: Executor, id: number) {
  type TJson = Record<string, unknown>;
  const [row] = await readRows<{ s: TJson; hot: number[]; listings: number[]; cases: TJson[]; honours: TJson[] }>(
    db,
    'shop.page',
    SHOP_PAGE_SQL(),
    [id],
  );
  if (!row) return null;
  return {
    shop: decodeShop(row.s),
    hot: row.hot,
    listings: row.listings,
    cases: row.cases.map(decodeCase),
    honours: row.honours.map(decodeHonour),
  };
}

export async function findShop(db: Executor, id: number): Promise<TShopRow | null> {
  const q = prepared(db, 'shop.byId', (d) =>
    d
      .select()
      .from(shops)
      .where(eq(shops.id, sql.placeholder('id')))
      .limit(1)
      .prepare('shop.byId'),
  );
  const [row] = await q.execute({ id });
  return row ?? null;
}

/** Locks the company's shop row for a change of its decoration (limits counted under the lock). */
export async function lockShop(tx: Tx, shopId: number) {
  await tx.execute(sql`select id from ${shops} where ${shops.id} = ${shopId} for update`);
}

export async function insertShop(tx: Tx, v: typeof shops.$inferInsert) {
  const [row] = await tx.insert(shops).values(v).onConflictDoNothing().returning();
  return row ?? null;
}

/** Compare-and-set of the application status. */
export async function setShopStatus(
  tx: Tx,
  id: number,
  from: number,
  v: Partial<typeof shops.$inferInsert> & { status: number },
) {
  const [row] = await tx
    .update(shops)
    .set(v)
    .where(and(eq(shops.id, id), eq(shops.status, from)))
    .returning();
  return row ?? null;
}

/** Compare-and-set of the focus image status. */
export async function setCoverStatus(
  tx: Tx,
  id: number,
  from: number,
  v: Partial<typeof shops.$inferInsert> & { coverStatus: number },
) {
  const [row] = await tx
    .update(shops)
    .set(v)
    .where(and(eq(shops.id, id), eq(shops.coverStatus, from)))
    .returning();
  return row ?? null;
}

export async function publicShopIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: shops.id })
    .from(shops)
    .where(eq(shops.status, SHOP_STATUS.approved))
    .orderBy(asc(shops.id));
  return rows.map((r) => r.id);
}

export async function publicShopsByIds(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  return rowsWhere(db, shops, and(inArray(shops.id, ids), eq(shops.status, SHOP_STATUS.approved)));
}

export async function pageShops(db: Executor, status: number, offset: number, limit: number, by: 'status' | 'cover') {
  const col = by === 'status' ? shops.status : shops.coverStatus;
  const rows = await db
    .select({ shop: wholeRow(shops), companyName: companies.name, total: sql<number>`count(*) over ()` })
    .from(shops)
    .innerJoin(companies, eq(companies.id, shops.companyId))
    .where(eq(col, status))
    .orderBy(status === 1 ? asc(shops.id) : desc(shops.id))
    .offset(offset)
    .limit(limit);
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

// ---------- hot-rent devices ----------

export async function listHot(db: Executor, shopId: number) {
  return prepared(db, 'shop.hot', (d) =>
    d
      .select()
      .from(shopHotDevices)
      .where(eq(shopHotDevices.shopId, sql.placeholder('shopId')))
      .orderBy(asc(shopHotDevices.id))
      .prepare('shop.hot'),
  ).execute({ shopId });
}

export async function insertHot(tx: Tx, shopId: number, listingId: number) {
  const [row] = await tx.insert(shopHotDevices).values({ shopId, listingId }).onConflictDoNothing().returning();
  return row ?? null;
}

export async function deleteHot(tx: Tx, shopId: number, id: number) {
  const [row] = await tx
    .delete(shopHotDevices)
    .where(and(eq(shopHotDevices.shopId, shopId), eq(shopHotDevices.id, id)))
    .returning();
  return row ?? null;
}

// ---------- cases ----------

export async function pageCases(db: Executor, shopId: number, offset: number, limit: number) {
  const rows = await db
    .select({ c: wholeRow(shopCases), total: sql<number>`count(*) over ()` })
    .from(shopCases)
    .where(and(eq(shopCases.shopId, shopId), ne(shopCases.status, CASE_STATUS.deleted)))
    .orderBy(desc(shopCases.id))
    .offset(offset)
    .limit(limit);
  return { rows: rows.map((r) => r.c), total: Number(rows[0]?.total ?? 0) };
}

export async function findCase(db: Executor, shopId: number, id: number) {
  const row = await rowWhere(
    db,
    shopCases,
    and(eq(shopCases.shopId, shopId), eq(shopCases.id, id), ne(shopCases.status, CASE_STATUS.deleted)),
  );
  return row ?? null;
}

export async function insertCase(tx: Tx, v: typeof shopCases.$inferInsert) {
  const [row] = await tx.insert(shopCases).values(v).returning();
  return row;
}

export async function setCaseStatus(
  tx: Tx,
  id: number,
  from: number,
  v: Partial<typeof shopCases.$inferInsert> & { status: number },
) {
  const [row] = await tx
    .update(shopCases)
    .set(v)
    .where(and(eq(shopCases.id, id), eq(shopCases.status, from)))
    .returning();
  return row ?? null;
}

export async function findAnyCase(db: Executor, id: number) {
  const [row] = await db
    .select({ c: wholeRow(shopCases), shopName: shops.shopName })
    .from(shopCases)
    .innerJoin(shops, eq(shops.id, shopCases.shopId))
    .where(eq(shopCases.id, id))
    .limit(1);
  return row ?? null;
}

export async function pageCaseQueue(db: Executor, status: number, offset: number, limit: number) {
  const rows = await db
    .select({
      c: wholeRow(shopCases),
      shopName: shops.shopName,
      companyName: companies.name,
      total: sql<number>`count(*) over ()`,
    })
    .from(shopCases)
    .innerJoin(shops, eq(shops.id, shopCases.shopId))
    .innerJoin(companies, eq(companies.id, shopCases.companyId))
    .where(eq(shopCases.status, status))
    .orderBy(status === CASE_STATUS.review ? asc(shopCases.id) : desc(shopCases.id))
    .offset(offset)
    .limit(limit);
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

// ---------- honours ----------

export async function listHonours(db: Executor, shopId: number) {
  const q = prepared(db, 'shop.honours', (d) =>
    d
      .select()
      .from(shopHonours)
      .where(and(eq(shopHonours.shopId, sql.placeholder('shopId')), ne(shopHonours.status, HONOUR_STATUS.deleted)))
      .orderBy(asc(shopHonours.id))
      .prepare('shop.honours'),
  );
  return q.execute({ shopId });
}

export async function countHonours(db: Executor, shopId: number) {
  const [r] = await db
    .select({ n: count() })
    .from(shopHonours)
    .where(and(eq(shopHonours.shopId, shopId), ne(shopHonours.status, HONOUR_STATUS.deleted)));
  return Number(r.n);
}

export async function findHonour(db: Executor, shopId: number, id: number) {
  const row = await rowWhere(
    db,
    shopHonours,
    and(eq(shopHonours.shopId, shopId), eq(shopHonours.id, id), ne(shopHonours.status, HONOUR_STATUS.deleted)),
  );
  return row ?? null;
}

export async function insertHonour(tx: Tx, v: typeof shopHonours.$inferInsert) {
  const [row] = await tx.insert(shopHonours).values(v).returning();
  return row;
}

export async function setHonourStatus(
  tx: Tx,
  id: number,
  from: number,
  v: Partial<typeof shopHonours.$inferInsert> & { status: number },
) {
  const [row] = await tx
    .update(shopHonours)
    .set(v)
    .where(and(eq(shopHonours.id, id), eq(shopHonours.status, from)))
    .returning();
  return row ?? null;
}

export async function findAnyHonour(db: Executor, id: number) {
  const [row] = await db
    .select({ h: wholeRow(shopHonours), shopName: shops.shopName })
    .from(shopHonours)
    .innerJoin(shops, eq(shops.id, shopHonours.shopId))
    .where(eq(shopHonours.id, id))
    .limit(1);
  return row ?? null;
}

export async function pageHonourQueue(db: Executor, status: number, offset: number, limit: number) {
  const rows = await db
    .select({
      h: wholeRow(shopHonours),
      shopName: shops.shopName,
      companyName: companies.name,
      total: sql<number>`count(*) over ()`,
    })
    .from(shopHonours)
    .innerJoin(shops, eq(shops.id, shopHonours.shopId))
    .innerJoin(companies, eq(companies.id, shopHonours.companyId))
    .where(eq(shopHonours.status, status))
    .orderBy(status === HONOUR_STATUS.review ? asc(shopHonours.id) : desc(shopHonours.id))
    .offset(offset)
    .limit(limit);
  return { rows, total: Number(rows[0]?.total ?? 0) };
}
