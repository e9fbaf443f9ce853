import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { demoApp } from '../../test/demo';

// the demo seeded by seedDemoIfEmpty on an empty database, a copy per file (test/demo.ts)
const d = demoApp();
let t: typeof d.t;
beforeAll(() => {
  t = d.t;
});

const login = async (phone: string, password: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, password } });
  return { authorization: `Bearer ${res.json().data.token as string}` };
};
const get = async (url: string, headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url, headers })).json().data;

describe('talk demo (seedTalkDemo)', () => {
  it('gives every talk, favourite and report page something to show', async () => {
    const tenant = await login(DEMO_ACCOUNTS.tenant.phone, DEMO_ACCOUNTS.tenant.password);
    const provider = await login(DEMO_ACCOUNTS.provider.phone, DEMO_ACCOUNTS.provider.password);
    const admin = await login(DEMO_ACCOUNTS.admin.phone, DEMO_ACCOUNTS.admin.password);
    const received = await get('/api/talk/receive', provider);
    expect(received.total).toBe(3);
    expect(received.data.map((r: { user: string }) => r.user)).toEqual(Array(3).fill(DEMO_ACCOUNTS.tenant.company));
    expect(received.data.map((r: { status: number }) => r.status).sort()).toEqual([0, 0, 1]);
    expect((await get('/api/ep/enquiry?to_type=1', tenant)).total).toBe(3);
    const pkgs = await get('/api/ep/enquiry?to_type=0', tenant);
    expect(pkgs.total).toBe(2);
    expect((await get('/api/ep/suits', tenant)).total).toBe(1);
    expect((await get('/api/admin/suits', admin)).total).toBe(2);
    const favs = await get('/api/index/favorite/lst?type=0', tenant);
    expect(favs.total).toBeGreaterThanOrEqual(2);
    expect(favs.data.every((f: { equipment: unknown }) => f.equipment)).toBe(true);
    const mine = await get('/api/index/report/lst', tenant);
    expect(mine.data.map((r: { status: number }) => r.status).sort()).toEqual([0, 1]);
    expect((await get('/api/admin/reports?status=0', admin)).total).toBe(1);
  });
});
