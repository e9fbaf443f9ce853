/** The message catalogue's section M.events: the live notifications (GET /api/events) and their texts. */
export const events = {
  tooMany: '打开的实时通知连接过多，请关闭部分页面后重试',
  /** a request that does not ask for the stream (EventSource sends Accept: text/event-stream) */
  notStream: '实时通知须以事件流方式连接（Accept: text/event-stream）',
  /** one title and one body per event type; {placeholders} filled by fmt on the server */
  message: { title: '新的系统消息', body: '{title}' },
  inquiry: { title: '收到新的询价', body: '{from}询价：{name}（{sn}）' },
  order_submit: { title: '订单待确认', body: '订单{sn}已由承租方提交，请确认' },
  order_confirm: { title: '订单已确认', body: '订单{sn}已由服务商确认' },
  order_return: { title: '订单被退回', body: '订单{sn}被服务商退回：{reason}' },
  order_close: { title: '订单已关闭', body: '订单{sn}已由承租方关闭：{reason}' },
  order_complete: { title: '订单已完成', body: '订单{sn}已由承租方完成' },
  contract_sign: { title: '合同待签署', body: '订单{sn}的合同《{name}》待您签署' },
  offer: { title: '收到新的响应', body: '{from}响应了您的招标项目“{name}”' },
  pay_sign: { title: '付款单待签收', body: '订单{sn}的付款单（{month}）{amount}元待您签收' },
  review: { title: '收到新的评价', body: '{from}对订单{sn}作出了评价' },
  inspection_dispute: { title: '验收有异议', body: '承租方对订单{sn}的{what}提出异议：{note}' },
  /** the web app's texts */
  live: '实时通知',
  open: '查看',
} as const;
