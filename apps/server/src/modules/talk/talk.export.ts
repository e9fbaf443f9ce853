import type { TInquiryRow } from '@jizu/shared/schemas/talk';
import type { TExportColumn } from '../../platform/export';

const equipmentOf = (r: TInquiryRow) =>
  r.equipment ? r.equipment.name : r.equips.map((e) => `${e.name} ${e.model} ×${e.count}`).join('；');

/** The inquiries as their lists show them (GET /ep/enquiry/export sent, /talk/receive/export received). */
export const INQUIRY_EXPORT_COLUMNS: TExportColumn<TInquiryRow>[] = [
  { head: '询价编号', width: 24, text: (r) => r.sn },
  { head: '设备', width: 36, text: equipmentOf },
  { head: '数量', width: 8, text: (r) => r.number },
  { head: '询价方', width: 28, text: (r) => r.user },
  { head: '联系电话', width: 14, text: (r) => r.phone },
  { head: '接收方', width: 28, text: (r) => r.to_name },
  { head: '施工地址', width: 36, text: (r) => r.address },
  { head: '进场时间', width: 12, date: (r) => r.approach_time },
  { head: '施工进度', width: 12, text: (r) => r.schedule_progress },
  { head: '发票', width: 10, text: (r) => r.invoice_v },
  { head: '备注', width: 30, text: (r) => r.remark },
  { head: '状态', width: 10, text: (r) => r.status_v },
  { head: '询价时间', width: 20, time: (r) => r.create_time },
];

/** The console's 路桥套餐需求 as its table shows it (GET /admin/suits/export). */
export const SUIT_EXPORT_COLUMNS: TExportColumn<TInquiryRow & { company_name: string }>[] = [
  { head: '询价单号', width: 24, text: (r) => r.sn },
  { head: '需求企业', width: 30, text: (r) => r.company_name },
  { head: '设备清单', width: 36, text: (r) => r.equips.map((e) => `${e.name}×${e.count}`).join('，') },
  { head: '施工地址', width: 20, text: (r) => `${r.f_province}${r.f_city}` },
  { head: '进场日期', width: 12, date: (r) => r.approach_time },
  { head: '报价', width: 8, text: (r) => r.responses },
  { head: '状态', width: 10, text: (r) => r.status_v },
  { head: '询价时间', width: 20, time: (r) => r.create_time },
];
