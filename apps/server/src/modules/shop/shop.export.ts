import { CASE_STATUS_TEXT, COVER_STATUS_TEXT, HONOUR_STATUS_TEXT, SHOP_STATUS_TEXT } from '@jizu/shared/constants/shop';
import type { TAdminCaseRow, TAdminCoverRow, TAdminHonourRow, TAdminShopRow } from '@jizu/shared/schemas/shop';
import type { TExportColumn } from '../../platform/export';

/* The console's 店铺审核 queues as their tables show them, without the logos and images (GET <queue>/export). */

type TBase = { status: number; reason: string; company_name: string; shop_name: string; create_time: string };
const shop = <R extends TBase>(): TExportColumn<R>[] => [
  { head: '店铺名称', width: 24, text: (r) => r.shop_name },
  { head: '企业', width: 30, text: (r) => r.company_name },
];
const tail = <R extends TBase>(statusText: Record<number, string>): TExportColumn<R>[] => [
  { head: '提交时间', width: 20, time: (r) => r.create_time },
  { head: '状态', width: 12, text: (r) => statusText[r.status] ?? '' },
  { head: '驳回原因', width: 30, text: (r) => r.reason },
];

export const SHOP_QUEUE_EXPORT_COLUMNS: TExportColumn<TAdminShopRow>[] = [
  ...shop<TAdminShopRow>(),
  { head: '主营业务', width: 24, text: (r) => r.main_business_v },
  { head: '主营产品', width: 24, text: (r) => r.main_product },
  { head: '服务区域', width: 24, text: (r) => r.service_area },
  ...tail<TAdminShopRow>(SHOP_STATUS_TEXT),
];
export const COVER_QUEUE_EXPORT_COLUMNS: TExportColumn<TAdminCoverRow>[] = [
  ...shop<TAdminCoverRow>(),
  ...tail<TAdminCoverRow>(COVER_STATUS_TEXT),
];
export const CASE_QUEUE_EXPORT_COLUMNS: TExportColumn<TAdminCaseRow>[] = [
  { head: '标题', width: 30, text: (r) => r.title },
  ...shop<TAdminCaseRow>(),
  ...tail<TAdminCaseRow>(CASE_STATUS_TEXT),
];
export const HONOUR_QUEUE_EXPORT_COLUMNS: TExportColumn<TAdminHonourRow>[] = [
  { head: '名称', width: 30, text: (r) => r.name },
  ...shop<TAdminHonourRow>(),
  ...tail<TAdminHonourRow>(HONOUR_STATUS_TEXT),
];
