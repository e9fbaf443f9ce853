/**
 * Bidding projects, their request lines, provider responses (quotes) and allocations (spec/2 §3, §4, §5, §9).
 * Statuses and option lists with their labels; the transition tables the services check and the pages read.
 */

/** Bidding status (spec/2 §4): 1 responding, 2 cut-off, 3 completed, 4 closed, 5 in review, 6 review rejected. */
export const BIDDING_STATUS = { responding: 1, cutoff: 2, completed: 3, closed: 4, review: 5, rejected: 6 } as const;
export const BIDDING_STATUS_TEXT: Record<number, string> = { 1: '响应中', 2: '已截止', 3: '已完成', 4: '已关闭', 5: '审核中', 6: '审核未通过' };
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
 * compare-and-set on `from`; pages read `biddingActions` to show their buttons.
 * - approve / reject: the admin's review of a new project (5 → 1, 5 → 6 with a reason).
 * - advance: early cut-off, only while responding and with at least one responding company (`needsResponse`).
 * - cutoff: the deadline passed (the job, no request).
 * - select / deselect / confirm: at cut-off; confirm needs at least one selection and moves to completed.
 * - close: with a reason, unless completed, closed, in review or rejected.
 */
export type TBiddingAction = 'approve' | 'reject' | 'advance' | 'cutoff' | 'select' | 'deselect' | 'confirm' | 'close';
export type TBiddingWho = 'owner' | 'staff' | 'system';
export interface TBiddingTransition {
  action: TBiddingAction;
  from: number[];
  /** the status after it (select / deselect keep the status) */
  to: number;
  who: TBiddingWho;
  needsResponse?: boolean;
  needsReason?: boolean;
}
const S = BIDDING_STATUS;
export const BIDDING_TRANSITIONS: TBiddingTransition[] = [
  { action: 'approve', from: [S.review], to: S.responding, who: 'staff' },
  { action: 'reject', from: [S.review], to: S.rejected, who: 'staff', needsReason: true },
  { action: 'advance', from: [S.responding], to: S.cutoff, who: 'owner', needsResponse: true },
  { action: 'cutoff', from: [S.responding], to: S.cutoff, who: 'system' },
  { action: 'select', from: [S.cutoff], to: S.cutoff, who: 'owner' },
  { action: 'deselect', from: [S.cutoff], to: S.cutoff, who: 'owner' },
  { action: 'confirm', from: [S.cutoff], to: S.completed, who: 'owner' },
  { action: 'close', from: [S.responding, S.cutoff], to: S.closed, who: 'owner', needsReason: true },
];

/** The transition an action by a role takes from a status, or null when the table does not allow it. */
export function biddingTransition(status: number, action: TBiddingAction, who: TBiddingWho, responseCount = 0): TBiddingTransition | null {
  const t = BIDDING_TRANSITIONS.find((x) => x.action === action && x.who === who);
  if (!t || !t.from.includes(status)) return null;
  if (t.needsResponse && responseCount < 1) return null;
  return t;
}
/** The actions a role may take now (the detail page's buttons, the console's review buttons). */
export function biddingActions(status: number, who: TBiddingWho, responseCount = 0): TBiddingAction[] {
  return BIDDING_TRANSITIONS.filter((t) => t.who === who && biddingTransition(status, t.action, who, responseCount)).map((t) => t.action);
}

/**
 * Response (offer) status (spec/2 §4): 1 responding, 2 cut-off, 3 not selected, 4 selected, 5 closed, 6 withdrawn.
 * Stored on the offer; the provider sets 1 (respond) and 6 (withdraw, only from 1); the bidding's own transitions
 * move the others with `offerStatusAfter` (one statement per bidding, in the bidding's transaction).
 */
export const OFFER_STATUS = { responding: 1, cutoff: 2, notSelected: 3, selected: 4, closed: 5, withdrawn: 6 } as const;
export const OFFER_STATUS_TEXT: Record<number, string> = { 1: '响应中', 2: '已截止', 3: '未选中', 4: '已选中', 5: '已关闭', 6: '已撤回' };
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
 * An offer's status once its bidding reaches a status: withdrawn offers stay withdrawn; cut-off → 2; completed → 4 if
 * the offer was selected (any allocation, or the comprehensive choice) else 3; closed → 5.
 */
export function offerStatusAfter(biddingStatus: number, offer: { status: number; selected: boolean }): number {
  if (offer.status === OFFER_STATUS.withdrawn) return OFFER_STATUS.withdrawn;
  switch (biddingStatus) {
    case S.responding:
      return OFFER_STATUS.responding;
    case S.cutoff:
      return OFFER_STATUS.cutoff;
    case S.completed:
      return offer.selected ? OFFER_STATUS.selected : OFFER_STATUS.notSelected;
    case S.closed:
      return OFFER_STATUS.closed;
    default:
      return offer.status;
  }
}

/** A request line's response_com_status (spec/2 §3): 0 no quotes (none chosen yet), 1 provider chosen, 2 none chosen (cancelled). */
export const LINE_SELECT = { none: 0, chosen: 1, cancelled: 2 } as const;
export const LINE_SELECT_TEXT: Record<number, string> = { 0: '未选择', 1: '已选择服务商', 2: '未选择服务商' };

/** payment_type (spec/2 §9): 1 by quantity (a unit is required, default unit code 10), 2 monthly, 3 per shift, 4 hourly. */
export const PAYMENT_TYPE = { quantity: 1, month: 2, shift: 3, hour: 4 } as const;
export const PAYMENT_TYPE_TEXT: Record<number, string> = { [PAYMENT_TYPE.quantity]: '按量计费', [PAYMENT_TYPE.month]: '按月计费', [PAYMENT_TYPE.shift]: '按台班计费', [PAYMENT_TYPE.hour]: '按小时计费' };
/** Quantity unit codes (num_unit, an order line's unit): rules branch on these, never on their labels. */
export const NUM_UNIT = { month: 1, shift: 2, hour: 3, item: 10, cubicMetre: 11, ton: 12, metre: 13, trip: 14, day: 15, squareMetre: 16 } as const;
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
export const UNIT_OF_PAYMENT: Record<number, number | null> = { [PAYMENT_TYPE.quantity]: null, [PAYMENT_TYPE.month]: NUM_UNIT.month, [PAYMENT_TYPE.shift]: NUM_UNIT.shift, [PAYMENT_TYPE.hour]: NUM_UNIT.hour };
export const unitText = (unit: number | null | undefined) => NUM_UNITS.find((u) => u.value === unit)?.label ?? '';
/** The unit of a line or a comprehensive block: the chosen one for payment type 1, else the type's own. */
export const unitOf = (paymentType: number, unit: number | null | undefined) => UNIT_OF_PAYMENT[paymentType] ?? unit ?? DEFAULT_QUANTITY_UNIT;

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

export const optionText = (list: { value: number; label: string }[], v: number | null | undefined) => list.find((o) => o.value === v)?.label ?? '';

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
