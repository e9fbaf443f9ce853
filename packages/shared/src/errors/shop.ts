import { M } from '../messages';

/** Error codes of the shop area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const shopErrors = {
  SHOP_NEED_VERIFY: { http: 409, msg: M.shop.needVerify },
  SHOP_NEED_LISTING: { http: 409, msg: M.shop.needListing },
  SHOP_NOT_SET_UP: { http: 409, msg: M.shop.notSetUp },
  SHOP_NOT_OPEN: { http: 409, msg: M.shop.notOpen },
  SHOP_EXISTS: { http: 409, msg: M.shop.exists },
  SHOP_REVIEWED: { http: 409, msg: M.shop.reviewed },
  SHOP_CONFLICT: { http: 409, msg: M.shop.conflict },
  SHOP_HOT_LIMIT: { http: 409, msg: M.shop.hotLimit },
  SHOP_HOT_DUPLICATE: { http: 409, msg: M.shop.hotDuplicate },
  SHOP_HONOUR_LIMIT: { http: 409, msg: M.shop.honourLimit },
} as const;
