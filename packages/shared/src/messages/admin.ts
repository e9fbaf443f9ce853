/** The message catalogue's section M.admin. */
export const admin = {
  staffOnly: '仅平台工作人员可以访问管理后台',
  // admin console: add texts here
  adminName: '平台管理员',
} as const;
