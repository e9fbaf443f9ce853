import { reportFailures } from '../messages/report';

/** Error codes of the report area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const reportErrors = {
  REPORT_LISTING_GONE: { http: 409, msg: reportFailures.listingGone },
  REPORT_SHOP_GONE: { http: 409, msg: reportFailures.shopGone },
  REPORT_REVIEW_GONE: { http: 409, msg: reportFailures.reviewGone },
  REPORT_DUPLICATE: { http: 409, msg: reportFailures.duplicate },
  REPORT_HANDLED: { http: 409, msg: reportFailures.handled },
} as const;
