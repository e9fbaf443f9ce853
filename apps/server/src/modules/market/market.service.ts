import { isListingPublic } from '@jizu/shared/constants/equipment';
import { MARKET_COUNT_PAGES_AHEAD } from '@jizu/shared/constants/market';
import { M, fmt } from '@jizu/shared/messages';
import { ZListingCard } from '@jizu/shared/schemas/equipment';
import type { TMarketDevice, TMarketFacets, TMarketQuery } from '@jizu/shared/schemas/market';
import type { TParamDef } from '@jizu/shared/schemas/region';
import type { DB, Executor } from '../../db/client';
import { AppError, fail } from '../../platform/errors';
import { shanghaiDate } from '@jizu/shared/rules/datetime';
import { listingCards, listingCardsOf } from '../equipment/equipment.service';
import { SITE } from '@jizu/shared/constants/site';
import { isShopOpen } from '@jizu/shared/constants/shop';
import { indexText, isOnePair, isPair, keywordQuery } from '../../platform/grams';
import * as repo from './market.repo';

/**
 * Characters of each normalised field the market searches: the body ends the btrees of the sorts (market.tables.ts),
 * whose entries must stay under PostgreSQL's ~2 700 bytes; the fields are at most 50 characters before NFKC.
 */
const BODY_FIELD_MAX = 100;

/**
 * Keeps the market's read model of one listing in step with the listing (called by equipment.service inside the
 * transaction of every change: create, edit, review, list / delist, delete, lease): the row is written when the
 * listing is public (approved, listed, not deleted) and removed otherwise.
 */
export async function syncMarketListing(tx: Executor, listingId: number): Promise<void> {
  const r = await repo.readListing(tx, listingId);
  const pub = r && !r.l.deletedAt && isListingPublic({ is_lease: r.l.reviewStatus, on_sell: r.l.onSell });
  const [card] = pub ? await listingCards(tx, [listingId]) : [];
  if (!r || !pub || !card) {
    await repo.deleteMarketRow(tx, listingId);
    return;
  }
  const l = r.l;
  const { body, grams } = indexText([card.product_name_v, card.model, card.brand, r.group, r.category], BODY_FIELD_MAX);
  await repo.upsertMarketRow(
    tx,
    {
      id: l.id,
      companyId: l.companyId,
      categoryId: l.categoryId,
      groupId: l.groupId,
      productId: l.productId,
      province: l.province,
      city: l.city,
      area: l.area,
      monthlyRent: l.monthlyRent,
      sortAt: l.approvedAt ?? l.updatedAt,
      body,
      grams,
    },
    JSON.stringify(ZListingCard.parse(card)),
  );
}

/**
 * syncMarketListing of several listings at once, in a few statements rather than five a listing (the demo seed writes
 * its 55 listings, then syncs them): the same rows, written in the order of `ids`.
 */
export async function syncMarketListings(tx: Executor, ids: number[]): Promise<void> {
  const read = new Map((await repo.readListings(tx, ids)).map((r) => [r.l.id, r]));
  const pub = ids.filter((id) => {
    const r = read.get(id);
    return r && !r.l.deletedAt && isListingPublic({ is_lease: r.l.reviewStatus, on_sell: r.l.onSell });
  });
  const cards = new Map((await listingCards(tx, pub)).map((c) => [c.id, c]));
  await repo.deleteMarketRows(
    tx,
    ids.filter((id) => !cards.has(id)),
  );
  await repo.upsertMarketRows(
    tx,
    pub.flatMap((id) => {
      const card = cards.get(id);
      if (!card) return [];
      const r = read.get(id)!;
      const l = r.l;
      const { body, grams } = indexText(
        [card.product_name_v, card.model, card.brand, r.group, r.category],
        BODY_FIELD_MAX,
      );
      const row = {
        id: l.id,
        companyId: l.companyId,
        categoryId: l.categoryId,
        groupId: l.groupId,
        productId: l.productId,
        province: l.province,
        city: l.city,
        area: l.area,
        monthlyRent: l.monthlyRent,
        sortAt: l.approvedAt ?? l.updatedAt,
        body,
        grams,
      };
      return [{ row, cardJson: JSON.stringify(ZListingCard.parse(card)) }];
    }),
  );
}

/** Rebuilds the whole read model from the listings (a repair tool; the bench loads its rows directly). @internal: only tests call it. */
export async function rebuildMarket(db: Executor, batch = 500): Promise<number> {
  await repo.clearMarket(db);
  let after = 0;
  let n = 0;
  for (;;) {
    const ids = await repo.listingIdsAfter(db, after, batch);
    if (!ids.length) return n;
    // a transaction per batch (a savepoint when called inside one, as the demo seed does)
    await db.transaction(async (tx) => {
      for (const id of ids) await syncMarketListing(tx, id);
    });
    n += ids.length;
    after = ids[ids.length - 1];
  }
}

const yuanToFen = (y: number | undefined) => (y === undefined ? undefined : y * 100);

/**
 * A page of the public market. The total is exact up to MARKET_COUNT_PAGES_AHEAD pages past this one and a lower
 * bound beyond (`total_capped`): an exact count of a common keyword's 300 000 matches is a scan of them all.
 */
/**
 * How to find a keyword: walk in sort order when even its rarest gram is common enough that `cap` matches come
 * within WALK_ROWS rows (a walk that stops early beats a GIN bitmap of a long posting list, and its cost does not grow
 * with the table); otherwise through the GIN index (a rare keyword has few matches to sort).
 */
const WALK_ROWS = 20_000;
/** Below this many listings every plan is cheap: the planner chooses on its own (its estimates then stay exact). */
const WALK_MIN_ROWS = 50_000;
export function keywordPlan(freq: Map<number, number>, grams: number[], cap: number): 'walk' | 'gin' {
  const share = Math.min(...grams.map((g) => freq.get(g) ?? 0));
  return share > 0 && cap / share <= WALK_ROWS ? 'walk' : 'gin';
}

/** Rows to walk for `cap` matches of a keyword this common: three times the expectation, at most WALK_ROWS. */
export function walkRows(freq: Map<number, number>, grams: number[], cap: number): number {
  const share = Math.min(...grams.map((g) => freq.get(g) ?? 0));
  return Math.min(WALK_ROWS, Math.ceil((3 * cap) / Math.max(share, 1e-6)));
}

/**
 * A re-checked posting (an index lookup of the row's body) costs about as much as this many rows of a walk along the
 * sort btree (measured at 1 M listings: some 4 µs against 0.3 µs).
 */
const RECHECK_ROWS = 12;

/**
 * A common keyword's walk along the postings of its rarest pair (market_pairs), or null for the walk along the sort
 * btree of market_listings: the postings carry no region, category or group, and no one-character term. A keyword
 * that is one pair is exact on its postings; a longer one re-checks each posting, which pays when its rarest pair is
 * rare enough that the walk along the sort btree would look at RECHECK_ROWS times more rows.
 */
export function pairsPlan(freq: Map<number, number>, s: repo.TSearch): Pick<repo.TSearch, 'pair' | 'pairRows'> | null {
  if ([s.category, s.group, s.province, s.city].some((v) => v !== undefined)) return null;
  if (!s.terms.length || s.terms.some((t) => Array.from(t).length < 2) || !s.grams.every(isPair)) return null;
  let pair = s.grams[0];
  for (const g of s.grams) if ((freq.get(g) ?? 0) < (freq.get(pair) ?? 0)) pair = g;
  if (s.terms.length === 1 && isOnePair(s.terms[0])) return { pair };
  if ((freq.get(pair) ?? 0) * RECHECK_ROWS > 1) return null;
  // the postings of the rarest pair mostly hold the keyword itself: three times `cap` of them, then the GIN index
  return { pair, pairRows: 3 * s.cap };
}

/** How a search finds its keyword, from the grams' statistics (the bench prints the plans the same way). */
export function planKeyword(s: repo.TSearch, stats: { rows: number; freq: Map<number, number> }): void {
  s.keywordPlan = stats.rows >= WALK_MIN_ROWS ? keywordPlan(stats.freq, s.grams, s.cap) : 'gin';
  const pairs = s.keywordPlan === 'walk' ? pairsPlan(stats.freq, s) : null;
  if (pairs) Object.assign(s, { keywordPlan: 'pairs' }, pairs);
  else if (s.keywordPlan === 'walk') s.walkRows = walkRows(stats.freq, s.grams, s.cap);
}

/** The grams' frequencies, read again at most every 5 minutes per database (they move only with ANALYZE). */
const FREQ_TTL_MS = 300_000;
type TGramStats = Awaited<ReturnType<typeof repo.gramFrequencies>>;
const freqCache = new WeakMap<object, { at: number; value: Promise<TGramStats> }>();
function frequencies(db: DB): Promise<TGramStats> {
  const hit = freqCache.get(db);
  if (hit && Date.now() - hit.at < FREQ_TTL_MS) return hit.value;
  const value = repo.gramFrequencies(db).catch(() => ({ rows: 0, freq: new Map<number, number>() }));
  freqCache.set(db, { at: Date.now(), value });
  return value;
}

/** The read model's search for a market query (the bench prints its plans with the same arguments). */
export function toSearch(q: TMarketQuery): repo.TSearch {
  const kw = keywordQuery(q.kw ?? '');
  const offset = (q.page - 1) * q.size;
  return {
    terms: kw.terms,
    grams: kw.grams,
    category: q.category,
    group: q.group,
    province: q.province,
    city: q.city,
    rentMin: yuanToFen(q.rent_min),
    rentMax: yuanToFen(q.rent_max),
    sort: q.sort,
    offset,
    size: q.size,
    cap: offset + q.size * MARKET_COUNT_PAGES_AHEAD + 1,
  };
}

/**
 * A page of the public market as the envelope's JSON text (ZMarketPage): the cards are spliced in as the read model keeps them. The total is exact
 * up to MARKET_COUNT_PAGES_AHEAD pages past this one and a lower bound beyond (`total_capped`): an exact count of a
 * common keyword's 300 000 matches is a scan of them all.
 */
export async function searchMarketJson(db: DB, q: TMarketQuery): Promise<string> {
  const s = toSearch(q);
  if (s.grams.length) planKeyword(s, await frequencies(db));
  const { total, cardsJson } = await repo.runSearch(db, s);
  const capped = total >= s.cap;
  return `{"status":1,"msg":${JSON.stringify(M.common.ok)},"data":{"data":${cardsJson},"total":${capped ? s.cap - 1 : total},"total_capped":${capped}}}`;
}

export async function marketFacets(db: Executor): Promise<TMarketFacets> {
  const rows = await repo.categoriesWithGroups(db);
  const by = new Map<number, TMarketFacets['categories'][number]>();
  for (const r of rows) {
    let c = by.get(r.id);
    if (!c) by.set(r.id, (c = { id: r.id, name: r.name, groups: [] }));
    if (r.groupId !== null && r.groupName !== null) c.groups.push({ id: r.groupId, name: r.groupName });
  }
  return { categories: [...by.values()] };
}

/** A public listing with what its page shows; an unapproved, delisted or deleted one answers the spec's message. */
export async function publicDevice(db: Executor, id: number): Promise<TMarketDevice> {
  const page = await repo.readListingPage(db, id);
  const r = page?.listing;
  if (!page || !r || r.l.deletedAt || !isListingPublic({ is_lease: r.l.reviewStatus, on_sell: r.l.onSell }))
    return fail('MARKET_OFF_SHELF');
  const l = r.l;
  // the card from the row read (its catalogue names are in it); the company and its shop came with it
  const [card] = await listingCardsOf(db, [r], [id]);
  if (!card) return fail('MARKET_OFF_SHELF');
  const shop =
    page.shop && isShopOpen(page.shop[2])
      ? { id: page.shop[0], shop_name: page.shop[1], href: SITE.shop(page.shop[0]) }
      : null;
  const defs = (r.params as TParamDef[]) ?? [];
  const values = l.params ?? {};
  const params = defs
    .filter((d) => (values[d.key] ?? '') !== '')
    .map((d) => ({ name: d.name, value: String(values[d.key]), unit: d.unit }));
  return {
    ...card,
    category_id: l.categoryId,
    images: l.images,
    playing_time: l.playingTime,
    working_hours: l.workingHours,
    explain: l.explain,
    address: l.address,
    lng: l.lng,
    lat: l.lat,
    attribute: l.attribute,
    params,
    company_name: page.companyName ?? '',
    shop,
    approved_at: shanghaiDate(l.approvedAt),
  };
}

/** The title and description of a listing's page for search engines, or null when it is not public. */
export async function deviceMeta(db: Executor, id: number): Promise<{ title: string; description: string } | null> {
  try {
    const d = await publicDevice(db, id);
    const name = d.product_name_v;
    const region = [d.province_v, d.city_v, d.area_v].filter(Boolean).join('');
    return {
      title: fmt(M.market.deviceTitle, { name, model: d.model }),
      description: fmt(M.market.deviceDescription, {
        name,
        brand: d.brand,
        model: d.model,
        monthly: d.monthly_rent_v,
        region,
        explain: d.explain.slice(0, 80),
      }),
    };
  } catch (e) {
    if (e instanceof AppError) return null;
    throw e;
  }
}

export const sitemapListings = (db: Executor, limit: number) => repo.sitemapRows(db, limit);
