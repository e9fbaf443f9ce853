import { SHELF_MENU } from './adminMenu';

/** Texts of the console's shelf order queue (admin/ShelfOrdersPage). */
export const AST = {
  title: SHELF_MENU,
  tabs: { 0: '待审核', 1: '已生效', 2: '已驳回' } as Record<number, string>,
  company: '企业',
  phone: '申请人',
  sn: '订单编号',
  num: '货架数',
  amount: '金额（元）',
  paidAt: '支付时间',
  refund: '退款',
  refunded: '标记已退款',
  refundConfirm: '确认款项已原路退回？公司将收到退款通知。',
  reviewedAt: '审核时间',
  rejectTitle: '驳回货架订单（已付款项将标记为待退款，由平台原路退回）',
  setting: '货架价格',
  price: '单价（元/个）',
  days: '有效天数',
  save: '保存',
  settingHint: '新申请的货架订单按此单价与有效天数计费；已下单的订单不受影响。',
};
