/** The message catalogue's section M.company. */
export const company = {
  notMember: '您不是该企业的成员，或账号已被停用',
  mainOnly: '仅企业主账号可以执行此操作',
  noGrant: '您没有该功能的权限，请联系企业主账号开通',
  // company context and members: add texts here
  personalName: '个人用户 {phone}',
} as const;
