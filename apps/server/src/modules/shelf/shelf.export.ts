import { SHELF_REFUND } from '@jizu/shared/constants/shelf';
import type { TAdminShelfOrder } from '@jizu/shared/schemas/shelf';
import type { TExportColumn } from '../../platform/export';

/** The console's shelf order queue as its table shows it (GET /admin/shelf-orders/export). */
export const SHELF_ORDER_EXPORT_COLUMNS: TExportColumn<TAdminShelfOrder>[] = [
  { head: '企业', width: 30, text: (r) => r.company_name },
  { head: '申请人', width: 14, text: (r) => r.phone },
  { head: '订单编号', width: 26, text: (r) => r.sn },
  { head: '货架数', width: 8, text: (r) => r.num },
  { head: '金额（元）', width: 14, money: (r) => r.amount },
  { head: '支付时间', width: 20, time: (r) => r.paid_at },
  { head: '退款', width: 10, text: (r) => (r.refund === SHELF_REFUND.none ? '' : r.refund_v) },
  { head: '审核时间', width: 20, time: (r) => r.review_time },
  { head: '状态', width: 10, text: (r) => r.status_v },
  { head: '驳回原因', width: 30, text: (r) => r.reason },
];
