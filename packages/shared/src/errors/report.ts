import { M } from '../messages';

/** Error codes of the report area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const reportErrors = {
  REPORT_LISTING_GONE: { http: 409, msg: M.report.listingGone },
  REPORT_SHOP_GONE: { http: 409, msg: M.report.shopGone },
  REPORT_DUPLICATE: { http: 409, msg: M.report.duplicate },
  REPORT_HANDLED: { http: 409, msg: M.report.handled },
} as const;
