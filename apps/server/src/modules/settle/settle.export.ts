import type { TSettleView } from '@jizu/shared/schemas/settle';
import type { TExportColumn } from '../../platform/export';

/** The console's 待开票 settlements as its table shows them (GET /admin/settlements/export). */
export const ISSUE_QUEUE_EXPORT_COLUMNS: TExportColumn<TSettleView>[] = [
  { head: '平台单号', width: 24, text: (r) => r.sn },
  { head: '结算单号', width: 24, text: (r) => r.settle_sn },
  { head: '项目名称', width: 36, text: (r) => r.project_name },
  { head: '承租方', width: 30, text: (r) => r.tenant_info.name },
  { head: '结算月份', width: 10, text: (r) => r.month },
  { head: '结算金额（含税，元）', width: 18, money: (r) => r.tax_total_v },
  { head: '平台服务费（元）', width: 16, money: (r) => r.ser_total },
  { head: '已录发票价税合计（元）', width: 20, money: (r) => r.inv_tax_total_v },
];
