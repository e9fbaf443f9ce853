/** The message catalogue's section M.common. */
export const common = {
  ok: '操作成功',
  saved: '保存成功',
  submitted: '提交成功',
  added: '添加成功',
  deleted: '删除成功',
  modified: '修改成功',
  validation: '请求参数有误',
  required: '请填写所有必填项！',
  notFound: '记录不存在或已删除',
  routeNotFound: '请求的接口不存在',
  forbidden: '无权限执行此操作',
  conflict: '当前状态不允许此操作',
  tooMany: '操作过于频繁，请稍后再试',
  internal: '服务器繁忙，请稍后再试',
  network: '网络异常，请检查网络后重试',
  csrf: '请求来源校验失败，请刷新页面后重试',
  fieldRequired: '请填写{field}',
  tooLong: '{field}不能超过{n}个字',
  badNumber: '{field}格式不正确',
  /** a date later than the latest the rule allows (rules/pastDate.ts) */
  dateLate: '{field}不能晚于{date}',
  /** a money input above its ceiling (schemas/money.ts) */
  moneyTooLarge: '金额不能超过{max}元',
} as const;
