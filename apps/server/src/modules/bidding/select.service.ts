import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  BIDDING_CLASSIFY,
  BIDDING_CLASSIFY_TEXT,
  BIDDING_MACHINE,
  BIDDING_STATUS,
  LINE_SELECT,
  OFFER_STATUS,
  OFFER_STATUS_TEXT,
  unitText,
  type TBiddingAction,
} from '@jizu/shared/constants/bidding';
import { actionsOf, transitionOf } from '@jizu/shared/rules/machine';
import { biddingFailures, bidding as msg } from '@jizu/shared/messages/bidding';
import { fmt } from '@jizu/shared/messages/fmt';
import { fenToYuanText } from '@jizu/shared/rules/money';
import { maskName, maskPhone } from '@jizu/shared/rules/mask';
import type { TAllocationSave, TBiddingDetail, TCompare, TQuoteQuery, TQuoteRow } from '@jizu/shared/schemas/selection';
import { inTx, type DB, type Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { listAuditTrail, recordAudit, type TActor } from '../audit/audit.service';
import { findCompanyNames } from '../company/company.service';
import { shanghaiDate, shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { createDraftOrdersFromBidding, ordersOfBidding } from '../order/order.create.service';
import { biddingLines, biddingOfferLines, biddingOffers, biddings } from './bidding.tables';
import { biddingBaseView, countResponses, type TBiddingRow } from './bidding.view';
import { requireOwnBidding } from './bidding.access';
import { AUDIT_BIDDING, moveBidding } from './bidding.transition';

/** The owner's project, read under a row lock so that selections and the confirmation do not interleave. */
async function lockOwnBidding(tx: Executor, companyId: number, id: number): Promise<TBiddingRow> {
  const b = await requireOwnBidding(tx, companyId, id);
  const [row] = await tx.select().from(biddings).where(eq(biddings.id, b.id)).for('update');
  return row;
}
/** What the bidding's table reads of a project row. */
const stateOf = (b: TBiddingRow, responses = 0) => ({ status: b.status, responses, order_status: b.orderStatus });
/** The owner's action must be allowed now (BIDDING_MACHINE), else the one state refusal. */
const mustAllow = (b: TBiddingRow, action: TBiddingAction) => {
  if (!transitionOf(BIDDING_MACHINE, stateOf(b), action, 'owner')) throw new AppError('BIDDING_STATE');
};

/** GET /rent/bidding/detail: the owner's full view with its buttons, QR code, history and orders. */
export async function biddingDetail(
  db: Executor,
  publicUrl: string,
  companyId: number,
  id: number,
): Promise<TBiddingDetail> {
  const b = await requireOwnBidding(db, companyId, id);
  const [view, history, orders, counts] = await Promise.all([
    biddingBaseView(db, b, { publicUrl, full: true }),
    listAuditTrail(db, AUDIT_BIDDING, b.id),
    ordersOfBidding(db, b.id),
    countResponses(db, [b.id]),
  ]);
  const names = await findCompanyNames(
    db,
    orders.map((o) => o.providerCompanyId),
  );
  return {
    ...view,
    actions: actionsOf(BIDDING_MACHINE, stateOf(b, counts.get(b.id) ?? 0), 'owner'),
    qcode: transitionOf(BIDDING_MACHINE, stateOf(b), 'report', 'owner') ? `/api/rent/bidding/qrcode?id=${b.id}` : '',
    history,
    orders: orders.map((o) => ({
      id: o.id,
      sn: o.sn,
      provider_name: names.get(o.providerCompanyId) ?? '',
      status: o.status,
    })),
  };
}

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
    .select({ q: biddingOfferLines, o: biddingOffers })
    .from(biddingOfferLines)
    .innerJoin(biddingOffers, eq(biddingOffers.id, biddingOfferLines.offerId))
    .where(and(lineCond, ne(biddingOffers.status, OFFER_STATUS.withdrawn)));
  const lines = new Map(
    (await db.select().from(biddingLines).where(eq(biddingLines.biddingId, b.id))).map((l) => [l.id, l]),
  );
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
    .select({ q: biddingOfferLines, o: biddingOffers })
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

/** A quote line of the owner's project, not withdrawn. */
async function quoteOf(tx: Executor, b: TBiddingRow, id: number, rid?: number) {
  const [r] = await tx
    .select({ q: biddingOfferLines, o: biddingOffers })
    .from(biddingOfferLines)
    .innerJoin(biddingOffers, eq(biddingOffers.id, biddingOfferLines.offerId))
    .where(
      and(
        eq(biddingOfferLines.id, id),
        eq(biddingOfferLines.biddingId, b.id),
        ne(biddingOffers.status, OFFER_STATUS.withdrawn),
      ),
    )
    .limit(1);
  if (!r || (rid && r.q.lineId !== rid)) throw new AppError('BIDDING_QUOTE_NOT_FOUND');
  return r;
}

/** GET /rent/bidding/select: the allocation dialog's numbers; balance counts this quote's current allocation back in. */
export async function preSelect(db: Executor, companyId: number, v: { id: number; bid: number; rid: number }) {
  const b = await requireOwnBidding(db, companyId, v.bid);
  const { q, o } = await quoteOf(db, b, v.id, v.rid);
  const [line] = await db.select().from(biddingLines).where(eq(biddingLines.id, q.lineId));
  const balance = line.num - line.allotNum + q.allotNum;
  const names = await findCompanyNames(db, [o.companyId]);
  return {
    balance,
    total_num: line.num,
    num: q.num,
    allot_num: q.allotNum,
    default_allot: Math.min(q.num, balance),
    company_v: names.get(o.companyId) ?? '',
  };
}

/** Recomputes an offer's `selected` flag from its quote lines (itemised: any allocation). */
async function refreshOfferSelected(tx: Executor, offerId: number) {
  await tx
    .update(biddingOffers)
    .set({
      selected: sql`(case when exists (select 1 from ${biddingOfferLines} where ${biddingOfferLines.offerId} = ${offerId} and ${biddingOfferLines.allotNum} > 0) then 1 else 0 end)::smallint`,
    })
    .where(eq(biddingOffers.id, offerId));
}

/**
 * POST /rent/bidding/offerSave. Itemised: sets a quote's allocation to 0..balance; the line's total moves by
 * compare-and-set (`allot_num + delta <= num`), so concurrent saves never over-allocate. Comprehensive: the one
 * chosen response (another already chosen is refused).
 */
export async function saveAllocation(db: DB, actor: TActor, companyId: number, v: TAllocationSave) {
  await inTx(db, async (tx) => {
    const bid = v.bid ?? (await bidOfTarget(tx, v.id, v.rid === undefined && v.allot_num === undefined));
    const b = await lockOwnBidding(tx, companyId, bid);
    mustAllow(b, 'select');
    if (b.classify === BIDDING_CLASSIFY.total) return selectTotal(tx, actor, b, v.id);
    const { q, o } = await quoteOf(tx, b, v.id, v.rid);
    const [lq] = await tx.select().from(biddingOfferLines).where(eq(biddingOfferLines.id, q.id)).for('update');
    const [line] = await tx.select().from(biddingLines).where(eq(biddingLines.id, q.lineId));
    const balance = line.num - line.allotNum + lq.allotNum;
    const n = v.allot_num ?? Math.min(lq.num, balance);
    if (!Number.isInteger(n) || n < 0 || n > balance)
      throw new AppError('BIDDING_ALLOT', fmt(biddingFailures.allotBad, { n: balance }));
    const delta = n - lq.allotNum;
    const [moved] = await tx
      .update(biddingLines)
      .set({ allotNum: sql`${biddingLines.allotNum} + ${delta}` })
      .where(
        and(
          eq(biddingLines.id, line.id),
          sql`${biddingLines.allotNum} + ${delta} <= ${biddingLines.num}`,
          sql`${biddingLines.allotNum} + ${delta} >= 0`,
        ),
      )
      .returning();
    if (!moved)
      throw new AppError(
        'BIDDING_ALLOT',
        fmt(biddingFailures.allotBad, { n: Math.max(0, line.num - line.allotNum + lq.allotNum) }),
      );
    await tx
      .update(biddingOfferLines)
      .set({ allotNum: n, select: n > 0 ? 1 : 0 })
      .where(eq(biddingOfferLines.id, lq.id));
    await refreshOfferSelected(tx, o.id);
    await refreshLineState(tx, line.id);
    const names = await findCompanyNames(tx, [o.companyId]);
    await recordAudit(tx, actor, {
      entity: AUDIT_BIDDING,
      entityId: b.id,
      action: n > 0 ? 'select' : 'deselect',
      from: b.status,
      to: b.status,
      reason: `${names.get(o.companyId) ?? ''} 第${line.no}项 分配 ${n}`,
    });
  });
}

/** The bidding of a quote line (itemised) or of an offer (comprehensive), when the client sent only the id. */
async function bidOfTarget(tx: Executor, id: number, isOffer: boolean): Promise<number> {
  if (isOffer) {
    const [o] = await tx
      .select({ bid: biddingOffers.biddingId })
      .from(biddingOffers)
      .where(eq(biddingOffers.id, id))
      .limit(1);
    if (o) return o.bid;
  }
  const [q] = await tx
    .select({ bid: biddingOfferLines.biddingId })
    .from(biddingOfferLines)
    .where(eq(biddingOfferLines.id, id))
    .limit(1);
  if (!q) throw new AppError('BIDDING_QUOTE_NOT_FOUND');
  return q.bid;
}

/** A line's response_com_status: 1 while any provider has an allocation on it, else 2 once a selection was cancelled. */
async function refreshLineState(tx: Executor, lineId: number) {
  await tx
    .update(biddingLines)
    .set({
      selectState: sql`(case when ${biddingLines.allotNum} > 0 then ${LINE_SELECT.chosen} else ${LINE_SELECT.cancelled} end)::smallint`,
    })
    .where(eq(biddingLines.id, lineId));
}

async function selectTotal(tx: Executor, actor: TActor, b: TBiddingRow, offerId: number) {
  const [o] = await tx
    .select()
    .from(biddingOffers)
    .where(
      and(
        eq(biddingOffers.id, offerId),
        eq(biddingOffers.biddingId, b.id),
        ne(biddingOffers.status, OFFER_STATUS.withdrawn),
      ),
    )
    .limit(1);
  if (!o) throw new AppError('BIDDING_QUOTE_NOT_FOUND');
  const [other] = await tx
    .select({ id: biddingOffers.id })
    .from(biddingOffers)
    .where(and(eq(biddingOffers.biddingId, b.id), eq(biddingOffers.selected, 1), ne(biddingOffers.id, offerId)))
    .limit(1);
  if (other) throw new AppError('BIDDING_ONE_PROVIDER');
  if (o.selected === 1) return;
  await tx.update(biddingOffers).set({ selected: 1 }).where(eq(biddingOffers.id, o.id));
  await tx
    .update(biddingOfferLines)
    .set({ select: 1, allotNum: sql`${biddingOfferLines.num}` })
    .where(eq(biddingOfferLines.offerId, o.id));
  await tx
    .update(biddingLines)
    .set({ allotNum: sql`${biddingLines.num}`, selectState: LINE_SELECT.chosen })
    .where(eq(biddingLines.biddingId, b.id));
  const names = await findCompanyNames(tx, [o.companyId]);
  await recordAudit(tx, actor, {
    entity: AUDIT_BIDDING,
    entityId: b.id,
    action: 'select',
    from: b.status,
    to: b.status,
    reason: names.get(o.companyId) ?? '',
  });
}

/** POST /rent/bidding/deselect: releases a quote's allocation (itemised) or the chosen response (comprehensive). */
export async function deselect(
  db: DB,
  actor: TActor,
  companyId: number,
  v: { id: number; bid?: number; rid?: number },
) {
  await inTx(db, async (tx) => {
    const bid = v.bid ?? (await bidOfTarget(tx, v.id, v.rid === undefined));
    const b = await lockOwnBidding(tx, companyId, bid);
    mustAllow(b, 'deselect');
    if (b.classify === BIDDING_CLASSIFY.total) {
      const [o] = await tx
        .select()
        .from(biddingOffers)
        .where(and(eq(biddingOffers.id, v.id), eq(biddingOffers.biddingId, b.id)))
        .limit(1);
      if (!o) throw new AppError('BIDDING_QUOTE_NOT_FOUND');
      if (o.selected !== 1) return;
      await tx.update(biddingOffers).set({ selected: 0 }).where(eq(biddingOffers.id, o.id));
      await tx.update(biddingOfferLines).set({ select: 0, allotNum: 0 }).where(eq(biddingOfferLines.offerId, o.id));
      await tx
        .update(biddingLines)
        .set({ allotNum: 0, selectState: LINE_SELECT.cancelled })
        .where(eq(biddingLines.biddingId, b.id));
      const names = await findCompanyNames(tx, [o.companyId]);
      await recordAudit(tx, actor, {
        entity: AUDIT_BIDDING,
        entityId: b.id,
        action: 'deselect',
        from: b.status,
        to: b.status,
        reason: names.get(o.companyId) ?? '',
      });
      return;
    }
    const { q, o } = await quoteOf(tx, b, v.id, v.rid);
    const [lq] = await tx.select().from(biddingOfferLines).where(eq(biddingOfferLines.id, q.id)).for('update');
    if (lq.allotNum === 0 && lq.select === 0) return;
    await tx
      .update(biddingLines)
      .set({ allotNum: sql`${biddingLines.allotNum} - ${lq.allotNum}` })
      .where(eq(biddingLines.id, lq.lineId));
    await tx.update(biddingOfferLines).set({ allotNum: 0, select: 0 }).where(eq(biddingOfferLines.id, lq.id));
    await refreshOfferSelected(tx, o.id);
    await refreshLineState(tx, lq.lineId);
    const names = await findCompanyNames(tx, [o.companyId]);
    await recordAudit(tx, actor, {
      entity: AUDIT_BIDDING,
      entityId: b.id,
      action: 'deselect',
      from: b.status,
      to: b.status,
      reason: names.get(o.companyId) ?? '',
    });
  });
}

async function selectedProviders(db: Executor, biddingId: number) {
  const offers = await db
    .select()
    .from(biddingOffers)
    .where(
      and(
        eq(biddingOffers.biddingId, biddingId),
        eq(biddingOffers.selected, 1),
        ne(biddingOffers.status, OFFER_STATUS.withdrawn),
      ),
    );
  const names = await findCompanyNames(
    db,
    offers.map((o) => o.companyId),
  );
  return offers.map((o) => ({ offer: o, name: names.get(o.companyId) ?? '' }));
}

/** POST /rent/bidding/commit: the text of the confirm before the selection is confirmed (refused when nothing is selected). */
export async function commitCheck(db: Executor, companyId: number, id: number): Promise<{ text: string }> {
  const b = await requireOwnBidding(db, companyId, id);
  mustAllow(b, 'confirm');
  const chosen = await selectedProviders(db, b.id);
  if (!chosen.length) throw new AppError('BIDDING_NOTHING_SELECTED');
  const view = await biddingBaseView(db, b, { publicUrl: '', full: true });
  const open =
    b.classify === BIDDING_CLASSIFY.itemised
      ? view.bidding_req_detail.filter((l) => l.allot_num === 0).map((l) => `第${l.no}项 ${l.eq_product_v}`)
      : [];
  return {
    text: fmt(msg.commitAsk, {
      names: chosen.map((c) => c.name).join('、'),
      unselected: open.length ? fmt(msg.commitUnselected, { lines: open.join('、') }) : '',
    }),
  };
}

/** POST /rent/bidding/confirm: 2 → 3 with at least one selection; the responses move to selected / not selected. */
export async function confirmSelection(db: DB, actor: TActor, companyId: number, id: number) {
  await inTx(db, async (tx) => {
    const b = await lockOwnBidding(tx, companyId, id);
    mustAllow(b, 'confirm');
    if (!(await selectedProviders(tx, b.id)).length) throw new AppError('BIDDING_NOTHING_SELECTED');
    await moveBidding(tx, actor, b, 'confirm', 'owner', { set: { finishedAt: new Date() } });
  });
}

/**
 * The add-order page's list (GET /rent/order/createPre): the company's completed projects whose orders are not yet
 * created, each with its selected providers. On biddings_company_status_idx.
 */
export async function orderCandidates(db: Executor, companyId: number) {
  const rows = await db
    .select()
    .from(biddings)
    .where(
      and(
        eq(biddings.companyId, companyId),
        eq(biddings.status, BIDDING_STATUS.completed),
        eq(biddings.orderStatus, 0),
      ),
    )
    .orderBy(desc(biddings.id))
    .limit(100);
  return Promise.all(
    rows.map(async (b) => ({
      id: b.id,
      sn: b.sn,
      name: b.name,
      classify_v: BIDDING_CLASSIFY_TEXT[b.classify] ?? '',
      finish_date_v: shanghaiDate(b.finishedAt),
      providers: (await selectedProviders(db, b.id)).map((c) => c.name),
    })),
  );
}

/** POST /rent/bidding/createOrderPre: code 1001 with the confirmation text while orders are still to create, else 200. */
export async function createOrderPre(
  db: Executor,
  companyId: number,
  id: number,
): Promise<{ code: number; msg: string }> {
  const b = await requireOwnBidding(db, companyId, id);
  if (!transitionOf(BIDDING_MACHINE, stateOf(b), 'report', 'owner')) throw new AppError('BIDDING_NOT_COMPLETED');
  // a completed project whose orders were made already: nothing to confirm
  if (!transitionOf(BIDDING_MACHINE, stateOf(b), 'create_order', 'owner')) return { code: 200, msg: '' };
  const chosen = await selectedProviders(db, b.id);
  return {
    code: 1001,
    msg: fmt(msg.createOrderAsk, { n: chosen.length, names: chosen.map((c) => c.name).join('、') }),
  };
}

/** POST /rent/bidding/createOrder: the draft orders, once (order_status 0 → 1 by compare-and-set). */
export async function createOrders(db: DB, actor: TActor, companyId: number, id: number) {
  return inTx(db, async (tx) => {
    const b = await lockOwnBidding(tx, companyId, id);
    if (!transitionOf(BIDDING_MACHINE, stateOf(b), 'report', 'owner')) throw new AppError('BIDDING_NOT_COMPLETED');
    const created = await createDraftOrdersFromBidding(tx, actor, b.id);
    if (transitionOf(BIDDING_MACHINE, stateOf(b), 'create_order', 'owner')) {
      await tx
        .update(biddings)
        .set({ orderStatus: 1, updatedAt: new Date() })
        .where(and(eq(biddings.id, b.id), eq(biddings.orderStatus, 0)));
      await recordAudit(tx, actor, {
        entity: AUDIT_BIDDING,
        entityId: b.id,
        action: 'create_order',
        from: b.status,
        to: b.status,
        reason: created.map((o) => o.sn).join('、'),
      });
    }
    return { orders: created };
  });
}
