/**
 * Inquiries (spec/1 §3 Inquiry, Road-bridge demand; §4): an online inquiry on a listing goes to the listing's company
 * (to_type 1, 自选直租); a road-and-bridge package request goes to the platform (to_type 0, 路桥套餐), whose staff answer
 * with package offers (response rows). Status 0 processing (the provider is notified), 1 completed.
 */
import { shanghaiDay } from '../rules/datetime';
import { defineMachine, type TStatusOf } from '../rules/machine';
export const INQUIRY_TO = { platform: 0, company: 1 } as const;

export const INQUIRY_STATUS = { processing: 0, completed: 1 } as const;
export const INQUIRY_STATUS_TEXT: Record<number, string> = { 0: '处理中', 1: '已完成' };

/**
 * inquiries.status: the tenant sends one; the receiving company (a listing inquiry) or staff (a package request)
 * completes it; staff answer a processing package request with offers (respond).
 */
export type TInquiryAction = 'create' | 'complete' | 'respond';
export type TInquiryActor = 'tenant' | 'provider' | 'staff';
export const INQUIRY_MACHINE = defineMachine<TStatusOf, TInquiryAction, TInquiryActor>({
  name: 'inquiries.status',
  statuses: INQUIRY_STATUS,
  status: (i) => i.status,
  guards: {},
  rows: [
    { from: [null], action: 'create', to: INQUIRY_STATUS.processing, who: 'tenant' },
    { from: [INQUIRY_STATUS.processing], action: 'complete', to: INQUIRY_STATUS.completed, who: 'provider' },
    { from: [INQUIRY_STATUS.processing], action: 'complete', to: INQUIRY_STATUS.completed, who: 'staff' },
    { from: [INQUIRY_STATUS.processing], action: 'respond', to: 'same', who: 'staff' },
  ],
});
/** An inquiry still processing: its package offers may be accepted. */
export const isInquiryOpen = (i: { status: number }) => i.status === INQUIRY_STATUS.processing;

/** Invoice of an inquiry (spec/1 §9): 0 none, 1 ordinary VAT, 2 special VAT. */
export const INQUIRY_INVOICES = [
  { value: 0, label: '不需要发票' },
  { value: 1, label: '增值税普通发票' },
  { value: 2, label: '增值税专用发票' },
] as const;
export const INQUIRY_INVOICE_TEXT: Record<number, string> = Object.fromEntries(
  INQUIRY_INVOICES.map((i) => [i.value, i.label]),
);

/** machine_operator of a package request: whether the machines come with their operators. */
export const MACHINE_OPERATORS = [
  { value: 1, label: '需要机手' },
  { value: 0, label: '不需要机手' },
] as const;
export const MACHINE_OPERATOR_TEXT: Record<number, string> = Object.fromEntries(
  MACHINE_OPERATORS.map((i) => [i.value, i.label]),
);

/** payment_method of a package request. */
export const PAYMENT_METHODS = [
  { value: 1, label: '月结' },
  { value: 2, label: '季度结' },
  { value: 3, label: '完工结算' },
  { value: 4, label: '预付款' },
] as const;
export const PAYMENT_METHOD_TEXT: Record<number, string> = Object.fromEntries(
  PAYMENT_METHODS.map((i) => [i.value, i.label]),
);

export const INQUIRY_LIMITS = {
  numberMax: 999,
  remarkMax: 100,
  addressMax: 100,
  scheduleMax: 50,
  equipsMax: 20,
  equipNameMax: 30,
  equipModelMax: 30,
  countMax: 999,
  detailsMax: 500,
} as const;

/** A package offer (response row): 0 offered, 1 accepted by the requester. */
export const RESPONSE_STATE = { offered: 0, accepted: 1 } as const;
export const RESPONSE_STATE_TEXT: Record<number, string> = { 0: '待确认', 1: '已确认' };
/** inquiry_responses.state: staff offer a package, the requester accepts it (its request is then completed). */
export const SUIT_MACHINE = defineMachine<TStatusOf, 'offer' | 'accept', 'tenant' | 'staff'>({
  name: 'inquiry_responses.state',
  statuses: RESPONSE_STATE,
  status: (r) => r.status,
  guards: {},
  rows: [
    { from: [null], action: 'offer', to: RESPONSE_STATE.offered, who: 'staff' },
    { from: [RESPONSE_STATE.offered], action: 'accept', to: RESPONSE_STATE.accepted, who: 'tenant' },
  ],
});

/** The earliest approach date allowed (spec/1 §5: not earlier than yesterday), yyyy-MM-dd in Asia/Shanghai. */
export function earliestApproachDate(now = Date.now()): string {
  return shanghaiDay(-1, now);
}
