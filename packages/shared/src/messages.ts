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
  bank: {
    // company bank cards: add texts here
    nameRequired: '请输入开户银行',
    nameTooLong: '开户银行不能超过50个字',
    noRequired: '请输入银行账号',
    noBad: '银行账号应为8-30位数字',
    remarkTooLong: '备注不能超过50个字',
    limit: '每个企业最多添加4张银行卡',
    duplicate: '该银行账号已添加',
    defaultNoDelete: '默认银行卡不能删除，请先设置其他默认银行卡',
    defaultSet: '设置成功',
  },
  invoice: {
    // invoice qualification and receiving addresses: add texts here
    typeBad: '请选择发票类型',
    personalOrdinaryOnly: '个人发票只能开具增值税普通发票',
    addressRequired: '请输入注册地址',
    telRequired: '请输入注册电话',
    bankRequired: '请输入开户银行',
    bankNoRequired: '请输入银行账号',
    addressTooLong: '注册地址不能超过200个字',
    telTooLong: '注册电话不能超过30个字',
    bankTooLong: '开户银行不能超过50个字',
    receiverRequired: '请输入收件人',
    receiverTooLong: '收件人不能超过30个字',
    regionRequired: '请选择所在地区',
    regionBad: '所在地区不正确，请重新选择',
    detailRequired: '请输入详细地址',
    detailTooLong: '详细地址不能超过100个字',
    remarkTooLong: '备注不能超过50个字',
    addressLimit: '收货地址最多添加3个',
    defaultNoDelete: '默认地址不能删除',
    defaultSet: '设置成功',
    special: '增值税专用发票',
    ordinary: '增值税普通发票',
  },
  member: {
    // company members and their permissions: add texts here
    nameRequired: '请输入用户名称',
    nameTooLong: '用户名称不能超过20个字',
    nameTaken: '用户名称已存在',
    remarkTooLong: '备注不能超过50个字',
    alreadyMember: '该用户已是企业成员',
    mainLocked: '主账号不能修改',
    handoverRequired: '请选择交接人',
    handoverBad: '交接人须为本企业其他已启用的成员',
    subOnly: '只能为子账号设置权限',
    menuBad: '权限菜单不正确',
    enabled: '已启用',
    disabled: '已停用',
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
  admin: {
    staffOnly: '仅平台工作人员可以访问管理后台',
    // admin console: add texts here
    adminName: '平台管理员',
  },
  account: {
    // account centre: nickname, password, phone, avatar (spec/1 §4, §5, §8)
    nickRequired: '请输入昵称',
    nickTooLong: '昵称不能超过{n}个字',
    nickOnce: '昵称只能修改一次',
    oldPasswordRequired: '请输入旧密码',
    newPasswordRequired: '请输入新密码',
    confirmPasswordRequired: '请确认新密码',
    passwordMismatch: '两次输入的新密码不一致',
    oldPasswordWrong: '旧密码错误',
    passwordSame: '新密码不能与旧密码相同',
    passwordLocked: '旧密码错误次数过多，请{n}分钟后再试',
    oldCodeRequired: '请输入原手机验证码',
    oldCodeWrong: '原手机验证码错误',
    newPhoneRequired: '请输入新手机号码',
    newPhoneSmsRequired: '请输入新手机号',
    newCodeRequired: '新手机验证码',
    newCodeWrong: '新手机验证码错误',
    phoneTaken: '该手机号已被其他账号使用',
    phoneSame: '新手机号不能与原手机号相同',
    avatarRequired: '请先上传头像',
    avatarBad: '头像图片无效，请重新上传',
    codeOk: '验证成功',
  },
  notice: {
    // platform notices (dashboard and admin console)
    notFound: '公告不存在或已下线',
    titleField: '公告标题',
    contentField: '公告内容',
    published: '发布成功',
    unpublished: '下架成功',
  },
} as const;

/** Fills `{name}` placeholders of a catalogue text. */
export function fmt(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (all, k: string) => (k in vars ? String(vars[k]) : all));
}
