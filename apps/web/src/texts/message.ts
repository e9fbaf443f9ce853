/** The system messages page. */
export const message = {
  title: '系统消息',
  unread: '未读',
  read: '已读',
  delete: '删除',
  deleteSelected: '删除所选',
  selectAll: '全选',
  confirmOne: '确定删除这条消息吗？',
  confirmMany: '确定删除所选的 {n}条消息吗？',
  empty: '暂无消息',
  ok: '确定',
  cancel: '取消',
} as const;
