/**
 * Training enrolment and payment (spec/3 §2 "Training enrolment", §4 "Training payment", §5 "Training", §9).
 * A major (training category) is kept by platform staff; a verified user enrols in an online one and pays its fee
 * through a pay order of kind `reg`.
 */
import { defineMachine, transitionOf, type TStatusOf } from '../rules/machine';

/** The pages of the training area; the labour home links to `enrol` and `registration`. */
export const TRAINING_ROUTES = {
  /** the labour centre's home: where the enrolment's 取消 goes back to and where a paid enrolment lands */
  home: '/operator/index',
  enrol: '/operator/training',
  /** 培训报名 (menu 4205): the user's sign-ups */
  registration: '/operator/registration',
  /** the WeChat scan page of a training payment (?order_sn=) */
  wxpay: '/operator/wxpayment',
  /** where a user without personal verification is sent */
  verify: '/dashboard/person',
} as const;

/** Highest education: at most 10 characters (spec/3 §5, §9). */
export const EDUCATION_MAX = 10;
/** The examples of the spec, offered as suggestions (the field stays free text). */
export const EDUCATION_OPTIONS = ['初中', '高中', '中专', '大专', '本科'] as const;

/** A major's name and description as the admin keeps them; its fee in fen (¥0.01 – ¥100,000). */
export const MAJOR_NAME_MAX = 30;
export const MAJOR_CONTENT_MAX = 500;
export const MAJOR_PRICE_MAX = 10_000_000;

/** Majors: only online ones are offered for enrolment. */
export const MAJOR_STATUS = { offline: 0, online: 1 } as const;
export const MAJOR_STATUS_TEXT: Record<number, string> = { 0: '已下线', 1: '已上线' };
/** training_majors.status: staff create a major (online or not) and take it offline or back online. */
export const MAJOR_MACHINE = defineMachine<TStatusOf, 'online' | 'offline', 'staff'>({
  name: 'training_majors.status',
  statuses: MAJOR_STATUS,
  status: (m) => m.status,
  guards: {},
  rows: [
    { from: [null, MAJOR_STATUS.offline], action: 'online', to: MAJOR_STATUS.online, who: 'staff' },
    { from: [null, MAJOR_STATUS.online], action: 'offline', to: MAJOR_STATUS.offline, who: 'staff' },
  ],
});
/** An online major: offered for enrolment. */
export const isMajorOnline = (m: { status: number }) => m.status === MAJOR_STATUS.online;

/** An enrolment's stored state: unpaid until its fee is booked (the `reg` paid hook), then paid for good. */
export const ENROL_STATE = { unpaid: 0, paid: 1 } as const;
/** training_enrolments.state: the user enrols (unpaid); the paid hook books its fee once. */
export const ENROL_MACHINE = defineMachine<TStatusOf, 'apply' | 'pay', 'user' | 'platform'>({
  name: 'training_enrolments.state',
  statuses: ENROL_STATE,
  status: (e) => e.status,
  guards: {},
  rows: [
    { from: [null], action: 'apply', to: ENROL_STATE.unpaid, who: 'user' },
    { from: [ENROL_STATE.unpaid], action: 'pay', to: ENROL_STATE.paid, who: 'platform' },
  ],
});
/** A paid enrolment: final (no second payment). */
export const isEnrolPaid = (e: { state: number }) =>
  !transitionOf(ENROL_MACHINE, { status: e.state }, 'pay', 'platform');

/**
 * What the user and the console see of an enrolment's payment: paid; unpaid with an open pay order (去支付 continues
 * it); unpaid whose pay order timed out (重新支付 makes a new one).
 */
export const ENROL_PAY_STATES = ['WAITING', 'SUCCESS', 'CLOSED'] as const;
export type TEnrolPayState = (typeof ENROL_PAY_STATES)[number];
export const ENROL_PAY_STATE_TEXT: Record<TEnrolPayState, string> = {
  WAITING: '待支付',
  SUCCESS: '已支付',
  CLOSED: '已关闭',
};
