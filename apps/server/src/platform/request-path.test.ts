import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTx } from '../db/client';
import { captureStatements, createTestApp, seedUser, addMember } from '../test/harness';
import { createMessage } from '../modules/message/message.service';
import { bookPoints } from '../modules/points/ledger.service';
import { revokeSession } from './session';
import { eq } from 'drizzle-orm';
import { MENU } from '@jizu/shared/constants/menu';
import { companies, companyMembers, memberMenus, users } from '../db/schema';

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

/**
 * Statements per request once the process knows the session: on PostgreSQL the read carries the session check in its
 * own statement (platform/fused.ts), one round trip; on PGlite (in the process) the session statement and the read.
 */
const known = () => (process.env.TEST_DATABASE_URL ? 1 : 2);

describe('round trips per request', () => {
  it('a company-scoped list: the session with its membership and grants in one statement, the list in one more; once known, one statement on PostgreSQL', async () => {
    const main = await seedUser(t.db, { companyName: '往返测试有限公司' });
    const sub = await seedUser(t.db);
    await addMember(t.db, main.company.id, sub.user.id, { menus: [] });
    const first = await count(`/api/company/user/lst?company_id=${main.company.id}`, main.auth);
    expect(first.n, first.sql).toBe(2);
    expect(first.sql).toContain('member_menus');
    for (const url of [`/api/company/user/lst?company_id=${main.company.id}`, `/api/company/signet/lst?company_id=${main.company.id}`, `/api/company/invoice/addrlst?company_id=${main.company.id}`, `/api/company/bank/lst?company_id=${main.company.id}`]) {
      const r = await count(url, main.auth);
      expect(r.n, r.sql).toBe(known());
    }
    const members = (await count(`/api/company/user/lst?company_id=${main.company.id}`, main.auth)).body as { id: number; master: number; auth_status: number }[];
    expect(members.map((m) => m.master)).toEqual([1, 0]);
    const subId = members[1].id;
    const r = await count(`/api/company/privilege/lst?company_id=${main.company.id}&member_id=${subId}`, main.auth);
    expect(r.n, r.sql).toBe(known()); // the member with their grants
    expect(r.body.length).toBeGreaterThan(0);
  });

  it('the account card and the account lists (inbox, notices, ledger) each in one statement after the session (with it, on PostgreSQL)', async () => {
    const u = await seedUser(t.db);
    await createMessage(t.db, { userId: u.user.id, title: '标题', content: '内容' });
    await inTx(t.db, (tx) => bookPoints(tx, { userId: u.user.id, currency: 'peas', type: 9, change: 30, bizKey: 'rt:1' }));
    for (const url of ['/api/index/info', '/api/index/message/lst?state=0', '/api/index/notice?page=1&size=6', '/api/index/score/peas', '/api/payment/gold/lst']) {
      const r = await count(url, u.auth);
      expect(r.n, `${url}\n${r.sql}`).toBe(url === '/api/index/info' ? 2 : known());
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

describe('the membership a process keeps under auth_rev', () => {
  const revOf = async (userId: number) => (await t.db.select({ rev: users.authRev }).from(users).where(eq(users.id, userId)))[0].rev;

  it("auth_rev rises with the user's memberships, their grants and a company's name or type, in the same transaction, and not with other writes", async () => {
    const main = await seedUser(t.db, { companyName: '版本测试有限公司' });
    const sub = await seedUser(t.db);
    let rev = await revOf(sub.user.id);
    const rises = async (what: string, change: () => Promise<unknown>) => {
      await change();
      const now = await revOf(sub.user.id);
      expect(now, what).toBeGreaterThan(rev);
      rev = now;
    };
    const member = await addMember(t.db, main.company.id, sub.user.id, { menus: [] });
    expect(await revOf(sub.user.id)).toBeGreaterThan(rev);
    rev = await revOf(sub.user.id);
    await rises('a grant given', () => t.db.insert(memberMenus).values({ memberId: member.id, menuId: MENU.companyUser }));
    await rises('a grant taken', () => t.db.delete(memberMenus).where(eq(memberMenus.memberId, member.id)));
    await rises('switched off', () => t.db.update(companyMembers).set({ status: 0 }).where(eq(companyMembers.id, member.id)));
    await rises('the company renamed', () => t.db.update(companies).set({ name: '版本测试（更名）有限公司' }).where(eq(companies.id, main.company.id)));
    await rises('removed', () => t.db.delete(companyMembers).where(eq(companyMembers.id, member.id)));
    // a write that changes no access: the number stays
    await t.db.update(companies).set({ address: '上海市浦东新区' }).where(eq(companies.id, main.company.id));
    await t.db.update(users).set({ username: '新名字' }).where(eq(users.id, sub.user.id));
    expect(await revOf(sub.user.id)).toBe(rev);
    // a change rolled back leaves it as it was
    await expect(inTx(t.db, async (tx) => {
      await tx.insert(companyMembers).values({ companyId: main.company.id, userId: sub.user.id, master: 0, memberName: '回滚成员' });
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(await revOf(sub.user.id)).toBe(rev);
  });

  it('a known membership costs the session statement alone; a grant taken away is read again at the next request, and refused', async () => {
    const main = await seedUser(t.db, { companyName: '缓存测试有限公司' });
    const sub = await seedUser(t.db);
    const member = await addMember(t.db, main.company.id, sub.user.id, { menus: [MENU.companyUser] });
    const url = `/api/company/user/lst?company_id=${main.company.id}`;
    const first = await count(url, sub.auth);
    expect(first.sql).toContain('member_menus'); // the session read with the membership
    const second = await count(url, sub.auth);
    expect(second.n, second.sql).toBe(known()); // the session and user alone (in the list's statement on PostgreSQL)
    expect(second.sql).not.toContain('member_menus');
    await t.app.inject({ method: 'POST', url: '/api/company/privilege/save', headers: main.auth, payload: { company_id: main.company.id, member_id: member.id, menu_id: [] } });
    captured.take();
    const refused = await t.app.inject({ url, headers: sub.auth });
    expect(refused.json()).toMatchObject({ status: 0, code: 'NO_GRANT' });
    expect(captured.take()).toHaveLength(2); // the session, then the membership again under the new auth_rev
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
    await inTx(t.db, (tx) => bookPoints(tx, { userId: u.user.id, currency: 'peas', type: 9, change: 50, bizKey: 'rt:a' }));
    await inTx(t.db, (tx) => bookPoints(tx, { userId: u.user.id, currency: 'peas', type: 9, change: -20, bizKey: 'rt:b' }));
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
