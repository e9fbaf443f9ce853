/**
 * Personal and company verification as a state machine (spec/1 §4): 0 not verified, 1 verified, 2 failed,
 * 3 in progress. The service checks every change against this table; the pages read it to decide what to show.
 */
export const VERIFY_STATUS = { none: 0, verified: 1, failed: 2, pending: 3 } as const;
export const VERIFY_STATUS_LABEL: Record<number, string> = { 0: '未认证', 1: '已认证', 2: '认证失败', 3: '认证中' };

export type TVerifyAction = 'submit' | 'approve' | 'reject';

export const VERIFY_TRANSITIONS: { from: number[]; action: TVerifyAction; to: number; who: 'user' | 'staff' }[] = [
  { from: [0, 2], action: 'submit', to: 3, who: 'user' },
  { from: [3], action: 'approve', to: 1, who: 'staff' },
  { from: [3], action: 'reject', to: 2, who: 'staff' },
];

/** The status an action leads to from a status, or null when the table does not allow it. */
export function verifyNext(from: number, action: TVerifyAction): number | null {
  return VERIFY_TRANSITIONS.find((t) => t.action === action && t.from.includes(from))?.to ?? null;
}

/**
 * Advanced (third-party) verification orders (advanced_auths.state): WAITING until the verifier calls back or the
 * order's page expires. A WAITING order past its expires_at is expired whether or not the row says so yet.
 */
export const ADVANCED_ORDER_STATE = { waiting: 'WAITING', passed: 'PASSED', refused: 'REFUSED', expired: 'EXPIRED' } as const;

/**
 * Advanced verification of a company as the dashboard shows it, in the numbers of VERIFY_STATUS: 0 not verified
 * (no order yet, or the newest one expired), 3 in progress (the newest order waits at the verifier), 2 failed (the
 * verifier refused the newest order), 1 verified (companies.super). It needs company verification 1 first.
 */
export type TAdvancedAction = 'start' | 'resume' | 'pass' | 'refuse' | 'expire';

export const ADVANCED_TRANSITIONS: { from: number[]; action: TAdvancedAction; to: number; who: 'main' | 'verifier' | 'system' }[] = [
  // a new order at the verifier; its page opens in a new window
  { from: [0, 2], action: 'start', to: 3, who: 'main' },
  // starting again while an order is open answers that order's page: no second order
  { from: [3], action: 'resume', to: 3, who: 'main' },
  { from: [3], action: 'pass', to: 1, who: 'verifier' },
  { from: [3], action: 'refuse', to: 2, who: 'verifier' },
  { from: [3], action: 'expire', to: 0, who: 'system' },
];

/** The status an advanced-verification action leads to, or null when the table does not allow it. */
export function advancedNext(from: number, action: TAdvancedAction): number | null {
  return ADVANCED_TRANSITIONS.find((t) => t.action === action && t.from.includes(from))?.to ?? null;
}

/** Whether an order still waits at the verifier: WAITING and its page not expired. */
export function advancedOrderOpen(order: { state: string; expiresAt: Date }, now = Date.now()): boolean {
  return order.state === ADVANCED_ORDER_STATE.waiting && order.expiresAt.getTime() > now;
}

/** The order's state as the verifier's page shows it: an expired WAITING order reads EXPIRED. */
export function advancedOrderState(order: { state: string; expiresAt: Date }, now = Date.now()): string {
  return order.state === ADVANCED_ORDER_STATE.waiting && !advancedOrderOpen(order, now) ? ADVANCED_ORDER_STATE.expired : order.state;
}

/** The dashboard status (0, 1, 2, 3) from companies.super and the company's newest order. */
export function advancedStatusOf(companySuper: number, latest: { state: string; expiresAt: Date } | null, now = Date.now()): number {
  if (companySuper === 1) return VERIFY_STATUS.verified;
  switch (latest ? advancedOrderState(latest, now) : null) {
    case ADVANCED_ORDER_STATE.waiting:
      return VERIFY_STATUS.pending;
    case ADVANCED_ORDER_STATE.refused:
      return VERIFY_STATUS.failed;
    case ADVANCED_ORDER_STATE.passed:
      return VERIFY_STATUS.verified;
    default:
      return VERIFY_STATUS.none;
  }
}
