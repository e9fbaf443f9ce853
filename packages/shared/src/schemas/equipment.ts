import { z } from '../zod';
import { equipment as msg_equipment } from '../messages/equipment';
import { input as msg_input } from '../messages/input';
import { fmt } from '../messages/fmt';
import { MONEY_MAX_KEY, PRICE_MAX_FEN, checkYuan } from './money';
import { INT4_MAX, refinePastDate, zCompanyScoped, zId, zIdWith, zIntIn, zPage, zPageQuery } from './common';
import { EQUIPMENT_IMAGES } from '../constants/upload';
import {
  LISTING_REASON_MAX,
  LISTING_REVIEW,
  LISTING_TABS,
  PRODUCT_ALIAS_MAX,
  SERIAL_TYPES,
  type TListingTab,
} from '../constants/equipment';
import { isCalendarDate } from '../rules/datetime';
import { zPointOptional } from './point';

const M = { equipment: msg_equipment, input: msg_input } as const;

/**
 * The listing as other modules show it (inquiries, favourites, shop hot-rent devices, shelves, device rights):
 * one card shape from equipment.service's listingCards. Rents in fen with their `_v` display text in yuan.
 */
export const ZListingCard = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  cover: z.string(),
  /** the product's name, or the alias of an 'other' product */
  product_name_v: z.string(),
  group_v: z.string(),
  category_v: z.string(),
  model: z.string(),
  brand: z.string(),
  monthly_rent: z.number().int(),
  monthly_rent_v: z.string(),
  rent_rent: z.number().int(),
  rent_rent_v: z.string(),
  hourly_rent: z.number().int(),
  hourly_rent_v: z.string(),
  province: z.number().int(),
  city: z.number().int(),
  area: z.number().int(),
  province_v: z.string(),
  city_v: z.string(),
  area_v: z.string(),
  /** 1 to rent, 2 rented out */
  state: z.number().int(),
  /** review status (the spec's is_lease): 0 in review, 1 approved, 2 rejected */
  is_lease: z.number().int(),
  /** 1 listed, 2 delisted */
  on_sell: z.number().int(),
  /** public page (/site/device/:id) */
  href: z.string(),
});
export type TListingCard = z.infer<typeof ZListingCard>;

/* ---------------------------------------------------------------------------------------------------------------
 * The listing form and the device list (spec/1 §3 equipment listing and device list row, §5 equipment form).
 * ------------------------------------------------------------------------------------------------------------- */

/** The largest rent a listing may ask (fen): a unit price (schemas/money.ts), which fits the integer column. */
export const RENT_MAX_FEN = PRICE_MAX_FEN;

/** A rent typed in yuan (text or number, at most 2 decimals), read as fen. */
function zRent(field: string, requiredMsg?: string) {
  const bad = fmt(M.equipment.rentBad, { field });
  return z
    .union([z.string(), z.number(), z.null()], { error: requiredMsg ?? bad })
    .transform((v, ctx): number => {
      const s = v === null ? '' : String(v).trim();
      if (s === '') {
        if (requiredMsg) ctx.addIssue({ code: 'custom', message: requiredMsg });
        return 0;
      }
      const r = checkYuan(s, { bad, max: RENT_MAX_FEN });
      if ('msg' in r) ctx.addIssue({ code: 'custom', message: r.msg });
      return 'fen' in r ? r.fen : 0;
    })
    .meta({ [MONEY_MAX_KEY]: RENT_MAX_FEN });
}

const zImageAddress = z
  .string({ error: M.equipment.imageBad })
  .trim()
  .min(1, { error: M.equipment.imageBad })
  .max(300, { error: M.equipment.imageBad });

/** The listing form of POST /ep/index and PUT /ep/index/{id}. */
export const ZListingSave = zCompanyScoped
  .extend({
    category: zIdWith(M.equipment.categoryRequired),
    group: zIdWith(M.equipment.groupRequired),
    product_name: zIdWith(M.equipment.productRequired),
    /** required when the product is 'other' (checked against the product by the server) */
    product_another_name: z.string().trim().max(PRODUCT_ALIAS_MAX, { error: M.equipment.aliasTooLong }).default(''),
    model: z
      .string({ error: M.equipment.modelRequired })
      .trim()
      .min(1, { error: M.equipment.modelRequired })
      .max(50, { error: M.equipment.modelTooLong }),
    playing_time: z
      .string({ error: M.equipment.dateRequired })
      .trim()
      .min(1, { error: M.equipment.dateRequired, abort: true })
      .refine(isCalendarDate, { error: M.equipment.dateBad, abort: true })
      .superRefine(refinePastDate(M.equipment.dateField)),
    monthly_rent: zRent('月租金', M.equipment.monthlyRequired),
    rent_rent: zRent('台班租金').default(0),
    hourly_rent: zRent('小时租金').default(0),
    brand: z.string().trim().max(50, { error: M.equipment.brandTooLong }).default(''),
    working_hours: z
      .union([
        zIntIn(0, 1_000_000, M.equipment.hoursBad),
        z.literal('').transform(() => 0),
        z.null().transform(() => 0),
      ])
      .default(0),
    explain: z.string().trim().max(1000, { error: M.equipment.explainTooLong }).default(''),
    /** 2–8 addresses of the caller's own listing uploads, in order (a comma-joined text is accepted too) */
    appearance_image: z.preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
      z
        .array(zImageAddress, { error: M.equipment.imagesRequired })
        .min(EQUIPMENT_IMAGES.min, { error: M.equipment.imagesMin })
        .max(EQUIPMENT_IMAGES.max, { error: M.equipment.imagesMax }),
    ),
    /** one of appearance_image; the first when empty */
    cover: z.string().trim().max(300, { error: M.equipment.coverBad }).default(''),
    nameplate: z
      .string({ error: M.equipment.nameplateRequired })
      .trim()
      .min(1, { error: M.equipment.nameplateRequired })
      .max(300, { error: M.equipment.nameplateBad }),
    serial_type: zIntIn(1, SERIAL_TYPES.length, M.equipment.serialTypeRequired),
    serial_number: z.string().trim().max(50, { error: M.equipment.serialNumberTooLong }).default(''),
    /** spec parameter values keyed by the product's parameter keys */
    cs: z
      .record(
        z.string().max(40),
        z.union([z.string(), z.number(), z.null()]).transform((v) => (v === null ? '' : String(v).trim())),
      )
      .default({}),
    /** one choice per attribute of the product, joined by a hyphen ('' for none) */
    attribute: z.string().trim().max(200, { error: M.input.badOption }).default(''),
    /** the units of the parameters joined by a hyphen: derived from the product by the server, any value sent is ignored */
    company: z.string().max(200).optional(),
    address: z
      .string({ error: M.equipment.addressRequired })
      .trim()
      .min(1, { error: M.equipment.addressRequired })
      .max(200, { error: M.equipment.addressTooLong }),
    province: zIdWith(M.equipment.regionRequired),
    city: zIdWith(M.equipment.regionRequired),
    area: zIdWith(M.equipment.regionRequired),
    lng: zPointOptional('lng', M.equipment.pointBad),
    lat: zPointOptional('lat', M.equipment.pointBad),
  })
  .superRefine((v, ctx) => {
    if (!v.serial_number) {
      const label = SERIAL_TYPES.find((t) => t.value === v.serial_type)?.label ?? '设备唯一标识';
      ctx.addIssue({
        code: 'custom',
        path: ['serial_number'],
        message: fmt(M.equipment.serialNumberRequired, { label }),
      });
    }
  });
export type TListingSave = z.infer<typeof ZListingSave>;

/** One row of the device list (spec/1 §3 "Device list row"). Rents in fen with `_v` texts in yuan. */
export const ZListingRow = z.object({
  id: z.number().int(),
  cover: z.string(),
  product_name: z.number().int(),
  product_name_v: z.string(),
  model: z.string(),
  brand: z.string(),
  group_v: z.string(),
  category_v: z.string(),
  monthly_rent: z.number().int(),
  monthly_rent_v: z.string(),
  rent_rent: z.number().int(),
  rent_rent_v: z.string(),
  hourly_rent: z.number().int(),
  hourly_rent_v: z.string(),
  /** 1 to rent, 2 rented out */
  state: z.number().int(),
  state_v: z.string(),
  has_lease: z.boolean(),
  /** review status: 0 in review, 1 approved, 2 rejected */
  is_lease: z.number().int(),
  is_lease_v: z.string(),
  on_sell: z.number().int(),
  /** yyyy-MM-dd HH:mm:ss */
  update_time: z.string(),
  province: z.number().int(),
  city: z.number().int(),
  area: z.number().int(),
  province_v: z.string(),
  city_v: z.string(),
  area_v: z.string(),
  /** why the platform rejected it */
  reason: z.string(),
  href: z.string(),
});
export type TListingRow = z.infer<typeof ZListingRow>;

export const ZListingQuery = zCompanyScoped.extend({
  page: zIntIn(1, INT4_MAX).default(1),
  size: zIntIn(1, 100).default(5),
  tab: z
    .enum(LISTING_TABS.map((t) => t.key) as [TListingTab, ...TListingTab[]], { error: M.input.badOption })
    .default('all'),
  keyword: z
    .string()
    .trim()
    .max(50, { error: fmt(M.input.textTooLong, { n: 50 }) })
    .default(''),
});
export type TListingQuery = z.infer<typeof ZListingQuery>;
export const ZListingPage = zPage(ZListingRow);

/** A parameter as shown: its name, value and unit. */
export const ZParamView = z.object({ key: z.string(), name: z.string(), value: z.string(), unit: z.string() });

/** One listing with everything of its form (GET /ep/index/{id}); rents in fen. */
export const ZListingDetail = ZListingRow.extend({
  category: z.number().int(),
  group: z.number().int(),
  product_another_name: z.string(),
  is_other: z.boolean(),
  playing_time: z.string(),
  working_hours: z.number().int(),
  explain: z.string(),
  appearance_image: z.array(z.string()),
  nameplate: z.string(),
  serial_type: z.number().int(),
  serial_type_v: z.string(),
  serial_number: z.string(),
  cs: z.record(z.string(), z.string()),
  params_v: z.array(ZParamView),
  attribute: z.string(),
  company: z.string(),
  address: z.string(),
  full_address: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  create_time: z.string(),
});
export type TListingDetail = z.infer<typeof ZListingDetail>;

export const ZListingIdParam = z.object({ id: zId });
export const ZListingIdQuery = zCompanyScoped.extend({ id: zId });
export const ZListingStateResult = z.object({ id: z.number().int(), on_sell: z.number().int() });

/** The console's review queue and decisions. */
export const ZAdminListingQuery = zPageQuery(10).extend({
  status: zIntIn(0, 2).default(LISTING_REVIEW.pending),
});
export const ZAdminListingRow = ZListingRow.extend({
  company_id: z.number().int(),
  company_name: z.string(),
  submitter: z.string(),
  images: z.array(z.string()),
  review_time: z.string(),
});
export type TAdminListingRow = z.infer<typeof ZAdminListingRow>;
export const ZAdminListingPage = zPage(ZAdminListingRow);
export const ZAuditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  from: z.string(),
  to: z.string(),
  actor_id: z.number().int().nullable(),
  company_id: z.number().int().nullable(),
  ip: z.string(),
  reason: z.string(),
  create_time: z.string(),
});
export const ZAdminListingDetail = ZListingDetail.extend({
  company_id: z.number().int(),
  company_name: z.string(),
  submitter: z.string(),
  attributes_v: z.array(z.object({ name: z.string(), value: z.string() })),
  audit: z.array(ZAuditEntry),
});
export type TAdminListingDetail = z.infer<typeof ZAdminListingDetail>;
export const ZListingReject = z.object({
  reason: z
    .string({ error: M.equipment.reasonRequired })
    .trim()
    .min(1, { error: M.equipment.reasonRequired })
    .max(LISTING_REASON_MAX, { error: M.equipment.reasonTooLong }),
});
