/**
 * Texts of reviews after an order (issue 29 §2): M.review (the pages' toasts), the form rules, the refusals
 * (errors/review.ts) and the author's system message when staff hide a review.
 */
export const review = {
  submitted: '评价已提交，双方均评价或评价期结束后公开',
  hidden: '评价已隐藏，已通知评价人',
} as const;

export const reviewRules = {
  scoreRequired: '请为每一项打分（1–5星）',
  contentTooLong: '评价内容不能超过200个字',
  contactInContent: '评价内容不能包含手机号、微信、QQ、邮箱等联系方式',
  reasonRequired: '请填写隐藏原因',
  reasonTooLong: '隐藏原因不能超过100个字',
  idsBad: '公司编号不正确',
} as const;

export const reviewFailures = {
  notCompleted: '订单完成后才能评价',
  already: '您已评价过该订单，每个订单只能评价一次',
  windowClosed: '评价期已结束（订单完成后30天内可评价）',
  notFound: '评价不存在或已删除',
  alreadyHidden: '该评价已隐藏',
} as const;

/** The author's system message when staff hide a review: only the server sends it. */
export const reviewNotices = {
  hiddenTitle: '您的评价已被平台隐藏',
  hiddenBody: '您对订单 {sn}（{company}）的评价已被平台隐藏。原因：{reason}',
} as const;
