/** Texts of the supply-chain finance product (spec/2 §6). */
export const finprod = {
  applied: '申请已提交，请在金融机构页面完成审核',
  title: '供应链金融产品',
  hint: '服务商开通平台供应链金融产品并通过第三方高级认证后，方可进行合同、结算、付款及机械进出场等操作',
  applyButton: '开通',
  reapplyButton: '重新申请',
  viewApplication: '查看申请',
  applyAsk: '将向平台合作金融机构提交开通供应链金融产品的申请，并在新窗口打开金融机构页面，是否继续？',
  opened: '已在新窗口打开金融机构页面，审核完成后返回本页即可查看结果',
  needSuperHint: '请先完成第三方高级认证',
  mainOnlyHint: '请联系企业主账号开通',
  reason: '未通过原因：{reason}',
  // the sandbox partner's page
  sandboxTitle: '沙箱金融机构 · 供应链金融产品开通',
  sandboxHint: '本页模拟平台合作金融机构：审核结果以签名回调通知平台',
  sandboxNo: '申请编号',
  sandboxCompany: '申请企业',
  sandboxTime: '申请时间',
  sandboxState: '状态',
  sandboxApprove: '审核通过',
  sandboxRefuse: '拒绝',
  sandboxReason: '拒绝原因',
  sandboxDone: '该申请已处理',
  approvedTitle: '供应链金融产品已开通',
  approvedBody: '{name} 已开通平台供应链金融产品',
  refusedTitle: '供应链金融产品开通未通过',
  refusedBody: '{name} 开通平台供应链金融产品的申请未通过：{reason}',
} as const;

export const finprodFailures = {
  needSuper: '您的企业尚未通过第三方高级认证，请先完成高级认证再开通供应链金融产品',
  alreadyOpen: '您的企业已开通供应链金融产品，无需重复申请',
  inProgress: '您的企业已有开通供应链金融产品的申请正在审核中，请等待金融机构审核结果',
  notFound: '开通申请不存在',
  decided: '该申请已处理',
  badSignature: '回调签名校验失败',
  reasonTooLong: '拒绝原因不能超过{n}个字',
} as const;
