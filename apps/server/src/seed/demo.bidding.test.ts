import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { offerStatusAlong } from '@jizu/shared/constants/bidding';
import { biddingLines, biddingOfferLines, biddingOffers, biddings } from '../modules/bidding/bidding.tables';
import { rentalOrders } from '../modules/order/order.tables';
import { DEMO_ACCOUNTS } from './demo';
import { BIDDING_PATH } from './demo.bidding';
import { demoApp } from '../test/demo';

// the demo seeded by seedDemoIfEmpty on an empty database, a copy per file (test/demo.ts)
const d = demoApp();
let t: typeof d.t;
beforeAll(() => {
  t = d.t;
});

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
        expect(o.status).toBe(offerStatusAlong(BIDDING_PATH[b.status], { status: 1, selected: o.selected === 1 }));
      }
      expect([...b.remark].length).toBeGreaterThanOrEqual(200);
      if (b.status === 1)
        expect(b.endTime >= new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)).toBe(true);
      if (b.status === 3) {
        expect(b.orderStatus).toBe(1);
        const chosen = (await t.db.select().from(biddingOffers).where(eq(biddingOffers.biddingId, b.id))).filter(
          (o) => o.selected === 1,
        );
        expect((await t.db.select().from(rentalOrders).where(eq(rentalOrders.biddingId, b.id))).length).toBe(
          chosen.length,
        );
      }
    }
  });

  it('the demo tenant sees its projects in /rent/compete and the provider can quote the responding one', async () => {
    const login = async (phone: string, password: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, password } });
      return { authorization: `Bearer ${res.json().data.token as string}` };
    };
    const tenant = await login(DEMO_ACCOUNTS.tenant.phone, DEMO_ACCOUNTS.tenant.password);
    const list = (await t.app.inject({ method: 'GET', url: '/api/rent/bidding/lst?size=20', headers: tenant })).json()
      .data;
    expect(list.total).toBe(11);
    const provider = await login(DEMO_ACCOUNTS.provider.phone, DEMO_ACCOUNTS.provider.password);
    const hall = (await t.app.inject({ method: 'GET', url: '/api/site/bidding' })).json().data;
    expect(hall.total).toBe(2);
    const itemised = hall.data.find((r: { classify_v: string }) => r.classify_v === '分项竞价');
    const form = (
      await t.app.inject({ method: 'GET', url: `/api/ep/offer/create?id=${itemised.id}`, headers: provider })
    ).json();
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

describe('demo orders', () => {
  it('the tenant has orders in draft, submitted, in progress, completed (demo.review.ts), returned and closed; the provider sees all but the drafts', async () => {
    const login = async (phone: string, password: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, password } });
      return { authorization: `Bearer ${res.json().data.token as string}` };
    };
    const tenant = await login(DEMO_ACCOUNTS.tenant.phone, DEMO_ACCOUNTS.tenant.password);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/rent/order/lst?size=20', headers: tenant })).json()
      .data;
    expect(new Set(mine.data.map((o: { status: number }) => o.status))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    const provider = await login(DEMO_ACCOUNTS.provider.phone, DEMO_ACCOUNTS.provider.password);
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/ep/order?size=20', headers: provider })).json().data;
    expect(new Set(theirs.data.map((o: { status: number }) => o.status))).toEqual(new Set([1, 2, 3, 4, 5]));
    const inProgress = theirs.data.find((o: { status: number }) => o.status === 2);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/ep/detail_order?id=${inProgress.id}`, headers: provider })
    ).json().data;
    expect(detail).toMatchObject({
      tenant_super: 1,
      provider_super: 1,
      order_payee: { bank_no: '1102020109000015888' },
    });
    const history = (
      await t.app.inject({ method: 'GET', url: `/api/ep/order/history?id=${inProgress.id}&size=50`, headers: provider })
    ).json().data;
    expect(history.more).toBe(false);
    expect(
      history.data
        .map((h: { action: string }) => h.action)
        .reverse()
        .slice(0, 9),
    ).toEqual([
      'create_draft',
      'submit',
      'confirm',
      'contract_upload',
      'contract_sign',
      'contract_upload',
      'machine_enter',
      'machine_enter',
      'machine_exit',
    ]);
    const machines = (
      await t.app.inject({ method: 'GET', url: `/api/rent/order/eplst?id=${inProgress.id}`, headers: tenant })
    ).json().data;
    expect(machines).toMatchObject({ total: 2, equip_num: 2, equip_out_num: 1 });
    expect(machines.data.find((m: { status: number }) => m.status === 1)).toMatchObject({
      work_day: 19,
      enter_hours: '3245.6',
      exit_hours: '3389.0',
    });
    const settles = (
      await t.app.inject({ method: 'GET', url: `/api/rent/settle/lst?id=${inProgress.id}&size=10`, headers: tenant })
    ).json().data;
    expect(new Set(settles.data.map((s: { status: number }) => s.status))).toEqual(new Set([0, 1, 2, 3, 4]));
    const contracts = (
      await t.app.inject({ method: 'GET', url: `/api/ep/contract?id=${inProgress.id}`, headers: provider })
    ).json().data;
    expect(contracts).toMatchObject({ total: 2, sign_num: 1, unsign_num: 1 });
  });
});
