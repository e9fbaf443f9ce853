/** The message catalogue's section M.auth. */
export const auth = {
  expired: '登录已过期，请重新登录',
  // auth: add texts here
  smsSent: '短信发送成功',
  smsTooSoon: '发送过于频繁，请{n}秒后再试',
  smsDailyLimit: '今日短信发送次数已达上限，请明天再试',
  // the SMS provider refused or could not be reached: the try counts against none of the user's limits
  smsSendFailed: '短信发送失败，请稍后再试',
  smsProviderBusy: '该手机号获取验证码过于频繁，请稍后再试',
  smsProviderDaily: '该手机号今日接收短信次数已达上限，请明天再试',
  smsPhoneUnreachable: '该手机号无法接收短信，请确认号码是否正确',
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
} as const;
