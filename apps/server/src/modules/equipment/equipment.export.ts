import type { TAdminListingRow, TListingRow } from '@jizu/shared/schemas/equipment';
import type { TExportColumn } from '../../platform/export';

/** The device list's export columns (GET /ep/index/export): what the list shows, one listing a row. */
export const LISTING_EXPORT_COLUMNS: TExportColumn<TListingRow>[] = [
  { head: '设备名称', width: 20, text: (r) => r.product_name_v },
  { head: '型号', width: 16, text: (r) => r.model },
  { head: '品牌', width: 14, text: (r) => r.brand },
  { head: '设备类别', width: 20, text: (r) => [r.category_v, r.group_v].filter(Boolean).join(' / ') },
  { head: '月租（元）', width: 14, money: (r) => r.monthly_rent_v },
  { head: '台班价（元）', width: 14, money: (r) => r.rent_rent_v },
  { head: '小时价（元）', width: 14, money: (r) => r.hourly_rent_v },
  { head: '租赁状态', width: 10, text: (r) => r.state_v },
  { head: '审核状态', width: 10, text: (r) => r.is_lease_v },
  { head: '所在地区', width: 24, text: (r) => [r.province_v, r.city_v, r.area_v].filter(Boolean).join(' ') },
  { head: '更新时间', width: 20, time: (r) => r.update_time },
  { head: '驳回原因', width: 30, text: (r) => r.reason },
];

/** The console's listing review queue (GET /admin/equipment/export). */
export const LISTING_REVIEW_EXPORT_COLUMNS: TExportColumn<TAdminListingRow>[] = [
  { head: '企业名称', width: 30, text: (r) => r.company_name },
  { head: '提交人', width: 14, text: (r) => r.submitter },
  ...LISTING_EXPORT_COLUMNS,
  { head: '审核时间', width: 20, time: (r) => r.review_time },
];
