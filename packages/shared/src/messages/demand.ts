/** Texts of quick demands (spec/2 §5 Quick demand): M.demand and the refusals (errors/demand.ts). */
export const demand = {
  published: '发布成功',
  changed: '修改成功',
  closed: '关闭成功',
  deleted: '删除成功',
  operated: '操作成功',
} as const;

export const demandFailures = {
  notFound: '需求不存在或已删除',
  state: '该需求当前状态不能进行此操作，请刷新后重试',
  notPublic: '该需求未通过审核或已结束，暂不能查看',
} as const;

/** Field rules of the demand form (spec/2 §5 Quick demand), read by schemas/demand.ts. */
export const demandRules = {
  regionRequired: '请选择所在区域',
  addressRequired: '请填写地址',
  addressTooLong: '地址不能超过50个字',
  productRequired: '请选择设备类型',
  productBad: '请选择正确的设备类型',
  numRequired: '请填写数量',
  numBad: '数量须为大于0的整数',
  timeRequired: '请填写工期',
  timeBad: '工期须为大于0的整数',
  realRequired: '请选择有效天数',
  realBad: '有效天数须为1至6天',
  remarkRequired: '请填写需求描述',
  remarkTooLong: '需求描述不能超过200个字',
  reasonRequired: '请填写驳回原因',
  reasonTooLong: '驳回原因不能超过200个字',
} as const;
