import { favoriteFailures } from '../messages/favorite';
import { z } from '../zod';
import { zCompanyScoped, zId, zIntIn, zPage, zPageQuery } from './common';
import { ZListingCard } from './equipment';
import { ZShopCard } from './shopCard';

/** /index/favorite/* (spec/1 §3 Favourite, §7). */
const zType = zIntIn(0, 1, favoriteFailures.typeBad);

export const ZFavoriteQuery = zCompanyScoped.extend(zPageQuery(5).shape).extend({ type: zType.default(0) });
export const ZFavoriteAdd = zCompanyScoped.extend({ type: zType, target_id: zId });
export const ZFavoriteDel = zCompanyScoped.extend({ id: zId });
export const ZFavoriteStateQuery = zCompanyScoped.extend({ type: zType, target_id: zId });

/** A favourite device (spec: cover, company tags, monthly_rent, rent_rent, equip_name, fav_num, province_v, city_v, href). */
export const ZFavoriteEquipment = ZListingCard.extend({
  equip_name: z.string(),
  fav_num: z.number().int(),
  company_name: z.string(),
  tags: z.array(z.string()),
});
export const ZFavoriteShop = ZShopCard.extend({ fav_num: z.number().int() });
export const ZFavoriteRow = z.object({
  id: z.number().int(),
  type: z.number().int(),
  target_id: z.number().int(),
  create_time: z.string(),
  equipment: ZFavoriteEquipment.nullable(),
  shop: ZFavoriteShop.nullable(),
});
export type TFavoriteRow = z.infer<typeof ZFavoriteRow>;
export const ZFavoritePage = zPage(ZFavoriteRow);
export const ZFavoriteState = z.object({
  favorited: z.boolean(),
  id: z.number().int().nullable(),
  fav_num: z.number().int(),
});
export type TFavoriteState = z.infer<typeof ZFavoriteState>;
