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
  dateTooEarly: '合同日期不能早于10天前',
  dateFuture: '合同日期不能晚于今天',
  voidWord: '请输入“确认”两个字',
  codeRequired: '请输入验证码',
  sealBad: '请选择审核通过的印章',
} as const;

/** Labels of the contract pages. */
export const contractUi = {
  title: '合同管理',
  addTitle: '上传合同',
  add: '上传合同',
  colSn: '合同编号',
  colName: '合同名称',
  colDate: '合同日期',
  colSubmit: '提交时间',
  colStatus: '状态',
  colAction: '操作',
  view: '查看',
  download: '下载',
  sign: '签署',
  void: '作废',
  voidTitle: '作废合同',
  empty: '暂无合同',
  file: '合同文件（PDF，不超过10M）',
  pickFile: '选择PDF文件',
  sn: '合同编号',
  name: '合同名称',
  date: '合同日期',
  seal: '签章',
  sealName: '使用企业名称签章',
  sealHint: '未选择印章时，以企业名称生成签章',
  submit: '提交',
  cancel: '取消',
  back: '返回订单',
  signTitle: '签署合同',
  code: '验证码',
  codePh: '请输入短信验证码',
  signed: '签署证书与过程记录已附在合同末页',
  counts: '已签署 {sign} 份，待签署 {unsign} 份',
  verifyTitle: '合同验真',
  verifyIntro: '上传在机租通签署的合同PDF，核验其是否为本平台签署且未被修改。文件只用于计算摘要，不会被保存。',
  verifyPick: '选择合同PDF',
  verifyParties: '签署各方',
  verifySignedAt: '签署时间',
  verifyHash: '文件摘要（SHA-256）',
} as const;
