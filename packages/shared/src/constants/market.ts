/** Sort orders of the public market (?sort=): newest approved first, monthly rent low → high, high → low. */
export const MARKET_SORTS = [
  { value: 'new', label: '最新' },
  { value: 'rent_asc', label: '租金从低到高' },
  { value: 'rent_desc', label: '租金从高到低' },
] as const;
export type TMarketSort = (typeof MARKET_SORTS)[number]['value'];

/** Cards per market page unless ?size= says otherwise. */
export const MARKET_PAGE_SIZE = 20;
/** A keyword longer than this is refused (it could only match nothing). */
export const MARKET_KEYWORD_MAX = 30;
/**
 * How far the market counts matches beyond the page asked: the total is exact up to offset + size × this + 1 and
 * reported as a lower bound (`total_capped`) above it, so counting never scans every match of a common keyword.
 */
export const MARKET_COUNT_PAGES_AHEAD = 5;
