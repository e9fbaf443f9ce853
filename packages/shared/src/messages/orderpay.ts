/** Texts of payments and financing (spec/2 §2 screen 11, §3 Payment and Financing, §4, §8). */
export const orderpay = {
  signed: '操作成功',
  returned: '操作成功',
  financing: '操作成功',
  collected: '操作成功',
  paidOut: '操作成功',
  smsSent: '短信发送成功',
  signAsk: '签收后即确认该笔应收账款，不可撤销。请输入企业管理员手机收到的验证码',
  returnAsk: '退回后该付款单不可签收，请填写退回原因',
  financeAsk:
    '将以未付余额 {amount} 元向平台合作金融机构申请融资（年化 {rate}，利息按天计至应付日期，放款时扣除），是否申请？',
  smsTo: '验证码已发送至企业管理员手机 {phone}',
  payoutAsk: '确认已向服务商付款 {amount} 元？付款后不可撤销',
  collectAsk: '确认已收到承租方付款？',
  reissued: '操作成功',
  reissueAsk:
    '核实服务商的退回原因后，更正应付服务商金额或应付日期并填写更正说明；重新开立后付款单回到“待签收”，由服务商重新签收',
  returnedTenant: '服务商已退回该付款单，平台核实更正后将重新开立，期间不计入应付',
} as const;

export const orderpayFailures = {
  notFound: '付款单不存在或已删除',
  state: '该付款单当前状态不能进行此操作，请刷新后重试',
  finNotFound: '融资申请不存在或已删除',
  badSignature: '回调签名校验失败',
  finAmount: '回调金额与融资申请不一致',
  collectTooMuch: '收款金额不能超过承租方未付金额 {amount} 元',
  bankRefUsed: '该银行流水号已登记，请勿重复登记',
  noAdminPhone: '企业管理员尚未绑定手机，无法发送验证码',
  infoFailed: '获取付款信息失败',
  reissueTooMuch: '应付服务商金额不能超过结算金额 {amount} 元',
} as const;

export const orderpayRules = {
  codeRequired: '请输入验证码',
  codeBad: '验证码为6位数字',
  reasonRequired: '请填写退回原因',
  reasonTooLong: '退回原因不能超过100个字',
  amountRequired: '请输入收款金额',
  amountBad: '金额须为大于0的金额，最多两位小数',
  bankRefRequired: '请输入银行流水号',
  bankRefTooLong: '银行流水号不能超过40个字',
  dateRequired: '请选择到账日期',
  dateFuture: '到账日期不能晚于今天',
  providerAmountRequired: '请输入应付服务商金额',
  cashDateRequired: '请选择应付日期',
  cashDatePast: '应付日期不能早于今天',
  noteRequired: '请填写更正说明',
  noteTooLong: '更正说明不能超过100个字',
} as const;
