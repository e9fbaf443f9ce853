import { defineMachine, statusAfter, transitionOf } from '../rules/machine';

/**
 * Bidding projects, their request lines, provider responses (quotes) and allocations (spec/2 §3, §4, §5, §9).
 * Statuses and option lists with their labels; the transition tables the services check and the pages read.
 */

/** Bidding status (spec/2 §4): 1 responding, 2 cut-off, 3 completed, 4 closed, 5 in review, 6 review rejected. */
export const BIDDING_STATUS = { responding: 1, cutoff: 2, completed: 3, closed: 4, review: 5, rejected: 6 } as const;
export const BIDDING_STATUS_TEXT: Record<number, string> = {
  1: '响应中',
  2: '已截止',
  3: '已完成',
  4: '已关闭',
  5: '审核中',
  6: '审核未通过',
};
/** /rent/compete tabs (spec/2 §2): all, then 5, 1, 2, 3, 4, 6 in that order. */
export const BIDDING_TABS = [
  { status: -1, label: '全部' },
  { status: 5, label: '审核中' },
  { status: 1, label: '响应中' },
  { status: 2, label: '已截止' },
  { status: 3, label: '已完成' },
  { status: 4, label: '已关闭' },
  { status: 6, label: '审核未通过' },
] as const;

/** classify: 1 itemised (分项竞价, /rent/public), 2 comprehensive (综合竞价, /rent/total). */
export const BIDDING_CLASSIFY = { itemised: 1, total: 2 } as const;
export const BIDDING_CLASSIFY_TEXT: Record<number, string> = { 1: '分项竞价', 2: '综合竞价' };

/**
 * The bidding state machine as data (spec/2 §4). `owner` is the tenant company that published the project (its main
 * account or a sub-user with the 竞价管理 grant), `staff` the platform, `system` the deadline job. Every change is
 * compare-and-set on `from`; pages read the `actions` the server answers from it to show their buttons.
 * - submit / resubmit: a new project, or a rejected one edited, goes to review (5).
 * - approve / reject: the admin's review of a new project (5 → 1, 5 → 6 with a reason).
 * - advance: early cut-off, only while responding and with at least one responding company (`hasResponse`).
 * - cutoff: the deadline passed (the job, no request).
 * - select / deselect / confirm: at cut-off; confirm needs at least one selection and moves to completed.
 * - close: with a reason, unless completed, closed, in review or rejected.
 * - report / create_order: a completed project's result report, and its draft orders (once: `ordersPending`).
 * order_status is a flag of the project (0 orders not yet created, 1 created), set once by create_order.
 */
export type TBiddingAction =
  | 'submit'
  | 'resubmit'
  | 'approve'
  | 'reject'
  | 'advance'
  | 'cutoff'
  | 'select'
  | 'deselect'
  | 'confirm'
  | 'close'
  | 'report'
  | 'create_order';
export type TBiddingWho = 'owner' | 'staff' | 'system';
/** What the bidding's table reads of a project: its status, the companies responding, whether its orders exist. */
export interface TBiddingState {
  status: number | null;
  responses?: number;
  order_status?: number;
}
const S = BIDDING_STATUS;
export const BIDDING_MACHINE = defineMachine<
  TBiddingState,
  TBiddingAction,
  TBiddingWho,
  'hasResponse' | 'ordersPending'
>({
  name: 'biddings.status',
  statuses: BIDDING_STATUS,
  status: (b) => b.status,
  guards: { hasResponse: (b) => (b.responses ?? 0) > 0, ordersPending: (b) => b.order_status === 0 },
  rows: [
    { action: 'submit', from: [null], to: S.review, who: 'owner' },
    { action: 'resubmit', from: [S.rejected], to: S.review, who: 'owner' },
    { action: 'approve', from: [S.review], to: S.responding, who: 'staff' },
    { action: 'reject', from: [S.review], to: S.rejected, who: 'staff', needsReason: true },
    { action: 'advance', from: [S.responding], to: S.cutoff, who: 'owner', hasResponse: true },
    { action: 'cutoff', from: [S.responding], to: S.cutoff, who: 'system' },
    { action: 'select', from: [S.cutoff], to: 'same', who: 'owner' },
    { action: 'deselect', from: [S.cutoff], to: 'same', who: 'owner' },
    { action: 'confirm', from: [S.cutoff], to: S.completed, who: 'owner' },
    { action: 'close', from: [S.responding, S.cutoff], to: S.closed, who: 'owner', needsReason: true },
    { action: 'report', from: [S.completed], to: 'same', who: 'owner' },
    { action: 'create_order', from: [S.completed], to: 'same', who: 'owner', ordersPending: true },
  ],
});
/** A project taking responses (the public page's respond button, the detail's deadline countdown). */
export const isBiddingResponding = (b: { status: number | null }) => b.status === S.responding;

/**
 * Response (offer) status (spec/2 §4): 1 responding, 2 cut-off, 3 not selected, 4 selected, 5 closed, 6 withdrawn.
 * Stored on the offer; the provider responds (1) and withdraws (6, only from 1); the bidding's own moves take the
 * others (`bidding` rows), each offer the row its state allows, in the bidding's transaction.
 */
export const OFFER_STATUS = { responding: 1, cutoff: 2, notSelected: 3, selected: 4, closed: 5, withdrawn: 6 } as const;
export const OFFER_STATUS_TEXT: Record<number, string> = {
  1: '响应中',
  2: '已截止',
  3: '未选中',
  4: '已选中',
  5: '已关闭',
  6: '已撤回',
};
/** /response tabs (spec/2 §2). */
export const OFFER_TABS = [
  { status: -1, label: '全部' },
  { status: 1, label: '响应中' },
  { status: 2, label: '已截止' },
  { status: 3, label: '未选中' },
  { status: 4, label: '已选中' },
  { status: 5, label: '已关闭' },
  { status: 6, label: '已撤回' },
] as const;

/**
 * The response's state machine. `provider` is the responding company (竞价响应 grant): it responds to a project
 * taking responses before its deadline, changes its quote or withdraws it while both still respond (withdrawn is
 * final: the company never responds to that project again). `bidding` is the project's own move, taken by each of
 * its offers: cut-off, completed (selected: any allocation or the comprehensive choice; else passed over), closed.
 */
export type TOfferAction = 'respond' | 'change' | 'withdraw' | 'cutoff' | 'select' | 'pass_over' | 'close';
export type TOfferWho = 'provider' | 'bidding';
export interface TOfferState {
  status: number | null;
  /** selected on the project (offers.selected) */
  selected?: boolean;
  /** the project's status, and whether its deadline has passed */
  bidding_status?: number;
  deadline_passed?: boolean;
}
const O = OFFER_STATUS;
export const OFFER_MACHINE = defineMachine<TOfferState, TOfferAction, TOfferWho, 'open' | 'selected' | 'notSelected'>({
  name: 'bidding_offers.status',
  statuses: OFFER_STATUS,
  status: (o) => o.status,
  guards: {
    open: (o) => o.bidding_status === S.responding && !o.deadline_passed,
    selected: (o) => !!o.selected,
    notSelected: (o) => !o.selected,
  },
  rows: [
    { action: 'respond', from: [null], to: O.responding, who: 'provider', open: true },
    { action: 'change', from: [O.responding], to: 'same', who: 'provider', open: true },
    { action: 'withdraw', from: [O.responding], to: O.withdrawn, who: 'provider', open: true },
    { action: 'cutoff', from: [O.responding], to: O.cutoff, who: 'bidding' },
    { action: 'select', from: [O.cutoff], to: O.selected, who: 'bidding', selected: true },
    { action: 'pass_over', from: [O.cutoff], to: O.notSelected, who: 'bidding', notSelected: true },
    { action: 'close', from: [O.responding, O.cutoff], to: O.closed, who: 'bidding' },
  ],
});
/** The offer actions a project's move to a status takes on each of its offers (the one the offer's state allows). */
const OFFER_FOLLOWS: Readonly<Partial<Record<number, readonly TOfferAction[]>>> = {
  [S.cutoff]: ['cutoff'],
  [S.completed]: ['select', 'pass_over'],
  [S.closed]: ['close'],
};
/** The row an offer takes when its project moves to a status, or null when it stays (a withdrawn one). */
export function offerFollowOf(biddingStatus: number, offer: TOfferState) {
  for (const a of OFFER_FOLLOWS[biddingStatus] ?? []) {
    const t = transitionOf(OFFER_MACHINE, offer, a, 'bidding');
    if (t) return t;
  }
  return null;
}
/** An offer's status once its project went through these statuses in turn (a respond, then the project's moves). */
export function offerStatusAlong(
  biddingStatuses: readonly number[],
  offer: { status: number; selected: boolean },
): number {
  let status = offer.status;
  for (const b of biddingStatuses) {
    const t = offerFollowOf(b, { status, selected: offer.selected });
    if (t) status = statusAfter(t, status);
  }
  return status;
}
/** A withdrawn response: its company never responds to that project again, and the owner no longer reads it. */
export const isOfferWithdrawn = (o: { status: number }) => o.status === O.withdrawn;

/** A request line's response_com_status (spec/2 §3): 0 no quotes (none chosen yet), 1 provider chosen, 2 none chosen (cancelled). */
export const LINE_SELECT = { none: 0, chosen: 1, cancelled: 2 } as const;
export const LINE_SELECT_TEXT: Record<number, string> = { 0: '未选择', 1: '已选择服务商', 2: '未选择服务商' };

/** payment_type (spec/2 §9): 1 by quantity (a unit is required, default unit code 10), 2 monthly, 3 per shift, 4 hourly. */
export const PAYMENT_TYPE = { quantity: 1, month: 2, shift: 3, hour: 4 } as const;
export const PAYMENT_TYPE_TEXT: Record<number, string> = {
  [PAYMENT_TYPE.quantity]: '按量计费',
  [PAYMENT_TYPE.month]: '按月计费',
  [PAYMENT_TYPE.shift]: '按台班计费',
  [PAYMENT_TYPE.hour]: '按小时计费',
};
/** Quantity unit codes (num_unit, an order line's unit): rules branch on these, never on their labels. */
export const NUM_UNIT = {
  month: 1,
  shift: 2,
  hour: 3,
  item: 10,
  cubicMetre: 11,
  ton: 12,
  metre: 13,
  trip: 14,
  day: 15,
  squareMetre: 16,
} as const;
/** Quantity units (num_unit_v): the fixed unit of types 2–4, and the choice of type 1 (default 10). */
export const NUM_UNITS: { value: number; label: string }[] = [
  { value: NUM_UNIT.month, label: '月' },
  { value: NUM_UNIT.shift, label: '台班' },
  { value: NUM_UNIT.hour, label: '小时' },
  { value: NUM_UNIT.item, label: '项' },
  { value: NUM_UNIT.cubicMetre, label: '方' },
  { value: NUM_UNIT.ton, label: '吨' },
  { value: NUM_UNIT.metre, label: '米' },
  { value: NUM_UNIT.trip, label: '趟' },
  { value: NUM_UNIT.day, label: '天' },
  { value: NUM_UNIT.squareMetre, label: '平方米' },
];
export const DEFAULT_QUANTITY_UNIT = NUM_UNIT.item;
/** The unit a payment type counts in: its own for types 2–4; for type 1 the chosen unit. */
export const UNIT_OF_PAYMENT: Record<number, number | null> = {
  [PAYMENT_TYPE.quantity]: null,
  [PAYMENT_TYPE.month]: NUM_UNIT.month,
  [PAYMENT_TYPE.shift]: NUM_UNIT.shift,
  [PAYMENT_TYPE.hour]: NUM_UNIT.hour,
};
export const unitText = (unit: number | null | undefined) => NUM_UNITS.find((u) => u.value === unit)?.label ?? '';
/** The unit of a line or a comprehensive block: the chosen one for payment type 1, else the type's own. */
export const unitOf = (paymentType: number, unit: number | null | undefined) =>
  UNIT_OF_PAYMENT[paymentType] ?? unit ?? DEFAULT_QUANTITY_UNIT;

/** Project type (type / type_v). */
export const PROJECT_TYPES: { value: number; label: string }[] = [
  { value: 1, label: '房建工程' },
  { value: 2, label: '市政工程' },
  { value: 3, label: '公路工程' },
  { value: 4, label: '桥梁隧道' },
  { value: 5, label: '水利水电' },
  { value: 6, label: '铁路工程' },
  { value: 7, label: '矿山工程' },
  { value: 8, label: '其他工程' },
];
/** Provider requirement: invoice type (invoice_type / invoice_type_v). */
export const BID_INVOICE_TYPES: { value: number; label: string }[] = [
  { value: 1, label: '增值税专用发票' },
  { value: 2, label: '增值税普通发票' },
  { value: 3, label: '不限' },
];
/** Provider requirement: registered capital (registered_assets / registered_assets_v). */
export const REGISTERED_ASSETS: { value: number; label: string }[] = [
  { value: 1, label: '不限' },
  { value: 2, label: '50万元以上' },
  { value: 3, label: '100万元以上' },
  { value: 4, label: '500万元以上' },
  { value: 5, label: '1000万元以上' },
];
/** Equipment age requirement (age / age_v). */
export const EQUIP_AGES: { value: number; label: string }[] = [
  { value: 1, label: '不限' },
  { value: 2, label: '3年以内' },
  { value: 3, label: '5年以内' },
  { value: 4, label: '8年以内' },
  { value: 5, label: '10年以内' },
];
/** Driver arrangement (driver / driver_v). */
export const DRIVER_OPTIONS: { value: number; label: string }[] = [
  { value: 1, label: '服务商配备机手' },
  { value: 2, label: '承租方自备机手' },
];
/**
 * Entry/exit fee (inout / inout_v). When it is 2 or 3 the provider quotes an entry/exit fee (inout_price, integer
 * yuan ≥ 0, spec/2 §5); with 1 there is none.
 */
export const INOUT_OPTIONS: { value: number; label: string }[] = [
  { value: 1, label: '承租方负责运输，无进出场费' },
  { value: 2, label: '服务商负责，进场费另计' },
  { value: 3, label: '服务商负责，进出场费另计' },
];
export const INOUT_QUOTED = [2, 3] as const;
/** Fuel cost (oil / oil_v). */
export const OIL_OPTIONS: { value: number; label: string }[] = [
  { value: 1, label: '承租方承担' },
  { value: 2, label: '服务商承担' },
];
/** Board and lodging (boarding / boarding_v). */
export const BOARDING_OPTIONS: { value: number; label: string }[] = [
  { value: 1, label: '承租方提供食宿' },
  { value: 2, label: '服务商自理食宿' },
];
/** show: 0 the tenant's company name is not public (the hall shows the contact's surname instead), 1 public. */
export const BIDDING_SHOW = { hidden: 0, public: 1 } as const;

export const optionText = (list: { value: number; label: string }[], v: number | null | undefined) =>
  list.find((o) => o.value === v)?.label ?? '';

/** Limits of spec/2 §5 and §9. */
export const BIDDING_LIMITS = {
  /** the project name including the company-name prefix */
  nameMax: 50,
  overviewMin: 200,
  overviewMax: 500,
  otherMax: 200,
  itemRemarkMax: 200,
  closeReasonMax: 50,
  reviewReasonMax: 200,
  contactsMax: 20,
  addressMax: 50,
  modelMax: 50,
  /** lines of one project */
  linesMax: 50,
  /** the quantity of one line (machines, or a volume of work for a line by quantity) */
  numMax: 1_000_000,
  offerRemarkMax: 200,
} as const;
