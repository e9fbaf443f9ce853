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
/** The fuel level in eighths (constants/machine.ts MACHINE_LIMITS); optional like the hour meter. */
const zFuel = z
  .preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .number({ error: R.fuelBad })
      .int({ error: R.fuelBad })
      .min(0, { error: R.fuelBad })
      .max(L.fuelMax, { error: R.fuelBad })
      .nullable(),
  )
  .optional()
  .transform((v) => v ?? null);
/** One item of visible damage: what and where, with at least one photo (the caller's own inout uploads). */
export const ZDamageItem = z.object({
  desc: z
    .string({ error: R.damageTextRequired })
    .trim()
    .min(1, { error: R.damageTextRequired })
    .max(L.damageTextMax, { error: R.damageTextTooLong }),
  photos: z
    .array(z.string().trim().min(1).max(300), { error: R.damagePhotoRequired })
    .min(1, { error: R.damagePhotoRequired })
    .max(L.damagePhotosMax, { error: R.damagePhotosTooMany }),
});
export type TDamageItem = z.infer<typeof ZDamageItem>;
const zDamage = z.array(ZDamageItem).max(L.damageMax, { error: R.damageTooMany }).default([]);

/** POST /ep/ct_epin: order_id, eid (the provider's approved listing), enter_date; optional hour meter and photos. */
export const ZMachineEnter = zCompanyScoped.extend({
  order_id: zId,
  eid: zIdWith(R.deviceRequired),
  enter_date: zPastDate(R.enterRequired, R.enterFuture),
  enter_hours: zHours,
  enter_photos: zPhotos,
  enter_fuel: zFuel,
  enter_damage: zDamage,
});
export type TMachineEnter = z.infer<typeof ZMachineEnter>;
/** POST /ep/ct_epout: id, exit_date (not before entry: checked on the server against the row); optional hour meter and photos. */
export const ZMachineExit = zCompanyScoped.extend({
  id: zId,
  exit_date: zPastDate(R.exitRequired, R.exitFuture),
  exit_hours: zHours,
  exit_photos: zPhotos,
  exit_fuel: zFuel,
  exit_damage: zDamage,
});
export type TMachineExit = z.infer<typeof ZMachineExit>;
export const ZMachineId = zCompanyScoped.extend({ id: zId });
/**
 * POST /rent/order/ep_ack: the order's tenant confirms (ack 1) or disputes (ack 2, with a note) the entry (kind 0) or
 * the exit (kind 1) inspection of a machine, once.
 */
export const ZInspectionAck = zCompanyScoped
  .extend({
    id: zId,
    kind: zIntIn(0, 1),
    ack: zIntIn(1, 2, R.ackRequired),
    note: z.string().trim().max(L.ackNoteMax, { error: R.noteTooLong }).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.ack === 2 && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: R.noteRequired });
  });
export type TInspectionAck = z.infer<typeof ZInspectionAck>;
export const ZMachineListQuery = zPageQuery(5).extend({
  company_id: zId.optional(),
  id: zId,
  status: zIntIn(-1, 1).default(-1),
});

/** An inspection as both sides read it: fuel, damage and the tenant's acknowledgement (its `actions` for the side). */
export const ZInspectionView = z.object({
  kind: z.number().int(),
  kind_v: z.string(),
  date: z.string(),
  fuel: z.number().int().nullable(),
  fuel_v: z.string(),
  damage: z.array(z.object({ desc: z.string(), photos: z.array(z.string()) })),
  ack_status: z.number().int(),
  ack_status_v: z.string(),
  ack_note: z.string(),
  ack_time_v: z.string(),
  actions: z.array(z.string()),
});
export type TInspectionView = z.infer<typeof ZInspectionView>;
/** A disputed inspection as the order detail and the settlement draft list it. */
export const ZInspectionDispute = z.object({
  machine_id: z.number().int(),
  eq_id: z.number().int(),
  eq_name: z.string(),
  kind: z.number().int(),
  kind_v: z.string(),
  date: z.string(),
  note: z.string(),
  text: z.string(),
});
export type TInspectionDispute = z.infer<typeof ZInspectionDispute>;

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
  /** the entry and exit inspections (null: none recorded, e.g. not exited yet or entered before inspections) */
  enter_check: ZInspectionView.nullable(),
  exit_check: ZInspectionView.nullable(),
  actions: z.array(z.string()),
});
export type TMachineRow = z.infer<typeof ZMachineRow>;
export const ZMachinePage = zPage(ZMachineRow).extend({ equip_num: z.number().int(), equip_out_num: z.number().int() });
