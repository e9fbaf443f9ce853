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

/** Advanced (third-party) verification orders: WAITING until the verifier calls back. */
export const ADVANCED_ORDER_STATE = { waiting: 'WAITING', passed: 'PASSED', refused: 'REFUSED' } as const;
