/** The message catalogue's section M.bank. */
export const bank = {
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
} as const;
