/**
 * Settlements of an order (spec/2 §2 screen 10, §3 Settlement and Invoice, §4 Settlement, §5 Settlement and Invoice
 * entry): the tenant settles a month of an order in progress; the provider confirms it (the platform, lessor between
 * them, affirms with it); the provider enters its invoices to the platform; the platform issues its own invoice to
 * the tenant, who confirms receiving it.
 */
import { defineMachine } from '../rules/machine';

export const SETTLE_STATUS = { toConfirm: 0, settled: 1, voided: 2, toReceive: 3, received: 4 } as const;
export const SETTLE_STATUS_TEXT: Record<number, string> = {
  0: '待确认',
  1: '已结算',
  2: '已作废',
  3: '待收票',
  4: '已收票',
};
export const SETTLE_TABS = [
  { status: -1, label: '全部' },
  { status: 0, label: '待确认' },
  { status: 1, label: '已结算' },
  { status: 3, label: '待收票' },
  { status: 4, label: '已收票' },
  { status: 2, label: '已作废' },
] as const;
/** le_state: the platform's invoice to the tenant: 0 not yet, 1 issued (to receive), 2 received. */
export const LE_STATE = { none: 0, issued: 1, received: 2 } as const;
/** inv_state: the provider's invoices to the platform: 0 being entered, 1 submitted. */
export const INV_STATE = { entering: 0, submitted: 1 } as const;

export type TSettleAction =
  | 'watch'
  | 'edit'
  | 'void'
  | 'receive'
  | 'invoice_view'
  | 'view'
  | 'confirm'
  | 'invoice_add'
  | 'invoice_edit'
  | 'issue';
export type TSettleWho = 'tenant' | 'provider' | 'staff';
/** What the settlement's tables read of a settlement (the view's own field names). */
export interface TSettleState {
  status: number;
  lessor_affirm_status: number;
  provider_affirm_status: number;
  le_state: number;
  inv_state: number;
}
const S = SETTLE_STATUS;
const ALL = [S.toConfirm, S.settled, S.voided, S.toReceive, S.received];
/**
 * order_settlements.status, with the side's `able_option` (spec/2 §4): the tenant watches any, edits one at 0 with
 * neither confirmation, voids one at 0, confirms receipt of the platform's invoice (3 → 4) and views it once received;
 * the provider views any, confirms at 0 before its confirmation (the platform, lessor between them, affirms with it:
 * 0 → 1), adds and edits its invoices once settled until it submits them, views them afterwards; the platform issues
 * its invoice once the provider's are submitted (1 → 3). lessor_affirm and provider_affirm are flags the confirmation
 * sets (not machines); le_state and inv_state have their own tables below.
 */
export const SETTLE_MACHINE = defineMachine<
  TSettleState,
  TSettleAction,
  TSettleWho,
  'unconfirmed' | 'providerPending' | 'invEntering' | 'invSubmitted' | 'leIssued' | 'leReceived' | 'leNone'
>({
  name: 'order_settlements.status',
  statuses: SETTLE_STATUS,
  status: (s) => s.status,
  guards: {
    unconfirmed: (s) => s.lessor_affirm_status === 0 && s.provider_affirm_status === 0,
    providerPending: (s) => s.provider_affirm_status === 0,
    invEntering: (s) => s.inv_state === INV_STATE.entering,
    invSubmitted: (s) => s.inv_state === INV_STATE.submitted,
    leIssued: (s) => s.le_state === LE_STATE.issued,
    leReceived: (s) => s.le_state === LE_STATE.received,
    leNone: (s) => s.le_state === LE_STATE.none,
  },
  rows: [
    { from: ALL, action: 'watch', to: 'same', who: 'tenant' },
    { from: [S.toConfirm], action: 'edit', to: 'same', who: 'tenant', unconfirmed: true },
    { from: [S.toConfirm], action: 'void', to: S.voided, who: 'tenant' },
    { from: [S.toReceive], action: 'receive', to: S.received, who: 'tenant', leIssued: true },
    { from: [S.received], action: 'invoice_view', to: 'same', who: 'tenant', leReceived: true },
    { from: ALL, action: 'view', to: 'same', who: 'provider' },
    { from: [S.toConfirm], action: 'confirm', to: S.settled, who: 'provider', providerPending: true },
    { from: [S.settled], action: 'invoice_add', to: 'same', who: 'provider', invEntering: true },
    { from: [S.settled], action: 'invoice_edit', to: 'same', who: 'provider', invEntering: true },
    { from: ALL, action: 'invoice_view', to: 'same', who: 'provider', invSubmitted: true },
    { from: [S.settled], action: 'issue', to: S.toReceive, who: 'staff', invSubmitted: true, leNone: true },
  ],
});

/** order_settlements.inv_state: the provider submits its invoices (their total checked by the service) once settled. */
export const SETTLE_INV_MACHINE = defineMachine<TSettleState, 'submit', 'provider', 'settled'>({
  name: 'order_settlements.inv_state',
  statuses: INV_STATE,
  status: (s) => s.inv_state,
  guards: { settled: (s) => s.status === S.settled },
  rows: [{ from: [INV_STATE.entering], action: 'submit', to: INV_STATE.submitted, who: 'provider', settled: true }],
});

/**
 * order_settlements.le_state, the platform's invoice to the tenant: the tenant sets where it goes until it is issued
 * (not on a voided settlement); the platform issues it (with the settlement's issue), the tenant receives it.
 */
export const SETTLE_LE_MACHINE = defineMachine<
  TSettleState,
  'set_address' | 'issue' | 'receive',
  'tenant' | 'staff',
  'live'
>({
  name: 'order_settlements.le_state',
  statuses: LE_STATE,
  status: (s) => s.le_state,
  guards: { live: (s) => s.status !== S.voided },
  rows: [
    { from: [LE_STATE.none], action: 'set_address', to: 'same', who: 'tenant', live: true },
    { from: [LE_STATE.none], action: 'issue', to: LE_STATE.issued, who: 'staff' },
    { from: [LE_STATE.issued], action: 'receive', to: LE_STATE.received, who: 'tenant' },
  ],
});
/** A settlement not voided: the tenant's page shows where the platform's invoice goes. */
export const isSettleLive = (s: { status: number }) => s.status !== S.voided;

/** spec/2 §5, §9: settlement images (JPG/PNG, ≤ 10, ≤ 10 MB each), the date window, the void word; invoice numbers. */
export const SETTLE_LIMITS = {
  imagesMax: 10,
  snMax: 40,
  reasonMax: 200,
  voidWord: '确认',
  amountMax: 100_000_000,
} as const;
export const INVOICE_CODE_LEN: Record<number, number> = { 0: 10, 1: 12 };
export const INVOICE_TYPE_TEXT: Record<number, string> = { 0: '增值税专用发票', 1: '增值税普通发票' };
