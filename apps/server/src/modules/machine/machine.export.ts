import type { TMachineRow } from '@jizu/shared/schemas/machine';
import type { TExportColumn } from '../../platform/export';

/** An order's machines as the list shows them (GET /rent/order/eplst/export, /ep/ct_eplst/export). */
export const MACHINE_EXPORT_COLUMNS: TExportColumn<TMachineRow>[] = [
  { head: '设备名称', width: 20, text: (r) => r.eq_product_v },
  { head: '型号', width: 16, text: (r) => r.eq_model },
  { head: '品牌及类别', width: 24, text: (r) => r.eq_company },
  { head: '进场日期', width: 12, date: (r) => r.enter_date },
  { head: '退场日期', width: 12, date: (r) => r.exit_date },
  { head: '施工天数', width: 10, text: (r) => r.work_day },
  { head: '进场工时表读数', width: 14, text: (r) => r.enter_hours },
  { head: '退场工时表读数', width: 14, text: (r) => r.exit_hours },
  { head: '状态', width: 10, text: (r) => r.status_v },
];
