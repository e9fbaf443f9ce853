/** Texts of 我的举报 and the report button (the server's texts come from `M.report`). */
export const RT = {
  title: '我的举报',
  report: '举报',
  dialogTitle: { 0: '举报设备', 1: '举报店铺' } as Record<number, string>,
  type: '举报类型',
  typePh: '请选择举报类型',
  remarks: '举报说明',
  remarksPh: '请描述您发现的问题，便于平台核实处理',
  submit: '提交举报',
  cancel: '取消',
  col: { sn: '举报单号', target: '举报对象', type: '举报类型', remarks: '举报说明', phone: '联系电话', status: '状态', result: '处理结果', time: '举报时间' },
  none: '—',
  empty: '暂无举报记录',
  emptyHint: '在设备或店铺页面发现虚假信息等问题时，可点击“举报”提交给平台',
} as const;
