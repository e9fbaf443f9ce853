import { REPORT_TARGET_TEXT } from '@jizu/shared/constants/report';
import type { TAdminReportRow } from '@jizu/shared/schemas/report';
import type { TExportColumn } from '../../platform/export';

/** The console's 举报处理 queue as its table shows it (GET /admin/reports/export). */
export const REPORT_QUEUE_EXPORT_COLUMNS: TExportColumn<TAdminReportRow>[] = [
  { head: '举报单号', width: 24, text: (r) => r.sn },
  { head: '举报对象', width: 30, text: (r) => `[${REPORT_TARGET_TEXT[r.type] ?? ''}]${r.target_name}` },
  { head: '举报类型', width: 12, text: (r) => r.type_v },
  { head: '举报说明', width: 36, text: (r) => r.remarks },
  { head: '举报人', width: 14, text: (r) => r.reporter },
  { head: '举报时间', width: 20, time: (r) => r.create_time },
  { head: '状态', width: 10, text: (r) => r.status_v },
  { head: '处理结果', width: 36, text: (r) => r.result },
  { head: '处理时间', width: 20, time: (r) => r.handle_time },
];
