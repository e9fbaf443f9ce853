import { asc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import type { TMarketSort } from '@jizu/shared/constants/market';
import { INT4_MAX } from '@jizu/shared/schemas/common';
import type { DB, Executor } from '../../db/client';
import { anyOf, idsOf, prepared } from '../../db/prepared';
import { readRows, rowDecoder } from '../../db/json-rows';
import { companyNameSql } from '../company/company.service';
import { companyShopSql, type TCompanyShopJson } from '../shop/shop.service';
import {
  equipmentCategories,
  equipmentGroups,
  equipmentListings,
  equipmentProducts,
  marketCards,
  marketListings,
  marketPairs,
} from '../../db/schema';
import { wholeRow } from '../../db/rows';

export type TMarketRow = typeof marketListings.$inferInsert;

/**
 * The one read of equipment_listings outside the equipment module (the accepted exception for the read model): the
 * listing by id, deleted or not, with the names the market searches and the product's parameter definitions.
 */
const listingWithCatalogue = (d: Executor) =>
  d
    .select({
      l: wholeRow(equipmentListings),
      product: equipmentProducts.name,
      isOther: equipmentProducts.isOther,
      params: equipmentProducts.params,
      group: equipmentGroups.name,
      category: equipmentCategories.name,
    })
    .from(equipmentListings)
    .innerJoin(equipmentProducts, eq(equipmentProducts.id, equipmentListings.productId))
    .innerJoin(equipmentGroups, eq(equipmentGroups.id, equipmentListings.groupId))
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipmentListings.categoryId));

export async function readListing(db: Executor, id: number) {
  const q = prepared(db, 'market.readListing', (d) =>
    listingWithCatalogue(d)
      .where(eq(equipmentListings.id, sql.placeholder('id')))
      .limit(1)
      .prepare('market.readListing'),
  );
  const [row] = await q.execute({ id });
  return row ?? null;
}

const decodeListing = rowDecoder(equipmentListings);

/**
 * The public listing page in one statement: the listing with its catalogue names (as readListing), its company's name
 * and its company's shop.
 */
// written at first use, not at load: the company and shop modules (their SQL values) may not be loaded yet then
let listingPageSql = '';
const LISTING_PAGE_SQL = () =>
  (listingPageSql ||=
    `select to_json(l) as l, p.name as product, p.is_other, p.params, g.name as "group", c.name as category, ` +
    `${companyNameSql('l.company_id')} as company_name, ${companyShopSql('l.company_id')} as shop ` +
    `from equipment_listings l join equipment_products p on p.id = l.product_id join equipment_groups g on g.id = l.group_id ` +
    `join equipment_categories c on c.id = l.category_id where l.id = $1`);

export async function readListingPage(db: Executor, id: number) {
  type TRow = {
    l: Record<string, unknown>;
    product: string;
    is_other: boolean;
    params: unknown;
    group: string;
    category: string;
    company_name: string | null;
    shop: TCompanyShopJson | null;
  };
  const [row] = await readRows<TRow>(db, 'market.listingPage', LISTING_PAGE_SQL(), [id]);
  if (!row) return null;
  const listing = {
    l: decodeListing(row.l),
    product: row.product,
    isOther: row.is_other,
    params: row.params as (typeof equipmentProducts.$inferSelect)['params'],
    group: row.group,
    category: row.category,
  };
  return { listing, companyName: row.company_name, shop: row.shop };
}

/** readListing of several listings (in no order; unknown ids left out). */
export async function readListings(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  return prepared(db, 'market.readListings', (d) =>
    listingWithCatalogue(d).where(anyOf(equipmentListings.id)).prepare('market.readListings'),
  ).execute({
    ids: idsOf(ids),
  });
}

/** Ids of listings after `afterId`, in order (rebuildMarket walks the whole table in batches). */
export async function listingIdsAfter(db: Executor, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: equipmentListings.id })
    .from(equipmentListings)
    .where(gt(equipmentListings.id, afterId))
    .orderBy(asc(equipmentListings.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

const intArray = (ids: number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

/**
 * Removes the pair postings (market_pairs) of these listings, found through their market_listings rows as they are
 * (pair, sort key, id: the btree's own key, so no index on id alone): call it before the row changes or goes.
 */
async function deletePairs(tx: Executor, ids: number[]) {
  await tx.execute(
    sql`delete from ${marketPairs} p using ${marketListings} l where l.id = any(${intArray(ids)}::int4[]) and p.gram = any(l.grams) and p.sort_at = l.sort_at and p.id = l.id`,
  );
}

/** Writes the pair postings of these listings from their market_listings rows (after the rows are written). */
async function insertPairs(tx: Executor, ids: number[]) {
  // a pair is outside the code points (platform/grams.ts isPair)
  await tx.execute(
    sql`insert into ${marketPairs} (gram, sort_at, monthly_rent, id) select g, l.sort_at, l.monthly_rent, l.id from ${marketListings} l cross join lateral unnest(l.grams) g where l.id = any(${intArray(ids)}::int4[]) and (g < 0 or g > 1114111)`,
  );
}

export async function upsertMarketRow(tx: Executor, row: TMarketRow, cardJson: string) {
  const { id, ...rest } = row;
  const card = cardJson;
  await deletePairs(tx, [id]);
  await tx.insert(marketListings).values(row).onConflictDoUpdate({ target: marketListings.id, set: rest });
  await insertPairs(tx, [id]);
  await tx.insert(marketCards).values({ id, card }).onConflictDoUpdate({ target: marketCards.id, set: { card } });
}

/** upsertMarketRow for several listings: a statement per table (each row and card replaced by the one given). */
export async function upsertMarketRows(tx: Executor, rows: { row: TMarketRow; cardJson: string }[]) {
  if (!rows.length) return;
  // on conflict, the columns given are replaced (as upsertMarketRow's `set: rest`), each by its value in this row
  const columns = getTableColumns(marketListings);
  const given = Object.keys(rows[0].row).filter(
    (k): k is Exclude<keyof typeof columns, 'id'> => k !== 'id' && k in columns,
  );
  const set = Object.fromEntries(given.map((k) => [k, sql.raw(`excluded."${columns[k].name}"`)]));
  const ids = rows.map((r) => r.row.id!);
  await deletePairs(tx, ids);
  await tx
    .insert(marketListings)
    .values(rows.map((r) => r.row))
    .onConflictDoUpdate({ target: marketListings.id, set });
  await insertPairs(tx, ids);
  await tx
    .insert(marketCards)
    .values(rows.map((r) => ({ id: r.row.id!, card: r.cardJson })))
    .onConflictDoUpdate({ target: marketCards.id, set: { card: sql.raw('excluded."card"') } });
}

export async function deleteMarketRows(tx: Executor, ids: number[]) {
  if (!ids.length) return;
  await deletePairs(tx, ids);
  await tx.delete(marketListings).where(inArray(marketListings.id, ids));
  await tx.delete(marketCards).where(inArray(marketCards.id, ids));
}

export async function deleteMarketRow(tx: Executor, id: number) {
  await deletePairs(tx, [id]);
  await tx.delete(marketListings).where(eq(marketListings.id, id));
  await tx.delete(marketCards).where(eq(marketCards.id, id));
}

export async function clearMarket(tx: Executor) {
  await tx.delete(marketPairs);
  await tx.delete(marketListings);
  await tx.delete(marketCards);
}

/** Ids and approval times of the public listings, newest first (the sitemap; at most `limit`). */
export function sitemapRows(db: Executor, limit: number) {
  return db
    .select({ id: marketListings.id, at: marketListings.sortAt })
    .from(marketListings)
    .orderBy(sql`${marketListings.sortAt} desc`, sql`${marketListings.id} desc`)
    .limit(limit);
}

export function categoriesWithGroups(db: Executor) {
  const q = prepared(db, 'market.categoriesWithGroups', (d) =>
    d
      .select({
        id: equipmentCategories.id,
        name: equipmentCategories.name,
        groupId: equipmentGroups.id,
        groupName: equipmentGroups.name,
      })
      .from(equipmentCategories)
      .leftJoin(equipmentGroups, eq(equipmentGroups.categoryId, equipmentCategories.id))
      .orderBy(
        asc(equipmentCategories.sort),
        asc(equipmentCategories.id),
        asc(equipmentGroups.sort),
        asc(equipmentGroups.id),
      )
      .prepare('market.categoriesWithGroups'),
  );
  return q.execute();
}

export interface TSearch {
  /** normalised terms, all must be inside the listing's body */
  terms: string[];
  /** their grams (platform/grams.ts keywordQuery) */
  grams: number[];
  category?: number;
  group?: number;
  province?: number;
  city?: number;
  /** fen */
  rentMin?: number;
  rentMax?: number;
  sort: TMarketSort;
  offset: number;
  size: number;
  /** count matches up to this many */
  cap: number;
  /**
   * 'walk': the keyword is common, so walking a btree in sort order (or over the region / category prefix) and
   * checking the grams row by row stops soon; the GIN index is kept out of the plan, since the planner, assuming the
   * keyword independent of the category, would intersect its long posting list instead. 'gin': a rare keyword, found
   * through the GIN index and sorted.
   */
  keywordPlan?: 'walk' | 'gin' | 'pairs';
  /** 'walk': how many rows (in sort order, of those the other filters keep) to look at for `cap` matches */
  walkRows?: number;
  /**
   * 'pairs' (no region, category or group filter; every term two characters or more): the pair whose postings
   * (market_pairs) are walked in sort order, the keyword's rarest
   */
  pair?: number;
  /**
   * 'pairs': how many postings to look at for `cap` matches when each is re-checked (a keyword of more than one
   * pair); unset when the pair is the keyword (exact: every posting matches, and the walk stops at `cap`)
   */
  pairRows?: number;
}

const SIG_SORT: Record<TMarketSort, string> = { new: 'n', rent_asc: 'ra', rent_desc: 'rd' };

/** Each sort's key column and its order (with the id as the tie-break); a btree of market.tables.ts serves each. */
const SORTS: Record<TMarketSort, { key: 'sort_at' | 'monthly_rent'; dir: 'asc' | 'desc' }> = {
  new: { key: 'sort_at', dir: 'desc' },
  rent_asc: { key: 'monthly_rent', dir: 'asc' },
  rent_desc: { key: 'monthly_rent', dir: 'desc' },
};

/**
 * One statement per market page: the matches in sort order up to `cap` (a walk along the btree of the sort, or a
 * GIN bitmap for a rare keyword), counted, and the page's cards joined from market_cards. The count stops at `cap`,
 * so a common keyword never counts all its matches.
 *
 * Every btree of the sorts carries the columns the filters and the keyword's re-check read (monthly_rent, body:
 * market.tables.ts), so the matches, however many the page's offset skips, come from an index-only scan: the table is
 * read for none of them, and only the page's 20 cards are fetched. The walk checks the keyword on the normalised body
 * alone (`strpos`, exact); the grams serve the GIN index only.
 */
export function searchStatement(s: TSearch): { name: string; text: string; values: unknown[] } {
  const values: unknown[] = [];
  const p = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const where: string[] = [];
  // the statement's name: PostgreSQL keeps 63 bytes of a name, so each part is a letter or two
  let sig: string = SIG_SORT[s.sort];
  // walk: the rows the other filters keep, in sort order, at most walkRows of them (a limit the planner serves by
  // walking a btree, index only), checked for the keyword as they stream by; the outer limit stops the walk at `cap`.
  // pairs: the same along the postings of the keyword's rarest pair (market_pairs carries the rent range, not the
  // region, category or group).
  const pairs =
    s.keywordPlan === 'pairs' &&
    s.pair !== undefined &&
    s.grams.length > 0 &&
    [s.category, s.group, s.province, s.city].every((v) => v === undefined);
  const walk = (s.keywordPlan === 'walk' || pairs) && s.grams.length > 0;
  const kwGrams = s.grams.length && !walk ? `grams @> ${p(`{${s.grams.join(',')}}`)}::int4[]` : '';
  // (the postings of a one-pair keyword need no re-check, and a parameter the text does not use would be refused)
  const kwTerms =
    s.grams.length && !(pairs && s.pairRows === undefined) ? s.terms.map((t) => `strpos(body, ${p(t)}) > 0`) : [];
  const eqs: [keyof TSearch, string, string][] = [
    ['category', 'category_id', 'c'],
    ['group', 'group_id', 'g'],
    ['province', 'province', 'p'],
    ['city', 'city', 't'],
  ];
  for (const [k, col, tag] of eqs) {
    if (s[k] !== undefined) {
      where.push(`${col} = ${p(s[k])}`);
      sig += `.${tag}`;
    }
  }
  if (s.rentMin !== undefined) {
    where.push(`monthly_rent >= ${p(s.rentMin)}`);
    sig += '.l';
  }
  const { key, dir } = SORTS[s.sort];
  if (s.rentMax !== undefined) {
    // Both bounds on a walk in another order: the planner costs `rent >= $1 and rent <= $2` of unknown values as 1/200
    // of the rows, and no generic plan (below) would ever look as cheap as the plans for a real range (a quarter of
    // the listings); the upper bound written as an expression is costed as a bound of its own (1/9 of the rows for
    // the two). Rent-ordered walks keep both as the bounds of their btree range.
    where.push(
      `${s.rentMin !== undefined && key !== 'monthly_rent' ? 'monthly_rent + 0' : 'monthly_rent'} <= ${p(s.rentMax)}`,
    );
    sig += '.h';
  }
  const order = `${key} ${dir}, id ${dir}`;
  const filtered = (cond: string[]) => `from market_listings${cond.length ? ` where ${cond.join(' and ')}` : ''}`;
  // A named statement is planned anew for each execution for as long as its plan for unknown values (the generic
  // plan) looks dearer than the plans for the values given: the planner costs `limit $n` as a tenth of the rows, so a
  // walk of 101 rows (page 1) looked like 100 000 at 1 M listings, and every page paid 100–270 µs of planning
  // (pg_prepared_statements: custom_plans only). So each limit of a named statement is also written as a constant,
  // `n` rounded up to a power of two (in the name: a few statements per shape), which the planner costs the walk by,
  // and the exact `$n` above it stops the walk (a limit pulls no more rows than it passes on): its generic plan is
  // no dearer than the custom ones, and PostgreSQL keeps it after the fifth execution. The GIN statement keeps its
  // plain parameter: its plan depends on how common the keyword is, planned for each.
  const named = !(s.grams.length && !walk);
  const limited = (query: string, n: number, ord: string) => {
    if (!named) return `${query} limit ${p(n)}`;
    const exp = Math.max(7, Math.ceil(Math.log2(Math.max(n, 1))));
    const bound = 2 ** exp;
    sig += `.${exp}`;
    return `select * from (${query} limit ${bound}) b${values.length} order by ${ord} limit ${p(n)}`;
  };
  let matches: string;
  if (pairs) {
    // the postings of the pair in sort order (with the rent range, the only other filter they carry)
    const postings = `from market_pairs where ${[`gram = ${p(s.pair)}`, ...where].join(' and ')}`;
    if (s.pairRows === undefined) matches = limited(`select id, ${key} ${postings} order by ${order}`, s.cap, order);
    else {
      // each posting re-checked on the row's body, read from the sort's btree of market_listings by its key and id
      // (an index-only lookup; the lateral limit keeps it a nested loop that streams in the postings' order)
      const lookup = `select 1 from market_listings l where l.${key} = k.${key} and l.id = k.id and ${kwTerms.map((c) => c.replace('strpos(body,', 'strpos(l.body,')).join(' and ')} limit 1`;
      const posted = limited(`select id, ${key} ${postings} order by ${order}`, s.pairRows, order);
      matches = limited(
        `select k.id, k.${key} from (${posted}) k cross join lateral (${lookup}) r order by k.${order.replace(', id', ', k.id')}`,
        s.cap,
        order,
      );
    }
  } else
    matches = walk
      ? limited(
          `select id, ${key} from (${limited(`select id, ${key}, body ${filtered(where)} order by ${order}`, s.walkRows ?? 20_000, order)}) w where ${kwTerms.join(' and ')} order by ${order}`,
          s.cap,
          order,
        )
      : limited(
          `select id, ${key} ${filtered([...(kwGrams ? [kwGrams, ...kwTerms] : []), ...where])} order by ${order}`,
          s.cap,
          order,
        );
  // The matches' ids gathered in one array, in the order they stream from the walk (an aggregate over an ordered
  // subquery keeps its order), so the count is its length and the page a slice of it: the matches are neither kept
  // in a CTE's tuplestore nor sorted again (a CTE scan has no order: the page had to sort up to `cap` rows, 1 081 at
  // page 50, again). The page's cards are joined in the slice's order. (An array's subscripts are int4: a page far
  // past the last, whose offset is beyond them, slices nothing either way.)
  const slice = (n: number) => Math.min(n, INT4_MAX);
  const text = `select coalesce(cardinality(m.ids), 0) as total,
  coalesce((select '[' || string_agg(c.card, ',' order by u.n) || ']' from unnest(m.ids[${p(slice(s.offset + 1))}:${p(slice(s.offset + s.size))}]) with ordinality u(id, n) join market_cards c on c.id = u.id), '[]') as data
from (select array_agg(id) as ids from (${matches}) x) m`;
  // the walk's plan is the same for every keyword (a named statement whose generic plan is kept: above); a keyword
  // through the GIN index is sent unnamed with its limit a plain parameter, since its best plan depends on how common
  // the keyword is (platform/fused.ts names it per connection all the same; PostgreSQL then weighs generic against
  // custom plans by their costs)
  if (pairs) sig += s.pairRows === undefined ? '.pair' : `.pairs${kwTerms.length}`;
  else if (walk) sig += `.walk${kwTerms.length}`;
  return { name: named ? `mkt.${sig}` : '', text, values };
}

/**
 * The share of listings holding each of the commonest grams (the GIN column's own statistics from ANALYZE:
 * most_common_elems and their frequencies); a gram not listed is rarer than every one listed. Empty before the first
 * ANALYZE (PGlite has no autovacuum): every keyword then counts as rare.
 */
export async function gramFrequencies(db: DB): Promise<{ rows: number; freq: Map<number, number> }> {
  const res = (await db.execute(
    sql`select c.reltuples::float8 as n, s.most_common_elems::text as elems, s.most_common_elem_freqs as freqs
        from pg_class c left join pg_stats s on s.tablename = 'market_listings' and s.attname = 'grams' and s.schemaname = current_schema()
        where c.oid = 'market_listings'::regclass`,
  )) as unknown as { rows: { n: number | string; elems: string | null; freqs: number[] | string | null }[] };
  const r = res.rows[0];
  const m = new Map<number, number>();
  const rows = Math.max(0, Number(r?.n ?? 0));
  if (!r?.elems || !r.freqs) return { rows, freq: m };
  const elems = r.elems.replace(/[{}]/g, '').split(',').map(Number);
  const freqs = Array.isArray(r.freqs) ? r.freqs.map(Number) : r.freqs.replace(/[{}]/g, '').split(',').map(Number);
  elems.forEach((e, i) => m.set(e, freqs[i]));
  return { rows, freq: m };
}

/** The page's total and its cards as one JSON array text. */
export async function runSearch(db: DB, s: TSearch): Promise<{ total: number; cardsJson: string }> {
  const r = await runStatement(db, s);
  // a walk that found fewer than `cap` may have stopped at walkRows (or pairRows) before the end: the GIN index
  // answers exactly. The postings of a one-pair keyword are all its matches: fewer than `cap` is the answer.
  const bounded = s.keywordPlan === 'walk' || (s.keywordPlan === 'pairs' && s.pairRows !== undefined);
  if (bounded && r.total < s.cap) return runStatement(db, { ...s, keywordPlan: 'gin' });
  return r;
}

async function runStatement(db: DB, s: TSearch): Promise<{ total: number; cardsJson: string }> {
  const st = searchStatement(s);
  const client = (
    db as unknown as { $client: pg.Pool | { query: (t: string, v: unknown[]) => Promise<{ rows: unknown[] }> } }
  ).$client;
  type TOut = { total: number; data: string };
  const rows = (
    client instanceof pg.Pool
      ? (
          await client.query(
            st.name ? { name: st.name, text: st.text, values: st.values } : { text: st.text, values: st.values },
          )
        ).rows
      : (await client.query(st.text, st.values)).rows
  ) as TOut[];
  const r = rows[0];
  return { total: Number(r.total), cardsJson: r.data };
}
