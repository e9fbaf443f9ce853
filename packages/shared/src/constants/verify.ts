/**
 * Personal and company verification as a state machine (spec/1 §4): 0 not verified, 1 verified, 2 failed,
 * 3 in progress. The service checks every change against this table; the pages read it to decide what to show.
 */
import { defineMachine, type TStatusOf } from '../rules/machine';

export const VERIFY_STATUS = { none: 0, verified: 1, failed: 2, pending: 3 } as const;
export const VERIFY_STATUS_LABEL: Record<number, string> = { 0: '未认证', 1: '已认证', 2: '认证失败', 3: '认证中' };

export type TVerifyAction = 'submit' | 'approve' | 'reject';
const V = VERIFY_STATUS;
const verifyMachine = (name: string) =>
  defineMachine<TStatusOf, TVerifyAction, 'user' | 'staff'>({
    name,
    statuses: VERIFY_STATUS,
    status: (a) => a.status,
    guards: {},
    rows: [
      { from: [V.none, V.failed], action: 'submit', to: V.pending, who: 'user' },
      { from: [V.pending], action: 'approve', to: V.verified, who: 'staff' },
      { from: [V.pending], action: 'reject', to: V.failed, who: 'staff', needsReason: true },
    ],
  });
/** A person's verification: the status of the newest person_auths row (none before any), each submission a new row. */
export const PERSON_VERIFY_MACHINE = verifyMachine('person_auths.status');
/** A company's verification (companies.status); each submission's company_auths row moves with it by the same rows. */
export const COMPANY_VERIFY_MACHINE = verifyMachine('companies.status');
verifyMachine('company_auths.status');
/** Verified (a person, a company, a company's verification row). */
export const isVerified = (a: { status: number }) => a.status === V.verified;
/** Refused by the platform: the page shows the reason and offers to submit again. */
export const isVerifyFailed = (a: { status: number }) => a.status === V.failed;
/** Not verified, nothing submitted. */
export const isVerifyNone = (a: { status: number }) => a.status === V.none;
/** Waiting for the platform's review. */
export const isVerifyPending = (a: { status: number }) => a.status === V.pending;

/**
 * Advanced (third-party) verification orders (advanced_auths.state): WAITING until the verifier calls back or the
 * order's page expires. A WAITING order past its expires_at is expired whether or not the row says so yet.
 */
export const ADVANCED_ORDER_STATE = {
  waiting: 'WAITING',
  passed: 'PASSED',
  refused: 'REFUSED',
  expired: 'EXPIRED',
} as const;

/**
 * Advanced verification of a company as the dashboard shows it, in the numbers of VERIFY_STATUS: 0 not verified
 * (no order yet, or the newest one expired), 3 in progress (the newest order waits at the verifier), 2 failed (the
 * verifier refused the newest order), 1 verified (companies.super). It needs company verification 1 first.
 */
export type TAdvancedAction = 'start' | 'resume' | 'pass' | 'refuse' | 'expire';

/**
 * advanced_auths.state as the dashboard reads it (advancedStatusOf: companies.super and the newest order's state, in
 * the numbers of VERIFY_STATUS); the orders' own WAITING → PASSED | REFUSED | EXPIRED follow these rows.
 */
export const ADVANCED_MACHINE = defineMachine<TStatusOf, TAdvancedAction, 'main' | 'verifier' | 'system'>({
  name: 'advanced_auths.state',
  statuses: VERIFY_STATUS,
  status: (a) => a.status,
  guards: {},
  rows: [
    // a new order at the verifier; its page opens in a new window
    { from: [V.none, V.failed], action: 'start', to: V.pending, who: 'main' },
    // starting again while an order is open answers that order's page: no second order
    { from: [V.pending], action: 'resume', to: 'same', who: 'main' },
    { from: [V.pending], action: 'pass', to: V.verified, who: 'verifier' },
    { from: [V.pending], action: 'refuse', to: V.failed, who: 'verifier' },
    { from: [V.pending], action: 'expire', to: V.none, who: 'system' },
  ],
});

/** Whether an order still waits at the verifier: WAITING and its page not expired. */
export function advancedOrderOpen(order: { state: string; expiresAt: Date }, now = Date.now()): boolean {
  return order.state === ADVANCED_ORDER_STATE.waiting && order.expiresAt.getTime() > now;
}

/** The order's state as the verifier's page shows it: an expired WAITING order reads EXPIRED. */
export function advancedOrderState(order: { state: string; expiresAt: Date }, now = Date.now()): string {
  return order.state === ADVANCED_ORDER_STATE.waiting && !advancedOrderOpen(order, now)
    ? ADVANCED_ORDER_STATE.expired
    : order.state;
}

/** The dashboard status (0, 1, 2, 3) from companies.super and the company's newest order. */
export function advancedStatusOf(
  companySuper: number,
  latest: { state: string; expiresAt: Date } | null,
  now = Date.now(),
): number {
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
