import { z } from '../zod';
import { common as msg_common } from '../messages/common';
import { staff as msg_staff } from '../messages/staff';
import { zIdWith } from './common';

const M = { common: msg_common, staff: msg_staff } as const;

/** Customer-service staff of /api/index/staff* (spec/3 customer-service staff). */

export const ZStaffQuery = z.object({ type: z.enum(['my'], { error: M.common.validation }).default('my') });

/** The user's own staff member; `staff_id` repeats `id` for the spec's older callers. */
export const ZMyStaff = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  phone: z.string(),
  staff_id: z.number().int(),
  img_qrcode: z.string(),
});
export type TMyStaff = z.infer<typeof ZMyStaff>;

export const ZStaffRow = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  phone: z.string(),
  img_qrcode: z.string(),
});
export type TStaffRow = z.infer<typeof ZStaffRow>;

export const ZStaffChange = z.object({
  staff_id: zIdWith(M.staff.notFound),
});
