/**
 * Settlements of an order (spec/2 §2 screen 10, §3 Settlement and Invoice, §4 Settlement, §5 Settlement and Invoice
 * entry): the tenant settles a month of an order in progress; the provider confirms it (the platform, lessor between
 * them, affirms with it); the provider enters its invoices to the platform; the platform issues its own invoice to
 * the tenant, who confirms receiving it.
 */
export const SETTLE_STATUS = { toConfirm: 0, settled: 1, voided: 2, toReceive: 3, received: 4 } as const;
export const SETTLE_STATUS_TEXT: Record<number, string> = { 0: '待确认', 1: '已结算', 2: '已作废', 3: '待收票', 4: '已收票' };
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

export type TSettleTenantAction = 'watch' | 'edit' | 'void' | 'receive' | 'invoice_view';
export type TSettleProviderAction = 'view' | 'confirm' | 'invoice_add' | 'invoice_edit' | 'invoice_view';
export type TSettleStaffAction = 'issue';
interface TSettleState {
  status: number;
  lessor_affirm_status: number;
  provider_affirm_status: number;
  le_state: number;
  inv_state: number;
}
/**
 * The settlement's actions as data (spec/2 §4): the tenant edits only at 0 with neither confirmation, voids at 0,
 * confirms receipt when the platform's invoice is issued (le_state 1) and views it once received (2); the provider's
 * `able_option`: confirm at 0 before its confirmation, add / edit invoices once settled until it submits them, view
 * them afterwards; the platform issues its invoice once the provider's are submitted.
 */
export function settleTenantActions(s: TSettleState): TSettleTenantAction[] {
  const out: TSettleTenantAction[] = ['watch'];
  if (s.status === 0 && s.lessor_affirm_status === 0 && s.provider_affirm_status === 0) out.push('edit');
  if (s.status === 0) out.push('void');
  if (s.le_state === LE_STATE.issued) out.push('receive');
  if (s.le_state === LE_STATE.received) out.push('invoice_view');
  return out;
}
export function settleProviderActions(s: TSettleState): TSettleProviderAction[] {
  const out: TSettleProviderAction[] = ['view'];
  if (s.status === 0 && s.provider_affirm_status === 0) out.push('confirm');
  if (s.status === 1 && s.inv_state === INV_STATE.entering) out.push('invoice_add', 'invoice_edit');
  if (s.inv_state === INV_STATE.submitted) out.push('invoice_view');
  return out;
}
export function settleStaffActions(s: TSettleState): TSettleStaffAction[] {
  return s.status === 1 && s.inv_state === INV_STATE.submitted && s.le_state === LE_STATE.none ? ['issue'] : [];
}

/** spec/2 §5, §9: settlement images (JPG/PNG, ≤ 10, ≤ 10 MB each), the date window, the void word; invoice numbers. */
export const SETTLE_LIMITS = { imagesMax: 10, dateDaysBack: 10, snMax: 40, reasonMax: 200, voidWord: '确认', amountMax: 100_000_000 } as const;
export const INVOICE_CODE_LEN: Record<number, number> = { 0: 10, 1: 12 };
export const INVOICE_TYPE_TEXT: Record<number, string> = { 0: '增值税专用发票', 1: '增值税普通发票' };
