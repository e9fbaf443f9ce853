import { eq, inArray, sql } from 'drizzle-orm';
import { taxInclusiveFen } from '@jizu/shared/rules/money';
import type { TDatabase } from '../db/client';
import { companies } from '../db/schema';
import { biddingLines, biddingOfferLines, biddingOffers, biddings } from '../modules/bidding/bidding.tables';
import { seedBidding } from './bidding';
import { seedUser } from './harness';
import { rowsWhere } from '../db/rows';

type TDb = TDatabase['db'];
const coName = (p: string) => `${p}${Math.random().toString(36).slice(2, 6)}有限公司`;

/**
 * A completed itemised bidding of a verified tenant with the whole of each line allocated to `providers` providers
 * (the first takes line 1, the last line 2): what POST /rent/order/createOk turns into draft orders. Written straight
 * to the tables; the selection itself is tested in select.test.ts.
 */
export async function seedCompletedBidding(db: TDb, opts: { providers?: number; verified?: boolean } = {}) {
  const tenant = await seedUser(db, { companyName: coName('承租建设') });
  if (opts.verified !== false)
    await db
      .update(companies)
      .set({ status: 1, registNo: `91320500${Math.random().toString().slice(2, 12)}`, super: 1 })
      .where(eq(companies.id, tenant.company.id));
  const providers = [];
  for (let i = 0; i < (opts.providers ?? 1); i++) {
    const p = await seedUser(db, { companyName: coName(`服务商${i}`) });
    await db.update(companies).set({ status: 1, super: 1, finance: 1 }).where(eq(companies.id, p.company.id));
    providers.push(p);
  }
  const { bidding, lines } = await seedBidding(db, tenant.company.id, tenant.user.id, {
    status: 3,
    finishedAt: new Date(),
  });
  for (const [i, p] of providers.entries()) {
    const [o] = await db
      .insert(biddingOffers)
      .values({
        biddingId: bidding.id,
        companyId: p.company.id,
        userId: p.user.id,
        status: 4,
        selected: 1,
        contacts: '李四',
        tel: '13911112222',
      })
      .returning();
    const mine = providers.length === 1 ? lines : lines.filter((_, j) => (i === 0 ? j === 0 : j > 0));
    await db.insert(biddingOfferLines).values(
      lines.map((l) => ({
        offerId: o.id,
        biddingId: bidding.id,
        lineId: l.id,
        companyId: p.company.id,
        price: 28_000,
        rate: 13,
        num: l.num,
        inoutPrice: 500,
        taxTotal: taxInclusiveFen(28_000, 13),
        allotNum: mine.includes(l) ? l.num : 0,
      })),
    );
  }
  await db
    .update(biddingLines)
    .set({ selectState: 1, allotNum: sql`${biddingLines.num}` })
    .where(
      inArray(
        biddingLines.id,
        lines.map((l) => l.id),
      ),
    );
  const [b] = await rowsWhere(db, biddings, eq(biddings.id, bidding.id));
  return { tenant, providers, bidding: b, lines };
}

type TApp = {
  app: {
    inject: (o: {
      method: 'GET' | 'POST';
      url: string;
      headers?: Record<string, string>;
      payload?: object;
    }) => Promise<{ json: () => any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  db: TDb;
};

/** The confirmation form of a tenant's order as the tests send it (ordinary invoice, a Suzhou receiver). */
export const orderSubmitBody = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  project_name: '苏州地铁6号线土方工程',
  project_type: 2,
  project_address: '苏州工业园区星湖街328号',
  remark: '',
  order_party: { contacts: '王建国', tel: '13812345678' },
  order_invoice: { type: 1 },
  order_invoice_address: {
    name: '刘会计',
    phone: '13900001111',
    province: 32,
    city: 3205,
    area: 320505,
    address: '星湖街328号财务室',
    remark: '',
  },
  ...over,
});
export const orderConfirmBody = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  contacts: '李四',
  tel: '13911112222',
  bank_name: '中国建设银行苏州分行',
  bank_no: '6217001234567890123',
  agree: 1,
  ...over,
});

/** An order in progress (2): a completed bidding → createOk → submitted by the tenant → confirmed by the provider. Needs the reference data. */
export async function seedConfirmedOrder(t: TApp) {
  const s = await seedCompletedBidding(t.db, { providers: 1 });
  const post = (url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const [o] = (await post('/api/rent/order/createOk', s.tenant.auth, { bid: s.bidding.id })).json().data.orders;
  await post('/api/rent/order/save', s.tenant.auth, orderSubmitBody(o.id));
  const r = (await post('/api/ep/ckorderok', s.providers[0].auth, orderConfirmBody(o.id))).json();
  if (r.status !== 1) throw new Error(`seedConfirmedOrder: ${r.msg}`);
  return { ...s, provider: s.providers[0], order: o as { id: number; sn: string } };
}
