import { biddingFailures } from '../messages/bidding';

/** Error codes of the bidding area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const biddingErrors = {
  BIDDING_NOT_FOUND: { http: 404, msg: biddingFailures.notFound },
  BIDDING_STATE: { http: 409, msg: biddingFailures.state },
  BIDDING_NO_RESPONSE: { http: 409, msg: biddingFailures.noResponse },
  BIDDING_NOT_PUBLIC: { http: 404, msg: biddingFailures.notPublic },
} as const;
