import type { TCardAdminRow, TCommentRow } from '@jizu/shared/schemas/jobcard';
import type { TExportColumn } from '../../platform/export';

/* The console's 求职卡审核 page: its job card queue and its labour comments, as the page's tables show them, without
 * the certificates' and experiences' images. */

/** GET /admin/job-cards/export */
export const CARD_REVIEW_EXPORT_COLUMNS: TExportColumn<TCardAdminRow>[] = [
  { head: '机手', width: 14, text: (r) => r.member.username },
  { head: '手机号', width: 14, text: (r) => r.phone },
  { head: '机械类别', width: 24, text: (r) => r.resume_category_v },
  { head: '驾龄', width: 10, text: (r) => r.resume_driving_age_v },
  { head: '所在地区', width: 30, text: (r) => `${r.region_v} ${r.address}`.trim() },
  { head: '求职说明', width: 40, text: (r) => r.content },
  { head: '状态', width: 10, text: (r) => r.audit_status_v },
  { head: '提交时间', width: 20, time: (r) => r.update_time },
  { head: '驳回原因', width: 30, text: (r) => r.audit_reason },
];

/** GET /admin/labour/comments/export */
export const LABOUR_COMMENT_EXPORT_COLUMNS: TExportColumn<TCommentRow>[] = [
  { head: '评论人', width: 14, text: (r) => r.member.username },
  { head: '评论', width: 40, text: (r) => r.content },
  { head: '评论对象', width: 10, text: (r) => r.type_v },
  { head: '对象', width: 36, text: (r) => `${r.resume_category} ${r.address}`.trim() },
  { head: '评论时间', width: 20, time: (r) => r.create_time },
];
