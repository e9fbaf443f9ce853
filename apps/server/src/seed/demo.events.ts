import { and, desc, eq } from 'drizzle-orm';
import { MENU } from '@jizu/shared/constants/menu';
import { ORDER_STATUS } from '@jizu/shared/constants/order';
import { biddingOffers, biddings, companies, inquiries, rentalOrders } from '../db/schema';
import { publishEvent } from '../modules/events/events.service';
import type { TDemoAreaCtx } from './demo';

/**
 * Recent live notifications of the demo (the header's stream replays them by Last-Event-ID, the bench's and the
 * journeys' users find some): the areas before wrote their rows with SQL, so the events of their latest changes are
 * told here as the services would have told them: the provider's latest inquiry received and order waiting for it,
 * the tenant's latest response received. The system messages the areas wrote through createMessage told theirs.
 */
export async function seedEventsDemo({ tx, companies: co }: TDemoAreaCtx): Promise<void> {
  const [inq] = await tx
    .select({ sn: inquiries.sn, from: companies.name })
    .from(inquiries)
    .innerJoin(companies, eq(companies.id, inquiries.fromCompanyId))
    .where(eq(inquiries.toCompanyId, co.provider))
    .orderBy(desc(inquiries.id))
    .limit(1);
  if (inq)
    await publishEvent(tx, {
      type: 'inquiry',
      companyId: co.provider,
      menu: MENU.talkReceive,
      link: '/talk/receive',
      vars: { from: inq.from, name: '', sn: inq.sn },
    });
  const [o] = await tx
    .select({ id: rentalOrders.id, sn: rentalOrders.sn })
    .from(rentalOrders)
    .where(and(eq(rentalOrders.providerCompanyId, co.provider), eq(rentalOrders.status, ORDER_STATUS.submitted)))
    .orderBy(desc(rentalOrders.id))
    .limit(1);
  if (o)
    await publishEvent(tx, {
      type: 'order_submit',
      companyId: co.provider,
      menu: MENU.leaseOrder,
      link: `/rent-order/confirm/${o.id}`,
      vars: { sn: o.sn },
    });
  const [off] = await tx
    .select({ name: biddings.name, from: companies.name })
    .from(biddingOffers)
    .innerJoin(biddings, eq(biddings.id, biddingOffers.biddingId))
    .innerJoin(companies, eq(companies.id, biddingOffers.companyId))
    .where(eq(biddings.companyId, co.tenant))
    .orderBy(desc(biddingOffers.id))
    .limit(1);
  if (off)
    await publishEvent(tx, {
      type: 'offer',
      companyId: co.tenant,
      menu: MENU.rentCompete,
      link: '/rent/compete',
      vars: { from: off.from, name: off.name },
    });
}
