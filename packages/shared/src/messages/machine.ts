/** Texts of machines on site (spec/2 §5 Machinery entry, §8). */
export const machine = {
  entered: '添加成功!',
  exited: '操作成功',
  deleted: '删除成功',
  deleteAsk: '确定要将该设备从订单中删除吗？',
} as const;

export const machineFailures = {
  notFound: '设备记录不存在或已删除',
  state: '该设备当前状态不能进行此操作，请刷新后重试',
  orderNotOpen: '订单确认后才能管理设备进退场',
  busy: '该设备正在其他订单施工中，退场后才能再次进场',
  photoMissing: '照片不存在，请重新上传',
} as const;

export const machineRules = {
  deviceRequired: '请选择设备',
  deviceNotApproved: '请选择本企业审核通过的设备',
  enterRequired: '请选择进场日期',
  enterFuture: '进场日期不能晚于今天',
  exitRequired: '请选择退场日期',
  exitFuture: '退场日期不能晚于今天',
  exitBeforeEnter: '退场日期不能早于进场日期',
  hoursBad: '小时表读数须为不小于0的数字，最多一位小数',
  photosTooMany: '照片最多4张',
  dateBad: '请选择正确的日期',
} as const;
