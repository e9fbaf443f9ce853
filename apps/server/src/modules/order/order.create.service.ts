import { BIDDING_CLASSIFY } from '@jizu/shared/constants/bidding';
import type { Executor } from '../../db/client';
import { recordAudit, type TActor } from '../audit/audit.service';
import { makeSn } from '../talk/talk.sn';
import { findBidding } from '../bidding/bidding.access';
import { linesOfBidding, orderedQuotes, selectedOffers } from '../bidding/bidding.repo';
import * as repo from './order.repo';
import { AUDIT_ORDER } from './order.view';

/** The rental orders a completed bidding project makes (select.service completes it), and the project's links to them. */

/**
 * Creates the draft rental orders of a completed bidding (spec/2 §7 createOrder): one per selected response, its lines
 * the allocations at the quote's prices (a comprehensive project: the chosen response's lines with their quantities).
 * Idempotent: an offer that already has its order is skipped (unique index on offer_id), so a second call creates
 * nothing. Returns the orders created now.
 */
export async function createDraftOrdersFromBidding(
  tx: Executor,
  actor: TActor,
  biddingId: number,
): Promise<{ id: number; sn: string }[]> {
  const b = await findBidding(tx, biddingId);
  if (!b) return [];
  const offers = await selectedOffers(tx, biddingId);
  if (!offers.length) return [];
  const existing = await repo.offersWithOrders(
    tx,
    offers.map((o) => o.id),
  );
  const lines = new Map((await linesOfBidding(tx, biddingId)).map((l) => [l.id, l]));
  const created: { id: number; sn: string }[] = [];
  for (const o of offers) {
    if (existing.has(o.id)) continue;
    const quotes = await orderedQuotes(tx, o.id, b.classify);
    if (!quotes.length) continue;
    const order = await repo.insertDraftOrder(tx, {
      sn: makeSn('DD'),
      biddingId,
      offerId: o.id,
      classify: b.classify,
      tenantCompanyId: b.companyId,
      providerCompanyId: o.companyId,
      status: 0,
      projectName: b.name,
      projectType: b.type,
      projectAddress: b.address,
      paymentType: b.paymentType,
      tenantContacts: b.contacts,
      tenantTel: b.tel,
      providerContacts: o.contacts,
      providerTel: o.tel,
    });
    if (!order) continue;
    await repo.insertOrderLines(
      tx,
      quotes.map((q) => {
        const l = lines.get(q.lineId);
        return {
          orderId: order.id,
          biddingLineId: q.lineId,
          productId: l?.productId ?? 0,
          model: l?.model ?? '',
          num: b.classify === BIDDING_CLASSIFY.itemised ? q.allotNum : q.num,
          unit: l?.unit ?? 0,
          price: q.price,
          rate: q.rate,
          taxTotal: q.taxTotal,
          inoutPrice: q.inoutPrice,
          enterDate: l?.enterDate ?? b.enterDate,
          origEnterDate: l?.enterDate ?? b.enterDate,
        };
      }),
    );
    await recordAudit(tx, actor, {
      entity: AUDIT_ORDER,
      entityId: order.id,
      action: 'create_draft',
      from: null,
      to: 0,
      reason: `竞价项目 ${b.sn}`,
    });
    created.push(order);
  }
  return created;
}

/** The orders of a bidding (the project detail's links). */
export const ordersOfBidding = repo.ordersOfBidding;
