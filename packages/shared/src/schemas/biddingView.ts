import { z } from '../zod';

/**
 * The read side of a bidding project shared by every page that shows one: the tenant's /rent/watch, the provider's
 * /response/detail and /response/create, the public bidding page and the admin's review drawer (spec/2 §3 "Bidding
 * request (detail)", "Request line"). Built on the server by bidding.view.ts. Prices here are the tenant's caps, never a
 * provider's quote: quotes have their own schemas and their own access rules (sealed until cut-off).
 */
const zOpt = z.object({ value: z.number().int(), label: z.string() });

/** What the publishing forms choose from (GET /rent/bidding/add). */
export const ZBiddingOptions = z.object({
  company_name: z.string(),
  /** 50 minus the prefix's length: what the name field may hold */
  name_max: z.number().int(),
  project_types: z.array(zOpt),
  payment_types: z.array(zOpt),
  units: z.array(zOpt),
  invoice_types: z.array(zOpt),
  registered_assets: z.array(zOpt),
  ages: z.array(zOpt),
  drivers: z.array(zOpt),
  inouts: z.array(zOpt),
  oils: z.array(zOpt),
  boardings: z.array(zOpt),
});
export type TBiddingOptions = z.infer<typeof ZBiddingOptions>;

/** The comprehensive block (classify 2), `req` in the detail. Money fields in yuan text (`_v`) and fen. */
export const ZBiddingReq = z.object({
  num: z.number().int(),
  unit: z.number().int(),
  num_unit_v: z.string(),
  /** bare-tax unit price cap in fen, 0 = no cap; limit_v its text ('不限' for 0) */
  limit: z.number().int(),
  limit_v: z.string(),
  payment_type: z.number().int(),
  payment_type_v: z.string(),
  time: z.number().int(),
  time_v: z.string(),
  enter_date: z.string(),
  age: z.number().int(),
  age_v: z.string(),
  driver: z.number().int(),
  driver_v: z.string(),
  inout: z.number().int(),
  inout_v: z.string(),
  oil: z.number().int(),
  oil_v: z.string(),
  boarding: z.number().int(),
  boarding_v: z.string(),
});
export type TBiddingReq = z.infer<typeof ZBiddingReq>;

export const ZBiddingLine = z.object({
  id: z.number().int(),
  bid: z.number().int(),
  no: z.number().int(),
  eq_type: z.number().int(),
  eq_group: z.number().int(),
  eq_product: z.number().int(),
  /** product name (category / group names in eq_type_v, eq_group_v) */
  eq_product_v: z.string(),
  eq_type_v: z.string(),
  eq_group_v: z.string(),
  model: z.string(),
  eq_num: z.number().int(),
  payment_type: z.number().int(),
  payment_type_v: z.string(),
  /** demanded quantity in `num_unit_v` */
  num: z.number().int(),
  unit: z.number().int(),
  num_unit_v: z.string(),
  /** quantity still to allocate (num − allot_num) */
  real_num: z.number().int(),
  allot_num: z.number().int(),
  time: z.number().int(),
  time_v: z.string(),
  limit: z.number().int(),
  limit_v: z.string(),
  age: z.number().int(),
  age_v: z.string(),
  driver: z.number().int(),
  driver_v: z.string(),
  inout: z.number().int(),
  inout_v: z.string(),
  oil: z.number().int(),
  oil_v: z.string(),
  boarding: z.number().int(),
  boarding_v: z.string(),
  enter_date: z.string(),
  remark: z.string(),
  /** LINE_SELECT: 0 none yet, 1 provider chosen, 2 none chosen */
  response_com_status: z.number().int(),
  /** responding companies that quoted this line */
  response_com_count: z.number().int(),
});
export type TBiddingLine = z.infer<typeof ZBiddingLine>;

export const ZBiddingBase = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  status: z.number().int(),
  status_v: z.string(),
  classify: z.number().int(),
  classify_v: z.string(),
  /** the public bidding page (/site/bidding/:id), relative; web_url is the absolute address the QR code holds */
  href: z.string(),
  web_url: z.string(),
  end_time: z.string(),
  create_time: z.string(),
  finish_date_v: z.string(),
  /** review rejection reason (6) or closing reason (4), else '' */
  reason: z.string(),
  order_status: z.number().int(),
  response_com_count: z.number().int(),
  company_id: z.number().int(),
  /** the tenant's name as the viewer may see it: the company name when `show` is 1 (or the viewer is its owner or staff), else the contact's surname + 先生/女士-free form '某公司' */
  company_v: z.string(),
  contacts: z.string(),
  tel: z.string(),
  show: z.number().int(),
  province: z.number().int(),
  city: z.number().int(),
  area: z.number().int(),
  region_v: z.string(),
  address: z.string(),
  lng: z.number(),
  lat: z.number(),
  type: z.number().int(),
  type_v: z.string(),
  payment_type: z.number().int(),
  payment_type_v: z.string(),
  remark: z.string(),
  invoice_type: z.number().int(),
  invoice_type_v: z.string(),
  registered_assets: z.number().int(),
  registered_assets_v: z.string(),
  other: z.string(),
  req: ZBiddingReq.nullable(),
  bidding_req_detail: z.array(ZBiddingLine),
});
export type TBiddingBase = z.infer<typeof ZBiddingBase>;
