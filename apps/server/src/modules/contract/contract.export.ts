import type { TContractRow } from '@jizu/shared/schemas/contract';
import type { TExportColumn } from '../../platform/export';

/** An order's contracts as the list shows them (GET /rent/contract/export, /ep/contract/export). */
export const CONTRACT_EXPORT_COLUMNS: TExportColumn<TContractRow>[] = [
  { head: '合同编号', width: 24, text: (r) => r.sn },
  { head: '合同名称', width: 36, text: (r) => r.name },
  { head: '签订日期', width: 12, date: (r) => r.date },
  { head: '状态', width: 10, text: (r) => r.status_v },
  { head: '签署情况', width: 30, text: (r) => r.affirm_v.join('；') },
  { head: '印章', width: 20, text: (r) => r.seal_v },
  { head: '文件摘要（SHA-256）', width: 40, text: (r) => r.sha256 },
  { head: '上传时间', width: 20, time: (r) => r.create_time_v },
];
