/** The message catalogue's section M.message. */
export const message = {
  // system messages: add texts here
  notFound: '消息不存在或已删除',
  idsRequired: '请选择要删除的消息',
  read: '操作成功',
  deleted: '删除成功',
} as const;
