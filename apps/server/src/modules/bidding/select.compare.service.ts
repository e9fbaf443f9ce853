import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { BIDDING_CLASSIFY, OFFER_STATUS, OFFER_STATUS_TEXT, unitText } from '@jizu/shared/constants/bidding';
import { fenToYuanText } from '@jizu/shared/rules/money';
import { maskName, maskPhone } from '@jizu/shared/rules/mask';
import type { TCompare, TQuoteQuery, TQuoteRow } from '@jizu/shared/schemas/selection';
import type { Executor } from '../../db/client';
import { findCompanyNames } from '../company/company.service';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { biddingLines, biddingOfferLines, biddingOffers } from './bidding.tables';
import { biddingBaseView } from './bidding.view';
import { requireOwnBidding } from './bidding.access';
import { rowsWhere, wholeRow } from '../../db/rows';

/** Each provider's turnover on the platform: Σ of its selected quotes' amounts (the quote table's 成交额 sort). */
async function turnovers(db: Executor, companyIds: number[]): Promise<Map<number, number>> {
  if (!companyIds.length) return new Map();
  const rows = await db
    .select({
      id: biddingOfferLines.companyId,
      amount: sql<string>`coalesce(sum(${biddingOfferLines.taxTotal}::bigint * ${biddingOfferLines.allotNum} + case when ${biddingOfferLines.allotNum} > 0 then ${biddingOfferLines.inoutPrice} else 0 end), 0)`,
    })
    .from(biddingOfferLines)
    .innerJoin(biddingOffers, eq(biddingOffers.id, biddingOfferLines.offerId))
    .where(and(inArray(biddingOfferLines.companyId, companyIds), eq(biddingOffers.status, OFFER_STATUS.selected)))
    .groupBy(biddingOfferLines.companyId);
  return new Map(rows.map((r) => [r.id, Number(r.amount)]));
}

/**
 * GET /rent/bidding/reqlst: the quote table of a line (itemised) or of the project (comprehensive: one row per
 * provider, its lines summed). Withdrawn responses are not listed; a provider's contact shows once selected.
 */
export async function quoteTable(
  db: Executor,
  companyId: number,
  q: TQuoteQuery,
): Promise<{ data: TQuoteRow[]; total: number }> {
  const b = await requireOwnBidding(db, companyId, q.bid);
  const total = b.classify === BIDDING_CLASSIFY.total;
  const lineCond = total
    ? eq(biddingOfferLines.biddingId, b.id)
    : and(eq(biddingOfferLines.biddingId, b.id), eq(biddingOfferLines.lineId, q.rid ?? 0));
  const rows = await db
    .select({ q: wholeRow(biddingOfferLines), o: wholeRow(biddingOffers) })
    .from(biddingOfferLines)
    .innerJoin(biddingOffers, eq(biddingOffers.id, biddingOfferLines.offerId))
    .where(and(lineCond, ne(biddingOffers.status, OFFER_STATUS.withdrawn)));
  const lines = new Map((await rowsWhere(db, biddingLines, eq(biddingLines.biddingId, b.id))).map((l) => [l.id, l]));
  const companies = [...new Set(rows.map((r) => r.o.companyId))];
  const [names, turnover] = await Promise.all([findCompanyNames(db, companies), turnovers(db, companies)]);
  type TAgg = {
    id: number;
    o: (typeof rows)[number]['o'];
    rid: number | null;
    num: number;
    price: number;
    rate: number;
    taxTotal: number;
    inout: number;
    amount: number;
    select: number;
    allot: number;
    unit: number;
  };
  const groups = new Map<number, TAgg>();
  for (const { q: ql, o } of rows) {
    const key = total ? o.id : ql.id;
    const g = groups.get(key) ?? {
      id: total ? o.id : ql.id,
      o,
      rid: total ? null : ql.lineId,
      num: 0,
      price: 0,
      rate: ql.rate,
      taxTotal: 0,
      inout: 0,
      amount: 0,
      select: 0,
      allot: 0,
      unit: lines.get(ql.lineId)?.unit ?? 0,
    };
    g.num = total ? Math.max(g.num, ql.num) : ql.num;
    g.price += ql.price;
    g.taxTotal += ql.taxTotal;
    g.inout += ql.inoutPrice;
    g.amount += ql.taxTotal * ql.num + ql.inoutPrice;
    g.select = total ? o.selected : ql.select;
    g.allot += ql.allotNum;
    groups.set(key, g);
  }
  const data = [...groups.values()].map((g): TQuoteRow => {
    const shown = g.select === 1;
    return {
      id: g.id,
      offer_id: g.o.id,
      rid: g.rid,
      company_id: g.o.companyId,
      company_v: names.get(g.o.companyId) ?? '',
      tel: shown ? g.o.tel : maskPhone(g.o.tel),
      num: g.num,
      num_unit_v: unitText(g.unit),
      price: g.price,
      price_v: fenToYuanText(g.price),
      rate_v: `${g.rate}%`,
      tax_total: g.taxTotal,
      tax_total_v: fenToYuanText(g.taxTotal),
      inout_price_v: fenToYuanText(g.inout),
      bid_amount: g.amount,
      bid_amount_v: fenToYuanText(g.amount),
      turnover_v: fenToYuanText(turnover.get(g.o.companyId) ?? 0),
      status: g.o.status,
      status_v: OFFER_STATUS_TEXT[g.o.status] ?? '',
      select: g.select,
      select_v: shown ? '已选择' : '未选择',
      allot_num: g.allot,
      link: {
        contacts: shown ? g.o.contacts : maskName(g.o.contacts),
        tel: shown ? g.o.tel : maskPhone(g.o.tel),
        offer_time_v: shanghaiDateTime(g.o.updatedAt),
        remark: g.o.remark,
      },
    };
  });
  if (q.sortName) {
    const key = (r: TQuoteRow) =>
      q.sortName === 'price'
        ? r.price
        : q.sortName === 'tax_total'
          ? r.tax_total
          : q.sortName === 'amount'
            ? total
              ? r.bid_amount
              : r.tax_total
            : (turnover.get(groups.get(r.id)?.o.companyId ?? 0) ?? 0);
    data.sort((a, c) => (q.sortOrder === 'desc' ? key(c) - key(a) : key(a) - key(c)) || a.id - c.id);
  } else data.sort((a, c) => a.id - c.id);
  return { data, total: data.length };
}

/** GET /rent/bidding/compare: lines × providers, each line's lowest tax-inclusive price flagged. */
export async function compareQuotes(db: Executor, companyId: number, id: number): Promise<TCompare> {
  const b = await requireOwnBidding(db, companyId, id);
  const view = await biddingBaseView(db, b, { publicUrl: '', full: true });
  const rows = await db
    .select({ q: wholeRow(biddingOfferLines), o: wholeRow(biddingOffers) })
    .from(biddingOfferLines)
    .innerJoin(biddingOffers, eq(biddingOffers.id, biddingOfferLines.offerId))
    .where(and(eq(biddingOfferLines.biddingId, b.id), ne(biddingOffers.status, OFFER_STATUS.withdrawn)));
  const offers = [...new Map(rows.map((r) => [r.o.id, r.o])).values()].sort((a, c) => a.id - c.id);
  const names = await findCompanyNames(
    db,
    offers.map((o) => o.companyId),
  );
  const totals = new Map<number, number>();
  for (const { q, o } of rows) totals.set(o.id, (totals.get(o.id) ?? 0) + q.taxTotal * q.num + q.inoutPrice);
  return {
    providers: offers.map((o) => ({
      offer_id: o.id,
      company_id: o.companyId,
      company_v: names.get(o.companyId) ?? '',
      total_v: fenToYuanText(totals.get(o.id) ?? 0),
    })),
    lines: view.bidding_req_detail.map((l) => {
      const quotes = rows.filter((r) => r.q.lineId === l.id);
      const lowest = quotes.length ? Math.min(...quotes.map((r) => r.q.taxTotal)) : null;
      return {
        rid: l.id,
        name: `${l.eq_product_v}${l.model ? ` ${l.model}` : ''}`,
        num: l.num,
        num_unit_v: l.num_unit_v,
        limit_v: l.limit_v,
        cells: offers.map((o) => {
          const r = quotes.find((x) => x.o.id === o.id);
          return r
            ? {
                offer_id: o.id,
                price_v: fenToYuanText(r.q.price),
                tax_total_v: fenToYuanText(r.q.taxTotal),
                num: r.q.num,
                inout_price_v: fenToYuanText(r.q.inoutPrice),
                lowest: r.q.taxTotal === lowest,
                allot_num: r.q.allotNum,
              }
            : null;
        }),
      };
    }),
  };
}
