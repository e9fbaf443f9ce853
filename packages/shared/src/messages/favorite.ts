/** Texts of the favorite area (the message catalogue's section M.favorite; spec texts verbatim). */
export const favorite = {
  typeBad: '收藏类型不正确',
  listingGone: '该设备已下架或尚未审核通过，无法收藏',
  shopGone: '该店铺暂未开放，无法收藏',
  notFound: '收藏记录不存在',
  added: '收藏成功',
  removed: '已取消收藏',
} as const;
