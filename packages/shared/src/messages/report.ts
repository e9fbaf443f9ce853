/**
 * Texts of the report area. `report` is the catalogue's section M.report (the pages' toasts; M is part of every first
 * load); the form rules, the refusals and the inbox text are exported beside it for the schema, errors and service.
 */
export const report = {
  submitted: '举报已提交，平台将尽快处理',
} as const;

export const reportRules = {
  typeBad: '举报对象类型不正确',
  reportTypeBad: '请选择举报类型',
  remarksRequired: '请填写举报说明',
  remarksTooLong: '举报说明不能超过200个字',
  resultRequired: '请填写处理结果',
  resultTooLong: '处理结果不能超过200个字',
  statusBad: '请选择处理方式',
} as const;

export const reportFailures = {
  listingGone: '该设备已下架或尚未审核通过',
  shopGone: '该店铺暂未开放',
  reviewGone: '该评价不存在或尚未公开',
  duplicate: '您已举报过该对象，请等待平台处理',
  handled: '该举报已处理',
} as const;

/** The report area's system message: only the server sends it. */
export const reportNotices = {
  resultTitle: '您的举报已有处理结果',
  resultBody: '您于 {time} 提交的举报（单号 {sn}，举报对象：{target}）已{status}。处理结果：{result}',
} as const;
