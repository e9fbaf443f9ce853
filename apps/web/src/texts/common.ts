/**
 * The text catalogue of the web app (issue 27): what a person reads on a page and the server never sends lives in
 * apps/web/src/texts/, one module per domain (this one: the shell and texts every area shares); what the server sends
 * too (messages, validation, statuses) lives in @jizu/shared/messages. A page imports the domain modules it reads, so
 * that a chunk carries only its own areas' texts (first-load budgets). Lint `jizu/no-inline-text` keeps Chinese text
 * out of the components.
 */
export const form = {
  phone: '请输入手机号码',
  phoneBad: '手机号码格式不正确',
  password: '请输入密码',
  passwordRule: '密码需为8-20位，且同时包含字母和数字',
  confirm: '请再次输入密码',
  confirmMismatch: '两次输入的密码不一致',
  code: '请输入验证码',
  agree: '请阅读并同意用户协议',
} as const;
export const sms = { get: '获取验证码', again: '重新获取', wait: '{n}秒后重发', sent: '短信发送成功' } as const;
export const login = {
  title: '登录',
  byPassword: '密码登录',
  bySms: '短信登录',
  submit: '登录',
  noAccount: '还没有账号？',
  toRegister: '立即注册',
  ok: '登录成功',
} as const;
export const register = {
  title: '注册账号',
  submit: '注册',
  agreement: '我已阅读并同意',
  agreementName: '《机租通用户服务协议》',
  hasAccount: '已有账号？',
  toLogin: '去登录',
  ok: '注册成功',
} as const;
export const cs = {
  title: '专属客服',
  scan: '微信扫码添加客服',
  change: '更换客服',
  choose: '选择客服',
  confirm: '确定',
  cancel: '取消',
  none: '暂未分配客服',
  name: '客服姓名',
  phone: '联系电话',
  pick: '请选择客服',
} as const;
// the texts of every first load live in texts/base
export { brand, brandMark, state, tagline } from './base';
export const notFound = { text: '抱歉，您访问的页面不存在', home: '返回首页', back: '返回上一页' } as const;
export const confirmTyping = { hint: '请输入 {text} 以确认', ok: '确认', cancel: '取消' } as const;
export const region = { placeholder: '请选择省/市/区' } as const;

/** The brand's one-character mark of the logo tiles. */
export const ok = '确定';
export const yuanAmount = '{amount} 元';
export const invoiceTypes = { special: '增值税专用发票', ordinary: '增值税普通发票' };
export const staffQrAlt = '{name} 微信二维码';
/** the login and registration pages' brand panel */
export const authPoints = {
  compare: '全国工程机械，在线比价直租',
  guarantee: '平台担保签约，交易安全可追溯',
  oneStop: '竞价、订单、结算一站办理',
};
/** The export button of every working list (ui/ExportButton). */
export const exporting = {
  label: '导出Excel',
  busy: '正在导出…',
  done: '导出完成',
  failed: '导出失败：{msg}',
} as const;
