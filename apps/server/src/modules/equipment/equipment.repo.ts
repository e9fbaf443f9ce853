import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { LISTING_REVIEW, LISTING_SELL, LISTING_STATE } from '@jizu/shared/constants/equipment';
import type { Executor } from '../../db/client';
import { anyOf, idsOf, pageTotal, prepared } from '../../db/prepared';
import {
  companies,
  equipmentCategories,
  equipmentGroups,
  equipmentListings,
  equipmentProducts,
  users,
} from '../../db/schema';
import { containsPattern } from '../../db/like';
import { wholeRow } from '../../db/rows';

export type TListingRow = typeof equipmentListings.$inferSelect;
export type TListingInsert = typeof equipmentListings.$inferInsert;

const live = isNull(equipmentListings.deletedAt);

export async function insertListing(db: Executor, v: TListingInsert): Promise<TListingRow> {
  const [row] = await db.insert(equipmentListings).values(v).returning();
  return row;
}

/** A live listing of a company; null for another company's, a deleted one or none. */
export async function findCompanyListing(db: Executor, companyId: number, id: number): Promise<TListingRow | null> {
  const q = prepared(db, 'equipment.ofCompany', (d) =>
    d
      .select()
      .from(equipmentListings)
      .where(
        and(
          eq(equipmentListings.id, sql.placeholder('id')),
          eq(equipmentListings.companyId, sql.placeholder('companyId')),
          live,
        ),
      )
      .limit(1)
      .prepare('equipment.ofCompany'),
  );
  const [row] = await q.execute({ id, companyId });
  return row ?? null;
}

/** A live listing by id, whoever owns it. */
export async function findListing(db: Executor, id: number): Promise<TListingRow | null> {
  const q = prepared(db, 'equipment.byId', (d) =>
    d
      .select()
      .from(equipmentListings)
      .where(and(eq(equipmentListings.id, sql.placeholder('id')), live))
      .limit(1)
      .prepare('equipment.byId'),
  );
  const [row] = await q.execute({ id });
  return row ?? null;
}

/** What a listing's card shows (equipment.service listingCardsOf): not the whole row (images, texts, parameters). */
const CARD_COLUMNS = {
  id: equipmentListings.id,
  companyId: equipmentListings.companyId,
  cover: equipmentListings.cover,
  productAlias: equipmentListings.productAlias,
  model: equipmentListings.model,
  brand: equipmentListings.brand,
  monthlyRent: equipmentListings.monthlyRent,
  rentRent: equipmentListings.rentRent,
  hourlyRent: equipmentListings.hourlyRent,
  province: equipmentListings.province,
  city: equipmentListings.city,
  area: equipmentListings.area,
  state: equipmentListings.state,
  reviewStatus: equipmentListings.reviewStatus,
  onSell: equipmentListings.onSell,
};

/** Live listings' cards with their catalogue names, by id (any owner; deleted ones are left out). */
export function listingsWithNames(db: Executor, ids: number[]) {
  const q = prepared(db, 'equipment.withNames', (d) =>
    d
      .select({
        l: CARD_COLUMNS,
        product: equipmentProducts.name,
        isOther: equipmentProducts.isOther,
        group: equipmentGroups.name,
        category: equipmentCategories.name,
      })
      .from(equipmentListings)
      .innerJoin(equipmentProducts, eq(equipmentProducts.id, equipmentListings.productId))
      .innerJoin(equipmentGroups, eq(equipmentGroups.id, equipmentListings.groupId))
      .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipmentListings.categoryId))
      .where(and(anyOf(equipmentListings.id), live))
      .prepare('equipment.withNames'),
  );
  return q.execute({ ids: idsOf(ids) });
}

/**
 * What a row of another module's list shows of the live listing `id` (SQL of its id), as a JSON value of the caller's
 * statement: [model, brand, cover, product_alias, product, is_other, group], null when deleted or none (or its
 * catalogue names are gone). equipment.service's listingBriefOf reads it back. Not the listing's whole row
 * (to_json(l)): that cost the database a third of the order's machine list for a page of 5 (`npm run bench`).
 */
export const listingBriefSql = (id: string) =>
  `(select json_build_array(l.model, l.brand, l.cover, l.product_alias, p.name, p.is_other, g.name) from equipment_listings l ` +
  `join equipment_products p on p.id = l.product_id join equipment_groups g on g.id = l.group_id join equipment_categories c on c.id = l.category_id ` +
  `where l.id = ${id} and l.deleted_at is null)`;
export type TListingBriefJson = [
  model: string,
  brand: string,
  cover: string,
  productAlias: string,
  product: string,
  isOther: boolean,
  group: string,
];
export type TListingWithNames = Awaited<ReturnType<typeof listingsWithNames>>[number];

/** The ids of a company's public listings (approved, listed, live), newest first, at most `limit`, as a value of another module's statement (SQL of the company's id). */
export const publicListingIdsSql = (companyId: string, limit: number) =>
  `array(select id from equipment_listings where company_id = ${companyId} and review_status = ${LISTING_REVIEW.approved} and on_sell = ${LISTING_SELL.listed} and deleted_at is null order by id desc limit ${Math.trunc(limit)})`;

export async function approvedIds(
  db: Executor,
  companyId: number,
  limit: number,
  listedOnly = false,
): Promise<number[]> {
  const name = listedOnly ? 'equipment.approvedListedIds' : 'equipment.approvedIds';
  const q = prepared(db, name, (d) =>
    d
      .select({ id: equipmentListings.id })
      .from(equipmentListings)
      .where(
        and(
          eq(equipmentListings.companyId, sql.placeholder('companyId')),
          eq(equipmentListings.reviewStatus, LISTING_REVIEW.approved),
          listedOnly ? eq(equipmentListings.onSell, LISTING_SELL.listed) : undefined,
          live,
        ),
      )
      .orderBy(desc(equipmentListings.id))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
  const rows = await q.execute({ companyId, limit });
  return rows.map((r) => r.id);
}

/* ---------- the listing form, the company's list and the console's queue ---------- */

export type TListingQueryFilter = { tab: 'all' | 'listed' | 'delisted' | 'submitted'; keyword: string };

function tabWhere(tab: TListingQueryFilter['tab']) {
  if (tab === 'listed')
    return and(
      eq(equipmentListings.onSell, LISTING_SELL.listed),
      eq(equipmentListings.reviewStatus, LISTING_REVIEW.approved),
    );
  if (tab === 'delisted') return eq(equipmentListings.onSell, LISTING_SELL.delisted);
  if (tab === 'submitted')
    return inArray(equipmentListings.reviewStatus, [LISTING_REVIEW.pending, LISTING_REVIEW.rejected]);
  return undefined;
}

const withNames = {
  l: equipmentListings,
  product: equipmentProducts.name,
  isOther: equipmentProducts.isOther,
  group: equipmentGroups.name,
  category: equipmentCategories.name,
};

/** A company's live listings of one tab (newest change first), with the page's total beside the rows. */
/** The company's device list of one tab (the list's and the export's where). */
function companyListingsWhere(companyId: number, f: TListingQueryFilter) {
  const kw = f.keyword ? containsPattern(f.keyword) : null;
  return and(
    eq(equipmentListings.companyId, companyId),
    live,
    tabWhere(f.tab),
    kw
      ? or(
          ilike(equipmentListings.model, kw),
          ilike(equipmentListings.brand, kw),
          ilike(equipmentListings.productAlias, kw),
          ilike(equipmentProducts.name, kw),
        )
      : undefined,
  );
}

export async function pageCompanyListings(
  db: Executor,
  companyId: number,
  f: TListingQueryFilter,
  offset: number,
  limit: number,
) {
  const where = companyListingsWhere(companyId, f);
  const rows = await db
    .select({ ...withNames, total: sql<number>`count(*) over ()` })
    .from(equipmentListings)
    .innerJoin(equipmentProducts, eq(equipmentProducts.id, equipmentListings.productId))
    .innerJoin(equipmentGroups, eq(equipmentGroups.id, equipmentListings.groupId))
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipmentListings.categoryId))
    .where(where)
    .orderBy(desc(equipmentListings.id))
    .offset(offset)
    .limit(limit);
  const total = await pageTotal(rows, offset, async () => {
    const [r] = await db
      .select({ n: count() })
      .from(equipmentListings)
      .innerJoin(equipmentProducts, eq(equipmentProducts.id, equipmentListings.productId))
      .where(where);
    return Number(r.n);
  });
  return { rows, total };
}

/** One live listing with its catalogue names and company (any owner). */
export async function findListingWithNames(db: Executor, id: number) {
  const [row] = await db
    .select({ ...withNames, companyName: companies.name, submitter: users.phone })
    .from(equipmentListings)
    .innerJoin(equipmentProducts, eq(equipmentProducts.id, equipmentListings.productId))
    .innerJoin(equipmentGroups, eq(equipmentGroups.id, equipmentListings.groupId))
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipmentListings.categoryId))
    .innerJoin(companies, eq(companies.id, equipmentListings.companyId))
    .innerJoin(users, eq(users.id, equipmentListings.userId))
    .where(and(eq(equipmentListings.id, id), live))
    .limit(1);
  return row ?? null;
}

/** The company's device list of one tab below a listing id, newest first (the export's keyset batches). */
export function companyListingsBefore(
  db: Executor,
  companyId: number,
  f: TListingQueryFilter,
  before: number,
  limit: number,
) {
  return db
    .select(withNames)
    .from(equipmentListings)
    .innerJoin(equipmentProducts, eq(equipmentProducts.id, equipmentListings.productId))
    .innerJoin(equipmentGroups, eq(equipmentGroups.id, equipmentListings.groupId))
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipmentListings.categoryId))
    .where(and(companyListingsWhere(companyId, f), lt(equipmentListings.id, before)))
    .orderBy(desc(equipmentListings.id))
    .limit(limit);
}

/** The console's queue of one review status: the pending one oldest first, decided ones newest decision first. */
export async function pageReviewQueue(db: Executor, status: number, offset: number, limit: number) {
  const where = and(eq(equipmentListings.reviewStatus, status), live);
  const rows = await db
    .select({ ...withNames, companyName: companies.name, submitter: users.phone, total: sql<number>`count(*) over ()` })
    .from(equipmentListings)
    .innerJoin(equipmentProducts, eq(equipmentProducts.id, equipmentListings.productId))
    .innerJoin(equipmentGroups, eq(equipmentGroups.id, equipmentListings.groupId))
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipmentListings.categoryId))
    .innerJoin(companies, eq(companies.id, equipmentListings.companyId))
    .innerJoin(users, eq(users.id, equipmentListings.userId))
    .where(where)
    .orderBy(status === LISTING_REVIEW.pending ? asc(equipmentListings.id) : desc(equipmentListings.id))
    .offset(offset)
    .limit(limit);
  const total = await pageTotal(rows, offset, async () => {
    const [r] = await db.select({ n: count() }).from(equipmentListings).where(where);
    return Number(r.n);
  });
  return { rows, total };
}

/** A product with its group and category, to check the category → group → product chain. */
export async function findProductChain(db: Executor, productId: number) {
  const [row] = await db
    .select({ product: wholeRow(equipmentProducts), categoryId: equipmentGroups.categoryId })
    .from(equipmentProducts)
    .innerJoin(equipmentGroups, eq(equipmentGroups.id, equipmentProducts.groupId))
    .where(eq(equipmentProducts.id, productId))
    .limit(1);
  return row ?? null;
}

/** Updates a live listing only while a field still holds the value read (compare-and-set); null when it changed. */
export async function updateListingIf(
  tx: Executor,
  id: number,
  cas: { reviewStatus?: number; onSell?: number; hasLease?: boolean; idle?: boolean },
  v: Partial<TListingInsert>,
) {
  const [row] = await tx
    .update(equipmentListings)
    .set({ ...v, updatedAt: new Date() })
    .where(
      and(
        eq(equipmentListings.id, id),
        live,
        cas.reviewStatus !== undefined ? eq(equipmentListings.reviewStatus, cas.reviewStatus) : undefined,
        cas.onSell !== undefined ? eq(equipmentListings.onSell, cas.onSell) : undefined,
        cas.hasLease !== undefined ? eq(equipmentListings.hasLease, cas.hasLease) : undefined,
        cas.idle
          ? and(eq(equipmentListings.state, LISTING_STATE.toRent), eq(equipmentListings.hasLease, false))
          : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/** Soft-deletes a live listing while it is idle (to rent, no lease); null when it is not. */
export async function deleteIdleListing(tx: Executor, id: number) {
  const [row] = await tx
    .update(equipmentListings)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(equipmentListings.id, id),
        live,
        eq(equipmentListings.state, LISTING_STATE.toRent),
        eq(equipmentListings.hasLease, false),
      ),
    )
    .returning();
  return row ?? null;
}
