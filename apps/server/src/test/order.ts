import { eq, inArray, sql } from 'drizzle-orm';
import { taxInclusiveFen } from '@jizu/shared/rules/money';
import type { TDatabase } from '../db/client';
import { companies } from '../db/schema';
import { biddingLines, biddingOfferLines, biddingOffers, biddings } from '../modules/bidding/bidding.tables';
import { seedBidding } from './bidding';
import { seedUser } from './harness';

type TDb = TDatabase['db'];
const coName = (p: string) => `${p}${Math.random().toString(36).slice(2, 6)}有限公司`;

/**
 * A completed itemised bidding of a verified tenant with the whole of each line allocated to `providers` providers
 * (the first takes line 1, the last line 2): what POST /rent/order/createOk turns into draft orders. Written straight
 * to the tables; the selection itself is tested in select.test.ts.
 */
export async function seedCompletedBidding(db: TDb, opts: { providers?: number; verified?: boolean } = {}) {
  const tenant = await seedUser(db, { companyName: coName('承租建设') });
  if (opts.verified !== false) await db.update(companies).set({ status: 1, registNo: `91320500${Math.random().toString().slice(2, 12)}`, super: 1 }).where(eq(companies.id, tenant.company.id));
  const providers = [];
  for (let i = 0; i < (opts.providers ?? 1); i++) {
    const p = await seedUser(db, { companyName: coName(`服务商${i}`) });
    await db.update(companies).set({ status: 1, super: 1, finance: 1 }).where(eq(companies.id, p.company.id));
    providers.push(p);
  }
  const { bidding, lines } = await seedBidding(db, tenant.company.id, tenant.user.id, { status: 3, finishedAt: new Date() });
  for (const [i, p] of providers.entries()) {
    const [o] = await db
      .insert(biddingOffers)
      .values({ biddingId: bidding.id, companyId: p.company.id, userId: p.user.id, status: 4, selected: 1, contacts: '李四', tel: '13911112222' })
      .returning();
    const mine = providers.length === 1 ? lines : lines.filter((_, j) => (i === 0 ? j === 0 : j > 0));
    await db.insert(biddingOfferLines).values(
      lines.map((l) => ({ offerId: o.id, biddingId: bidding.id, lineId: l.id, companyId: p.company.id, price: 28_000, rate: 13, num: l.num, inoutPrice: 500, taxTotal: taxInclusiveFen(28_000, 13), allotNum: mine.includes(l) ? l.num : 0 })),
    );
  }
  await db.update(biddingLines).set({ selectState: 1, allotNum: sql`${biddingLines.num}` }).where(inArray(biddingLines.id, lines.map((l) => l.id)));
  const [b] = await db.select().from(biddings).where(eq(biddings.id, bidding.id));
  return { tenant, providers, bidding: b, lines };
}
