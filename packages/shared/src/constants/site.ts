/**
 * Addresses of the public site (ARCHITECTURE § public site): what `href`, `shop_href`, `view_url` and QR codes point
 * to. Relative paths; a QR code prefixes the configured public URL.
 */
/**
 * How far the halls (bidding, quick demand) count matches beyond the page asked, as the market does: the total is
 * exact up to offset + size × this + 1 and a lower bound (`total_capped`) above it, so a page never counts every
 * responding project or passed demand (a count that grows with the table).
 */
export const HALL_COUNT_PAGES_AHEAD = 5;
/** The count limit of a hall page: matches past it are not counted. */
export const hallCountCap = (page: number, size: number) => (page - 1) * size + size * HALL_COUNT_PAGES_AHEAD + 1;

export const SITE = {
  home: '/site',
  /** the equipment market: ?kw=&category=&province=&city=&rent_min=&rent_max=&sort=&page= */
  market: '/site/market',
  device: (id: number) => `/site/device/${id}`,
  shop: (id: number) => `/site/shop/${id}`,
  /** rent-then-buy shelf devices */
  rentbuy: '/site/rentbuy',
  /** the bidding hall: responding projects, ?kw=&category=&province=&city=&page= */
  biddings: '/site/bidding',
  /** a bidding project's public page: its href / web_url and the QR code's target */
  bidding: (id: number) => `/site/bidding/${id}`,
  /** the quick-demand hall, ?category=&province=&city=&page= */
  demands: '/site/demand',
  demand: (id: number) => `/site/demand/${id}`,
  /** the hiring hall (招聘大厅): passed hiring demands, ?category=&province=&city=&page= */
  hires: '/site/hire',
  /** a hiring demand's public page: its view_url (comment, like, the hirer's phone for verified users) */
  hire: (id: number) => `/site/hire/${id}`,
  /** the operators' hall (机手大厅): passed job cards, ?category=&province=&city=&page= */
  jobs: '/site/job',
  /** a job card's public page: its view_url (comment, like, the operator's phone for verified users) */
  job: (id: number) => `/site/job/${id}`,
} as const;
