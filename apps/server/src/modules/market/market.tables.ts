import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The public market's read model: one narrow row per public listing (approved, listed, not deleted), written only by
 * market.service syncMarketListing (and rebuildMarket). Search is on character grams (platform/grams.ts): every
 * character and every pair of neighbouring characters of the listing's names, as int4 codes in a GIN-indexed array,
 * because PostgreSQL's text search does not segment Chinese and pg_trgm depends on the locale (PGlite runs in C).
 *
 * The btree indexes let a query walk in its sort order and stop after the page (and the capped count): the cost of a
 * page depends on the page and on how many rows the filters skip, not on how many listings there are. Each ends in
 * monthly_rent and body (after the unique sort key and id, so they never decide an order), so that the walk, the rent
 * filter and the keyword's re-check read the index alone (an index-only scan): at 1 M listings the table is far larger
 * than the buffer cache, and a walk that fetched each row from it would grow with the table. The GIN index
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
  (t) => [
    index('market_listings_grams_idx').using('gin', t.grams),
    // each sort's btrees end in the columns the filters and the keyword re-check read, so a walk is index-only
    index('market_listings_new_idx').on(t.sortAt, t.id, t.monthlyRent, t.body),
    index('market_listings_rent_idx').on(t.monthlyRent, t.id, t.body),
    index('market_listings_category_new_idx').on(t.categoryId, t.sortAt, t.id, t.monthlyRent, t.body),
    index('market_listings_group_new_idx').on(t.groupId, t.sortAt, t.id, t.monthlyRent, t.body),
    index('market_listings_province_new_idx').on(t.province, t.sortAt, t.id, t.monthlyRent, t.body),
    index('market_listings_city_new_idx').on(t.city, t.sortAt, t.id, t.monthlyRent, t.body),
    index('market_listings_province_category_new_idx').on(t.province, t.categoryId, t.sortAt, t.id, t.monthlyRent, t.body),
    index('market_listings_city_category_new_idx').on(t.city, t.categoryId, t.sortAt, t.id, t.monthlyRent, t.body),
    index('market_listings_category_rent_idx').on(t.categoryId, t.monthlyRent, t.id, t.body),
    index('market_listings_province_category_rent_idx').on(t.province, t.categoryId, t.monthlyRent, t.id, t.body),
    index('market_listings_city_category_rent_idx').on(t.city, t.categoryId, t.monthlyRent, t.id, t.body),
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

