import { z } from '../zod';

/**
 * The listing as other modules show it (inquiries, favourites, shop hot-rent devices, shelves, device rights):
 * one card shape from equipment.service's listingCards. Rents in fen with their `_v` display text in yuan.
 */
export const ZListingCard = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  cover: z.string(),
  /** the product's name, or the alias of an 'other' product */
  product_name_v: z.string(),
  group_v: z.string(),
  category_v: z.string(),
  model: z.string(),
  brand: z.string(),
  monthly_rent: z.number().int(),
  monthly_rent_v: z.string(),
  rent_rent: z.number().int(),
  rent_rent_v: z.string(),
  hourly_rent: z.number().int(),
  hourly_rent_v: z.string(),
  province: z.number().int(),
  city: z.number().int(),
  area: z.number().int(),
  province_v: z.string(),
  city_v: z.string(),
  area_v: z.string(),
  /** 1 to rent, 2 rented out */
  state: z.number().int(),
  /** review status (the spec's is_lease): 0 in review, 1 approved, 2 rejected */
  is_lease: z.number().int(),
  /** 1 listed, 2 delisted */
  on_sell: z.number().int(),
  /** public page (/site/device/:id) */
  href: z.string(),
});
export type TListingCard = z.infer<typeof ZListingCard>;
