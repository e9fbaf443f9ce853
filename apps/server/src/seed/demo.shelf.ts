import { SHELF_DAYS, SHELF_DEFAULT_PRICE, SHELF_ORDER, SHELF_STATE } from '@jizu/shared/constants/shelf';
import { eq } from 'drizzle-orm';
import { memberGrants, payOrders, rightBindings, shelfOrders, shelves } from '../db/schema';
import { PLATFORM_ACTOR, recordAudit } from '../modules/audit/audit.service';
import { publicListingIds } from '../modules/equipment/equipment.service';
import { applyMembership } from '../modules/membership/membership.service';
import type { TDemoAreaCtx } from './demo';

const DAY = 86_400_000;

/**
 * Rent-then-buy shelves and device rights of the demo: the provider has an effective, paid order of 2 shelves (one
 * carrying its newest approved listing with rent-to-own terms, one empty) and a paid order of 1 shelf under review.
 * No other area makes a demo member AAA, so the provider is made AAA here (a paid year and its renewal: the first right bound to a device, the second free).
 */
export async function seedShelfDemo({ tx, users, companies }: TDemoAreaCtx) {
  const now = new Date();
  const provider = users.provider;
  const company = companies.provider;
  // the listings' demo runs first (DEMO_AREAS): the provider's newest public machines
  const listings = await publicListingIds(tx, company, 2);

  const order = async (sn: string, num: number, status: number, approvedDaysAgo: number | null) => {
    const paidAt = new Date(now.getTime() - ((approvedDaysAgo ?? 0) + 1) * DAY);
    const amount = SHELF_DEFAULT_PRICE * num;
    await tx.insert(payOrders).values({
      orderSn: `P${sn}`,
      kind: 'shelf',
      userId: provider,
      companyId: company,
      subject: `以租代售货架 ${num}个（${SHELF_DAYS}天）`,
      amount,
      payType: 'wx',
      state: 'SUCCESS',
      payload: { shelf_sn: sn },
      tradeNo: `DEMO${sn}`,
      expiresAt: new Date(paidAt.getTime() + 10 * 60_000),
      paidAt,
      createdAt: paidAt,
    });
    const reviewedAt = approvedDaysAgo === null ? null : new Date(now.getTime() - approvedDaysAgo * DAY);
    const [o] = await tx
      .insert(shelfOrders)
      .values({
        sn,
        companyId: company,
        userId: provider,
        num,
        amount,
        days: SHELF_DAYS,
        status,
        payOrderSn: `P${sn}`,
        paidAt,
        reviewerId: reviewedAt ? users.admin : null,
        reviewedAt,
        createdAt: paidAt,
      })
      .returning();
    await recordAudit(
      tx,
      { userId: provider, companyId: company },
      { entity: 'shelf_order', entityId: o.id, action: 'apply', from: null, to: SHELF_ORDER.unpaid },
    );
    await recordAudit(
      tx,
      { ...PLATFORM_ACTOR, companyId: company },
      { entity: 'shelf_order', entityId: o.id, action: 'pay', from: SHELF_ORDER.unpaid, to: SHELF_ORDER.review },
    );
    if (status === SHELF_ORDER.effective)
      await recordAudit(
        tx,
        { userId: users.admin },
        {
          entity: 'shelf_order',
          entityId: o.id,
          action: 'approve',
          from: SHELF_ORDER.review,
          to: SHELF_ORDER.effective,
        },
      );
    return { o, reviewedAt };
  };

  const { o, reviewedAt } = await order('H20260101000001', 2, SHELF_ORDER.effective, 12);
  const finishTime = new Date(reviewedAt!.getTime() + SHELF_DAYS * DAY);
  const device = listings[0];
  const made = await tx
    .insert(shelves)
    .values([
      device
        ? {
            sn: `${o.sn}-1`,
            companyId: company,
            orderId: o.id,
            finishTime,
            state: SHELF_STATE.filled,
            listingId: device,
            monthRent: 1_800_000,
            leaseTerm: 24,
            sellingPrice: 32_000_000,
          }
        : { sn: `${o.sn}-1`, companyId: company, orderId: o.id, finishTime },
      { sn: `${o.sn}-2`, companyId: company, orderId: o.id, finishTime },
    ])
    .returning();
  for (const s of made) {
    await recordAudit(
      tx,
      { userId: users.admin },
      { entity: 'shelf', entityId: s.id, action: 'create', from: null, to: SHELF_STATE.empty },
    );
    if (s.listingId)
      await recordAudit(
        tx,
        { userId: provider, companyId: company },
        { entity: 'shelf', entityId: s.id, action: 'put', from: SHELF_STATE.empty, to: SHELF_STATE.filled },
      );
  }
  await order('H20260101000002', 1, SHELF_ORDER.review, null);

  // the provider as an AAA member (a paid year), its right bound to a device when there is one
  await applyMembership(tx, provider, 'AAA', 365, 'PDEMOAAA000000000001', 99_900, new Date(now.getTime() - 30 * DAY));
  // a renewal: a second valid right, left unbound so the bind page has something to do
  await applyMembership(tx, provider, 'AAA', 365, 'PDEMOAAA000000000002', 99_900, new Date(now.getTime() - 10 * DAY));
  const bound = listings[1] ?? listings[0];
  if (bound) {
    const [g] = await tx
      .select({ id: memberGrants.id })
      .from(memberGrants)
      .where(eq(memberGrants.orderSn, 'PDEMOAAA000000000001'))
      .limit(1);
    await tx.insert(rightBindings).values({
      grantId: g.id,
      userId: provider,
      companyId: company,
      listingId: bound,
      createdAt: new Date(now.getTime() - 20 * DAY),
    });
    await recordAudit(
      tx,
      { userId: provider, companyId: company },
      { entity: 'member_right', entityId: g.id, action: 'bindDevice', from: 0, to: bound },
    );
  }
}
