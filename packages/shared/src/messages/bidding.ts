/**
 * Texts of the bidding area (spec/2 §5, §8): publishing, review, the tenant's management and selection, the halls.
 * `bidding` is the section M.bidding (the pages' toasts); field rules and refusals are exported beside it and imported
 * where they are used (schemas/bidding*.ts, errors/bidding.ts).
 */
export const bidding = {
  published: '发布成功',
  closed: '关闭成功',
  saved: '保存成功',
  operated: '操作成功',
  submitted: '提交成功',
  reportFailed: '下载失败',
  selected: '选择成功',
  deselected: '已取消选择',
  confirmed: '确认成功',
  ordersCreated: '订单已生成',
  /** the 1001 confirmation before the draft orders are created */
  createOrderAsk: '将为以下{n}家服务商生成租赁订单草稿：{names}。生成后请在“租入订单”中补充订单信息并提交，是否继续？',
  /** the pre-commit check shown in the confirm */
  commitAsk: '确认选择后不可更改。已选择服务商：{names}；{unselected}是否确认？',
  commitUnselected: '以下设备未选择服务商：{lines}。',
  selectAsk: '确定选择{name}为中选服务商吗？',
  deselectAsk: '确定取消对{name}的选择吗？',
} as const;

/** Refusals of the bidding state machine and its owners (errors/bidding.ts). */
export const biddingFailures = {
  notFound: '竞价项目不存在或已删除',
  state: '竞价项目当前状态不能进行此操作，请刷新后重试',
  noResponse: '暂无服务商响应，不能提前截止',
  notPublic: '该竞价项目未通过审核或已关闭，暂不能查看',
  quoteNotFound: '报价不存在或已撤回',
  allotBad: '分配数量须为0至{n}的整数',
  nothingSelected: '请至少选择一家服务商后再确认',
  oneProvider: '综合竞价只能选择一家服务商，请先取消已选择的服务商',
  notCompleted: '竞价项目尚未完成，不能生成订单',
} as const;

/** Field rules of the publishing forms (spec/2 §5 Bidding project), read by schemas/bidding.ts. */
export const biddingRules = {
  nameRequired: '请填写项目名称！',
  nameTooLong: '项目名称（含企业名称前缀）不能超过50个字',
  contactsRequired: '请填写联系人',
  contactsTooLong: '联系人不能超过20个字',
  telRequired: '请填写联系电话',
  telBad: '联系电话格式不正确',
  endRequired: '请选择截止日期',
  endBad: '截止日期格式不正确',
  endPast: '截止日期不能早于今天',
  typeRequired: '请选择项目类型',
  paymentRequired: '请选择计费方式',
  regionRequired: '请选择所在区域',
  addressRequired: '请填写施工地址',
  addressTooLong: '施工地址不能超过50个字',
  pointRequired: '请在地图上选择项目位置',
  overviewRequired: '请填写项目概况',
  overviewLength: '项目概况须为200至500个字',
  invoiceRequired: '请选择发票类型',
  assetsRequired: '请选择注册资本要求',
  otherTooLong: '其他要求不能超过200个字',
  linesRequired: '请至少添加一项设备需求',
  linesTooMany: '设备需求不能超过50项',
  productRequired: '请选择设备类型',
  productBad: '请选择正确的设备类型',
  modelTooLong: '型号不能超过50个字',
  eqNumRequired: '请填写设备数量',
  digitsOnly: '只能填写数字',
  numRequired: '请填写需求数量',
  unitRequired: '按量计费请选择计量单位',
  timeRequired: '请填写预计工期',
  limitRequired: '请填写不含税限价',
  limitBad: '限价只能填写数字和小数点，最多两位小数',
  ageRequired: '请选择设备年限要求',
  driverRequired: '请选择机手安排',
  inoutRequired: '请选择进出场费',
  oilRequired: '请选择油费承担方式',
  boardingRequired: '请选择食宿安排',
  enterRequired: '请选择预计进场日期',
  remarkTooLong: '备注不能超过200个字',
  reasonRequired: '请填写关闭原因',
  reasonTooLong: '关闭原因不能超过50个字',
  reviewReasonRequired: '请填写驳回原因',
  reviewReasonTooLong: '驳回原因不能超过200个字',
} as const;

/** The history's action names (the audit trail's actions of a bidding). */
export const biddingActionText: Record<string, string> = {
  submit: '提交审核',
  resubmit: '修改后重新提交',
  approve: '审核通过',
  reject: '审核驳回',
  advance: '提前截止',
  cutoff: '到期截止',
  select: '选择服务商',
  deselect: '取消选择',
  confirm: '确认选择',
  close: '关闭竞价',
  create_order: '生成订单',
};
