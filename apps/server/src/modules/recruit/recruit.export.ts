import type { TRecruitAdminRow } from '@jizu/shared/schemas/recruit';
import type { TExportColumn } from '../../platform/export';

/** The console's 招聘审核 queue as its table shows it (GET /admin/recruits/export). */
export const RECRUIT_REVIEW_EXPORT_COLUMNS: TExportColumn<TRecruitAdminRow>[] = [
  { head: '机械类别', width: 16, text: (r) => r.category_v },
  { head: '招聘地区', width: 30, text: (r) => `${r.province_v} ${r.city_v} · ${r.area_v}${r.address}` },
  { head: '招聘说明', width: 40, text: (r) => r.content },
  { head: '薪资', width: 14, text: (r) => r.salary_v },
  { head: '期望工期', width: 10, text: (r) => `${r.working_days}天` },
  { head: '招聘单位', width: 30, text: (r) => r.company_name },
  { head: '联系人', width: 12, text: (r) => r.publisher },
  { head: '联系电话', width: 14, text: (r) => r.phone },
  { head: '状态', width: 10, text: (r) => r.audit_status_v },
  { head: '发布时间', width: 20, time: (r) => r.create_time },
  { head: '驳回原因', width: 30, text: (r) => r.audit_reason },
];
