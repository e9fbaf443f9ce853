/**
 * Seal statuses (spec/1 §4) as a state machine: 1000 pending review (2 working days), 1001 passed (usable), 1002
 * returned for the image, 1003 returned because the details do not match. The service checks every change against
 * SEAL_MACHINE; the pages read it to decide what to show (the review actions, the kinds of return).
 */
import { actionsOf, defineMachine, type TStatusOf } from '../rules/machine';

export const SEAL_STATUS = { review: 1000, passed: 1001, imageReturned: 1002, infoReturned: 1003 } as const;
export type TSealStatus = (typeof SEAL_STATUS)[keyof typeof SEAL_STATUS];
export const SEAL_STATUSES: readonly TSealStatus[] = Object.values(SEAL_STATUS);

export const SEAL_STATUS_TEXT: Record<number, string> = {
  [SEAL_STATUS.review]: '审核中',
  [SEAL_STATUS.passed]: '已通过',
  [SEAL_STATUS.imageReturned]: '已退回（图片不合格）',
  [SEAL_STATUS.infoReturned]: '已退回（信息不符）',
};

/** submit: a company adds a seal; approve / return*: platform staff decide a pending one. */
export type TSealAction = 'submit' | 'approve' | 'returnImage' | 'returnInfo';

/** seals.status; `from: null` is "no seal yet" (a new row). */
export const SEAL_MACHINE = defineMachine<TStatusOf, TSealAction, 'company' | 'staff'>({
  name: 'seals.status',
  statuses: SEAL_STATUS,
  status: (s) => s.status,
  guards: {},
  rows: [
    { from: [null], action: 'submit', to: SEAL_STATUS.review, who: 'company' },
    { from: [SEAL_STATUS.review], action: 'approve', to: SEAL_STATUS.passed, who: 'staff' },
    {
      from: [SEAL_STATUS.review],
      action: 'returnImage',
      to: SEAL_STATUS.imageReturned,
      who: 'staff',
      needsReason: true,
    },
    { from: [SEAL_STATUS.review], action: 'returnInfo', to: SEAL_STATUS.infoReturned, who: 'staff', needsReason: true },
  ],
});

/** The kinds of return staff may choose (1002 image, 1003 details): every staff action from review with a reason. */
export const SEAL_RETURNS = SEAL_MACHINE.rows
  .filter((t) => t.who === 'staff' && t.from.includes(SEAL_STATUS.review) && t.needsReason)
  .map((t) => ({ action: t.action, status: t.to as TSealStatus }));
/** The returned statuses: one tab of the review queue lists them all. */
export const SEAL_RETURNED: readonly TSealStatus[] = SEAL_RETURNS.map((r) => r.status);
/** The return a status stands for (1002 → returnImage), or null when it is not a returned status. */
export function sealReturnAction(status: number): TSealAction | null {
  return SEAL_RETURNS.find((r) => r.status === status)?.action ?? null;
}

/** Only a passed seal signs contracts and settlements. */
export const isSealUsable = (status: number) => status === SEAL_STATUS.passed;
/** A seal waiting for the platform (shown with the 2-working-day hint). */
export const isSealInReview = (status: number) => actionsOf(SEAL_MACHINE, { status }, 'staff').length > 0;

export const SEAL_LIMIT = 4;
export const SEAL_SIZE_PX = 300;
