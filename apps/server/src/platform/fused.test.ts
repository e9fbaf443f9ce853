import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MENU } from '@jizu/shared/constants/menu';
import { companyMembers, memberMenus, sessions, users } from '../db/schema';
import { addMember, captureStatements, createTestApp, seedUser } from '../test/harness';

/**
 * A known session's read checks the session in its own statement (platform/fused.ts, PostgreSQL only). Each change
 * that ends or narrows access must hold at the very next request, whatever the handler does first: a list, no query
 * at all, a refused validation. Counts the round trips the driver sends.
 */
const pgOnly = !process.env.TEST_DATABASE_URL;
let t: Awaited<ReturnType<typeof createTestApp>>;
let statements: ReturnType<typeof captureStatements>;
beforeAll(async () => {
  if (pgOnly) return;
  t = await createTestApp();
  statements = captureStatements(t.db);
});
afterAll(async () => t?.close());

const get = async (url: string, headers: Record<string, string>) => {
  statements.take();
  const res = await t.app.inject({ url, headers });
  return { code: res.statusCode, body: res.json(), n: statements.take().length };
};

describe.skipIf(pgOnly)('the session checked in the read’s own statement (PostgreSQL)', () => {
  it('a known session reads in one round trip; logged out, the very next read is 401 and carries no rows', async () => {
    const u = await seedUser(t.db, { companyName: '一次往返有限公司' });
    const url = `/api/company/user/lst?company_id=${u.company.id}`;
    expect((await get(url, u.auth)).n).toBe(2);
    const once = await get(url, u.auth);
    expect(once).toMatchObject({ code: 200, n: 1, body: { status: 1 } });
    expect(once.body.data).toHaveLength(1);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: u.auth });
    const after = await get(url, u.auth);
    expect(after).toMatchObject({ code: 401, body: { status: -1, msg: '登录已过期，请重新登录', data: null } });
  });

  it('a user disabled by the platform, a member switched off, a grant taken: refused at the very next read', async () => {
    const main = await seedUser(t.db, { companyName: '停用测试有限公司' });
    const sub = await seedUser(t.db);
    const member = await addMember(t.db, main.company.id, sub.user.id, { menus: [MENU.companyUser] });
    const url = `/api/company/user/lst?company_id=${main.company.id}`;
    for (let i = 0; i < 2; i++) expect((await get(url, sub.auth)).body.status).toBe(1);
    await t.db.delete(memberMenus).where(eq(memberMenus.memberId, member.id));
    expect(await get(url, sub.auth)).toMatchObject({ code: 403, body: { code: 'NO_GRANT', data: null } });
    await t.db.insert(memberMenus).values({ memberId: member.id, menuId: MENU.companyUser });
    for (let i = 0; i < 2; i++) expect((await get(url, sub.auth)).body.status).toBe(1);
    await t.db.update(companyMembers).set({ status: 0 }).where(eq(companyMembers.id, member.id));
    expect(await get(url, sub.auth)).toMatchObject({ code: 403, body: { code: 'NOT_MEMBER', data: null } });
    await t.db.update(companyMembers).set({ status: 1 }).where(eq(companyMembers.id, member.id));
    for (let i = 0; i < 2; i++) expect((await get(url, sub.auth)).body.status).toBe(1);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, sub.user.id));
    expect(await get(url, sub.auth)).toMatchObject({ code: 401, body: { status: -1, data: null } });
    expect((await get('/api/index/message/lst', sub.auth)).code).toBe(401);
  });

  it('a read whose handler sends no statement is checked before its reply leaves', async () => {
    const main = await seedUser(t.db, { companyName: '无查询测试有限公司' });
    const sub = await seedUser(t.db);
    const member = await addMember(t.db, main.company.id, sub.user.id, { master: 0, menus: [] });
    await t.db.update(companyMembers).set({ master: 1 }).where(eq(companyMembers.id, member.id));
    // /rent/bidding/add answers the form's options from the membership alone
    const url = `/api/rent/bidding/add?company_id=${main.company.id}`;
    for (let i = 0; i < 2; i++) expect((await get(url, sub.auth)).body).toMatchObject({ status: 1, data: { company_name: '无查询测试有限公司' } });
    await t.db.update(companyMembers).set({ status: 0 }).where(eq(companyMembers.id, member.id));
    const r = await get(url, sub.auth);
    expect(r).toMatchObject({ code: 403, body: { status: 0, code: 'NOT_MEMBER', data: null } });
  });

  it('a logged-out session sending a malformed read learns only that it must log in', async () => {
    const u = await seedUser(t.db, { companyName: '校验测试有限公司' });
    for (let i = 0; i < 2; i++) expect((await get(`/api/index/message/lst?page=1`, u.auth)).body.status).toBe(1);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: u.auth });
    const r = await get('/api/index/message/lst?page=abc', u.auth);
    expect(r).toMatchObject({ code: 401, body: { status: -1, data: null } });
    expect(r.body.errors).toBeUndefined();
  });

  it('the default company changed under a known session: 409, then the next read answers for the new one', async () => {
    const a = await seedUser(t.db, { companyName: '默认企业甲有限公司' });
    const u = await seedUser(t.db);
    // u's own personal company is its default (main account); a read without company_id uses it
    for (let i = 0; i < 2; i++) expect((await get('/api/company/user/lst', u.auth)).body.status).toBe(1);
    // u loses its main account there and becomes the main account of another company: the default moves
    await t.db.update(companyMembers).set({ master: 0 }).where(eq(companyMembers.id, u.member.id));
    await addMember(t.db, a.company.id, u.user.id, { master: 1 });
    const moved = await get('/api/company/user/lst', u.auth);
    expect(moved).toMatchObject({ code: 409, body: { status: 0, code: 'ACCESS_CHANGED', msg: '您在该企业的账号刚刚发生变化，请刷新页面后重试' } });
    const next = await get('/api/company/user/lst', u.auth);
    expect(next.body.status).toBe(1);
    expect(next.body.data.map((m: { company_id: number }) => m.company_id)).toContain(a.company.id);
  });

  it('a session whose last use is due is kept once, in a statement of its own; a user changed under it is read afresh', async () => {
    const u = await seedUser(t.db, { companyName: '最近使用有限公司' });
    const url = `/api/company/user/lst?company_id=${u.company.id}`;
    const lastSeen = async () => (await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, u.user.id)))[0].at.getTime();
    for (let i = 0; i < 2; i++) expect((await get(url, u.auth)).body.status).toBe(1);
    // used 10 minutes ago: the read keeps the last use (one update beside it); the next read has nothing to keep
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 600_000) }).where(eq(sessions.userId, u.user.id));
    expect(await get(url, u.auth)).toMatchObject({ code: 200, n: 2, body: { status: 1 } });
    expect(Date.now() - (await lastSeen())).toBeLessThan(60_000);
    expect(await get(url, u.auth)).toMatchObject({ code: 200, n: 1 });
    // used 2 minutes ago: not yet due, nothing written
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 120_000) }).where(eq(sessions.userId, u.user.id));
    const before = await lastSeen();
    expect(await get(url, u.auth)).toMatchObject({ code: 200, n: 1 });
    expect(await lastSeen()).toBe(before);
    // the user's name changed in another process (auth_rev does not move for it): the read's check sees the
    // difference and the session is looked up afresh in a statement of its own; the next read is one round trip again
    await t.db.update(users).set({ username: '改名后的用户' }).where(eq(users.id, u.user.id));
    expect(await get(url, u.auth)).toMatchObject({ code: 200, n: 2, body: { status: 1 } });
    expect(await get(url, u.auth)).toMatchObject({ code: 200, n: 1, body: { status: 1 } });
  });
});
