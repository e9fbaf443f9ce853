import { z } from '../zod';
import { BIDDING_LIMITS } from '../constants/bidding';
import { offerRules as R } from '../messages/offer';
import { PRICE_MAX_FEN, zYuan } from './money';
import { INT4_MAX, zCompanyScoped, zId, zIntIn, zPage, zPageQuery } from './common';
import { ZBiddingBase } from './biddingView';

/**
 * The provider's responses (spec/2 §3 "Response", §5 Response, §7 /ep/offer*). A quote's prices are sealed: these
 * shapes are answered only to the quoting company, the project owner and staff (offer.service decides).
 */

/** A whole number typed by a person (digits only). */
const zWhole = (required: string, bad: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: required })
    .transform((v) => String(v).trim())
    .refine((s) => s !== '', { error: required })
    .refine((s) => /^\d+$/.test(s) && Number(s) <= max, { error: bad })
    .transform((s) => Number(s));

/** One quoted line (only ticked lines are sent). The line's own bounds (limit, demanded quantity, inout) are checked on the server by rid. */
export const ZOfferLineSave = z.object({
  bid: zId.optional(),
  rid: zId,
  /** the quote line's id on edit (ignored: lines are replaced) */
  id: zId.optional(),
  /** yuan typed, read as fen */
  price: zYuan({ required: R.priceRequired, bad: R.priceBad, max: PRICE_MAX_FEN }),
  rate: zWhole(R.rateRequired, R.rateBad, 100),
  num: zWhole(R.numRequired, R.numWhole, INT4_MAX),
  /** whole yuan typed, read as fen; required when the line's inout is 2 or 3, forced to 0 otherwise (server) */
  inout_price: zYuan({ required: R.inoutRequired, bad: R.inoutBad, max: PRICE_MAX_FEN, whole: true }).optional(),
  /** the client's tax-inclusive price: ignored, the server computes it */
  tax_total: z.unknown().optional(),
});

/** The service information (umessage) of a response. */
export const ZOfferContact = z.object({
  contacts: z
    .string({ error: R.contactsRequired })
    .trim()
    .min(1, { error: R.contactsRequired })
    .max(BIDDING_LIMITS.contactsMax, { error: R.contactsTooLong }),
  tel: z
    .string({ error: R.telRequired })
    .trim()
    .min(1, { error: R.telRequired })
    .regex(/^1[3-9]\d{9}$/, { error: R.telBad }),
  remark: z.string().trim().max(BIDDING_LIMITS.offerRemarkMax, { error: R.remarkTooLong }).default(''),
});

/** POST /ep/offer and PUT /ep/offer/:id. */
export const ZOfferSave = zCompanyScoped.extend({
  bid: zId,
  list: z
    .array(ZOfferLineSave, { error: R.linesRequired })
    .min(1, { error: R.linesRequired })
    .max(BIDDING_LIMITS.linesMax, { error: R.linesTooMany }),
  umessage: ZOfferContact,
});
export type TOfferSave = z.infer<typeof ZOfferSave>;

export const ZOfferQuery = zCompanyScoped.extend(zPageQuery(5).shape).extend({
  status: zIntIn(-1, 6).default(-1),
  address: z.string().trim().max(50).optional(),
  company: z.string().trim().max(100).optional(),
});
export type TOfferQuery = z.infer<typeof ZOfferQuery>;

/** A row of /response (spec/2 §3 "Response"). TotalMoney: Σ tax_total × num + entry/exit fees, the company's own quote. */
export const ZOfferRow = z.object({
  id: z.number().int(),
  bid: z.number().int(),
  sn: z.string(),
  name: z.string(),
  address: z.string(),
  CompanyName: z.string(),
  contacts: z.string(),
  TotalNum: z.number().int(),
  TotalMoney: z.number().int(),
  TotalMoney_v: z.string(),
  end_time: z.string(),
  status: z.number().int(),
  status_v: z.string(),
  classify: z.number().int(),
  classify_v: z.string(),
  create_time: z.string(),
  /** the provider's actions on it now (OFFER_MACHINE): change, withdraw */
  actions: z.array(z.string()),
});
export type TOfferRow = z.infer<typeof ZOfferRow>;
export const ZOfferPage = zPage(ZOfferRow);

/** A quote line as its company, the owner and staff see it. */
export const ZOfferLine = z.object({
  id: z.number().int(),
  bid: z.number().int(),
  rid: z.number().int(),
  no: z.number().int(),
  eq_product_v: z.string(),
  model: z.string(),
  /** demanded quantity of the request line */
  req_num: z.number().int(),
  num: z.number().int(),
  num_to_view: z.string(),
  num_unit_v: z.string(),
  price: z.number().int(),
  price_v: z.string(),
  rate: z.number().int(),
  rate_v: z.string(),
  tax_total: z.number().int(),
  tax_total_v: z.string(),
  inout_price: z.number().int(),
  inout_price_v: z.string(),
  /** tax_total × num + inout_price */
  amount: z.number().int(),
  amount_v: z.string(),
  select: z.number().int(),
  select_v: z.string(),
  allot_num: z.number().int(),
  /** the request line's requirements in one text (payment type, time, entry date, age, driver, inout, oil, boarding) */
  req_lst: z.string(),
});
export type TOfferLine = z.infer<typeof ZOfferLine>;

export const ZOfferDetail = z.object({
  id: z.number().int(),
  bid: z.number().int(),
  status: z.number().int(),
  status_v: z.string(),
  /** 1 when the company may change or withdraw it now */
  editable: z.number().int(),
  contacts: z.string(),
  tel: z.string(),
  remark: z.string(),
  create_time: z.string(),
  update_time: z.string(),
  total_num: z.number().int(),
  total_money: z.number().int(),
  total_money_v: z.string(),
  lines: z.array(ZOfferLine),
});
export type TOfferDetail = z.infer<typeof ZOfferDetail>;

/** GET /ep/offer/:id (or ?bid=): the project and the company's own quote. */
export const ZOfferWithBidding = z.object({ bidding: ZBiddingBase, offer: ZOfferDetail });
export type TOfferWithBidding = z.infer<typeof ZOfferWithBidding>;

/** GET /ep/offer/create and /ep/offer/:id/edit: the project, the lines the company may quote, and (edit) its quote. */
export const ZOfferForm = z.object({
  bidding: ZBiddingBase,
  /** the request line ids that may be quoted (every line; comprehensive: all must be) */
  quotable: z.array(z.number().int()),
  offer: ZOfferDetail.nullable(),
});
export type TOfferForm = z.infer<typeof ZOfferForm>;

export const ZOfferCheck = z.object({ status: z.number().int(), msg: z.string() });

/** GET /rent/bidding/offer: the quote view (/rent/see/{offerId}/{classify}), "Provider company info on a response". */
export const ZOfferView = z.object({
  id: z.number().int(),
  bid: z.number().int(),
  bidding_name: z.string(),
  bidding_sn: z.string(),
  classify: z.number().int(),
  classify_v: z.string(),
  status: z.number().int(),
  status_v: z.string(),
  company_id: z.number().int(),
  name: z.string(),
  shop_href: z.string(),
  /** when the company joined the platform (yyyy-MM-dd) */
  flow_time: z.string(),
  /** ten-thousand yuan, null when not known */
  registered_assets: z.number().int().nullable(),
  found_date: z.string(),
  province_v: z.string(),
  city_v: z.string(),
  area_v: z.string(),
  address: z.string(),
  /** the company's responses on the platform (not withdrawn) */
  response_count: z.number().int(),
  /** its selected responses */
  select_count: z.number().int(),
  /** this quote's total: Σ tax_total × num + entry/exit fees (fen), amount_v its text */
  amount: z.number().int(),
  amount_v: z.string(),
  /** its approved listings */
  equip_count: z.number().int(),
  /** 1 when the contact is shown in full (the viewer is the quoting company, staff, or the owner after selection) */
  link_visible: z.number().int(),
  req_contacts: z.object({ contacts: z.string(), tel: z.string(), create_time: z.string(), remark: z.string() }),
  bidding_offer: z.array(ZOfferLine),
});
export type TOfferView = z.infer<typeof ZOfferView>;

export const ZOfferIdQuery = zCompanyScoped.extend({ id: zId });
export const ZOfferByBidQuery = zCompanyScoped.extend({ bid: zId.optional() });
export const ZOfferCheckQuery = zCompanyScoped.extend({ rid: zId });
