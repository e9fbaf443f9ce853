import { z } from '../zod';
import { ZListingCard } from './equipment';

/** A shop as other modules show it (favourites, the listing page's owner link, the market): shop.service shopCards. */
export const ZShopCard = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  shop_name: z.string(),
  shop_cover: z.string(),
  logo: z.string(),
  service_area: z.string(),
  main_product: z.string(),
  /** public page (/site/shop/:id) */
  href: z.string(),
  /** a few of its public listings */
  equipment: z.array(ZListingCard),
});
export type TShopCard = z.infer<typeof ZShopCard>;
