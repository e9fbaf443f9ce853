import { z } from '../zod';
import { shelf as msg_shelf } from '../messages/shelf';
import { SHELF_MAX, SHELF_MIN, SHELF_MONEY_MAX, SHELF_ORDER, SHELF_TERM_MAX } from '../constants/shelf';
import { zId, zIdWith, zIntIn, zPageQuery } from './common';
import { ZListingCard } from './equipment';
import { ZPayOrder, ZPayType } from './payment';

const M = { shelf: msg_shelf } as const;

const S = M.shelf;
/** An integer in [min, max] with one message when it is missing and another when it is wrong. */
const zIntReq = (min: number, max: number, required: string, bad: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? required : bad) })
      .int({ error: bad })
      .min(min, { error: bad })
      .max(max, { error: bad }),
  );

/** POST /ep/shelf: apply for 1–5 shelves (a pre-paid order). */
export const ZShelfApply = z.object({
  company_id: zId.optional(),
  num: zIntReq(SHELF_MIN, SHELF_MAX, S.numRequired, S.numBad),
  pay_type: ZPayType.default('wx'),
});

/** The rent-to-own terms of a device on a shelf; money in fen, lease_term in months. */
const terms = {
  month_rent: zIntReq(1, SHELF_MONEY_MAX, S.monthRentRequired, S.monthRentBad),
  lease_term: zIntReq(1, SHELF_TERM_MAX, S.leaseTermRequired, S.leaseTermBad),
  selling_price: zIntReq(1, SHELF_MONEY_MAX, S.sellingPriceRequired, S.sellingPriceBad),
};
/** POST /epRent/index: add a device to an empty shelf (spec/3 shelf device add payload). */
export const ZShelfDeviceAdd = z.object({
  company_id: zId.optional(),
  shelf_id: zIdWith(S.chooseShelf),
  product_id: zIdWith(S.chooseDevice),
  ...terms,
});
export type TShelfDeviceAdd = z.infer<typeof ZShelfDeviceAdd>;
/** PUT /epRent/index/{id}: modify the device or its terms of a filled shelf. */
export const ZShelfDeviceUpdate = z.object({
  company_id: zId.optional(),
  product_id: zIdWith(S.chooseDevice),
  ...terms,
});
export type TShelfDeviceUpdate = z.infer<typeof ZShelfDeviceUpdate>;

/** equipment_rentbuy of a shelf (spec/3 entities). */
export const ZRentBuy = z.object({
  product_id: z.number().int(),
  cover: z.string(),
  product_name_v: z.string(),
  href: z.string(),
  province_v: z.string(),
  city_v: z.string(),
  area_v: z.string(),
  month_rent: z.number().int(),
  month_rent_v: z.string(),
  lease_term: z.number().int(),
  selling_price: z.number().int(),
  selling_price_v: z.string(),
});

export const ZShelf = z.object({
  id: z.number().int(),
  sn: z.string(),
  /** yyyy-MM-dd HH:mm:ss (Shanghai): the end of the 100 days */
  finish_time: z.string(),
  expired: z.boolean(),
  state: z.number().int(),
  state_v: z.string(),
  /** what the shelf offers now (SHELF_MACHINE): put, modify, takeDown */
  actions: z.array(z.enum(['put', 'modify', 'takeDown'])),
  equipment_rentbuy: ZRentBuy.nullable(),
});
export type TShelf = z.infer<typeof ZShelf>;

export const ZShelfQuery = zPageQuery(5).extend({ company_id: zId.optional() });
export const ZShelfOrderQuery = zPageQuery(5).extend({
  company_id: zId.optional(),
  status: zIntIn(-1, 2).default(SHELF_ORDER.review),
});
export const ZShelfIdParams = z.object({ id: zId });
export const ZCompanyQuery = z.object({ company_id: zId.optional() });

export const ZShelfOrder = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  num: z.number().int(),
  amount: z.number().int(),
  amount_v: z.string(),
  status: z.number().int(),
  status_v: z.string(),
  /** 0 none, 1 to be refunded by the platform, 2 refunded */
  refund: z.number().int(),
  refund_v: z.string(),
  reason: z.string(),
  pay_order_sn: z.string(),
  create_time: z.string(),
  /** the date its shelves end (effective orders), else '' */
  finish_time: z.string(),
  can_delete: z.boolean(),
});
export type TShelfOrder = z.infer<typeof ZShelfOrder>;
export const ZShelfApplyResult = z.object({ order: ZShelfOrder, pay: ZPayOrder });

/** GET /epRent/equipment: the device picker (approved listings of the company). */
export const ZShelfPick = z.object({
  id: z.number().int(),
  cover: z.string(),
  product_name_v: z.string(),
  model: z.string(),
  province_v: z.string(),
  city_v: z.string(),
  area_v: z.string(),
  /** the shelf it is on, 0 when none */
  shelf_id: z.number().int(),
});
export type TShelfPick = z.infer<typeof ZShelfPick>;

/** GET /site/rentbuy: a public device on an effective shelf with its rent-to-own terms. */
export const ZRentBuyCard = ZListingCard.extend({
  shelf_id: z.number().int(),
  month_rent: z.number().int(),
  month_rent_v: z.string(),
  lease_term: z.number().int(),
  selling_price: z.number().int(),
  selling_price_v: z.string(),
});
export type TRentBuyCard = z.infer<typeof ZRentBuyCard>;

// admin
export const ZAdminShelfOrderQuery = zPageQuery(10).extend({ status: zIntIn(-1, 2).default(SHELF_ORDER.review) });
export const ZAdminShelfOrder = ZShelfOrder.extend({
  company_id: z.number().int(),
  company_name: z.string(),
  phone: z.string(),
  paid_at: z.string(),
  review_time: z.string(),
});
export type TAdminShelfOrder = z.infer<typeof ZAdminShelfOrder>;
export const ZShelfReject = z.object({
  reason: z
    .string({ error: S.rejectReasonRequired })
    .trim()
    .min(1, { error: S.rejectReasonRequired })
    .max(200, { error: S.rejectReasonRequired }),
});
export const ZShelfSetting = z.object({
  price: zIntIn(1, 100_000_000, S.priceBad),
  days: zIntIn(1, 3650, S.daysBad),
});
export type TShelfSetting = z.infer<typeof ZShelfSetting>;
