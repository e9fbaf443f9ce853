import { actionsOf, defineMachine, transitionOf } from '../rules/machine';

/** Units a rent may be quoted in (a listing's `company` field joins the chosen ones with a hyphen). */
export const RENT_UNITS = ['台班', '小时', '天', '月', '方', '吨', '米', '趟'] as const;
export type TRentUnit = (typeof RENT_UNITS)[number];

/** How a spec parameter is entered on the listing form. */
export const PARAM_INPUTS = ['number', 'text', 'select'] as const;

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

/** A machine rented out now (the public card's 已租 badge). */
export const isRentedOut = (l: { state: number }) => l.state === LISTING_STATE.rentedOut;

/** A listing is visible on the public site only when approved and listed (and not deleted). */
export const isListingPublic = (l: { is_lease: number; on_sell: number }) =>
  l.is_lease === LISTING_REVIEW.approved && l.on_sell === LISTING_SELL.listed;

/** Leased listings (has_lease) may change only these fields of the save form (spec/1 §4). */
export const LISTING_LEASE_EDITABLE = [
  'address',
  'province',
  'city',
  'area',
  'lng',
  'lat',
  'monthly_rent',
  'rent_rent',
  'hourly_rent',
] as const;

/**
 * The listing's state machines as data (spec/1 §4), one per field: the review status (is_lease: review_status) and
 * the shelf (on_sell). `submit`/`edit` by the company send a listing to review; staff approve or reject a pending one;
 * the company lists / delists and deletes, but only while the machine is to rent (state 1) and has no lease
 * (`idle`). state itself (to rent / rented out) and has_lease are set by the rental chain, not by a user's action.
 * The service checks every change against these (compare-and-set on the from value); pages read them for the buttons.
 */
export type TListingAction = 'submit' | 'edit' | 'approve' | 'reject' | 'list' | 'delist' | 'delete';
export type TListingWho = 'company' | 'staff';
export interface TListingStatus {
  is_lease: number | null;
  on_sell: number;
  state: number;
  has_lease: boolean;
}
const listingGuards = { idle: (l: TListingStatus) => l.state === LISTING_STATE.toRent && !l.has_lease };
const R = LISTING_REVIEW;
const LISTING_REVIEW_MACHINE = defineMachine<TListingStatus, TListingAction, TListingWho, 'idle'>({
  name: 'equipment_listings.review_status',
  statuses: LISTING_REVIEW,
  status: (l) => l.is_lease,
  guards: listingGuards,
  rows: [
    { action: 'submit', from: [null], to: R.pending, who: 'company' },
    { action: 'edit', from: [R.pending, R.approved, R.rejected], to: R.pending, who: 'company' },
    { action: 'approve', from: [R.pending], to: R.approved, who: 'staff' },
    { action: 'reject', from: [R.pending], to: R.rejected, who: 'staff', needsReason: true },
  ],
});
const LISTING_SELL_MACHINE = defineMachine<TListingStatus, TListingAction, TListingWho, 'idle'>({
  name: 'equipment_listings.on_sell',
  statuses: LISTING_SELL,
  status: (l) => l.on_sell,
  guards: listingGuards,
  rows: [
    { action: 'delist', from: [LISTING_SELL.listed], to: LISTING_SELL.delisted, who: 'company', idle: true },
    { action: 'list', from: [LISTING_SELL.delisted], to: LISTING_SELL.listed, who: 'company', idle: true },
    { action: 'delete', from: [LISTING_SELL.listed, LISTING_SELL.delisted], to: 'removed', who: 'company', idle: true },
  ],
});
const LISTING_MACHINES = [LISTING_REVIEW_MACHINE, LISTING_SELL_MACHINE] as const;

/** The transition an action by a role takes on a listing now (whichever of its fields it moves), or null. */
export function listingTransition(l: TListingStatus, action: TListingAction, who: TListingWho) {
  for (const m of LISTING_MACHINES) {
    const t = transitionOf(m, l, action, who);
    if (t) return { ...t, field: m === LISTING_REVIEW_MACHINE ? ('review' as const) : ('sell' as const) };
  }
  return null;
}

/** The actions a role may take on a listing now, over both fields (the list page's buttons, the console's review). */
export function listingActions(l: TListingStatus, who: TListingWho): TListingAction[] {
  return LISTING_MACHINES.flatMap((m) => actionsOf(m, l, who));
}

/** Tabs of /device/rent (spec/1 §2): all, listed (approved and on sale), delisted, submitted (in review or rejected). */
export const LISTING_TABS = [
  { key: 'all', label: '全部' },
  { key: 'listed', label: '已上架' },
  { key: 'delisted', label: '已下架' },
  { key: 'submitted', label: '已提交' },
] as const;
export type TListingTab = (typeof LISTING_TABS)[number]['key'];
/** Admin review queue tabs. */
export const LISTING_REVIEW_TABS = [
  { status: LISTING_REVIEW.pending, label: '待审核' },
  { status: LISTING_REVIEW.approved, label: '已通过' },
  { status: LISTING_REVIEW.rejected, label: '未通过' },
] as const;
export const LISTING_REASON_MAX = 200;
