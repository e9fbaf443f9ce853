import { defineMachine, type TStatusOf } from '../rules/machine';

/**
 * The platform's supply-chain finance product of a company (spec/2 §6: with the advanced verification it makes
 * provider_super 1). The company's status as the user centre shows it: 0 not open, 3 an application in review at the
 * finance partner, 1 open, 2 the partner refused the latest application, 4 the partner did not answer it within the
 * review period (expired), 5 the platform closed it (a stuck application); from 2, 4 and 5 the company applies again.
 */
export const FINPROD_STATUS = { none: 0, open: 1, refused: 2, review: 3, expired: 4, closed: 5 } as const;
export const FINPROD_STATUS_LABEL: Record<number, string> = {
  0: '未开通',
  1: '已开通',
  2: '未通过',
  3: '审核中',
  4: '已过期',
  5: '已关闭',
};

/** An application's own state: the partner decides one in review (1, 2); the platform expires (4) or closes (5) it. */
export const FINPROD_APP_STATE = { review: 3, approved: 1, refused: 2, expired: 4, closed: 5 } as const;
export const FINPROD_APP_STATE_TEXT: Record<number, string> = {
  3: '审核中',
  1: '已通过',
  2: '已拒绝',
  4: '已过期',
  5: '已关闭',
};
/** The console's tabs of applications (-1 all). */
export const FINPROD_APP_TABS = [
  { state: -1, label: '全部' },
  { state: 3, label: '审核中' },
  { state: 1, label: '已通过' },
  { state: 2, label: '已拒绝' },
  { state: 4, label: '已过期' },
  { state: 5, label: '已关闭' },
] as const;

export type TFinProdAction = 'apply' | 'approve' | 'refuse' | 'expire' | 'close';
/**
 * finance_product_apps.state, read as the company's finance-product status (its newest application's effective
 * state: the numbers coincide, 0 before any application, 1 open once approved; companies.finance is the flag the
 * approval sets): who may move it, from where. `platform` is the expiry (a job, and every read: an application past
 * its review period reads as expired at once), `staff` the console.
 */
export const FINPROD_MACHINE = defineMachine<TStatusOf, TFinProdAction, 'main' | 'partner' | 'platform' | 'staff'>({
  name: 'finance_product_apps.state',
  statuses: FINPROD_STATUS,
  status: (f) => f.status,
  guards: {},
  rows: [
    {
      from: [FINPROD_STATUS.none, FINPROD_STATUS.refused, FINPROD_STATUS.expired, FINPROD_STATUS.closed],
      action: 'apply',
      to: FINPROD_STATUS.review,
      who: 'main',
    },
    { from: [FINPROD_STATUS.review], action: 'approve', to: FINPROD_STATUS.open, who: 'partner' },
    { from: [FINPROD_STATUS.review], action: 'refuse', to: FINPROD_STATUS.refused, who: 'partner', needsReason: true },
    { from: [FINPROD_STATUS.review], action: 'expire', to: FINPROD_STATUS.expired, who: 'platform' },
    { from: [FINPROD_STATUS.review], action: 'close', to: FINPROD_STATUS.closed, who: 'staff', needsReason: true },
  ],
});
/** The product in review at the partner: the page looks again when the user comes back, and links the partner's page. */
export const isFinProdInReview = (f: { status: number }) => f.status === FINPROD_STATUS.review;
/** Refused by the partner: its reason is shown. */
export const isFinProdRefused = (f: { status: number }) => f.status === FINPROD_STATUS.refused;
/** The product open. */
export const isFinProdOpen = (f: { status: number }) => f.status === FINPROD_STATUS.open;
/** Application numbers at the partner start with this, so its one page tells them from financing applications. */
export const FINPROD_NO_PREFIX = 'KT';

/** The partner's reason of a refusal, and the platform's of a closing, at most this many characters. */
export const FINPROD_REASON_MAX = 100;
/** Days the partner has to answer an application before it expires (default of the FINPROD_REVIEW_DAYS setting). */
export const FINPROD_REVIEW_DAYS = 7;
/** The console's company-name filter, at most this many characters. */
export const FINPROD_COMPANY_QUERY_MAX = 50;
