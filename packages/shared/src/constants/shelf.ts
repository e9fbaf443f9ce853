/**
 * Rent-then-buy shelves (spec/3 § Rent-then-buy shelf page, § Shelf rules): a company buys shelves with a pre-paid
 * shelf order (1–5 per application), the platform reviews the paid order, and each shelf of an effective order is
 * valid 100 days from the approval. A shelf carries at most one approved device with its rent-to-own terms.
 */
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
export const SHELF_ORDER_TABS: readonly TShelfOrderStatus[] = [SHELF_ORDER.review, SHELF_ORDER.effective, SHELF_ORDER.unpaid, SHELF_ORDER.rejected];

export type TShelfOrderAction = 'apply' | 'pay' | 'approve' | 'reject' | 'delete';
export type TShelfWho = 'company' | 'platform' | 'staff';
/** `from: null` is "no order yet"; `to: null` is "removed" (delete). */
export const SHELF_ORDER_TRANSITIONS: { from: (TShelfOrderStatus | null)[]; action: TShelfOrderAction; to: TShelfOrderStatus | null; who: TShelfWho }[] = [
  { from: [null], action: 'apply', to: SHELF_ORDER.unpaid, who: 'company' },
  { from: [SHELF_ORDER.unpaid], action: 'pay', to: SHELF_ORDER.review, who: 'platform' },
  { from: [SHELF_ORDER.review], action: 'approve', to: SHELF_ORDER.effective, who: 'staff' },
  { from: [SHELF_ORDER.review], action: 'reject', to: SHELF_ORDER.rejected, who: 'staff' },
  // a paid order under review or in force is never deleted by the company
  { from: [SHELF_ORDER.unpaid, SHELF_ORDER.rejected], action: 'delete', to: null, who: 'company' },
];

const findOrderT = (from: number | null, action: TShelfOrderAction, who: TShelfWho) =>
  SHELF_ORDER_TRANSITIONS.find((t) => t.action === action && t.who === who && (t.from as (number | null)[]).includes(from));
/** Whether the table allows the action by the role from the status. */
export const shelfOrderMay = (from: number | null, action: TShelfOrderAction, who: TShelfWho) => !!findOrderT(from, action, who);
/** The status the action leads to (undefined: not allowed; null: removed). */
export const shelfOrderNext = (from: number | null, action: TShelfOrderAction, who: TShelfWho) => findOrderT(from, action, who)?.to;

/** Refund mark of a rejected paid order: the platform refunds it by hand (no refund call of the channel yet). */
export const SHELF_REFUND = { none: 0, pending: 1, done: 2 } as const;
export const SHELF_REFUND_TEXT: Record<number, string> = { 0: '', 1: '待退款', 2: '已退款' };
/** Staff mark a refund done once the money went back (only from pending). */
export const SHELF_REFUND_TRANSITIONS = [{ from: SHELF_REFUND.pending, action: 'refunded', to: SHELF_REFUND.done, who: 'staff' }] as const;

/** Shelf state (spec/3: empty, then filled through add device; a filled shelf can be taken down or modified). */
export const SHELF_STATE = { empty: 0, filled: 1 } as const;
export type TShelfState = (typeof SHELF_STATE)[keyof typeof SHELF_STATE];
export const SHELF_STATE_TEXT: Record<number, string> = { 0: '空货架', 1: '已上架' };
export type TShelfAction = 'put' | 'modify' | 'takeDown';
/** `live`: the action needs the shelf unexpired (an expired shelf takes no device and no new terms). */
export const SHELF_TRANSITIONS: { from: TShelfState[]; action: TShelfAction; to: TShelfState; live: boolean }[] = [
  { from: [SHELF_STATE.empty], action: 'put', to: SHELF_STATE.filled, live: true },
  { from: [SHELF_STATE.filled], action: 'modify', to: SHELF_STATE.filled, live: true },
  { from: [SHELF_STATE.filled], action: 'takeDown', to: SHELF_STATE.empty, live: false },
];
export const shelfTransition = (from: number, action: TShelfAction) => SHELF_TRANSITIONS.find((t) => t.action === action && (t.from as number[]).includes(from)) ?? null;
/** The actions a shelf offers now (the page's buttons). */
export const shelfActions = (from: number, expired: boolean): TShelfAction[] =>
  SHELF_TRANSITIONS.filter((t) => (t.from as number[]).includes(from) && (!t.live || !expired)).map((t) => t.action);
