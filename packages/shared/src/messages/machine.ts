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

export const machineUi = {
  title: '设备进退场',
  enterTitle: '设备进场',
  enter: '设备进场',
  colId: '设备编号',
  colName: '设备名称',
  colSpec: '规格',
  colEnter: '进场日期',
  colDays: '工作天数',
  colExit: '退场日期',
  colStatus: '状态',
  colAction: '操作',
  view: '查看设备',
  exit: '退场',
  delete: '删除',
  exitTitle: '设备退场',
  device: '选择设备',
  devicePh: '请选择已审核通过的设备',
  noDevice: '暂无可进场的设备，请先发布设备并等待审核通过',
  enterDate: '进场日期',
  exitDate: '退场日期',
  hours: '小时表读数',
  hoursPh: '选填，例如 1234.5',
  photos: '现场照片',
  photosHint: '选填，最多4张：设备外观、小时表等',
  empty: '暂无进场设备',
  readOnly: '设备进退场由服务商登记，此处仅供查看',
  days: '{n}天',
  enterInfo: '进场：{date}{hours}',
  exitInfo: '退场：{date}{hours}',
  hoursAt: '，小时表 {h}',
  submit: '确定',
  cancel: '取消',
  back: '返回',
} as const;
