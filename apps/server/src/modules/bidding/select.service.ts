import { and, eq, ne, sql } from 'drizzle-orm';
import {
  BIDDING_CLASSIFY,
  BIDDING_MACHINE,
  LINE_SELECT,
  OFFER_STATUS,
  type TBiddingAction,
} from '@jizu/shared/constants/bidding';
import { actionsOf, transitionOf } from '@jizu/shared/rules/machine';
import { biddingFailures, bidding as msg } from '@jizu/shared/messages/bidding';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TAllocationSave, TBiddingDetail } from '@jizu/shared/schemas/selection';
import { inTx, type DB, type Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { listAuditTrail, recordAudit, type TActor } from '../audit/audit.service';
import { findCompanyNames } from '../company/company.service';
import { ordersOfBidding } from '../order/order.create.service';
import { biddingLines, biddingOfferLines, biddingOffers, biddings } from './bidding.tables';
import { biddingBaseView, countResponses, type TBiddingRow } from './bidding.view';
import { requireOwnBidding } from './bidding.access';
import { AUDIT_BIDDING, moveBidding } from './bidding.transition';
import { rowsWhere, wholeRow, rowWhere } from '../../db/rows';

/** The owner's project, read under a row lock so that selections and the confirmation do not interleave. */
export async function lockOwnBidding(tx: Executor, companyId: number, id: number): Promise<TBiddingRow> {
  const b = await requireOwnBidding(tx, companyId, id);
  const [row] = await rowsWhere(tx, biddings, eq(biddings.id, b.id), { lock: 'update' });
  return row;
}
/** What the bidding's table reads of a project row. */
export const stateOf = (b: TBiddingRow, responses = 0) => ({
  status: b.status,
  responses,
  order_status: b.orderStatus,
});
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

/** A quote line of the owner's project, not withdrawn. */
async function quoteOf(tx: Executor, b: TBiddingRow, id: number, rid?: number) {
  const [r] = await tx
    .select({ q: wholeRow(biddingOfferLines), o: wholeRow(biddingOffers) })
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
  const [line] = await rowsWhere(db, biddingLines, eq(biddingLines.id, q.lineId));
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
    const [lq] = await rowsWhere(tx, biddingOfferLines, eq(biddingOfferLines.id, q.id), { lock: 'update' });
    const [line] = await rowsWhere(tx, biddingLines, eq(biddingLines.id, q.lineId));
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
  const o = await rowWhere(
    tx,
    biddingOffers,
    and(
      eq(biddingOffers.id, offerId),
      eq(biddingOffers.biddingId, b.id),
      ne(biddingOffers.status, OFFER_STATUS.withdrawn),
    ),
  );
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
      const o = await rowWhere(tx, biddingOffers, and(eq(biddingOffers.id, v.id), eq(biddingOffers.biddingId, b.id)));
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
    const [lq] = await rowsWhere(tx, biddingOfferLines, eq(biddingOfferLines.id, q.id), { lock: 'update' });
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

export async function selectedProviders(db: Executor, biddingId: number) {
  const offers = await rowsWhere(
    db,
    biddingOffers,
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
