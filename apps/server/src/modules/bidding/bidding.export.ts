import type { TBiddingRow } from '@jizu/shared/schemas/bidding';
import type { TOfferRow } from '@jizu/shared/schemas/offer';
import type { TQuoteRow } from '@jizu/shared/schemas/selection';
import type { TExportColumn } from '../../platform/export';
import type { pageReviewQueue } from './bidding.review.service';

/** The company's projects as GET /rent/bidding/lst shows them (GET /rent/bidding/export). */
export const BIDDING_EXPORT_COLUMNS: TExportColumn<TBiddingRow>[] = [
  { head: '项目编号', width: 24, text: (r) => r.sn },
  { head: '项目名称', width: 36, text: (r) => r.name },
  { head: '竞价方式', width: 10, text: (r) => r.classify_v },
  { head: '设备', width: 30, text: (r) => r.devices },
  { head: '响应企业数', width: 10, text: (r) => r.response_com_count },
  { head: '状态', width: 10, text: (r) => r.status_v },
  { head: '截止日期', width: 12, date: (r) => r.end_time },
  { head: '发布时间', width: 20, time: (r) => r.create_time },
  { head: '原因', width: 30, text: (r) => r.reason },
];

/** The company's responses as GET /ep/offer shows them (GET /ep/offer/export). */
export const OFFER_EXPORT_COLUMNS: TExportColumn<TOfferRow>[] = [
  { head: '项目编号', width: 24, text: (r) => r.sn },
  { head: '项目名称', width: 36, text: (r) => r.name },
  { head: '发布企业', width: 28, text: (r) => r.CompanyName },
  { head: '施工地址', width: 30, text: (r) => r.address },
  { head: '竞价方式', width: 10, text: (r) => r.classify_v },
  { head: '报价设备数', width: 10, text: (r) => r.TotalNum },
  { head: '报价总额（元）', width: 16, money: (r) => r.TotalMoney_v },
  { head: '联系人', width: 12, text: (r) => r.contacts },
  { head: '状态', width: 10, text: (r) => r.status_v },
  { head: '截止日期', width: 12, date: (r) => r.end_time },
  { head: '响应时间', width: 20, time: (r) => r.create_time },
];

/** A project's quote table as GET /rent/bidding/reqlst shows it (GET /rent/bidding/reqlst/export). */
export const QUOTE_EXPORT_COLUMNS: TExportColumn<TQuoteRow>[] = [
  { head: '服务商', width: 30, text: (r) => r.company_v },
  { head: '数量', width: 10, text: (r) => r.num_unit_v },
  { head: '单价（元）', width: 14, money: (r) => r.price_v },
  { head: '税率', width: 8, text: (r) => r.rate_v },
  { head: '含税单价（元）', width: 14, money: (r) => r.tax_total_v },
  { head: '进退场费', width: 16, text: (r) => r.inout_price_v },
  { head: '报价总额（元）', width: 16, money: (r) => r.bid_amount_v },
  { head: '成交额', width: 14, text: (r) => r.turnover_v },
  { head: '状态', width: 10, text: (r) => r.status_v },
  { head: '选定', width: 10, text: (r) => r.select_v },
  { head: '联系人', width: 12, text: (r) => r.link.contacts },
  { head: '联系电话', width: 14, text: (r) => r.link.tel },
  { head: '报价时间', width: 20, time: (r) => r.link.offer_time_v },
];

type TAdminBiddingRow = Awaited<ReturnType<typeof pageReviewQueue>>['data'][number];
/** The console's review queue of projects (GET /admin/biddings/export). */
export const BIDDING_REVIEW_EXPORT_COLUMNS: TExportColumn<TAdminBiddingRow>[] = [
  { head: '项目编号', width: 24, text: (r) => r.sn },
  { head: '项目名称', width: 36, text: (r) => r.name },
  { head: '发布企业', width: 30, text: (r) => r.company_name },
  { head: '竞价方式', width: 10, text: (r) => r.classify_v },
  { head: '设备', width: 30, text: (r) => r.devices },
  { head: '状态', width: 10, text: (r) => r.status_v },
  { head: '截止日期', width: 12, date: (r) => r.end_time },
  { head: '提交时间', width: 20, time: (r) => r.create_time },
  { head: '驳回原因', width: 30, text: (r) => r.reason },
];
