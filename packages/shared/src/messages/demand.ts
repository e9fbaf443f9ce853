/** Texts of quick demands (spec/2 §5 Quick demand): M.demand and the refusals (errors/demand.ts). */
export const demand = {
  published: '发布成功',
  changed: '修改成功',
  closed: '关闭成功',
  deleted: '删除成功',
} as const;

export const demandFailures = {
  notFound: '需求不存在或已删除',
} as const;
