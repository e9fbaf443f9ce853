import { and, asc, eq } from 'drizzle-orm';
import type { DB } from '../db/client';
import { rentalOrderLines, rentalOrders } from '../modules/order/order.tables';
import { addReview } from '../modules/review/review.service';
import { orderReviews } from '../modules/review/review.tables';
import { makeSn } from '../modules/talk/talk.sn';
import type { TDemoAreaCtx } from './demo';

const DAY = 86_400_000;

/** Finished orders of earlier projects: the provider, the days since completion, and what each side wrote. */
const PAST = [
  {
    name: '前滩商务区地下车库土方工程挖掘机租赁',
    days: 40,
    provider: 'provider',
    tenant: { equipment: 5, punctual: 5, service: 4, content: '设备车况很好，机手操作熟练，按约定时间进场。' },
    back: { payment: 5, cooperation: 4, content: '项目部付款及时，现场指挥清楚，合作愉快。' },
  },
  {
    name: '川沙新镇市政道路改造压路机租赁',
    days: 20,
    provider: 'provider',
    tenant: { equipment: 4, punctual: 5, service: 5, content: '响应快，设备故障当天就派人处理了。' },
    back: { payment: 4, cooperation: 5, content: '' },
  },
  {
    name: '临港新片区标准厂房吊装汽车吊租赁',
    days: 8,
    provider: 'provider',
    tenant: { equipment: 4, punctual: 4, service: 4, content: '整体满意，进场手续资料齐全。' },
    back: { payment: 5, cooperation: 5, content: '结算对账清楚，回款准时。' },
  },
  {
    name: '张江科学城配套道路装载机租赁',
    days: 12,
    provider: 'provider2',
    tenant: { equipment: 3, punctual: 4, service: 4, content: '设备稍旧，但不影响施工。' },
    back: { payment: 4, cooperation: 4, content: '' },
  },
  // completed lately and not yet reviewed by either side: the 评价 action of both order pages
  { name: '周浦镇排水管网改造小型挖掘机租赁', days: 3, provider: 'provider', tenant: null, back: null },
] as const;

/**
 * Reviews after an order (issue 29 §2): finished orders of earlier projects between the demo tenant and providers,
 * reviewed by both sides through the review service (so they are published as a real second review publishes them),
 * and one completed order still waiting for both reviews. The demo shop page shows the provider's averages.
 */
export async function seedReviewDemo(ctx: TDemoAreaCtx) {
  const { tx, users, companies: co } = ctx;
  const db = tx as unknown as DB; // the service opens its own transaction: a savepoint inside the demo's
  // the lines are copied from an existing demo order, so the finished orders show machines like the others
  const [model] = await tx
    .select()
    .from(rentalOrders)
    .where(and(eq(rentalOrders.tenantCompanyId, co.tenant), eq(rentalOrders.providerCompanyId, co.provider)))
    .orderBy(asc(rentalOrders.id))
    .limit(1);
  const lines = model
    ? await tx.select().from(rentalOrderLines).where(eq(rentalOrderLines.orderId, model.id)).limit(2)
    : [];
  const tenant = { userId: users.tenant, companyId: co.tenant, ip: '127.0.0.1' };
  for (const p of PAST) {
    const providerId = co[p.provider];
    const done = new Date(Date.now() - p.days * DAY);
    const start = new Date(done.getTime() - 60 * DAY);
    const [o] = await tx
      .insert(rentalOrders)
      .values({
        sn: makeSn('DD', start.getTime()),
        classify: 1,
        tenantCompanyId: co.tenant,
        providerCompanyId: providerId,
        status: 3,
        providerStatus: 1,
        projectName: p.name,
        projectType: 2,
        projectAddress: '上海市浦东新区',
        paymentType: model?.paymentType ?? 1,
        tenantContacts: '陈建国',
        tenantTel: '13800000001',
        providerContacts: '王立恒',
        providerTel: '13800000002',
        submittedAt: start,
        confirmedAt: start,
        // completed now while the reviews are written, then dated back (the window of the oldest closed long ago)
        completedAt: new Date(),
        createdAt: start,
        updatedAt: done,
      })
      .returning();
    if (lines.length)
      await tx.insert(rentalOrderLines).values(lines.map(({ id: _id, ...l }) => ({ ...l, orderId: o.id })));
    if (p.tenant)
      await addReview(db, tenant, co.tenant, users.tenant, { side: 'tenant', v: { id: o.id, ...p.tenant } });
    if (p.back) {
      const userId = users[p.provider];
      await addReview(db, { userId, companyId: providerId, ip: '127.0.0.1' }, providerId, userId, {
        side: 'provider',
        v: { id: o.id, ...p.back },
      });
    }
    await tx.update(rentalOrders).set({ completedAt: done }).where(eq(rentalOrders.id, o.id));
    const written = new Date(Math.min(done.getTime() + 2 * DAY, Date.now()));
    await tx.update(orderReviews).set({ createdAt: written, publishAt: written }).where(eq(orderReviews.orderId, o.id));
  }
}
