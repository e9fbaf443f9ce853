import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MENU } from '@jizu/shared/constants/menu';
import { addMember, createTestApp, seedUser } from '../../test/harness';
import { seedBidding } from '../../test/bidding';
import { loadReferenceData } from '../../seed/reference';
import { biddingOffers, biddings } from './bidding.tables';

/**
 * Sealed quotes (common brief): provider B never obtains provider A's prices, before or after cut-off, through any
 * call a provider can make with A's offer id or line ids. A's prices are unusual numbers, looked for in every body.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: THeaders, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const name = (p: string) => `${p}${Math.random().toString(36).slice(2, 8)}有限公司`;
const umessage = { contacts: '赵经理', tel: '13711112222', remark: '' };

// A's prices: 287.43 yuan at 7 % (tax-inclusive 307.55), entry/exit 4,321 yuan; fen 28743, 30755, 432100
const SECRETS = ['287.43', '28743', '307.55', '30755', '4,321', '432100', '赵经理', '13711112222'];
const leaks = (text: string) => SECRETS.filter((s) => text.includes(s));

async function setup() {
  const tenant = await seedUser(t.db, { companyName: name('承租方') });
  const a = await seedUser(t.db, { companyName: name('服务商甲') });
  const b = await seedUser(t.db, { companyName: name('服务商乙') });
  const { bidding, lines } = await seedBidding(t.db, tenant.company.id, tenant.user.id);
  const rids = lines.map((l) => l.id);
  const resA = await call('POST', '/api/ep/offer', a.auth, {
    bid: bidding.id,
    list: [
      { rid: rids[0], price: '287.43', rate: 7, num: 5 },
      { rid: rids[1], price: '287.43', rate: 7, num: 9, inout_price: 4321 },
    ],
    umessage,
  });
  expect(resA.json().status).toBe(1);
  return { tenant, a, b, bidding, rids, aOffer: resA.json().data.id as number };
}

/** Every call B can make with A's ids; none may carry A's prices or contact, and A's own records answer 404. */
async function probe(s: Awaited<ReturnType<typeof setup>>, who: THeaders) {
  const { bidding, rids, aOffer } = s;
  const calls: [string, string, object?][] = [
    ['GET', '/api/ep/offer'],
    ['GET', '/api/ep/offer?status=-1&size=20'],
    ['GET', `/api/ep/offer/${aOffer}`],
    ['GET', `/api/ep/offer/${aOffer}?bid=${bidding.id}`],
    ['GET', `/api/ep/offer/${aOffer}/edit`],
    ['GET', `/api/ep/offer/detail?bid=${bidding.id}`],
    ['GET', `/api/ep/offer/create?id=${bidding.id}`],
    ['GET', `/api/ep/check_offer?rid=${rids[0]}`],
    ['GET', `/api/ep/check_offer?rid=${rids[1]}`],
    ['GET', `/api/rent/bidding/offer?id=${aOffer}`],
    ['GET', `/api/admin/offer/${aOffer}`],
    [
      'PUT',
      `/api/ep/offer/${aOffer}`,
      { bid: bidding.id, list: [{ rid: rids[0], price: '1', rate: 1, num: 1 }], umessage },
    ],
    ['DELETE', `/api/ep/offer/${aOffer}`],
  ];
  const out: { url: string; code: number; text: string }[] = [];
  for (const [m, url, p] of calls) {
    const r = await call(m as 'GET', url, who, p);
    out.push({ url: `${m} ${url}`, code: r.statusCode, text: r.body });
    expect(leaks(r.body), `${m} ${url}`).toEqual([]);
  }
  return out;
}

describe('sealed quotes', () => {
  it('before cut-off: B (not responded), B (responded), another company, a stranger never see A’s prices', async () => {
    const s = await setup();
    const before = await probe(s, s.b.auth);
    // the calls on A's offer id (the 3rd to 5th, and the last four) answer 403/404
    for (const u of [...before.slice(2, 5), ...before.slice(-4)]) {
      expect([403, 404], u.url).toContain(u.code);
    }
    // B responds too, and probes again (its own quote is readable; A's never)
    const r = await call('POST', '/api/ep/offer', s.b.auth, {
      bid: s.bidding.id,
      list: [{ rid: s.rids[0], price: '250', rate: 9, num: 6 }],
      umessage: { contacts: '钱总', tel: '13600001111', remark: '' },
    });
    expect(r.json().status).toBe(1);
    const mine = (await call('GET', `/api/ep/offer/detail?bid=${s.bidding.id}`, s.b.auth)).json().data.offer;
    expect(mine.lines).toHaveLength(1);
    expect(mine.lines[0].price_v).toBe('250.00');
    await probe(s, s.b.auth);
    // a third company and a stranger
    const c = await seedUser(t.db, { companyName: name('服务商丙') });
    await probe(s, c.auth);
    const stranger = await probe(s, {});
    for (const u of stranger) expect(u.code, u.url).toBe(401);
    // the public counts show 2 responding companies, no price
    const form = (await call('GET', `/api/ep/offer/create?id=${s.bidding.id}`, c.auth)).json().data;
    expect(form.bidding.response_com_count).toBe(2);
    // and per request line: both quoted the first, one of them the second
    expect(form.bidding.bidding_req_detail.map((l: { response_com_count: number }) => l.response_com_count)).toEqual([
      2, 1,
    ]);
  });

  it('after cut-off and after completion: still sealed from B', async () => {
    const s = await setup();
    await call('POST', '/api/ep/offer', s.b.auth, {
      bid: s.bidding.id,
      list: [{ rid: s.rids[0], price: '250', rate: 9, num: 6 }],
      umessage: { contacts: '钱总', tel: '13600001111', remark: '' },
    });
    await t.db.update(biddings).set({ status: 2 }).where(eq(biddings.id, s.bidding.id));
    await t.db.update(biddingOffers).set({ status: 2 }).where(eq(biddingOffers.biddingId, s.bidding.id));
    await probe(s, s.b.auth);
    await t.db.update(biddings).set({ status: 3 }).where(eq(biddings.id, s.bidding.id));
    await t.db.update(biddingOffers).set({ status: 4, selected: 1 }).where(eq(biddingOffers.id, s.aOffer));
    await probe(s, s.b.auth);
    // the owner, A itself and staff do read A's prices
    expect((await call('GET', `/api/rent/bidding/offer?id=${s.aOffer}`, s.tenant.auth)).body).toContain('287.43');
    expect((await call('GET', `/api/rent/bidding/offer?id=${s.aOffer}`, s.a.auth)).body).toContain('287.43');
    const admin = await seedUser(t.db, { role: 'admin' });
    expect((await call('GET', `/api/admin/offer/${s.aOffer}`, admin.auth)).body).toContain('287.43');
  });

  it('a sub-user of A without 304 reads nothing of A’s quote; with 304 it does', async () => {
    const s = await setup();
    const sub = await seedUser(t.db);
    await addMember(t.db, s.a.company.id, sub.user.id, { menus: [MENU.rentCompete] });
    const q = `company_id=${s.a.company.id}`;
    for (const url of [
      `/api/ep/offer?${q}`,
      `/api/ep/offer/${s.aOffer}?${q}`,
      `/api/ep/offer/detail?bid=${s.bidding.id}&${q}`,
      `/api/rent/bidding/offer?id=${s.aOffer}&${q}`,
    ]) {
      const r = await call('GET', url, sub.auth);
      expect(r.statusCode, url).toBe(403);
      expect(leaks(r.body)).toEqual([]);
    }
    const sub2 = await seedUser(t.db);
    await addMember(t.db, s.a.company.id, sub2.user.id, { menus: [MENU.response] });
    expect((await call('GET', `/api/rent/bidding/offer?id=${s.aOffer}&${q}`, sub2.auth)).body).toContain('287.43');
  });

  it('the owner reads a withdrawn quote no more; the quoting company still does', async () => {
    const s = await setup();
    expect((await call('DELETE', `/api/ep/offer/${s.aOffer}`, s.a.auth)).json().status).toBe(1);
    expect((await call('GET', `/api/rent/bidding/offer?id=${s.aOffer}`, s.tenant.auth)).statusCode).toBe(404);
    expect((await call('GET', `/api/rent/bidding/offer?id=${s.aOffer}`, s.a.auth)).json().data.status).toBe(6);
  });
});
