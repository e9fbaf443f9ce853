import type { TAdminReviewRow } from '@jizu/shared/schemas/review';
import type { TExportColumn } from '../../platform/export';

const SIDES: Record<number, string> = { 0: '承租方评服务商', 1: '服务商评承租方' };

/** The console's 订单评价 list as its table shows it (GET /admin/reviews/export). */
export const REVIEW_EXPORT_COLUMNS: TExportColumn<TAdminReviewRow>[] = [
  { head: '订单编号', width: 24, text: (r) => r.order_sn },
  { head: '方向', width: 16, text: (r) => SIDES[r.side] ?? '' },
  { head: '评价方', width: 28, text: (r) => r.author },
  { head: '被评价方', width: 28, text: (r) => r.target },
  { head: '评分', width: 30, text: (r) => r.scores.map((c) => `${c.label} ${c.score}`).join('；') },
  { head: '评价内容', width: 40, text: (r) => r.content },
  { head: '评价时间', width: 20, time: (r) => r.create_time },
  { head: '状态', width: 10, text: (r) => `${r.status_v}（${r.published ? '已公开' : '待公开'}）` },
  { head: '隐藏原因', width: 30, text: (r) => r.hide_reason },
];
