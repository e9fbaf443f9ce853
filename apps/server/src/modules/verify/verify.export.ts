import { VERIFY_STATUS_LABEL } from '@jizu/shared/constants/verify';
import type { TCompanyReviewRow, TPersonReviewRow } from '@jizu/shared/schemas/verify';
import type { TExportColumn } from '../../platform/export';

/* The console's verification queues: who and when, never the identity numbers or the document photos (a spreadsheet
 * travels further than the console). */

export const PERSON_REVIEW_EXPORT_COLUMNS: TExportColumn<TPersonReviewRow>[] = [
  { head: '手机号', width: 14, text: (r) => r.phone },
  { head: '姓名', width: 12, text: (r) => r.name },
  { head: '状态', width: 10, text: (r) => VERIFY_STATUS_LABEL[r.status] ?? '' },
  { head: '驳回原因', width: 30, text: (r) => r.reason },
  { head: '提交时间', width: 20, time: (r) => r.create_time },
  { head: '审核时间', width: 20, time: (r) => r.audit_time },
];

export const COMPANY_REVIEW_EXPORT_COLUMNS: TExportColumn<TCompanyReviewRow>[] = [
  { head: '企业名称', width: 30, text: (r) => r.name },
  { head: '统一社会信用代码', width: 22, text: (r) => r.regist_no },
  { head: '法定代表人', width: 12, text: (r) => r.legal },
  { head: '所在地区', width: 24, text: (r) => [r.province_v, r.city_v, r.area_v].filter(Boolean).join(' ') },
  { head: '申请人手机号', width: 14, text: (r) => r.phone },
  { head: '状态', width: 10, text: (r) => r.status_v },
  { head: '驳回原因', width: 30, text: (r) => r.reason },
  { head: '提交时间', width: 20, time: (r) => r.create_time },
  { head: '审核时间', width: 20, time: (r) => r.audit_time },
];
