import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTx } from '../db/client';
import { captureStatements, createTestApp, seedUser, addMember } from '../test/harness';
import { createMessage } from '../modules/message/message.service';
import { bookPoints } from '../modules/points/ledger.service';
import { revokeSession } from './session';
import { eq, sql } from 'drizzle-orm';
import { ensureMemberDefaults } from '../modules/membership/membership.service';
import { MENU } from '@jizu/shared/constants/menu';
import { companies, companyMembers, memberMenus, users } from '../db/schema';
import { loadReferenceData } from '../seed/reference';
import { seedCompletedBidding, seedConfirmedOrder } from '../test/order';
import { seedListing } from '../test/listing';

/**
 * The request path's cost is its round trips (npm run bench, bench:profile): the session, user, membership and
 * grants come in one statement, and each list answers with one more. These tests count the statements the driver
 * sends per request, so a change that adds a round trip to a hot call fails here, not only in a benchmark; and they
 * check the totals of the one-statement lists where the rows cannot carry them (a page past the end).
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let captured: ReturnType<typeof captureStatements>;
let statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  captured = captureStatements(t.db);
});
afterAll(async () => t?.close());

async function count(url: string, headers: Record<string, string>) {
  captured.take();
  const res = await t.app.inject({ url, headers });
  statements = captured.take();
  expect(res.json(), url).toMatchObject({ status: 1 });
  return { n: statements.length, body: res.json().data, sql: statements.join('\n') };
}

/** Statements per request: the session (with the membership and grants when the route is a company's), then the read. */
const known = () => 2;

describe('round trips per request', () => {
  it('a company-scoped list: the session with its membership and grants in one statement, the list in one more', async () => {
    const main = await seedUser(t.db, { companyName: '往返测试有限公司' });
    const sub = await seedUser(t.db);
    await addMember(t.db, main.company.id, sub.user.id, { menus: [] });
    const first = await count(`/api/company/user/lst?company_id=${main.company.id}`, main.auth);
    expect(first.n, first.sql).toBe(2);
    expect(first.sql).toContain('member_menus');
    for (const url of [
      `/api/company/user/lst?company_id=${main.company.id}`,
      `/api/company/signet/lst?company_id=${main.company.id}`,
      `/api/company/invoice/addrlst?company_id=${main.company.id}`,
      `/api/company/bank/lst?company_id=${main.company.id}`,
    ]) {
      const r = await count(url, main.auth);
      expect(r.n, r.sql).toBe(known());
    }
    const members = (await count(`/api/company/user/lst?company_id=${main.company.id}`, main.auth)).body as {
      id: number;
      master: number;
      auth_status: number;
    }[];
    expect(members.map((m) => m.master)).toEqual([1, 0]);
    const subId = members[1].id;
    const r = await count(`/api/company/privilege/lst?company_id=${main.company.id}&member_id=${subId}`, main.auth);
    expect(r.n, r.sql).toBe(known()); // the member with their grants
    expect(r.body.length).toBeGreaterThan(0);
  });

  it("the public listing page in one statement: the listing, its catalogue names, its company's name and shop", async () => {
    await loadReferenceData(t.db);
    const owner = await seedUser(t.db, { companyName: '单句设备页有限公司' });
    const l = await seedListing(t.db, owner.company.id, owner.user.id);
    await count(`/api/site/device/${l.id}`, {}); // the region names of the card are read once per process
    const r = await count(`/api/site/device/${l.id}`, {});
    expect(r.n, r.sql).toBe(1);
    expect(r.body).toMatchObject({ id: l.id, company_name: '单句设备页有限公司', shop: null });
  });

  it('the account card and the account lists (inbox, notices, ledger) each in one statement after the session', async () => {
    const u = await seedUser(t.db);
    await createMessage(t.db, { userId: u.user.id, title: '标题', content: '内容' });
    await inTx(t.db, (tx) =>
      bookPoints(tx, { userId: u.user.id, currency: 'peas', type: 9, change: 30, bizKey: 'rt:1' }),
    );
    for (const url of [
      '/api/index/info',
      '/api/index/message/lst?state=0',
      '/api/index/notice?page=1&size=6',
      '/api/index/score/peas',
      '/api/payment/gold/lst',
    ]) {
      const r = await count(url, u.auth);
      expect(r.n, `${url}\n${r.sql}`).toBe(known());
    }
  });

  it('a sub-user without the grant is refused after the one lookup, and a revoked session on the very next request', async () => {
    const main = await seedUser(t.db, { companyName: '授权测试有限公司' });
    const sub = await seedUser(t.db);
    await addMember(t.db, main.company.id, sub.user.id, { menus: [] });
    captured.take();
    const res = await t.app.inject({ url: `/api/company/user/lst?company_id=${main.company.id}`, headers: sub.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 0, code: 'NO_GRANT' });
    expect(captured.take()).toHaveLength(1);
    await revokeSession(t.db, sub.token);
    const again = await t.app.inject({ url: '/api/index/message/lst', headers: sub.auth });
    expect(again.statusCode).toBe(401);
  });
});

describe('every change of access or of the account card shows on the very next request', () => {
  const info = async (auth: Record<string, string>) => {
    const res = await t.app.inject({ url: '/api/index/info', headers: auth });
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    return res.json().data as Record<string, unknown>;
  };

  it('a grant taken away, a member switched off and a company renamed: the next request of the sub-user is decided on them', async () => {
    const main = await seedUser(t.db, { companyName: '访问变更测试有限公司' });
    const sub = await seedUser(t.db);
    const member = await addMember(t.db, main.company.id, sub.user.id, { menus: [MENU.companyUser] });
    const url = `/api/company/user/lst?company_id=${main.company.id}`;
    for (let i = 0; i < 2; i++) expect((await count(url, sub.auth)).n).toBe(2);
    await t.app.inject({
      method: 'POST',
      url: '/api/company/privilege/save',
      headers: main.auth,
      payload: { company_id: main.company.id, member_id: member.id, menu_id: [] },
    });
    const refused = await t.app.inject({ url, headers: sub.auth });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      status: 0,
      code: 'NO_GRANT',
      msg: '您没有该功能的权限，请联系企业主账号开通',
    });
    await t.db.insert(memberMenus).values({ memberId: member.id, menuId: MENU.companyUser });
    expect((await t.app.inject({ url, headers: sub.auth })).json().status).toBe(1);
    await t.db.update(companyMembers).set({ status: 0 }).where(eq(companyMembers.id, member.id));
    expect((await t.app.inject({ url, headers: sub.auth })).json()).toMatchObject({ status: 0, code: 'NOT_MEMBER' });
    // renamed: the main account's very next page carries the new name, never a retry
    const prefix = () =>
      t.app.inject({ url: `/api/rent/bidding/add?company_id=${main.company.id}`, headers: main.auth });
    expect((await prefix()).json().data.company_name).toBe(main.company.name);
    await t.db.update(companies).set({ name: '访问变更测试（更名）有限公司' }).where(eq(companies.id, main.company.id));
    const renamed = await prefix();
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.company_name).toBe('访问变更测试（更名）有限公司');
  });

  it('every change of what the account card reads shows on the very next request', async () => {
    const u = await seedUser(t.db, { companyName: '名片变更有限公司' });
    const other = await seedUser(t.db, { companyName: '名片变更另一公司' });
    const uid = u.user.id;
    const cid = u.company.id;
    let before = await info(u.auth);
    expect(await info(u.auth)).toEqual(before);
    const shows = async (what: string, change: () => Promise<unknown>) => {
      await change();
      const now = await info(u.auth);
      expect(now, what).not.toEqual(before);
      before = now;
    };
    await shows('the nickname', () => t.db.update(users).set({ username: '名片新昵称' }).where(eq(users.id, uid)));
    await shows('the peas balance', () => t.db.update(users).set({ peas: 77 }).where(eq(users.id, uid)));
    await shows('a membership bought', () =>
      t.db.execute(
        sql`insert into membership (user_id, level, expires_at) values (${uid}, 'AA', now() + interval '40 days')`,
      ),
    );
    await shows('a personal verification sent', () =>
      t.db.execute(
        sql`insert into person_auths (user_id, name, card, card_face, card_back, status) values (${uid}, '张三', 'x', 'a.jpg', 'b.jpg', 3)`,
      ),
    );
    await shows('a membership of another company', () => addMember(t.db, other.company.id, uid, { menus: [] }));
    await shows('the company renamed', () =>
      t.db.update(companies).set({ name: '名片变更（更名）有限公司' }).where(eq(companies.id, cid)),
    );
    await shows('the company refused', () => t.db.update(companies).set({ status: 2 }).where(eq(companies.id, cid)));
    await shows('the company verified', () => t.db.update(companies).set({ status: 1 }).where(eq(companies.id, cid)));
    await shows('the membership in the other company switched off', () =>
      t.db.execute(
        sql`update company_members set status = 0 where company_id = ${other.company.id} and user_id = ${uid}`,
      ),
    );
    await ensureMemberDefaults(t.db); // AA and AAA on sale
    try {
      await shows('a level taken off sale', () =>
        t.db.execute(sql`update member_plan set for_sale = 0 where level = 'AAA'`),
      );
    } finally {
      await t.db.execute(sql`update member_plan set for_sale = 1 where level = 'AAA'`);
    }
  });
});

describe('one-statement lists keep their totals', () => {
  it('an inbox page past the end still answers the total', async () => {
    const u = await seedUser(t.db);
    for (let i = 0; i < 3; i++) await createMessage(t.db, { userId: u.user.id, title: `消息${i}`, content: '内容' });
    const r = await count('/api/index/message/lst?state=0&page=5', u.auth);
    expect(r.body).toEqual({ data: [], total: 3, unread: 3 });
    const first = await count('/api/index/message/lst?state=0', u.auth);
    expect(first.body.total).toBe(3);
    expect(first.body.data).toHaveLength(3);
  });

  it('a ledger page past the end, and an empty ledger, answer the count, sums and balances', async () => {
    const u = await seedUser(t.db);
    const none = await count('/api/index/score/peas', u.auth);
    expect(none.body).toMatchObject({ data: [], total: 0, available: 0, gain: 0, pay: 0 });
    await inTx(t.db, (tx) =>
      bookPoints(tx, { userId: u.user.id, currency: 'peas', type: 9, change: 50, bizKey: 'rt:a' }),
    );
    await inTx(t.db, (tx) =>
      bookPoints(tx, { userId: u.user.id, currency: 'peas', type: 9, change: -20, bizKey: 'rt:b' }),
    );
    const page = await count('/api/index/score/peas', u.auth);
    expect(page.body).toMatchObject({ total: 2, available: 30, gain: 50, pay: 20 });
    expect(page.body.data).toHaveLength(2);
    const past = await count('/api/index/score/peas?page=9', u.auth);
    expect(past.body).toMatchObject({ data: [], total: 2, available: 30, gain: 50, pay: 20 });
  });

  it('a notice page past the end answers the total of published notices', async () => {
    const u = await seedUser(t.db);
    const all = await count('/api/index/notice?page=1&size=6', u.auth);
    const past = await count('/api/index/notice?page=99&size=6', u.auth);
    expect(past.body).toEqual({ data: [], total: all.body.total });
  });
});

describe('the trade calls', () => {
  it("a tenant's and a provider's order pages, each in one statement after the session; the lists show what the detail shows", async () => {
    await loadReferenceData(t.db);
    const s = await seedConfirmedOrder(t);
    const id = s.order.id;
    const tenantCalls = [
      '/api/rent/order/lst?page=1&size=5',
      `/api/rent/order/detail?id=${id}`,
      `/api/rent/order/history?id=${id}`,
      `/api/rent/contract/lst?id=${id}&page=1&size=5`,
      `/api/rent/order/eplst?id=${id}&page=1&size=5`,
      `/api/rent/settle/lst?id=${id}&page=1&size=5`,
      '/api/rent/bidding/lst?page=1&size=5',
      '/api/demand/demand?page=1&size=5',
    ];
    const providerCalls = [
      '/api/ep/order?page=1&size=5',
      `/api/ep/detail_order?id=${id}`,
      `/api/ep/order/history?id=${id}`,
      `/api/ep/contract?id=${id}&page=1&size=5`,
      `/api/ep/ct_eplst?id=${id}&page=1&size=5`,
      `/api/ep/settle?id=${id}&page=1&size=5`,
    ];
    for (const [auth, urls] of [
      [s.tenant.auth, tenantCalls],
      [s.provider.auth, providerCalls],
    ] as const) {
      for (const url of urls) {
        await count(url, auth); // the first names of products are read once per process (region.service productNames)
        const r = await count(url, auth);
        expect(r.n, `${url}\n${r.sql}`).toBe(known());
      }
    }
    // the list's row is the detail's row (the list reads its own narrower statement)
    for (const [auth, list, detail, history] of [
      [s.tenant.auth, '/api/rent/order/lst', '/api/rent/order/detail', '/api/rent/order/history'],
      [s.provider.auth, '/api/ep/order', '/api/ep/detail_order', '/api/ep/order/history'],
    ] as const) {
      const rows = (await count(list, auth)).body.data as Record<string, unknown>[];
      expect(rows).toHaveLength(1);
      const d = (await count(`${detail}?id=${id}`, auth)).body as Record<string, unknown>;
      expect(rows[0]).toEqual(Object.fromEntries(Object.keys(rows[0]).map((k) => [k, d[k]])));
      expect(rows[0]).toMatchObject({
        bidding_sn: s.bidding.sn,
        tenant_name: s.tenant.company.name,
        provider_name: s.provider.company.name,
      });
      expect((rows[0].lines as string[]).length).toBeGreaterThan(0);
      expect(((await count(`${history}?id=${id}`, auth)).body.data as unknown[]).length).toBeGreaterThan(0);
    }
  });

  it("an order's pages answer 404 to a provider before the order is submitted and to another company, as the detail does", async () => {
    await loadReferenceData(t.db);
    const b = await seedCompletedBidding(t.db, { providers: 1 });
    const [draft] = (
      await t.app.inject({
        method: 'POST',
        url: '/api/rent/order/createOk',
        headers: b.tenant.auth,
        payload: { bid: b.bidding.id },
      })
    ).json().data.orders as { id: number }[];
    const other = await seedConfirmedOrder(t);
    const pages = (id: number) => ({
      tenant: [
        `/api/rent/order/detail?id=${id}`,
        `/api/rent/order/history?id=${id}`,
        `/api/rent/contract/lst?id=${id}`,
        `/api/rent/order/eplst?id=${id}`,
        `/api/rent/settle/lst?id=${id}`,
      ],
      provider: [
        `/api/ep/detail_order?id=${id}`,
        `/api/ep/order/history?id=${id}`,
        `/api/ep/contract?id=${id}`,
        `/api/ep/ct_eplst?id=${id}`,
        `/api/ep/settle?id=${id}`,
      ],
    });
    const status = async (url: string, auth: Record<string, string>) => {
      const res = await t.app.inject({ url, headers: auth });
      return `${res.statusCode} ${res.json().code ?? res.json().status}`;
    };
    for (const auth of [b.tenant.auth, b.providers[0].auth, other.tenant.auth, other.provider.auth])
      await status('/api/index/info', auth);
    for (const url of pages(draft.id).tenant) {
      expect(await status(url, b.tenant.auth), url).toBe('200 1');
      expect(await status(url, other.tenant.auth), url).toBe('404 ORDER_NOT_FOUND');
    }
    for (const url of pages(draft.id).provider) {
      expect(await status(url, b.providers[0].auth), url).toBe('404 ORDER_NOT_FOUND');
      expect(await status(url, other.provider.auth), url).toBe('404 ORDER_NOT_FOUND');
    }
    for (const url of pages(other.order.id).provider) {
      expect(await status(url, other.provider.auth), url).toBe('200 1');
      expect(await status(url, b.providers[0].auth), url).toBe('404 ORDER_NOT_FOUND');
    }
    for (const url of pages(other.order.id).tenant)
      expect(await status(url, b.tenant.auth), url).toBe('404 ORDER_NOT_FOUND');
  });
});
