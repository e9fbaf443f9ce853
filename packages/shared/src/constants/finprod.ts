/**
 * The platform's supply-chain finance product of a company (spec/2 §6: with the advanced verification it makes
 * provider_super 1). The company's status as the user centre shows it: 0 not open, 3 an application in review at the
 * finance partner, 1 open, 2 the partner refused the latest application (it may apply again).
 */
export const FINPROD_STATUS = { none: 0, open: 1, refused: 2, review: 3 } as const;
export type TFinProdStatus = (typeof FINPROD_STATUS)[keyof typeof FINPROD_STATUS];
export const FINPROD_STATUS_LABEL: Record<number, string> = { 0: '未开通', 1: '已开通', 2: '未通过', 3: '审核中' };

/** An application's own state at the partner. */
export const FINPROD_APP_STATE = { review: 3, approved: 1, refused: 2 } as const;

export type TFinProdAction = 'apply' | 'approve' | 'refuse';
/** The transition table of the company's finance-product status: who may move it, from where. */
export const FINPROD_TRANSITIONS: { from: number[]; action: TFinProdAction; to: number; who: 'main' | 'partner' }[] = [
  { from: [FINPROD_STATUS.none, FINPROD_STATUS.refused], action: 'apply', to: FINPROD_STATUS.review, who: 'main' },
  { from: [FINPROD_STATUS.review], action: 'approve', to: FINPROD_STATUS.open, who: 'partner' },
  { from: [FINPROD_STATUS.review], action: 'refuse', to: FINPROD_STATUS.refused, who: 'partner' },
];
export function finProdNext(from: number, action: TFinProdAction): number | null {
  return FINPROD_TRANSITIONS.find((t) => t.action === action && t.from.includes(from))?.to ?? null;
}
/** Application numbers at the partner start with this, so its one page tells them from financing applications. */
export const FINPROD_NO_PREFIX = 'KT';

/** The partner's reason of a refusal, at most this many characters. */
export const FINPROD_REASON_MAX = 100;
