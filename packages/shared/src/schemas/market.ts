import { z } from '../zod';
import { market as msg_market } from '../messages/market';
import { MARKET_KEYWORD_MAX, MARKET_PAGE_SIZE, MARKET_SORTS } from '../constants/market';
import { INT4_MAX, zId, zIntIn } from './common';
import { ZListingCard } from './equipment';

const M = { market: msg_market } as const;

const zYuan = z.coerce
  .number({ error: M.market.badRent })
  .int({ error: M.market.badRent })
  .min(0, { error: M.market.badRent })
  .max(21_000_000, { error: M.market.badRent });

/** GET /api/site/market: the public market's filters (rents in whole yuan), sort and page. */
export const ZMarketQuery = z
  .object({
    kw: z.string().trim().max(MARKET_KEYWORD_MAX, { error: M.market.badKeyword }).optional(),
    category: zId.optional(),
    group: zId.optional(),
    province: zId.optional(),
    city: zId.optional(),
    rent_min: zYuan.optional(),
    rent_max: zYuan.optional(),
    sort: z.enum(MARKET_SORTS.map((s) => s.value) as ['new', 'rent_asc', 'rent_desc']).default('new'),
    page: zIntIn(1, INT4_MAX).default(1),
    size: zIntIn(1, 50).default(MARKET_PAGE_SIZE),
  })
  .refine((q) => q.rent_min === undefined || q.rent_max === undefined || q.rent_min <= q.rent_max, {
    error: M.market.badRent,
    path: ['rent_min'],
  });
export type TMarketQuery = z.infer<typeof ZMarketQuery>;

/** A market page: cards, and the number of matches, exact unless `total_capped` (then "at least total"). */
export const ZMarketPage = z.object({
  data: z.array(ZListingCard),
  total: z.number().int(),
  total_capped: z.boolean(),
});
export type TMarketPage = z.infer<typeof ZMarketPage>;

export const ZMarketFacets = z.object({
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
});
export type TMarketFacets = z.infer<typeof ZMarketFacets>;

/** GET /api/site/device/:id: a public listing's page. */
export const ZMarketDevice = ZListingCard.extend({
  category_id: z.number().int(),
  images: z.array(z.string()),
  playing_time: z.string(),
  working_hours: z.number().int(),
  explain: z.string(),
  address: z.string(),
  /** the map point (GCJ-02), null when the owner has not placed it */
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  attribute: z.string(),
  /** spec values with the product definition's names and units, in the definition's order */
  params: z.array(z.object({ name: z.string(), value: z.string(), unit: z.string() })),
  company_name: z.string(),
  /** the owner's public shop, when it has one */
  shop: z.object({ id: z.number().int(), shop_name: z.string(), href: z.string() }).nullable(),
  approved_at: z.string(),
});
export type TMarketDevice = z.infer<typeof ZMarketDevice>;
