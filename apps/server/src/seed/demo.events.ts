import { desc, eq } from 'drizzle-orm';
import { MENU } from '@jizu/shared/constants/menu';
import { companies, inquiries } from '../db/schema';
import { listingCards } from '../modules/equipment/equipment.service';
import { publishEvent } from '../modules/events/events.service';
import type { TDemoAreaCtx } from './demo';

/**
 * Recent live notifications of the demo (a stream opened with Last-Event-ID 0 replays them): the orders, contracts,
 * payments, responses and system messages the areas made through the services told theirs as they were made; the
 * inquiries the talk area wrote with SQL did not, so the provider's latest inquiry received is told here, as
 * talk.service would have told it.
 */
export async function seedEventsDemo({ tx, companies: co }: TDemoAreaCtx): Promise<void> {
  const [inq] = await tx
    .select({ sn: inquiries.sn, from: companies.name, listingId: inquiries.listingId })
    .from(inquiries)
    .innerJoin(companies, eq(companies.id, inquiries.fromCompanyId))
    .where(eq(inquiries.toCompanyId, co.provider))
    .orderBy(desc(inquiries.id))
    .limit(1);
  if (!inq) return;
  const [card] = inq.listingId ? await listingCards(tx, [inq.listingId]) : [];
  await publishEvent(tx, {
    type: 'inquiry',
    companyId: co.provider,
    menu: MENU.talkReceive,
    link: '/talk/receive',
    vars: { from: inq.from, name: card?.product_name_v ?? '', sn: inq.sn },
  });
}
