/** The message catalogue's section M.member. */
export const member = {
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
} as const;
