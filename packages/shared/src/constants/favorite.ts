/** Favourites (spec/1 §3 Favourite): a user's saved public listings (type 0) and shops (type 1). */
export const FAVORITE_TYPE = { listing: 0, shop: 1 } as const;
