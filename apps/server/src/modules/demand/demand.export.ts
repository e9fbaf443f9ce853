import type { TExportColumn } from '../../platform/export';
import type { pageReviewQueue } from './demand.review.service';

type TAdminDemandRow = Awaited<ReturnType<typeof pageReviewQueue>>['data'][number];
/** The console's review queue of quick demands (GET /admin/demands/export). */
export const DEMAND_REVIEW_EXPORT_COLUMNS: TExportColumn<TAdminDemandRow>[] = [
  { head: '设备', width: 24, text: (r) => r.eq_name },
  { head: '标题', width: 30, text: (r) => r.name },
  { head: '数量', width: 8, text: (r) => r.num },
  { head: '发布企业', width: 30, text: (r) => r.company_name },
  { head: '联系人', width: 12, text: (r) => r.contacts },
  { head: '联系电话', width: 14, text: (r) => r.tel },
  { head: '地区', width: 24, text: (r) => r.region_v },
  { head: '施工地址', width: 30, text: (r) => r.address },
  { head: '备注', width: 30, text: (r) => r.remark },
  { head: '状态', width: 10, text: (r) => r.state_v },
  { head: '更新时间', width: 20, time: (r) => r.update_time },
  { head: '有效期至', width: 12, date: (r) => r.expire_date },
];
