import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { offerStatusAfter } from '@jizu/shared/constants/bidding';
import { MemoryStore } from '../platform/object-store';
import { createTestApp } from '../test/harness';
import { biddingLines, biddingOfferLines, biddingOffers, biddings } from '../modules/bidding/bidding.tables';
import { rentalOrders } from '../modules/order/order.tables';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './demo';
import { loadReferenceData } from './reference';

let t: Awaited<ReturnType<typeof createTestApp>>;
const store = new MemoryStore();
beforeAll(async () => {
  t = await createTestApp({}, { store });
  await loadReferenceData(t.db);
  await seedDemoIfEmpty(t.db, t.config, store);
});
afterAll(async () => t?.close());

describe('demo biddings', () => {
  it('cover every status, keep the services’ invariants, and the completed one has its draft orders', async () => {
    const rows = await t.db.select().from(biddings);
    expect(new Set(rows.map((b) => b.status))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(new Set(rows.map((b) => b.classify))).toEqual(new Set([1, 2]));
    for (const b of rows) {
      expect([...b.name].length).toBeLessThanOrEqual(50);
      const lines = await t.db.select().from(biddingLines).where(eq(biddingLines.biddingId, b.id));
      const quotes = await t.db.select().from(biddingOfferLines).where(eq(biddingOfferLines.biddingId, b.id));
      for (const l of lines) {
        const allotted = quotes.filter((q) => q.lineId === l.id).reduce((s, q) => s + q.allotNum, 0);
        expect(allotted).toBe(l.allotNum);
        expect(l.allotNum).toBeLessThanOrEqual(l.num);
      }
      for (const o of await t.db.select().from(biddingOffers).where(eq(biddingOffers.biddingId, b.id))) {
        expect(o.status).toBe(offerStatusAfter(b.status, { status: o.status, selected: o.selected === 1 }));
      }
      expect([...b.remark].length).toBeGreaterThanOrEqual(200);
      if (b.status === 1) expect(b.endTime >= new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)).toBe(true);
      if (b.status === 3) {
        expect(b.orderStatus).toBe(1);
        expect((await t.db.select().from(rentalOrders).where(eq(rentalOrders.biddingId, b.id))).length).toBe(2);
      }
    }
  });

  it('the demo tenant sees its projects in /rent/compete and the provider can quote the responding one', async () => {
    const login = async (phone: string, password: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, password } });
      return { authorization: `Bearer ${res.json().data.token as string}` };
    };
    const tenant = await login(DEMO_ACCOUNTS.tenant.phone, DEMO_ACCOUNTS.tenant.password);
    const list = (await t.app.inject({ method: 'GET', url: '/api/rent/bidding/lst?size=20', headers: tenant })).json().data;
    expect(list.total).toBe(7);
    const provider = await login(DEMO_ACCOUNTS.provider.phone, DEMO_ACCOUNTS.provider.password);
    const hall = (await t.app.inject({ method: 'GET', url: '/api/site/bidding' })).json().data;
    expect(hall.total).toBe(2);
    const itemised = hall.data.find((r: { classify_v: string }) => r.classify_v === '分项竞价');
    const form = (await t.app.inject({ method: 'GET', url: `/api/ep/offer/create?id=${itemised.id}`, headers: provider })).json();
    expect(form.status).toBe(1);
  });
});

describe('demo quick demands', () => {
  it('the tenant has one in every state and the hall shows the passed ones of three companies', async () => {
    const { quickDemands } = await import('../modules/demand/demand.tables');
    const rows = await t.db.select().from(quickDemands);
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set([0, 1, 2, 3]));
    const hall = (await t.app.inject({ method: 'GET', url: '/api/site/demand' })).json().data;
    expect(hall.total).toBe(3);
  });
});
