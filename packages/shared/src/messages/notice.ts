/** The message catalogue's section M.notice. */
export const notice = {
  // platform notices (dashboard and admin console)
  notFound: '公告不存在或已下线',
  titleField: '公告标题',
  contentField: '公告内容',
  published: '发布成功',
  unpublished: '下架成功',
} as const;
