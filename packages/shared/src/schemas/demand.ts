import { z } from '../zod';
import { DEMAND_LIMITS, DEMAND_VALID_DAYS } from '../constants/demand';
import { demandRules as R } from '../messages/demand';
import { region as msg_region } from '../messages/region';
import { zPointOptional } from './point';
import { zCompanyScoped, zId, zIdWith, zIntIn, zPage, zPageQuery } from './common';

/** A whole number above 0 typed by a person (digits only). */
const zPositive = (required: string, bad: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: required })
    .transform((v) => String(v).trim())
    .refine((s) => s !== '', { error: required })
    .refine((s) => /^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= max, { error: bad })
    .transform((s) => Number(s));

/** POST /demand/demand and PUT /demand/demand/{id} (spec/2 §5 Quick demand). */
export const ZDemandSave = zCompanyScoped.extend({
  province: zIdWith(R.regionRequired),
  city: zIdWith(R.regionRequired),
  area: zIdWith(R.regionRequired),
  address: z
    .string({ error: R.addressRequired })
    .trim()
    .min(1, { error: R.addressRequired })
    .max(DEMAND_LIMITS.addressMax, { error: R.addressTooLong }),
  lng: zPointOptional('lng', msg_region.pointBad),
  lat: zPointOptional('lat', msg_region.pointBad),
  category: zIdWith(R.productRequired),
  group: zIdWith(R.productRequired),
  product: zIdWith(R.productRequired),
  num: zPositive(R.numRequired, R.numBad, DEMAND_LIMITS.numMax),
  time: zPositive(R.timeRequired, R.timeBad, DEMAND_LIMITS.timeMax),
  real: z.coerce
    .number({ error: R.realBad })
    .int({ error: R.realBad })
    .min(DEMAND_VALID_DAYS.min, { error: R.realBad })
    .max(DEMAND_VALID_DAYS.max, { error: R.realBad })
    .default(DEMAND_VALID_DAYS.default),
  remark: z
    .string({ error: R.remarkRequired })
    .trim()
    .min(1, { error: R.remarkRequired })
    .max(DEMAND_LIMITS.remarkMax, { error: R.remarkTooLong }),
});
export type TDemandSave = z.infer<typeof ZDemandSave>;

export const ZDemandQuery = zCompanyScoped.extend(zPageQuery(5).shape).extend({
  state: zIntIn(-1, 3).default(-1),
  province: zId.optional(),
  city: zId.optional(),
  category: zId.optional(),
});
export type TDemandQuery = z.infer<typeof ZDemandQuery>;

export const ZDemandRow = z.object({
  id: z.number().int(),
  eq_name: z.string(),
  label: z.string(),
  name: z.string(),
  category: z.number().int(),
  group: z.number().int(),
  product: z.number().int(),
  num: z.number().int(),
  time: z.number().int(),
  real: z.number().int(),
  remark: z.string(),
  address: z.string(),
  region_v: z.string(),
  province: z.number().int(),
  city: z.number().int(),
  area: z.number().int(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  state: z.number().int(),
  state_v: z.string(),
  no_lease_reason: z.string(),
  update_time: z.string(),
  expire_date: z.string(),
  op: z.array(z.string()),
});
export type TDemandRow = z.infer<typeof ZDemandRow>;
export const ZDemandPage = zPage(ZDemandRow);
export const ZDemandOp = zCompanyScoped.extend({ op: z.literal('close') });

export const ZDemandHallQuery = zPageQuery(10).extend({
  province: zId.optional(),
  city: zId.optional(),
  category: zId.optional(),
});
export const ZDemandPublic = ZDemandRow.omit({ op: true, no_lease_reason: true }).extend({
  company_v: z.string(),
  contacts: z.string(),
  tel: z.string(),
});
export type TDemandPublic = z.infer<typeof ZDemandPublic>;
/** A demand hall page: the total is exact unless `total_capped` (then "at least total", see HALL_COUNT_PAGES_AHEAD). */
export const ZDemandHallPage = zPage(ZDemandPublic).extend({ total_capped: z.boolean() });
