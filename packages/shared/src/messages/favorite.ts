/**
 * Texts of the favorite area. `favorite` is the catalogue's section M.favorite (the toasts; M is part of every first
 * load); the refusals are exported beside it for the schema and errors/favorite.ts.
 */
export const favorite = {
  added: '收藏成功',
  removed: '已取消收藏',
} as const;

export const favoriteFailures = {
  typeBad: '收藏类型不正确',
  listingGone: '该设备已下架或尚未审核通过，无法收藏',
  shopGone: '该店铺暂未开放，无法收藏',
  notFound: '收藏记录不存在',
} as const;
