/** Texts of order contracts and their e-signing (spec/2 §5 Contract upload / void / signing, §8). */
export const contract = {
  saved: '提交成功',
  voided: '操作成功',
  signed: '签署成功',
  smsSent: '短信发送成功',
  saveAsk: '合同提交后将不能修改，是否确认提交？',
  voidAsk: '作废后合同不可恢复。请输入“确认”两个字以作废该合同',
  /** affirm_v of a row */
  affirmUploaded: '承租方已于{time}上传',
  affirmSigned: '服务商已于{time}签署',
  affirmVoided: '承租方已于{time}作废',
  affirmWaiting: '等待服务商签署',
  /** the signing dialog */
  smsTo: '验证码将发送至企业管理员手机 {phone}',
  /** /site/verify */
  verifyOk: '该文件是在机租通平台签署的合同，签署后未被修改',
  verifyNo: '未找到与该文件一致的签署记录：该文件不是在本平台签署的合同，或签署后已被修改',
} as const;

export const contractFailures = {
  notFound: '合同不存在或已删除',
  state: '该合同当前状态不能进行此操作，请刷新后重试',
  orderNotOpen: '订单确认后才能管理合同',
  noAdminPhone: '企业管理员尚未绑定手机，无法发送签署验证码',
  fileMissing: '合同文件不存在，请重新上传',
  notPdf: '合同文件不是有效的PDF，请重新上传',
} as const;

/** Field rules of the contract forms (spec/2 §5), verbatim where the spec gives them. */
export const contractRules = {
  fileRequired: '请上传合同文件',
  snRequired: '请输入合同编号',
  snTooLong: '合同编号不能超过40个字',
  nameRequired: '请输入合同名称',
  nameTooLong: '合同名称不能超过40个字',
  dateRequired: '请选择合同日期',
  /** the field's name in the date rule's message (rules/pastDate.ts) */
  dateField: '合同日期',
  voidWord: '请输入“确认”两个字',
  codeRequired: '请输入验证码',
  sealBad: '请选择审核通过的印章',
} as const;
