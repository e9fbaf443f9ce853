/** The message catalogue's section M.platform. */
export const platform = {
  // dependencies away (ARCHITECTURE § Resilience): no internals, only what the user can do
  unavailable: '服务暂时不可用，请稍后再试',
  limiterUnavailable: '安全校验服务暂时不可用，请稍后再试',
  healthOk: '服务正常',
  healthDown: '服务暂不可用：{names}连接中断',
  /** GET /api/health/ready while the server is still starting (the demo data of a first start is loading) */
  healthStarting: '服务正在启动（{step}），请稍候',
  startingDemo: '正在载入演示数据',
  depDatabase: '数据库',
  depRedis: '缓存服务（Redis）',
  depSeparator: '、',
} as const;
