import type { TPayView } from '@jizu/shared/schemas/orderpay';
import type { TExportColumn } from '../../platform/export';

/** An order's payments as the list shows them (GET /rent/payment/export, /ep/orderpayment/export). */
export const PAYMENT_EXPORT_COLUMNS: TExportColumn<TPayView>[] = [
  { head: '付款单号', width: 24, text: (r) => r.sn },
  { head: '平台单号', width: 24, text: (r) => r.order_sn },
  { head: '项目名称', width: 36, text: (r) => r.project_name },
  { head: '结算单号', width: 22, text: (r) => r.settle_sn },
  { head: '结算月份', width: 10, text: (r) => r.month },
  { head: '应付金额（元）', width: 16, money: (r) => r.payAmount_v },
  { head: '实付金额（元）', width: 16, money: (r) => r.realPayAmount_v },
  { head: '已付金额（元）', width: 16, money: (r) => r.paidAmount_v },
  { head: '余额（元）', width: 16, money: (r) => r.balance_v },
  { head: '兑付日期', width: 12, date: (r) => r.cashDate },
  { head: '签收时间', width: 20, time: (r) => r.receiveTime_v },
  { head: '状态', width: 10, text: (r) => r.status_v },
];

/** The console's 付款单 list as its table shows it (GET /admin/order-payments/export). */
export const ADMIN_PAYMENT_EXPORT_COLUMNS: TExportColumn<TPayView>[] = [
  { head: '付款单号', width: 24, text: (r) => r.sn },
  { head: '结算单号', width: 24, text: (r) => r.settle_sn },
  { head: '项目名称', width: 36, text: (r) => r.project_name },
  { head: '状态', width: 12, text: (r) => r.status_v },
  { head: '承租方', width: 30, text: (r) => r.tenant_name },
  { head: '承租方未付（元）', width: 16, money: (r) => r.tenant_due_v },
  { head: '服务商', width: 30, text: (r) => r.provider_name },
  { head: '应付服务商（元）', width: 16, money: (r) => r.balance_v },
  { head: '应付日期', width: 12, date: (r) => r.cashDate },
];
