import { M } from '../messages';

/** Error codes of the market area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const marketErrors = {
  MARKET_OFF_SHELF: { http: 404, msg: M.market.offShelf },
} as const;
