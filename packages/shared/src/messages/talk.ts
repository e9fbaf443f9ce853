/**
 * Texts of the talk area. `talk` is the catalogue's section M.talk: the toasts of the pages. M is part of every first
 * load of the web app, so the texts only a form's schema, the server's refusals or the inbox use are exported beside
 * it and imported where they are used (the schemas, errors/talk.ts, the service).
 */
export const talk = {
  sent: '询价已发送',
  published: '发布成功',
  marked: '已标记完成',
  accepted: '已确认报价',
  responded: '报价已提交',
} as const;

/** Field rules of the inquiry and package forms (spec/1 §5 Inquiry), read by schemas/talk.ts. */
export const talkRules = {
  numberRequired: '请填写需求数量',
  numberBad: '需求数量须为1至999的整数',
  regionRequired: '请选择所在地区',
  regionBad: '请选择正确的地区',
  addressRequired: '请填写详细地址',
  addressTooLong: '详细地址不能超过100个字',
  approachRequired: '请选择进场日期',
  approachBad: '进场日期格式不正确',
  approachTooEarly: '进场日期不能早于昨天',
  scheduleRequired: '请填写工期进度',
  scheduleTooLong: '工期进度不能超过50个字',
  invoiceBad: '请选择发票类型',
  remarkTooLong: '备注不能超过100个字',
  phoneRequired: '请输入手机号码',
  phoneBad: '手机号码格式不正确',
  listingRequired: '请选择询价设备',
  equipsRequired: '请至少添加一项设备',
  equipsTooMany: '设备最多添加{n}项',
  equipNameRequired: '请填写设备名称',
  equipNameTooLong: '设备名称不能超过30个字',
  equipModelTooLong: '规格型号不能超过30个字',
  equipCountBad: '设备数量须为1至999的整数',
  operatorBad: '请选择是否需要机手',
  paymentBad: '请选择付款方式',
  detailsRequired: '请填写套餐内容',
  detailsTooLong: '套餐内容不能超过500个字',
  priceBad: '请填写正确的报价金额',
} as const;

/** The service's refusals (errors/talk.ts). */
export const talkFailures = {
  ownListing: '不能对自己企业发布的设备询价',
  offShelf: '该设备已下架或尚未审核通过',
  notFound: '询价记录不存在或已删除',
  completed: '该询价已处理完成',
  noGrant: '无权限查看该询价',
  notPackage: '该询价不是路桥套餐需求',
  responseNotFound: '报价记录不存在',
  responseAccepted: '该报价已确认',
} as const;

/** The talk area's system messages (inbox titles and bodies): only the server sends them. */
export const talkNotices = {
  newTitle: '您收到一条新的询价',
  newBody:
    '{from} 对您发布的设备「{name}」发起了询价（询价单号 {sn}），需求数量 {number} 台，进场日期 {date}，请尽快联系对方。',
  offerTitle: '您的路桥套餐需求有新的报价',
  offerBody:
    '平台已针对您的路桥套餐需求（单号 {sn}）给出报价：{details}，报价 {price} 元。请到“发出的询价 - 路桥套餐”查看。',
  doneTitle: '询价已处理完成',
  doneBody: '您的询价（单号 {sn}）已被标记为处理完成。',
} as const;
