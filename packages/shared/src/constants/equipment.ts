/** Units a rent may be quoted in (a listing's `company` field joins the chosen ones with a hyphen). */
export const RENT_UNITS = ['台班', '小时', '天', '月', '方', '吨', '米', '趟'] as const;
export type TRentUnit = (typeof RENT_UNITS)[number];

/** How a spec parameter is entered on the listing form. */
export const PARAM_INPUTS = ['number', 'text', 'select'] as const;
export type TParamInput = (typeof PARAM_INPUTS)[number];

/** Listing unique-identifier types (spec/1 §3 serial_type). */
export const SERIAL_TYPES = [
  { value: 1, label: '机器ID' },
  { value: 2, label: '产品编号' },
  { value: 3, label: '出厂编号' },
  { value: 4, label: '产品识别码' },
  { value: 5, label: '整机编号' },
  { value: 6, label: '车辆识别代号' },
  { value: 7, label: '其他编码' },
  { value: 8, label: 'VIN码' },
] as const;

/** Product alias of an 'other' product: at most 10 characters (spec/1 §3). */
export const PRODUCT_ALIAS_MAX = 10;

/** The id of the country: provinces are its children (GET /v1/city/1). */
export const COUNTRY_REGION_ID = 1;

/**
 * A listing's review status, the spec's `is_lease` with its text `is_lease_v` (spec/1 §3 device list row): new and
 * edited listings wait for the platform (0); staff approve (1) or reject with a reason (2). Only an approved listing
 * that is not delisted is public.
 */
export const LISTING_REVIEW = { pending: 0, approved: 1, rejected: 2 } as const;
export const LISTING_REVIEW_TEXT: Record<number, string> = { 0: '审核中', 1: '审核通过', 2: '审核未通过' };
/** on_sell: 1 listed (上架), 2 delisted (下架). */
export const LISTING_SELL = { listed: 1, delisted: 2 } as const;
/** state: 1 to rent (待租), 2 rented out (已租). */
export const LISTING_STATE = { toRent: 1, rentedOut: 2 } as const;
export const LISTING_STATE_TEXT: Record<number, string> = { 1: '待租', 2: '已租' };

/** A listing is visible on the public site only when approved and listed (and not deleted). */
export const isListingPublic = (l: { is_lease: number; on_sell: number }) => l.is_lease === LISTING_REVIEW.approved && l.on_sell === LISTING_SELL.listed;
