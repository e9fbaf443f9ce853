/**
 * Seal statuses (spec/1 §4) as a state machine: 1000 pending review (2 working days), 1001 passed (usable), 1002
 * returned for the image, 1003 returned because the details do not match. The service checks every change against
 * SEAL_TRANSITIONS; the pages read it to decide what to show (the review actions, the kinds of return).
 */
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

/** `from: null` is "no seal yet" (a new row). */
export const SEAL_TRANSITIONS: { from: (TSealStatus | null)[]; action: TSealAction; to: TSealStatus; who: 'company' | 'staff' }[] = [
  { from: [null], action: 'submit', to: SEAL_STATUS.review, who: 'company' },
  { from: [SEAL_STATUS.review], action: 'approve', to: SEAL_STATUS.passed, who: 'staff' },
  { from: [SEAL_STATUS.review], action: 'returnImage', to: SEAL_STATUS.imageReturned, who: 'staff' },
  { from: [SEAL_STATUS.review], action: 'returnInfo', to: SEAL_STATUS.infoReturned, who: 'staff' },
];

/**
 * The status an action by a role leads to from a status (null: a new seal), or null when the table does not allow
 * it (a decided seal, or the wrong role).
 */
export function sealNext(from: number | null, action: TSealAction, who: 'company' | 'staff'): TSealStatus | null {
  return SEAL_TRANSITIONS.find((t) => t.action === action && t.who === who && (t.from as (number | null)[]).includes(from))?.to ?? null;
}

/** The actions a role may take on a seal of a status (the review queue shows these for a pending seal). */
export function sealActions(from: number | null, who: 'company' | 'staff'): TSealAction[] {
  return SEAL_TRANSITIONS.filter((t) => t.who === who && (t.from as (number | null)[]).includes(from)).map((t) => t.action);
}

/** The kinds of return staff may choose (1002 image, 1003 details): every staff action from review that is not a pass. */
export const SEAL_RETURNS = SEAL_TRANSITIONS.filter((t) => t.who === 'staff' && t.from.includes(SEAL_STATUS.review) && t.to !== SEAL_STATUS.passed).map((t) => ({ action: t.action, status: t.to }));
/** The returned statuses: one tab of the review queue lists them all. */
export const SEAL_RETURNED: readonly TSealStatus[] = SEAL_RETURNS.map((r) => r.status);
/** The return a status stands for (1002 → returnImage), or null when it is not a returned status. */
export function sealReturnAction(status: number): TSealAction | null {
  return SEAL_RETURNS.find((r) => r.status === status)?.action ?? null;
}

/** Only a passed seal signs contracts and settlements. */
export const isSealUsable = (status: number) => status === SEAL_STATUS.passed;
/** A seal waiting for the platform (shown with the 2-working-day hint). */
export const isSealInReview = (status: number) => sealActions(status, 'staff').length > 0;

export const SEAL_LIMIT = 4;
export const SEAL_SIZE_PX = 300;
