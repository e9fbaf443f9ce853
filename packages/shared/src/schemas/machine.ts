import { z } from '../zod';
import { MACHINE_LIMITS as L } from '../constants/machine';
import { machineRules as R } from '../messages/machine';
import { zCompanyScoped, zId, zIdWith, zIntIn, zPage, zPageQuery } from './common';
import { isCalendarDate, shanghaiDay } from '../rules/datetime';

/** Machines on site (spec/2 §3 Machinery, §5 Machinery entry, §7 Machinery). */

const zPastDate = (required: string, future: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .refine(isCalendarDate, { error: R.dateBad, abort: true })
    .refine((s) => s <= shanghaiDay(), { error: future });
/** An hour-meter reading typed by a person: one decimal at most; stored in tenths. */
const zHours = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((s) => s === '' || (/^\d+(\.\d)?$/.test(s) && Number(s) <= L.hoursMax), { error: R.hoursBad })
  .transform((s) => (s === '' ? null : Math.round(Number(s) * 10)))
  .optional();
const zPhotos = z.array(z.string().trim().min(1).max(300)).max(L.photosMax, { error: R.photosTooMany }).default([]);

/** POST /ep/ct_epin: order_id, eid (the provider's approved listing), enter_date; optional hour meter and photos. */
export const ZMachineEnter = zCompanyScoped.extend({
  order_id: zId,
  eid: zIdWith(R.deviceRequired),
  enter_date: zPastDate(R.enterRequired, R.enterFuture),
  enter_hours: zHours,
  enter_photos: zPhotos,
});
export type TMachineEnter = z.infer<typeof ZMachineEnter>;
/** POST /ep/ct_epout: id, exit_date (not before entry: checked on the server against the row); optional hour meter and photos. */
export const ZMachineExit = zCompanyScoped.extend({
  id: zId,
  exit_date: zPastDate(R.exitRequired, R.exitFuture),
  exit_hours: zHours,
  exit_photos: zPhotos,
});
export type TMachineExit = z.infer<typeof ZMachineExit>;
export const ZMachineId = zCompanyScoped.extend({ id: zId });
export const ZMachineListQuery = zPageQuery(5).extend({
  company_id: zId.optional(),
  id: zId,
  status: zIntIn(-1, 1).default(-1),
});

export const ZMachineRow = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  eq_id: z.number().int(),
  eq_model: z.string(),
  eq_product_v: z.string(),
  /** the spec's "spec" column: brand and group */
  eq_company: z.string(),
  eq_cover: z.string(),
  eq_url: z.string(),
  enter_date: z.string(),
  exit_date: z.string(),
  work_day: z.number().int(),
  status: z.number().int(),
  status_v: z.string(),
  enter_hours: z.string(),
  exit_hours: z.string(),
  enter_photos: z.array(z.string()),
  exit_photos: z.array(z.string()),
  actions: z.array(z.string()),
});
export type TMachineRow = z.infer<typeof ZMachineRow>;
export const ZMachinePage = zPage(ZMachineRow).extend({ equip_num: z.number().int(), equip_out_num: z.number().int() });
