import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DAY_MS, daysLeft, effectiveMembership, planMembership } from '@jizu/shared/rules/membership';
import { memberGrants, memberships, payOrders, systemMessages, users } from '../../db/schema';
import { inTx } from '../../db/client';
import { createTestApp, seedUser } from '../../test/harness';
import { applyMembership, currentMembership, memberLevelInfo, remindExpiringMemberships } from './membership.service';

const price = { A: 0, AA: 36500, AAA: 99900 };
const NOW = Date.UTC(2026, 0, 10, 4, 0, 0);

describe('membership arithmetic (clock injected)', () => {
  it('new, renew from the current expiry, upgrade with the lower days converted by price ratio', () => {
    const a = effectiveMembership(null, NOW);
    expect(a).toEqual({ level: 'A', expiresAt: null });
    const n = planMembership(a, 'AA', price, 365, NOW);
    expect(n).toEqual({ ok: true, mode: 'new', beginsAt: NOW, expiresAt: NOW + 365 * DAY_MS, creditDays: 0 });
    // renewing 100 days before the end adds the year to the end, not to today
    const aa = { level: 'AA' as const, expiresAt: NOW + 100 * DAY_MS };
    expect(planMembership(aa, 'AA', price, 365, NOW)).toEqual({
      ok: true,
      mode: 'renew',
      beginsAt: NOW + 100 * DAY_MS,
      expiresAt: NOW + 465 * DAY_MS,
      creditDays: 0,
    });
    // upgrading with 100 AA days left: floor(100 × 365 / 999) = 36 AAA days on top of the year
    expect(planMembership(aa, 'AAA', price, 365, NOW)).toEqual({
      ok: true,
      mode: 'upgrade',
      beginsAt: NOW,
      expiresAt: NOW + 401 * DAY_MS,
      creditDays: 36,
    });
  });

  it('refuses A and lower tiers; expiry holds when read', () => {
    const aaa = { level: 'AAA' as const, expiresAt: NOW + DAY_MS };
    expect(planMembership(aaa, 'AA', price, 365, NOW)).toEqual({ ok: false, reason: 'lower' });
    expect(planMembership(aaa, 'A', price, 365, NOW)).toEqual({ ok: false, reason: 'free' });
    expect(effectiveMembership({ level: 'AAA', expiresAt: NOW }, NOW)).toEqual({ level: 'A', expiresAt: null });
    expect(effectiveMembership({ level: 'AAA', expiresAt: NOW + 1 }, NOW).level).toBe('AAA');
    expect(daysLeft({ level: 'AA', expiresAt: NOW + 36 * 3600_000 }, NOW)).toBe(2);
  });
});

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

type H = Record<string, string>;
const get = (url: string, headers: H = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: H = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

async function buyAndPay(auth: H, level: string) {
  const r = await post('/api/payment/purchase', { pay_type: 'wx', recharge_type: level }, auth);
  expect(r.json().status).toBe(1);
  const order = r.json().data;
  const paid = await post(`/api/pay/sandbox/${order.code_url.split('/').pop()}/pay`, {});
  expect(paid.json().data.state).toBe('SUCCESS');
  return order;
}

describe('membership purchase', () => {
  it('a stranger gets 401', async () => {
    expect((await get('/api/payment/detail?level=AA')).statusCode).toBe(401);
    expect((await get('/api/index/user/rightsList')).statusCode).toBe(401);
  });

  it('shows the pay info; A cannot be bought; an unknown level is refused', async () => {
    const u = await seedUser(t.db);
    const d = (await get('/api/payment/detail?level=AA', u.auth)).json().data;
    expect(d).toMatchObject({
      level: 'AA',
      label_text: 'AA级会员',
      amount: 36500,
      amount_text: '365.00元',
      current_level: 'A',
      mode: 'new',
      credit_days: 0,
    });
    expect(d.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    // pay_type maps each pay type to its logo url (spec/1 §3 member payment info)
    expect(d.pay_type).toEqual({ wx: '/pay/wx.svg', chinaums: '/pay/chinaums.svg', alipay: '/pay/alipay.svg' });
    let r = await get('/api/payment/detail?level=A', u.auth);
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('A级会员为注册即享的免费等级，无需购买');
    r = await post('/api/payment/purchase', { pay_type: 'wx', recharge_type: 'AAAA' }, u.auth);
    expect(r.json().msg).toBe('请选择正确的会员等级');
    expect(await t.db.select().from(payOrders).where(eq(payOrders.userId, u.user.id))).toHaveLength(0);
  });

  it('buys AA, renews from the expiry, upgrades with the credit; /index/info shows it; a lower tier is refused', async () => {
    const u = await seedUser(t.db);
    const o1 = await buyAndPay(u.auth, 'AA');
    let info = (await get('/api/index/info', u.auth)).json().data.memberLevel;
    expect(info.level).toBe('AA');
    expect(info.level_count).toBe(365);
    expect(info.expiration_time).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(info.buttons.map((b: { operation: string }) => b.operation)).toEqual(['AA', 'AAA']);
    const first = (
      await t.db.select().from(memberships).where(eq(memberships.userId, u.user.id))
    )[0].expiresAt.getTime();

    await buyAndPay(u.auth, 'AA');
    const renewed = (
      await t.db.select().from(memberships).where(eq(memberships.userId, u.user.id))
    )[0].expiresAt.getTime();
    expect(renewed - first).toBe(365 * DAY_MS);
    expect((await get('/api/index/info', u.auth)).json().data.memberLevel.level_count).toBe(730);

    const pre = (await get('/api/payment/detail?level=AAA', u.auth)).json().data;
    expect(pre.mode).toBe('upgrade');
    expect(pre.credit_days).toBe(Math.floor((729 * 36500) / 99900));
    await buyAndPay(u.auth, 'AAA');
    info = (await get('/api/index/info', u.auth)).json().data.memberLevel;
    expect(info.level).toBe('AAA');
    expect(info.level_count).toBe(365 + pre.credit_days);
    expect(info.buttons).toEqual([{ text: '续费AAA', operation: 'AAA' }]);

    const r = await post('/api/payment/purchase', { pay_type: 'wx', recharge_type: 'AA' }, u.auth);
    expect(r.statusCode).toBe(409);
    expect(r.json().msg).toBe('当前会员等级高于所选等级，无法购买');

    const rights = (await get('/api/index/user/rightsList', u.auth)).json().data;
    expect(rights.total).toBe(3);
    expect(rights.data[0]).toMatchObject({ rights_type: 'AAA级会员', status: '有效', amount: '999.00' });
    expect(rights.data[2]).toMatchObject({ sn: o1.order_sn, rights_type: 'AA级会员', status: '已失效' });
  });

  it('expiry holds when the level is read, without any timer', async () => {
    const u = await seedUser(t.db);
    await buyAndPay(u.auth, 'AA');
    await t.db
      .update(memberships)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberships.userId, u.user.id));
    const info = (await get('/api/index/info', u.auth)).json().data.memberLevel;
    expect(info).toEqual({
      level: 'A',
      expiration_time: '',
      level_count: 0,
      buttons: [
        { text: '升级AA', operation: 'AA' },
        { text: '升级AAA', operation: 'AAA' },
      ],
    });
    expect((await t.db.select({ level: users.level }).from(users).where(eq(users.id, u.user.id)))[0].level).toBe('A');
    // buying again starts a new year from now
    expect((await get('/api/payment/detail?level=AA', u.auth)).json().data.mode).toBe('new');
  });

  it('a member whose tier ends within 30 days gets one message per expiry date; a renewal is reminded again', async () => {
    const soon = await seedUser(t.db);
    const later = await seedUser(t.db);
    const gone = await seedUser(t.db);
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
    await t.db.insert(memberships).values([
      { userId: soon.user.id, level: 'AA', expiresAt: at(20) },
      { userId: later.user.id, level: 'AAA', expiresAt: at(31) },
      { userId: gone.user.id, level: 'AA', expiresAt: at(-1) },
    ]);
    const inbox = (userId: number) => t.db.select().from(systemMessages).where(eq(systemMessages.userId, userId));
    // two servers running the job at once send one message
    await Promise.all([remindExpiringMemberships(t.db, now), remindExpiringMemberships(t.db, now)]);
    expect(await remindExpiringMemberships(t.db, now)).toBe(0);
    const m = await inbox(soon.user.id);
    expect(m.map((x) => [x.kind, x.title])).toEqual([['member_expiring', '会员即将到期']]);
    expect(m[0].body).toContain('AA级会员');
    expect(m[0].body).toContain('剩余20天');
    expect(await inbox(later.user.id)).toHaveLength(0);
    expect(await inbox(gone.user.id)).toHaveLength(0);
    // the inbox API shows it unread
    expect((await get('/api/index/message/lst?state=0', soon.auth)).json().data).toMatchObject({
      total: 1,
      data: [{ msg_title: '会员即将到期' }],
    });

    // renewed a year on: nothing now, one new message when the new date comes within 30 days
    await t.db
      .update(memberships)
      .set({ expiresAt: at(385) })
      .where(eq(memberships.userId, soon.user.id));
    await remindExpiringMemberships(t.db, now);
    expect(await inbox(soon.user.id)).toHaveLength(1);
    await remindExpiringMemberships(t.db, at(360));
    expect(await inbox(soon.user.id)).toHaveLength(2);
    expect(await inbox(later.user.id)).toHaveLength(0); // its tier ended before that day
  });

  it('an AA order paid after AAA started meanwhile is converted into AAA days, not lost', async () => {
    const u = await seedUser(t.db);
    const now = new Date(NOW);
    await inTx(t.db, (tx) => applyMembership(tx, u.user.id, 'AAA', 365, 'PTEST1', 99900, now));
    await inTx(t.db, (tx) => applyMembership(tx, u.user.id, 'AA', 365, 'PTEST2', 36500, now));
    const m = await currentMembership(t.db, u.user.id, now);
    expect(m.level).toBe('AAA');
    expect(m.expiresAt).toBe(NOW + (365 + Math.floor((365 * 36500) / 99900)) * DAY_MS);
    expect((await memberLevelInfo(t.db, u.user.id, now)).level_count).toBe(365 + 133);
    expect(await t.db.select().from(memberGrants).where(eq(memberGrants.userId, u.user.id))).toHaveLength(2);
  });

  it('a plan taken off sale offers no 升级/续费 button on the card, and cannot be bought', async () => {
    const admin = await seedUser(t.db, { role: 'admin' });
    const a = await seedUser(t.db);
    const aa = await seedUser(t.db);
    await buyAndPay(aa.auth, 'AA');
    const buttons = async (auth: H) =>
      (await get('/api/index/info', auth)).json().data.memberLevel.buttons.map((b: { text: string }) => b.text);
    expect(await buttons(a.auth)).toEqual(['升级AA', '升级AAA']);
    expect(await buttons(aa.auth)).toEqual(['续费AA', '升级AAA']);
    const plans = (await get('/api/admin/member/plans', admin.auth)).json().data;
    const plan = (level: string) => plans.find((p: { level: string }) => p.level === level);
    try {
      expect((await post('/api/admin/member/plan', { ...plan('AAA'), for_sale: 0 }, admin.auth)).json().status).toBe(1);
      expect(await buttons(a.auth)).toEqual(['升级AA']);
      expect(await buttons(aa.auth)).toEqual(['续费AA']);
      expect((await post('/api/admin/member/plan', { ...plan('AA'), for_sale: 0 }, admin.auth)).json().status).toBe(1);
      expect(await buttons(a.auth)).toEqual([]);
      expect(await buttons(aa.auth)).toEqual([]);
      const r = await post('/api/payment/purchase', { pay_type: 'wx', recharge_type: 'AA' }, aa.auth);
      expect(r.statusCode).toBe(409);
      expect(r.json().msg).toBe('该会员等级暂不可购买');
    } finally {
      await post('/api/admin/member/plan', plan('AA'), admin.auth);
      await post('/api/admin/member/plan', plan('AAA'), admin.auth);
    }
    expect(await buttons(aa.auth)).toEqual(['续费AA', '升级AAA']);
  });

  it('staff change prices and benefits; the pay info follows', async () => {
    const admin = await seedUser(t.db, { role: 'admin' });
    const u = await seedUser(t.db);
    const plans = (await get('/api/admin/member/plans', admin.auth)).json().data;
    expect(plans.map((p: { level: string; price: number }) => [p.level, p.price])).toEqual([
      ['A', 0],
      ['AA', 36500],
      ['AAA', 99900],
    ]);
    const aa = plans[1];
    expect(
      (await post('/api/admin/member/plan', { ...aa, price: 40000, benefits: ['新权益'] }, admin.auth)).json().status,
    ).toBe(1);
    const d = (await get('/api/payment/detail?level=AA', u.auth)).json().data;
    expect(d).toMatchObject({ amount: 40000, benefits: ['新权益'] });
    await post('/api/admin/member/plan', aa, admin.auth);
  });
});
