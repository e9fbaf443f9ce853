/** Texts of the training area (the message catalogue's section M.training; spec/3 §5 texts verbatim). */
export const training = {
  /** spec/3 §5: major or education missing */
  required: '请填写所有必填项！',
  /** spec/3 §5: education at most 10 characters */
  educationTooLong: '不超过10个字',
  /** spec/3 §5: personal verification before training registration */
  needPersonAuth: '抱歉，个人认证后才能报名缴费培训',
  majorOffline: '该培训专业已下线，请选择其他专业',
  majorNotFound: '培训专业不存在',
  priceChanged: '培训费用已调整，请刷新页面后重新报名',
  alreadyPaid: '您已报名该专业并完成缴费，请勿重复报名',
  alreadyPending: '您已报名该专业，尚未缴费，请在培训报名记录中完成支付',
  enrolPaid: '该报名已缴费，请勿重复支付',
  enrolNotFound: '报名记录不存在',
  applied: '报名成功，请完成支付',
  orderSubject: '培训报名费-{name}',
  // the console
  nameRequired: '请填写专业名称',
  nameTooLong: '专业名称不能超过30个字',
  nameTaken: '该专业名称已存在',
  contentRequired: '请填写专业介绍',
  contentTooLong: '专业介绍不能超过500个字',
  priceBad: '培训费用须为0.01至100000元',
  online: '已上线',
  offline: '已下线',
} as const;
