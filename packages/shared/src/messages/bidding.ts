/**
 * Texts of the bidding area (spec/2 §5, §8): publishing, review, the tenant's management and selection, the halls.
 * `bidding` is the section M.bidding (the pages' toasts); field rules and refusals are exported beside it and imported
 * where they are used (schemas/bidding*.ts, errors/bidding.ts).
 */
export const bidding = {
  published: '发布成功',
  closed: '关闭成功',
  saved: '保存成功',
  operated: '操作成功',
  submitted: '提交成功',
  reportFailed: '下载失败',
} as const;

/** Refusals of the bidding state machine and its owners (errors/bidding.ts). */
export const biddingFailures = {
  notFound: '竞价项目不存在或已删除',
  state: '竞价项目当前状态不能进行此操作，请刷新后重试',
  noResponse: '暂无服务商响应，不能提前截止',
  notPublic: '该竞价项目未通过审核或已关闭，暂不能查看',
} as const;
