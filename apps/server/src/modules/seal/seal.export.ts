import { SEAL_STATUS_TEXT } from '@jizu/shared/constants/seal';
import type { TAdminSealRow } from '@jizu/shared/schemas/seal';
import type { TExportColumn } from '../../platform/export';

/** The console's seal queue as 印章审核 shows it, without the seal's image (GET /admin/seals/export). */
export const SEAL_REVIEW_EXPORT_COLUMNS: TExportColumn<TAdminSealRow>[] = [
  { head: '企业', width: 30, text: (r) => r.company_name },
  { head: '印章名称', width: 20, text: (r) => r.name },
  { head: '备注', width: 20, text: (r) => r.remark },
  { head: '用户手机号', width: 14, text: (r) => r.submitter },
  { head: '提交时间', width: 20, time: (r) => r.create_time },
  { head: '审核时间', width: 20, time: (r) => r.review_time },
  { head: '状态', width: 18, text: (r) => SEAL_STATUS_TEXT[r.status] ?? '' },
  { head: '驳回原因', width: 30, text: (r) => r.reason },
];
