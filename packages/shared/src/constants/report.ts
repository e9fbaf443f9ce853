/**
 * Reports (spec/1 §3 Report): a user reports a public listing (type 0) or shop (type 1) with a report type and
 * remarks; staff handle it (1 handled) or reject it (2), and the reporter gets a system message with the result.
 */
import { actionsOf, defineMachine, type TStatusOf } from '../rules/machine';

/** 2: a published review of an order (issue 29 §2), reported from the shop page */
export const REPORT_TARGET = { listing: 0, shop: 1, review: 2 } as const;
export const REPORT_TARGET_TEXT: Record<number, string> = { 0: '设备', 1: '店铺', 2: '评价' };

export const REPORT_TYPES = [
  { value: 1, label: '虚假信息' },
  { value: 2, label: '价格欺诈' },
  { value: 3, label: '设备不存在' },
  { value: 4, label: '联系方式无效' },
  { value: 5, label: '图片盗用' },
  { value: 9, label: '其他' },
] as const;
export const REPORT_TYPE_TEXT: Record<number, string> = Object.fromEntries(REPORT_TYPES.map((t) => [t.value, t.label]));

export const REPORT_STATUS = { pending: 0, handled: 1, rejected: 2 } as const;
export const REPORT_STATUS_TEXT: Record<number, string> = { 0: '待处理', 1: '已处理', 2: '已驳回' };

export type TReportAction = 'submit' | 'handle' | 'reject';
/** reports.status: a user reports; staff handle or reject a pending report with a result. */
export const REPORT_MACHINE = defineMachine<TStatusOf, TReportAction, 'user' | 'staff'>({
  name: 'reports.status',
  statuses: REPORT_STATUS,
  status: (r) => r.status,
  guards: {},
  rows: [
    { from: [null], action: 'submit', to: REPORT_STATUS.pending, who: 'user' },
    { from: [REPORT_STATUS.pending], action: 'handle', to: REPORT_STATUS.handled, who: 'staff', needsReason: true },
    { from: [REPORT_STATUS.pending], action: 'reject', to: REPORT_STATUS.rejected, who: 'staff', needsReason: true },
  ],
});
/** The decisions staff may take on a pending report, as the statuses they lead to (the handle dialog's choices). */
export const REPORT_DECISIONS = REPORT_MACHINE.rows
  .filter((t) => t.who === 'staff')
  .map((t) => ({ action: t.action, status: t.to as number }));
/** A report still waiting for staff: the console offers to handle it. */
export const isReportPending = (r: { status: number }) => actionsOf(REPORT_MACHINE, r, 'staff').length > 0;

export const REPORT_LIMITS = { remarksMax: 200, resultMax: 200 } as const;
