/** Texts of machines on site (spec/2 §5 Machinery entry, §8). */
export const machine = {
  entered: '添加成功!',
  exited: '操作成功',
  deleted: '删除成功',
  deleteAsk: '确定要将该设备从订单中删除吗？',
  confirmed: '已确认验收',
  disputed: '已提交异议',
  confirmAsk: '确认该验收记录（小时表、油量、照片与损伤）无误？确认后不可更改',
  disputeLine: '{name} {kind}（{date}）承租方有异议：{note}',
  hoursBetween: '小时表 {from} → {to}，共 {hours} 小时（进场至退场）',
  hoursOpen: '小时表进场 {from}，截至月底尚无退场读数',
  hoursNone: '未登记小时表读数',
} as const;

export const machineFailures = {
  notFound: '设备记录不存在或已删除',
  state: '该设备当前状态不能进行此操作，请刷新后重试',
  orderNotOpen: '订单确认后才能管理设备进退场',
  busy: '该设备正在其他订单施工中，退场后才能再次进场',
  photoMissing: '照片不存在，请重新上传',
  inspectionMissing: '该验收尚未登记',
  acked: '该验收已确认或已提出异议，不能重复操作',
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
  exitHoursBelowEnter: '退场小时表读数不能低于进场读数',
  fuelBad: '油量须在0（空）至8（满）格之间',
  damageTooMany: '损伤最多登记10项',
  damageTextRequired: '请填写损伤描述',
  damageTextTooLong: '损伤描述不能超过100个字',
  damagePhotoRequired: '请上传损伤照片',
  damagePhotosTooMany: '每项损伤照片最多4张',
  ackRequired: '请选择确认或有异议',
  noteRequired: '请填写异议说明',
  noteTooLong: '异议说明不能超过200个字',
} as const;
