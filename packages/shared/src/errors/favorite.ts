import { favoriteFailures } from '../messages/favorite';

/** Error codes of the favorite area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const favoriteErrors = {
  FAVORITE_LISTING_GONE: { http: 409, msg: favoriteFailures.listingGone },
  FAVORITE_SHOP_GONE: { http: 409, msg: favoriteFailures.shopGone },
  FAVORITE_NOT_FOUND: { http: 404, msg: favoriteFailures.notFound },
} as const;
