import { M } from '../messages';

/** Error codes of the favorite area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const favoriteErrors = {
  FAVORITE_LISTING_GONE: { http: 409, msg: M.favorite.listingGone },
  FAVORITE_SHOP_GONE: { http: 409, msg: M.favorite.shopGone },
  FAVORITE_NOT_FOUND: { http: 404, msg: M.favorite.notFound },
} as const;
