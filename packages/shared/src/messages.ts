/**
 * The message catalogue: every user-facing text of jizu. The spec's own texts are used verbatim.
 * Sections per domain; a module adds its texts to its own section only.
 */
export const M = {
  common: {
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
  },
  auth: {
    expired: '登录已过期，请重新登录',
    // auth: add texts here
    smsSent: '短信发送成功',
    smsTooSoon: '发送过于频繁，请{n}秒后再试',
    smsDailyLimit: '今日短信发送次数已达上限，请明天再试',
    phoneRegistered: '该手机号已注册，请直接登录',
    phoneUnknown: '该手机号未注册',
    badScene: '短信类型不正确',
    codeRequired: '请输入验证码',
    codeWrong: '验证码错误',
    codeExpired: '验证码已过期，请重新获取',
    codeTooManyTries: '验证码错误次数过多，请重新获取',
    passwordRequired: '请输入密码',
    passwordWeak: '密码需为8-20位，且同时包含字母和数字',
    loginWrong: '手机号或密码错误',
    loginLocked: '登录失败次数过多，请{n}分钟后再试',
    userDisabled: '账号已被停用，请联系客服',
    registered: '注册成功',
    loggedIn: '登录成功',
    loggedOut: '退出成功',
    usernamePrefix: '用户',
  },
  company: {
    notMember: '您不是该企业的成员，或账号已被停用',
    mainOnly: '仅企业主账号可以执行此操作',
    noGrant: '您没有该功能的权限，请联系企业主账号开通',
    // company context and members: add texts here
    personalName: '个人用户 {phone}',
  },
  points: {
    // beans (peas), coins (gold) and their ledgers: add texts here
    peasShort: '可用积分不足',
    goldShort: '可用金币不足',
  },
  upload: {
    // uploads: add texts here
    ok: '上传成功',
    noFile: '请选择要上传的文件',
    tooManyFiles: '每次只能上传一个文件',
    tooLarge: '文件大小应不超过{n}',
    badImageType: '请上传{types}格式图片',
    badFileType: '请上传{types}格式文件',
    tooManyPixels: '图片尺寸过大',
    broken: '图片已损坏或无法识别，请重新选择',
    duplicate: '该图片已被其他用户使用，请更换图片',
    badPath: '图片地址无效',
    checkNeedsOne: '请提供图片的MD5或地址',
    badMd5: '图片MD5格式不正确',
    notFound: '文件不存在',
  },
  region: {
    // regions and taxonomy: add texts here
    badId: '请选择正确的地区',
    badTaxonomyId: '请选择正确的设备分类',
  },
  staff: {
    // customer-service staff: add texts here
    notFound: '客服不存在',
    changed: '修改成功',
  },
  payment: {
    // payments, coins and membership: add texts here
    chooseAmount: '请选择购买金额',
    choosePayType: '请选择支付方式',
    packageChanged: '订单异常：窗口信息已变更，请重新发起金币购买',
    orderNotFound: '订单不存在',
    orderClosed: '订单已关闭，请重新下单',
    orderPaid: '订单已支付',
    badSign: '签名错误',
    badAmount: '金额与订单不符',
    levelFree: 'A级会员为注册即享的免费等级，无需购买',
    levelBad: '请选择正确的会员等级',
    levelLower: '当前会员等级高于所选等级，无法购买',
    planNotForSale: '该会员等级暂不可购买',
    payTypeBad: '请选择正确的支付方式',
    packageBad: '请填写正确的套餐金额与金币数',
    paid: '支付成功',
  },
  admin: {
    staffOnly: '仅平台工作人员可以访问管理后台',
    // admin console: add texts here
    adminName: '平台管理员',
  },
} as const;

/** Fills `{name}` placeholders of a catalogue text. */
export function fmt(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (all, k: string) => (k in vars ? String(vars[k]) : all));
}
