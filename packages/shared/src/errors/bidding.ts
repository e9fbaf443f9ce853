import { biddingFailures } from '../messages/bidding';

/** Error codes of the bidding area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const biddingErrors = {
  BIDDING_NOT_FOUND: { http: 404, msg: biddingFailures.notFound },
  BIDDING_STATE: { http: 409, msg: biddingFailures.state },
  BIDDING_NO_RESPONSE: { http: 409, msg: biddingFailures.noResponse },
  BIDDING_NOT_PUBLIC: { http: 404, msg: biddingFailures.notPublic },
  BIDDING_QUOTE_NOT_FOUND: { http: 404, msg: biddingFailures.quoteNotFound },
  BIDDING_ALLOT: { http: 400, msg: biddingFailures.allotBad },
  BIDDING_NOTHING_SELECTED: { http: 409, msg: biddingFailures.nothingSelected },
  BIDDING_ONE_PROVIDER: { http: 409, msg: biddingFailures.oneProvider },
  BIDDING_NOT_COMPLETED: { http: 409, msg: biddingFailures.notCompleted },
} as const;
