import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedUser, addMember } from '../../test/harness';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('admin API', () => {
  it('refuses a normal user and a stranger', async () => {
    const u = await seedUser(t.db);
    for (const url of ['/api/admin/overview', '/api/admin/users']) {
      const res = await get(url, u.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 0, msg: '仅平台工作人员可以访问管理后台' });
      expect((await get(url, {})).statusCode).toBe(401);
    }
  });

  it('answers the overview', async () => {
    const admin = await seedUser(t.db, { role: 'admin' });
    const res = await get('/api/admin/overview', admin.auth);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toEqual({
      users: expect.any(Number),
      companies: expect.any(Number),
      staff: 0,
      notices: 0,
      sessions_today: expect.any(Number),
    });
    expect(d.users).toBeGreaterThanOrEqual(2);
    expect(d.sessions_today).toBeGreaterThanOrEqual(2);
  });

  it('pages users newest first with full phones and memberships, filtered by phone prefix', async () => {
    const admin = await seedUser(t.db, { role: 'admin' });
    const owner = await seedUser(t.db, { companyName: '管理测试公司' });
    const sub = await seedUser(t.db);
    await addMember(t.db, owner.company.id, sub.user.id);
    const res = await get('/api/admin/users?page=1&size=2', admin.auth);
    const d = res.json().data;
    expect(d.total).toBeGreaterThanOrEqual(3);
    expect(d.data).toHaveLength(2);
    expect(d.data[0]).toMatchObject({
      id: sub.user.id,
      phone: sub.phone,
      username: sub.user.username,
      role: 'user',
      level: 'A',
      status: 1,
      last_login_date: '',
    });
    expect(d.data[0].created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(d.data[0].companies).toEqual([
      { id: sub.company.id, name: sub.company.name, master: 1 },
      { id: owner.company.id, name: '管理测试公司', master: 0 },
    ]);
    expect(d.data[1].id).toBe(owner.user.id);
    const page2 = (await get('/api/admin/users?page=2&size=2', admin.auth)).json().data;
    expect(page2.data[0].id).toBe(admin.user.id);
    const one = (await get(`/api/admin/users?phone=${owner.phone}`, admin.auth)).json().data;
    expect(one).toMatchObject({ total: 1, data: [{ id: owner.user.id }] });
    const bad = await get('/api/admin/users?phone=abc', admin.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('手机号码格式不正确');
  });
});
