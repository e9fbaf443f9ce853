/** The message catalogue's section M.staff. */
export const staff = {
  // customer-service staff: add texts here
  notFound: '客服不存在',
  changed: '修改成功',
} as const;
