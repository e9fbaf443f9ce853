import { shelf } from '../messages/shelf';

/** Error codes of the shelf area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const shelfErrors = {
  SHELF_EXPIRED: { http: 409, msg: shelf.shelfExpired },
  SHELF_FILLED: { http: 409, msg: shelf.shelfFilled },
  SHELF_EMPTY: { http: 409, msg: shelf.shelfEmpty },
  SHELF_DEVICE_TAKEN: { http: 409, msg: shelf.deviceOnShelf },
  SHELF_DEVICE_DELISTED: { http: 409, msg: shelf.deviceDelisted },
  SHELF_ORDER_NOT_DELETABLE: { http: 409, msg: shelf.orderNotDeletable },
  SHELF_ORDER_REVIEWED: { http: 409, msg: shelf.orderReviewed },
  SHELF_NOT_REFUNDABLE: { http: 409, msg: shelf.notRefundable },
} as const;
