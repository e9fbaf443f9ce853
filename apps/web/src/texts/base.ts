/**
 * The texts of every first load (the brand, the shells' own words, what a page shows while it loads, is empty or fails):
 * a module of their own, so that no first load takes texts/common for them. texts/common re-exports them.
 */
export const brand = '机租通';
export const tagline = '工程机械租赁，一站直达';
export const userCentre = '用户中心';
export const adminConsole = '管理后台';
export const copyright = '© 2026 机租通 版权所有';
export const roles = { main: '主账号', sub: '子账号' };
export const shell = {
  menuError: '菜单加载失败',
  home: '首页',
  market: '设备市场',
  cs: '客服',
  logout: '退出登录',
  accountHome: '账户首页',
  position: '当前位置：',
  menu: '菜单',
  switchCompany: '切换企业',
  master: roles.main,
  sub: roles.sub,
  switched: '已切换到 {name}',
  noCompany: '暂无企业',
  messages: '消息',
  unread: '未读消息 {n} 条',
} as const;
export const brandMark = '机';
export const state = {
  /** a paged list's total */
  total: '共 {n} 条',
  loading: '加载中…',
  empty: '暂无数据',
  error: '加载失败',
  retry: '重试',
  forbidden: '无权限',
  forbiddenHint: '您没有访问该页面的权限，请联系企业主账号开通',
} as const;
