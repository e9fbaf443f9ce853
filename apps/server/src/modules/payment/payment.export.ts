import { PAY_KIND_LABEL, PAY_STATE_LABEL, PAY_TYPE_LABEL } from '@jizu/shared/constants/payment';
import type { TAdminPaymentRow } from '@jizu/shared/schemas/payment';
import type { TExportColumn } from '../../platform/export';

/** The console's 支付订单 list as its table shows it (GET /admin/payments/export). */
export const PAYMENT_EXPORT_COLUMNS: TExportColumn<TAdminPaymentRow>[] = [
  { head: '订单编号', width: 26, text: (r) => r.order_sn },
  { head: '类型', width: 12, text: (r) => PAY_KIND_LABEL[r.kind] },
  { head: '商品', width: 30, text: (r) => r.subject },
  { head: '用户手机号', width: 14, text: (r) => r.phone },
  { head: '金额（元）', width: 14, money: (r) => r.amount },
  { head: '支付方式', width: 10, text: (r) => PAY_TYPE_LABEL[r.pay_type] },
  { head: '状态', width: 10, text: (r) => PAY_STATE_LABEL[r.state] },
  { head: '下单时间', width: 20, time: (r) => r.created_at },
  { head: '支付时间', width: 20, time: (r) => r.paid_at },
];
