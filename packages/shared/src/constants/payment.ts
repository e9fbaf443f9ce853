/**
 * Payments (spec/1 §4 QR payment, §9): channels, order states and the rules of the QR page.
 * One order per purchase; its state moves only WAITING → SUCCESS or WAITING → CLOSED.
 */
export const PAY_TYPES = ['wx', 'chinaums', 'alipay'] as const;
export type TPayType = (typeof PAY_TYPES)[number];
export const PAY_TYPE_LABEL: Record<TPayType, string> = { wx: '微信支付', chinaums: '银联云闪付', alipay: '支付宝' };
/** Logos served by the web app (member payment info maps pay_type to a logo url). */
export const PAY_TYPE_LOGO: Record<TPayType, string> = {
  wx: '/pay/wx.svg',
  chinaums: '/pay/chinaums.svg',
  alipay: '/pay/alipay.svg',
};

export const PAY_STATES = ['WAITING', 'SUCCESS', 'CLOSED'] as const;
export type TPayState = (typeof PAY_STATES)[number];
export const PAY_STATE_LABEL: Record<TPayState, string> = { WAITING: '待支付', SUCCESS: '支付成功', CLOSED: '已关闭' };

/** What is bought; each kind registers what happens when its order is paid. `reg` is the training fee (spec/3). */
export const PAY_KINDS = ['coin', 'member', 'reg', 'shelf'] as const;
export type TPayKind = (typeof PAY_KINDS)[number];
export const PAY_KIND_LABEL: Record<TPayKind, string> = {
  coin: '购买金币',
  member: '会员购买',
  reg: '培训报名费',
  shelf: '以租代售货架',
};

/** The QR code is valid 10 minutes; the page asks every 2 s (spec/1 §9). */
export const PAY_TTL_MINUTES = 10;
export const PAY_POLL_MS = 2000;

/** Where each kind goes after payment (spec/1 §2 post-payment redirects). */
export const PAY_DONE_URL: Record<TPayKind, string> = {
  coin: '/integral-detail?tab=coin',
  member: '/payment-detail',
  reg: '/operator/index',
  shelf: '/order/info?tab=orders&status=0',
};

/** Notify log outcomes (admin payments page). */
export const NOTIFY_RESULT_LABEL: Record<string, string> = {
  booked: '入账成功',
  duplicate: '重复通知（已忽略）',
  late: '订单已关闭（已忽略）',
  bad_sign: '签名错误（已拒绝）',
  bad_amount: '金额不符（已拒绝）',
  unknown: '订单不存在（已拒绝）',
  bad_merchant: '商户不符（已拒绝）',
  ignored: '非支付成功通知（已忽略）',
};
