import { defineMachine } from '../rules/machine';

/**
 * Payments of an order and their financing (spec/2 §2 screen 11, §3 Payment and Financing, §4 "Payment stamp status").
 * A settled settlement gives one payment: the tenant owes the platform the settlement's amount, the platform owes the
 * provider its share; the provider signs the receivable (应收账款确认), then either finances it through the platform's
 * supply-chain finance partner or is paid by the platform. States, tabs, the stamp the pages read, and the transition
 * tables the service checks.
 */

/** The payment's state (its list tab): 1 pending receipt, 2 pending financing, 3 completed, 4 returned. */
export const PAY_STATE = { toSign: 1, toFinance: 2, done: 3, returned: 4 } as const;
export const PAY_STATE_TEXT: Record<number, string> = { 1: '待签收', 2: '待融资', 3: '已完成', 4: '已退回' };
export const PAY_TABS = [
  { status: -1, label: '全部' },
  { status: 1, label: '待签收' },
  { status: 2, label: '待融资' },
  { status: 3, label: '已完成' },
  { status: 4, label: '已退回' },
] as const;

/** Payment stamp status (spec/2 §4): 1 can sign receipt, 2 can finance and view financing, 3 view financing, 4 none. */
export const STAMP = { sign: 1, finance: 2, view: 3, none: 4 } as const;

/** Financing status: 4 under review at the finance provider, 5 contract to sign, 6 paid out, 7 refused. */
export const FIN_STATUS = { review: 4, sign: 5, paid: 6, refused: 7 } as const;
export const FIN_STATUS_TEXT: Record<number, string> = { 4: '待审核', 5: '待签约', 6: '已放款', 7: '已拒绝' };
/** A financing in these statuses holds its payment: no second application, no payout by the platform. */
const FIN_LIVE: readonly number[] = [FIN_STATUS.review, FIN_STATUS.sign];
export const isFinancingLive = (f: { status: number }) => FIN_LIVE.includes(f.status);
/** A financing paid out: the payment's stamp then offers to view it. */
export const isFinancingPaid = (f: { status: number }) => f.status === FIN_STATUS.paid;

/**
 * payment_financings.status: the provider applies (a new application in review), the finance provider's signed
 * callbacks (`finance`, its events as actions) each move it once; a replayed callback finds no row and changes nothing.
 */
export type TFinEvent = 'APPROVED' | 'REFUSED' | 'LOANED';
export const FIN_MACHINE = defineMachine<{ status: number | null }, 'apply' | TFinEvent, 'provider' | 'finance'>({
  name: 'payment_financings.status',
  statuses: FIN_STATUS,
  status: (f) => f.status,
  guards: {},
  rows: [
    { from: [null], action: 'apply', to: FIN_STATUS.review, who: 'provider' },
    { from: [FIN_STATUS.review], action: 'APPROVED', to: FIN_STATUS.sign, who: 'finance' },
    { from: [FIN_STATUS.review, FIN_STATUS.sign], action: 'REFUSED', to: FIN_STATUS.refused, who: 'finance' },
    { from: [FIN_STATUS.sign], action: 'LOANED', to: FIN_STATUS.paid, who: 'finance' },
  ],
});

/**
 * The payment's state machine as data. `provider` is the payee company (租出订单 grant), `staff` the platform's
 * console, `finance` the finance provider's signed callback.
 * - sign: the provider confirms the receivable with its administrator's SMS code (1 → 2).
 * - return: the provider disputes it, with a reason (1 → 4).
 * - finance: the provider applies for financing of what is unpaid, when no application is live (stays 2).
 * - loan: the finance provider paid the provider out (2 → 3).
 * - payout: the platform pays the provider itself (bank transfer recorded by staff), when no financing is live (2 → 3).
 * - collect: the platform records the tenant's bank transfer (state unchanged) while the tenant still owes.
 * - reissue: the platform corrects a returned payment (what it owes the provider, the due date) with a note and
 *   issues it again for the provider's signature (4 → 1).
 */
export type TPayAction = 'sign' | 'return' | 'finance' | 'loan' | 'payout' | 'collect' | 'reissue';
export type TPayWho = 'provider' | 'staff' | 'finance';
export interface TPayState {
  state: number;
  /** a financing application in FIN_LIVE */
  live: boolean;
  /** fen the tenant still owes the platform */
  tenant_due: number;
}
const S = PAY_STATE;
/** order_payments.state. */
export const PAY_MACHINE = defineMachine<TPayState, TPayAction, TPayWho, 'noLiveFinancing' | 'tenantOwes'>({
  name: 'order_payments.state',
  statuses: PAY_STATE,
  status: (p) => p.state,
  guards: { noLiveFinancing: (p) => !p.live, tenantOwes: (p) => p.tenant_due > 0 },
  rows: [
    { action: 'sign', from: [S.toSign], to: S.toFinance, who: 'provider' },
    { action: 'return', from: [S.toSign], to: S.returned, who: 'provider', needsReason: true },
    { action: 'finance', from: [S.toFinance], to: 'same', who: 'provider', noLiveFinancing: true },
    { action: 'loan', from: [S.toFinance], to: S.done, who: 'finance' },
    { action: 'payout', from: [S.toFinance], to: S.done, who: 'staff', noLiveFinancing: true },
    { action: 'collect', from: [S.toSign, S.toFinance, S.done], to: 'same', who: 'staff', tenantOwes: true },
    { action: 'reissue', from: [S.returned], to: S.toSign, who: 'staff' },
  ],
});
/** The stamp of spec/2 §4 for the provider's buttons: sign now, finance (and view), view financing only, nothing. */
export function stampStatus(p: TPayState & { financed: boolean }): number {
  if (p.state === S.toSign) return STAMP.sign;
  if (p.state === S.toFinance) return p.live ? STAMP.view : STAMP.finance;
  if (p.state === S.done && p.financed) return STAMP.view;
  return STAMP.none;
}

/** What the provider's stamp offers on the row: sign it (or return it), finance it, view the financing. */
const STAMP_OFFERS: Readonly<Record<number, readonly ('sign' | 'finance' | 'view')[]>> = {
  [STAMP.sign]: ['sign'],
  [STAMP.finance]: ['finance', 'view'],
  [STAMP.view]: ['view'],
  [STAMP.none]: [],
};
export const stampOffers = (p: { stamp_status: number }) => STAMP_OFFERS[p.stamp_status] ?? [];
/** A payment the provider returned: its reason shows until the platform issues it again. */
export const isPayReturned = (p: { status: number }) => p.status === S.returned;

/**
 * Terms: the tenant pays within PAY_TERM_DAYS of the settlement's confirmation (cashDate); a receivable due within
 * NEAR_DAYS is "near"; financing is priced at RATE_BP a year (basis points), on a 360-day year, for the days from
 * the application to cashDate (at least one).
 */
export const PAY_TERMS = {
  termDays: 30,
  nearDays: 7,
  rateBp: 600,
  dayBasis: 360,
  reasonMax: 100,
  noteMax: 100,
  bankRefMax: 40,
  detailSize: 300,
  pageSize: 5,
} as const;
