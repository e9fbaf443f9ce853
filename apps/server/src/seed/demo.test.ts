import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { liveEvents, users } from '../db/schema';
import { pruneMenu } from '@jizu/shared/constants/menu';
import { MemoryStore } from '../platform/object-store';
import { createTestApp, tableText } from '../test/harness';
import { DEMO_ACCOUNTS, DEMO_STAFF, seedDemoIfEmpty } from './demo';

let t: Awaited<ReturnType<typeof createTestApp>>;
const store = new MemoryStore();
beforeAll(async () => {
  t = await createTestApp({}, { store });
});
afterAll(async () => t?.close());

const login = async (phone: string, password: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, password } });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().data.token as string}` };
};
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('demo data', () => {
  it('loads on an empty database, once', async () => {
    const r = await seedDemoIfEmpty(t.db, t.config, store);
    expect(r).toMatchObject({ seeded: true, staff: 3, notices: 4 });
    expect(await seedDemoIfEmpty(t.db, t.config, store)).toEqual({ seeded: false });
    // the six accounts above and the labour area's eight demo operators (demo.jobcard.ts)
    expect(Number((await t.db.select({ n: count() }).from(users))[0].n)).toBe(14);
    for (const s of DEMO_STAFF) {
      const png = await store.get(`staff/${s.sn}.png`);
      expect(png?.subarray(1, 4).toString()).toBe('PNG');
      // the customer service dialog shows it from /uploads
      const res = await t.app.inject({ method: 'GET', url: `/uploads/staff/${s.sn}.png` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.equals(png!)).toBe(true);
    }
    expect((await t.app.inject({ method: 'GET', url: '/uploads/staff/../KF001.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/staff/KF001.exe' })).statusCode).toBe(404);
  });

  it('logs in every demo account', async () => {
    for (const a of Object.values(DEMO_ACCOUNTS)) await login(a.phone, a.password);
  });

  it('the admin reaches the console and sees the counts', async () => {
    const auth = await login(DEMO_ACCOUNTS.admin.phone, DEMO_ACCOUNTS.admin.password);
    const d = (await get('/api/admin/overview', auth)).json().data;
    expect(d).toMatchObject({ users: 14, companies: 18, staff: 3, notices: 4 });
    expect((await get('/api/index/info', auth)).json().data).toMatchObject({ role: 'admin', username: '平台管理员' });
  });

  it('the tenant works in its verified enterprise by default', async () => {
    const auth = await login(DEMO_ACCOUNTS.tenant.phone, DEMO_ACCOUNTS.tenant.password);
    const info = (await get('/api/index/info', auth)).json().data;
    expect(info.member_company.map((m: { company_name: string }) => m.company_name)).toEqual([
      DEMO_ACCOUNTS.tenant.company,
      '个人用户 138****0001',
    ]);
    const co = info.member_company[0].company_id;
    expect(info.company_id).toBe(co);
    expect(info.authInfo).toMatchObject({
      company_status: 1,
      company_button: { text: '已认证', flag: 0 },
      advanced_status: 1,
    });
    const res = (await get(`/api/company/info?company_id=${co}`, auth)).json().data;
    expect(res).toMatchObject({
      name: DEMO_ACCOUNTS.tenant.company,
      type_v: '企业',
      status: 1,
      status_v: '已认证',
      super: 1,
      registered_assets: 50000,
      province: 31,
      city: 3101,
      area: 310115,
      member_type_v: '路桥会员单位',
    });
    const withCo = (await get(`/api/index/info?company_id=${co}`, auth)).json().data;
    expect(withCo.authInfo).toMatchObject({ company_status: 1, advanced_status: 1, advanced_status_desc: '已认证' });
  });

  it('the provider sees different menus in its own company and in the tenant company', async () => {
    const auth = await login(DEMO_ACCOUNTS.provider.phone, DEMO_ACCOUNTS.provider.password);
    const info = (await get('/api/index/info', auth)).json().data;
    const own = info.member_company.find(
      (m: { company_name: string }) => m.company_name === DEMO_ACCOUNTS.provider.company,
    );
    const tenantCo = info.member_company.find(
      (m: { company_name: string }) => m.company_name === DEMO_ACCOUNTS.tenant.company,
    );
    expect(own.master).toBe(1);
    expect(tenantCo.master).toBe(0);
    const ownMenu = (await get(`/api/index/menu?company_id=${own.company_id}`, auth)).json().data;
    const tenantMenu = (await get(`/api/index/menu?company_id=${tenantCo.company_id}`, auth)).json().data;
    expect(ownMenu.map((s: { id: number }) => s.id)).toEqual(pruneMenu((leaf) => !!leaf.ready).map((s) => s.id));
    expect(tenantMenu.map((s: { id: number }) => s.id)).toEqual([1, 5, 42]);
    expect((await get(`/api/company/info?company_id=${tenantCo.company_id}`, auth)).statusCode).toBe(200);
  });

  it('the admin review queue has the operator pending; the tenant has system messages', async () => {
    const auth = await login(DEMO_ACCOUNTS.admin.phone, DEMO_ACCOUNTS.admin.password);
    const q = (await get('/api/admin/verify/person', auth)).json().data;
    expect(q.total).toBe(1);
    // waiting for review: the reviewer reads the whole number, stored encrypted like a submitted one
    expect(q.data[0]).toMatchObject({ phone: DEMO_ACCOUNTS.operator.phone, status: 3, card: '320505198506123017' });
    expect(await tableText(t.db, 'person_auths')).not.toContain('320505198506123017');
    // the ID photos are private: staff and the operator see them, a stranger gets the 404 of a missing file
    const img = await t.app.inject({ method: 'GET', url: q.data[0].card_face, headers: auth });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['cache-control']).toBe('private, no-store');
    expect((await t.app.inject({ method: 'GET', url: q.data[0].card_back })).statusCode).toBe(404);
    const op = await login(DEMO_ACCOUNTS.operator.phone, DEMO_ACCOUNTS.operator.password);
    expect((await t.app.inject({ method: 'GET', url: q.data[0].card_back, headers: op })).statusCode).toBe(200);
    expect((await get('/api/index/auth', op)).json().data).toMatchObject({ status: 3, card: '320505********3017' });
    const tenant0 = await login(DEMO_ACCOUNTS.tenant.phone, DEMO_ACCOUNTS.tenant.password);
    expect((await t.app.inject({ method: 'GET', url: q.data[0].card_face, headers: tenant0 })).statusCode).toBe(404);
    expect((await get('/api/index/info', op)).json().data.authInfo).toMatchObject({
      auth_status: 3,
      auth_button: { text: '认证中', flag: 0 },
    });
    const tenant = await login(DEMO_ACCOUNTS.tenant.phone, DEMO_ACCOUNTS.tenant.password);
    expect((await get('/api/index/message/lst?state=0', tenant)).json().data.total).toBe(2);
  });

  it('has recent live notifications for the tenant and the provider (GET /api/events replays them)', async () => {
    const rows = await t.db.select().from(liveEvents);
    const types = new Set(rows.map((r) => r.type));
    // the inquiries, orders and responses the demo holds with its reference data (not loaded here) tell theirs too
    // (demo.events.ts; the journey e2e/events.test.ts opens on them)
    expect(types).toContain('message');
    expect(
      rows.filter((r) => r.type === 'message').every((r) => r.userId !== null && r.link === '/dashboard/message'),
    ).toBe(true);
    expect(rows.every((r) => Date.now() - new Date(r.createdAt).getTime() < 3600_000)).toBe(true);
  });

  it('every demo user gets a customer-service contact with a QR image', async () => {
    const auth = await login(DEMO_ACCOUNTS.operator.phone, DEMO_ACCOUNTS.operator.password);
    const d = (await get('/api/index/staff?type=my', auth)).json().data;
    expect(d).toMatchObject({
      sn: 'KF001',
      name: '客服小王',
      phone: '400-820-1234',
      img_qrcode: '/uploads/staff/KF001.png',
    });
    expect((await get('/api/index/staff_list', auth)).json().data).toHaveLength(3);
  });
  it('books the demo balances through the ledger: each ledger adds up to its balance; the tenant has a streak', async () => {
    const { pointLedger } = await import('../db/schema');
    const { eq, sql } = await import('drizzle-orm');
    for (const u of await t.db.select().from(users)) {
      for (const c of ['peas', 'gold'] as const) {
        const [s] = await t.db
          .select({ sum: sql<string>`coalesce(sum(${pointLedger.change}), 0)` })
          .from(pointLedger)
          .where(sql`${pointLedger.userId} = ${u.id} and ${pointLedger.currency} = ${c}`);
        expect(Number(s.sum)).toBe(u[c]);
      }
      expect(u.gold).toBe(30);
    }
    const tenant = (await t.db.select().from(users).where(eq(users.phone, DEMO_ACCOUNTS.tenant.phone)))[0];
    expect(tenant.peas).toBeGreaterThan(260);
    const auth = await login(DEMO_ACCOUNTS.tenant.phone, DEMO_ACCOUNTS.tenant.password);
    expect((await get('/api/index/score/signState', auth)).json().data).toMatchObject({ sign: 0, continuous: 2 });
    expect((await get('/api/index/score/peas', auth)).json().data).toMatchObject({ total: 3, available: tenant.peas });
  });
});
