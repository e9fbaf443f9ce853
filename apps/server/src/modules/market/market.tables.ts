import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The public market's read model: one narrow row per public listing (approved, listed, not deleted), written only by
 * market.service syncMarketListing (and rebuildMarket). Search is on character grams (platform/grams.ts): every
 * character and every pair of neighbouring characters of the listing's names, as int4 codes in a GIN-indexed array,
 * because PostgreSQL's text search does not segment Chinese and pg_trgm depends on the locale (PGlite runs in C).
 *
 * The btree indexes let a query walk in its sort order and stop after the page (and the capped count): the cost of a
 * page depends on the page and on how many rows the filters skip, not on how many listings there are. Each ends in
 * the other filter columns and body (after the unique sort key and id, so they never decide an order), so that the
 * walk, the filters and the keyword's re-check read the index alone (an index-only scan): at 1 M listings the table is
 * far larger than the buffer cache, and a walk that fetched each row from it would grow with the table. The price:
 * about 110 bytes an entry, some 1.6 GB of btrees at 1 M listings. The GIN index
 * serves rare keywords (a model number), where walking in sort order would skip too much.
 */
export const marketListings = pgTable(
  'market_listings',
  {
    /** the listing's id */
    id: integer('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    categoryId: integer('category_id').notNull(),
    groupId: integer('group_id').notNull(),
    productId: integer('product_id').notNull(),
    province: integer('province').notNull(),
    city: integer('city').notNull(),
    area: integer('area').notNull(),
    monthlyRent: integer('monthly_rent').notNull(),
    /** newest = last approved */
    sortAt: timestamp('sort_at', { withTimezone: true }).notNull(),
    /** the searched names, normalised (lower case, NFKC, no spaces), fields separated by '|': the exact re-check */
    body: text('body').notNull(),
    /** character grams of body (platform/grams.ts) */
    grams: integer('grams').array().notNull(),
  },
  (t) => {
    // Each btree: its filter prefix, the sort key and id, then every other column a filter or the keyword's re-check
    // reads (never deciding an order: the id before them is unique), so any combination of filters walks index-only.
    const cols = {
      category_id: t.categoryId,
      group_id: t.groupId,
      province: t.province,
      city: t.city,
      monthly_rent: t.monthlyRent,
    };
    type TCol = keyof typeof cols;
    const btree = (name: string, prefix: TCol[], sort: 'new' | 'rent') => {
      const head = [...prefix.map((c) => cols[c]), ...(sort === 'new' ? [t.sortAt, t.id] : [t.monthlyRent, t.id])];
      const rest = (Object.keys(cols) as TCol[])
        .filter((c) => !prefix.includes(c) && !(sort === 'rent' && c === 'monthly_rent'))
        .map((c) => cols[c]);
      return index(`market_listings_${name}_idx`).on(head[0], ...head.slice(1), ...rest, t.body);
    };
    return [
      index('market_listings_grams_idx').using('gin', t.grams),
      btree('new', [], 'new'),
      btree('rent', [], 'rent'),
      btree('category_new', ['category_id'], 'new'),
      btree('group_new', ['group_id'], 'new'),
      btree('province_new', ['province'], 'new'),
      btree('city_new', ['city'], 'new'),
      btree('province_category_new', ['province', 'category_id'], 'new'),
      btree('city_category_new', ['city', 'category_id'], 'new'),
      btree('category_rent', ['category_id'], 'rent'),
      btree('group_rent', ['group_id'], 'rent'),
      btree('province_rent', ['province'], 'rent'),
      btree('city_rent', ['city'], 'rent'),
      btree('province_category_rent', ['province', 'category_id'], 'rent'),
      btree('city_category_rent', ['city', 'category_id'], 'rent'),
    ];
  },
);

/**
 * Sorted postings of the character pairs (platform/grams.ts isPair) of each row of market_listings: one row per
 * listing and pair, in btrees ordered by the pair, then the sort key and id. A common keyword (a pair held by a tenth
 * of the listings) walks its rarest pair's postings in sort order, so a page costs the page and the capped count
 * (1 081 postings at page 50) at any number of listings, where walking the sort btree of market_listings and
 * re-checking each row costs 1 / share of that (9 600 rows at page 50 for a keyword in 11 % of listings). A keyword
 * that is one pair (two characters) is exact on its postings; a longer one re-checks each posting's body through the
 * sort btree of market_listings (an index-only lookup by sort key and id). Single characters have no postings (a
 * one-character keyword walks market_listings as before). Written and removed with the market_listings row
 * (market.repo), by (pair, sort key, id): no index on id alone. Size: some 16 rows a listing, about 2 GB of table and
 * btrees at 1 M listings.
 */
export const marketPairs = pgTable(
  'market_pairs',
  {
    gram: integer('gram').notNull(),
    sortAt: timestamp('sort_at', { withTimezone: true }).notNull(),
    monthlyRent: integer('monthly_rent').notNull(),
    /** the listing's id */
    id: integer('id').notNull(),
  },
  // monthly_rent ends the 'new' btree (after the unique id: it never decides an order) for a rent range filter
  (t) => [
    index('market_pairs_new_idx').on(t.gram, t.sortAt, t.id, t.monthlyRent),
    index('market_pairs_rent_idx').on(t.gram, t.monthlyRent, t.id),
  ],
);

/**
 * The card of each row of market_listings (what a market page shows), apart so the searched rows stay narrow. Kept as
 * the JSON text of a ZListingCard (checked when written): a page's cards are joined into the response as they are,
 * with no jsonb → text conversion in the database and no parse, check and stringify per card in the server.
 */
export const marketCards = pgTable('market_cards', {
  id: integer('id').primaryKey(),
  card: text('card').notNull(),
});
