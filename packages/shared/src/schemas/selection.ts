import { z } from '../zod';
import { zCompanyScoped, zId, zIntIn, INT4_MAX } from './common';
import { ZBiddingBase } from './biddingView';
import { ZAuditEntry } from './equipment';

/** The tenant's side of a cut-off project (spec/2 §2 item 2, §5 allocation, §7 quote list / select / commit / createOrder). */
export const ZQuoteQuery = zCompanyScoped.extend({
  bid: zId,
  /** the request line (itemised); omitted for a comprehensive project's one table */
  rid: zId.optional(),
  /** price, tax_total and turnover are the spec's; amount (a comprehensive quote's total) is the quote table's too */
  sortName: z.enum(['price', 'tax_total', 'amount', 'turnover']).optional(),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
export type TQuoteQuery = z.infer<typeof ZQuoteQuery>;

export const ZQuoteRow = z.object({
  /** the quote line (itemised) or the offer (comprehensive): what select / deselect take */
  id: z.number().int(),
  offer_id: z.number().int(),
  rid: z.number().int().nullable(),
  /** the provider's company: its review averages show beside the quote (GET /site/review/scores) */
  company_id: z.number().int(),
  company_v: z.string(),
  tel: z.string(),
  num: z.number().int(),
  num_unit_v: z.string(),
  price: z.number().int(),
  price_v: z.string(),
  rate_v: z.string(),
  tax_total: z.number().int(),
  tax_total_v: z.string(),
  inout_price_v: z.string(),
  bid_amount: z.number().int(),
  bid_amount_v: z.string(),
  turnover_v: z.string(),
  status: z.number().int(),
  status_v: z.string(),
  select: z.number().int(),
  select_v: z.string(),
  allot_num: z.number().int(),
  /** the provider's contact: revealed once selected */
  link: z.object({ contacts: z.string(), tel: z.string(), offer_time_v: z.string(), remark: z.string() }),
});
export type TQuoteRow = z.infer<typeof ZQuoteRow>;

export const ZBiddingDetail = ZBiddingBase.extend({
  actions: z.array(z.string()),
  qcode: z.string(),
  history: z.array(ZAuditEntry),
  orders: z.array(
    z.object({ id: z.number().int(), sn: z.string(), provider_name: z.string(), status: z.number().int() }),
  ),
});
export type TBiddingDetail = z.infer<typeof ZBiddingDetail>;

export const ZPreSelectQuery = zCompanyScoped.extend({ id: zId, bid: zId, rid: zId });
export const ZPreSelect = z.object({
  balance: z.number().int(),
  total_num: z.number().int(),
  num: z.number().int(),
  allot_num: z.number().int(),
  default_allot: z.number().int(),
  company_v: z.string(),
});

/** POST /rent/bidding/offerSave: itemised {id (quote line), rid, bid, allot_num}; comprehensive {id (offer)}. */
export const ZAllocationSave = zCompanyScoped.extend({
  id: zId,
  bid: zId.optional(),
  rid: zId.optional(),
  allot_num: zIntIn(0, INT4_MAX).optional(),
});
export type TAllocationSave = z.infer<typeof ZAllocationSave>;
export const ZDeselect = zCompanyScoped.extend({ id: zId, bid: zId.optional(), rid: zId.optional() });

export const ZCompare = z.object({
  providers: z.array(
    z.object({ offer_id: z.number().int(), company_id: z.number().int(), company_v: z.string(), total_v: z.string() }),
  ),
  lines: z.array(
    z.object({
      rid: z.number().int(),
      name: z.string(),
      num: z.number().int(),
      num_unit_v: z.string(),
      limit_v: z.string(),
      cells: z.array(
        z
          .object({
            offer_id: z.number().int(),
            price_v: z.string(),
            tax_total_v: z.string(),
            num: z.number().int(),
            inout_price_v: z.string(),
            lowest: z.boolean(),
            allot_num: z.number().int(),
          })
          .nullable(),
      ),
    }),
  ),
});
export type TCompare = z.infer<typeof ZCompare>;
export const ZCreateOrderPre = z.object({ code: z.number().int(), msg: z.string() });
