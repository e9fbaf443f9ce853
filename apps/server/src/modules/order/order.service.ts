import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recordAudit, type TActor } from '../audit/audit.service';
import { makeSn } from '../talk/talk.sn';
import { biddingOfferLines, biddingOffers, biddingLines, biddings } from '../bidding/bidding.tables';
import { rentalOrderLines, rentalOrders } from './order.tables';

export const AUDIT_ORDER = 'rental_order';

/**
 * Creates the draft rental orders of a completed bidding (spec/2 §7 createOrder): one per selected response, its lines
 * the allocations at the quote's prices (a comprehensive project: the chosen response's lines with their quantities).
 * Idempotent: an offer that already has its order is skipped (unique index on offer_id), so a second call creates
 * nothing. Returns the orders created now.
 */
export async function createDraftOrdersFromBidding(tx: Executor, actor: TActor, biddingId: number): Promise<{ id: number; sn: string }[]> {
  const [b] = await tx.select().from(biddings).where(eq(biddings.id, biddingId)).limit(1);
  if (!b) return [];
  const offers = await tx.select().from(biddingOffers).where(and(eq(biddingOffers.biddingId, biddingId), eq(biddingOffers.selected, 1)));
  if (!offers.length) return [];
  const existing = new Set((await tx.select({ offerId: rentalOrders.offerId }).from(rentalOrders).where(inArray(rentalOrders.offerId, offers.map((o) => o.id)))).map((r) => r.offerId));
  const lines = new Map((await tx.select().from(biddingLines).where(eq(biddingLines.biddingId, biddingId))).map((l) => [l.id, l]));
  const created: { id: number; sn: string }[] = [];
  for (const o of offers) {
    if (existing.has(o.id)) continue;
    const quotes = await tx
      .select()
      .from(biddingOfferLines)
      .where(and(eq(biddingOfferLines.offerId, o.id), b.classify === 1 ? gt(biddingOfferLines.allotNum, 0) : gt(biddingOfferLines.num, -1)));
    if (!quotes.length) continue;
    const [order] = await tx
      .insert(rentalOrders)
      .values({
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
      })
      .onConflictDoNothing()
      .returning({ id: rentalOrders.id, sn: rentalOrders.sn });
    if (!order) continue;
    await tx.insert(rentalOrderLines).values(
      quotes.map((q) => {
        const l = lines.get(q.lineId);
        return {
          orderId: order.id,
          biddingLineId: q.lineId,
          productId: l?.productId ?? 0,
          model: l?.model ?? '',
          num: b.classify === 1 ? q.allotNum : q.num,
          unit: l?.unit ?? 0,
          price: q.price,
          rate: q.rate,
          taxTotal: q.taxTotal,
          inoutPrice: q.inoutPrice,
          enterDate: l?.enterDate ?? b.enterDate,
        };
      }),
    );
    await recordAudit(tx, actor, { entity: AUDIT_ORDER, entityId: order.id, action: 'create_draft', from: null, to: 0, reason: `竞价项目 ${b.sn}` });
    created.push(order);
  }
  return created;
}

/** The orders of a bidding (the project detail's links). */
export async function ordersOfBidding(db: Executor, biddingId: number) {
  return db.select({ id: rentalOrders.id, sn: rentalOrders.sn, providerCompanyId: rentalOrders.providerCompanyId, status: rentalOrders.status }).from(rentalOrders).where(eq(rentalOrders.biddingId, biddingId));
}
