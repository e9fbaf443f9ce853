/**
 * Rent-then-buy shelves (spec/3 § Rent-then-buy shelf page, § Shelf rules): a company buys shelves with a pre-paid
 * shelf order (1–5 per application), the platform reviews the paid order, and each shelf of an effective order is
 * valid 100 days from the approval. A shelf carries at most one approved device with its rent-to-own terms.
 */
import { defineMachine, type TStatusOf } from '../rules/machine';

export const SHELF_MIN = 1;
export const SHELF_MAX = 5;
/** Shelf validity (spec/3 § 9): days from the approval of the order. */
export const SHELF_DAYS = 100;
/** Default price of one shelf for its validity, in fen (the admin changes it). */
export const SHELF_DEFAULT_PRICE = 10_000;
/** lease_term in months */
export const SHELF_TERM_MAX = 120;
/** month_rent and selling_price upper bound, fen (1 亿元) */
export const SHELF_MONEY_MAX = 10_000_000_000;

/**
 * Shelf order status (spec/3: 0 under review, 1 effective). -1 awaiting payment and 2 rejected are ours: the order
 * exists from the application on (so an unpaid one can be paid later or deleted), and staff may refuse a paid one.
 */
export const SHELF_ORDER = { unpaid: -1, review: 0, effective: 1, rejected: 2 } as const;
export type TShelfOrderStatus = (typeof SHELF_ORDER)[keyof typeof SHELF_ORDER];
export const SHELF_ORDER_TEXT: Record<number, string> = { [-1]: '待支付', 0: '审核中', 1: '已生效', 2: '已驳回' };
/** The tabs of the order list, in order (URL ?status=). */
export const SHELF_ORDER_TABS: readonly TShelfOrderStatus[] = [
  SHELF_ORDER.review,
  SHELF_ORDER.effective,
  SHELF_ORDER.unpaid,
  SHELF_ORDER.rejected,
];

export type TShelfOrderAction = 'apply' | 'pay' | 'approve' | 'reject' | 'delete';
export type TShelfWho = 'company' | 'platform' | 'staff';
/** shelf_orders.status; `from: null` is "no order yet". */
export const SHELF_ORDER_MACHINE = defineMachine<TStatusOf, TShelfOrderAction, TShelfWho>({
  name: 'shelf_orders.status',
  statuses: SHELF_ORDER,
  status: (o) => o.status,
  guards: {},
  rows: [
    { from: [null], action: 'apply', to: SHELF_ORDER.unpaid, who: 'company' },
    { from: [SHELF_ORDER.unpaid], action: 'pay', to: SHELF_ORDER.review, who: 'platform' },
    { from: [SHELF_ORDER.review], action: 'approve', to: SHELF_ORDER.effective, who: 'staff' },
    { from: [SHELF_ORDER.review], action: 'reject', to: SHELF_ORDER.rejected, who: 'staff', needsReason: true },
    // the company takes an order off its own list, in force too (spec/3: the tabs' delete; its shelves stay, and staff
    // keep every paid order); one under review is not deleted: paid and awaiting staff, it would be neither turned into
    // shelves nor refunded (README, Decisions)
    {
      from: [SHELF_ORDER.unpaid, SHELF_ORDER.effective, SHELF_ORDER.rejected],
      action: 'delete',
      to: 'removed',
      who: 'company',
    },
  ],
});

/** An order waiting for its payment (the list's 去支付 while its pay order is open). */
export const isShelfOrderUnpaid = (o: { status: number }) => o.status === SHELF_ORDER.unpaid;
/** Rejected orders carry the staff's reason; effective ones the shelves' end date (the tabs' extra columns). */
export const isShelfOrderRejected = (o: { status: number }) => o.status === SHELF_ORDER.rejected;
export const isShelfOrderEffective = (o: { status: number }) => o.status === SHELF_ORDER.effective;
/** Paid and awaiting staff: its delete is shown refused, with the reason (orderNotDeletable). */
export const isShelfOrderInReview = (o: { status: number }) => o.status === SHELF_ORDER.review;

/** Refund mark of a rejected paid order: the platform refunds it by hand (no refund call of the channel yet). */
export const SHELF_REFUND = { none: 0, pending: 1, done: 2 } as const;
export const SHELF_REFUND_TEXT: Record<number, string> = { 0: '', 1: '待退款', 2: '已退款' };
/**
 * shelf_orders.refund: the order's reject marks it pending (none → pending, with the order's own row); staff mark it
 * done once the money went back.
 */
export const SHELF_REFUND_MACHINE = defineMachine<TStatusOf, 'reject' | 'refunded', 'staff'>({
  name: 'shelf_orders.refund',
  statuses: SHELF_REFUND,
  status: (o) => o.status,
  guards: {},
  rows: [
    { from: [SHELF_REFUND.none], action: 'reject', to: SHELF_REFUND.pending, who: 'staff' },
    { from: [SHELF_REFUND.pending], action: 'refunded', to: SHELF_REFUND.done, who: 'staff' },
  ],
});

/** Shelf state (spec/3: empty, then filled through add device; a filled shelf can be taken down or modified). */
export const SHELF_STATE = { empty: 0, filled: 1 } as const;
export const SHELF_STATE_TEXT: Record<number, string> = { 0: '空货架', 1: '已上架' };
export type TShelfAction = 'put' | 'modify' | 'takeDown';
/**
 * shelves.state: an approved order makes its shelves, empty; the company puts a device on one, changes its terms,
 * takes it down. `live`: the action needs the shelf unexpired (an expired shelf takes no device and no new terms).
 */
export const SHELF_MACHINE = defineMachine<
  { status: number | null; expired?: boolean },
  TShelfAction,
  'company',
  'live'
>({
  name: 'shelves.state',
  statuses: SHELF_STATE,
  status: (s) => s.status,
  guards: { live: (s) => !s.expired },
  rows: [
    { from: [SHELF_STATE.empty], action: 'put', to: SHELF_STATE.filled, who: 'company', live: true },
    { from: [SHELF_STATE.filled], action: 'modify', to: 'same', who: 'company', live: true },
    { from: [SHELF_STATE.filled], action: 'takeDown', to: SHELF_STATE.empty, who: 'company' },
  ],
});
