import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  coinPackages,
  coinSettings,
  payNotifyLog,
  payOrders,
  pointLedger,
  systemMessages,
  users,
} from '../../db/schema';
import { createTestApp, seedUser } from '../../test/harness';
import { SandboxChannel } from '../../platform/payment';
import { sweepExpired } from './payment.settle.service';
import { loadConfig } from '../../config';

let t: Awaited<ReturnType<typeof createTestApp>>;
let channel: SandboxChannel;
beforeAll(async () => {
  t = await createTestApp();
  // the sandbox posts its notify over HTTP to the server's own address
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  channel = new SandboxChannel(t.config.payment.sandboxSecret, t.config.publicUrl);
});
afterAll(async () => t?.close());

type H = Record<string, string>;
const get = (url: string, headers: H = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: H = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

async function balances(userId: number) {
  const [u] = await t.db.select({ gold: users.gold, peas: users.peas }).from(users).where(eq(users.id, userId));
  const rows = await t.db.select().from(pointLedger).where(eq(pointLedger.userId, userId));
  return { ...u, rows: rows.length };
}

/** The users' balances are exactly the sums of their ledger rows, and each user's newest row carries the balance. */
async function expectLedgerMatchesBalances(userIds: number[]) {
  for (const id of userIds) {
    const [u] = await t.db.select({ gold: users.gold, peas: users.peas }).from(users).where(eq(users.id, id));
    const rows = await t.db.select().from(pointLedger).where(eq(pointLedger.userId, id)).orderBy(asc(pointLedger.id));
    for (const c of ['gold', 'peas'] as const) {
      const mine = rows.filter((r) => r.currency === c);
      expect(
        mine.reduce((s, r) => s + r.change, 0),
        `${c} of user ${id}`,
      ).toBe(u[c]);
      expect(mine.length ? mine[mine.length - 1].balance : 0, `last ${c} row of user ${id}`).toBe(u[c]);
    }
  }
}

async function buy(auth: H, pay_type = 'wx') {
  const lst = (await get('/api/payment/gold/lst', auth)).json().data;
  const p = lst.pay_list[1];
  const res = await post(
    '/api/payment/gold/purchase',
    { id: p.id, amount: p.amount, value: p.value, give: p.give, pay_type, gold_peas: lst.gold_peas },
    auth,
  );
  expect(res.json().status).toBe(1);
  return { order: res.json().data, pkg: p, lst };
}
const noOf = (codeUrl: string) => codeUrl.split('/').pop() as string;

describe('coin purchase and QR payment', () => {
  it('a stranger gets 401 and -1', async () => {
    for (const r of [
      await get('/api/payment/gold/lst'),
      await post('/api/payment/gold/purchase', { amount: 1000, value: 100, give: 0, pay_type: 'wx', gold_peas: 1 }),
      await get('/api/payment/query?order_sn=P1'),
    ]) {
      expect(r.statusCode).toBe(401);
      expect(r.json().status).toBe(-1);
    }
  });

  it("answers the spec's pay info: the user's coins, the rate, the bean factor, the packages and the pay types", async () => {
    const u = await seedUser(t.db);
    const d = (await get('/api/payment/gold/lst', u.auth)).json().data;
    expect(Object.keys(d).sort()).toEqual(['available', 'gold_avg', 'gold_peas', 'pay_list', 'pay_type']);
    expect(d).toMatchObject({ available: 0, gold_avg: 10, gold_peas: 1 });
    expect(d.pay_list[0]).toMatchObject({ amount: 1000, amount_v: '10.00', value: 100, give: 0 });
    expect(d.pay_type).toEqual({
      wx: { name: '微信支付', logo: '/pay/wx.svg' },
      chinaums: { name: '银联云闪付', logo: '/pay/chinaums.svg' },
      alipay: { name: '支付宝', logo: '/pay/alipay.svg' },
    });
    // available follows the balance
    await t.db.update(users).set({ gold: 37 }).where(eq(users.id, u.user.id));
    expect((await get('/api/payment/gold/lst', u.auth)).json().data.available).toBe(37);
  });

  it('needs an amount and a pay type (spec texts), and makes no order', async () => {
    const u = await seedUser(t.db);
    let r = await post('/api/payment/gold/purchase', { pay_type: 'wx', value: 100, give: 0, gold_peas: 1 }, u.auth);
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('请选择购买金额');
    r = await post('/api/payment/gold/purchase', { amount: 1000, value: 100, give: 0, gold_peas: 1 }, u.auth);
    expect(r.json().msg).toBe('请选择支付方式');
    expect(await t.db.select().from(payOrders).where(eq(payOrders.userId, u.user.id))).toHaveLength(0);
  });

  it('a changed package answers status 201 and makes no order', async () => {
    const u = await seedUser(t.db);
    const lst = (await get('/api/payment/gold/lst', u.auth)).json().data;
    const p = lst.pay_list[0];
    for (const seen of [
      { ...p, give: p.give + 5 },
      { ...p, value: p.value - 1 },
      { ...p, amount: p.amount + 1 },
      { ...p, id: 999999 },
    ]) {
      const r = await post(
        '/api/payment/gold/purchase',
        {
          id: seen.id,
          amount: seen.amount,
          value: seen.value,
          give: seen.give,
          pay_type: 'wx',
          gold_peas: lst.gold_peas,
        },
        u.auth,
      );
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ status: 201, msg: '订单异常：窗口信息已变更，请重新发起金币购买', data: null });
    }
    const r = await post(
      '/api/payment/gold/purchase',
      { id: p.id, amount: p.amount, value: p.value, give: p.give, pay_type: 'wx', gold_peas: lst.gold_peas + 1 },
      u.auth,
    );
    expect(r.json().status).toBe(201);
    expect(await t.db.select().from(payOrders).where(eq(payOrders.userId, u.user.id))).toHaveLength(0);
  });

  it('orders, shows the QR, pays through the sandbox and books coins and bonus beans once', async () => {
    const u = await seedUser(t.db);
    const { order, pkg } = await buy(u.auth);
    expect(order).toMatchObject({
      kind: 'coin',
      label_text: '购买金币 520个',
      state: 'WAITING',
      amount: 5000,
      amount_v: '50.00',
      pay_type: 'wx',
      form: '',
    });
    expect(order.order_sn).toMatch(/^P\d{20}$/);
    expect(order.code_url).toMatch(new RegExp(`^${t.config.publicUrl}/site/pay/sandbox/S[0-9a-f]{24}$`));
    expect(order.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(new Date(order.expires_at).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    let q = (await get(`/api/payment/gold/queryOrder?order_sn=${order.order_sn}`, u.auth)).json();
    expect(q.data).toMatchObject({ state: 'WAITING', label_text: '购买金币 520个' });

    const no = noOf(order.code_url);
    const info = (await get(`/api/pay/sandbox/${no}`)).json().data;
    expect(info).toMatchObject({ order_sn: order.order_sn, amount_v: '50.00', state: 'WAITING' });
    const paid = await post(`/api/pay/sandbox/${no}/pay`, {});
    expect(paid.json()).toMatchObject({ status: 1, msg: '支付成功', data: { state: 'SUCCESS' } });

    q = (await get(`/api/payment/gold/queryOrder?order_sn=${order.order_sn}`, u.auth)).json();
    expect(q.data).toMatchObject({ state: 'SUCCESS', qrcode: '', code_url: '' });
    expect(q.data.paid_at).toBeTruthy();
    const b = await balances(u.user.id);
    expect(b).toEqual({ gold: pkg.value + pkg.give, peas: 50, rows: 2 });
    await expectLedgerMatchesBalances([u.user.id]);
    expect((await get('/api/payment/gold/lst', u.auth)).json().data.available).toBe(520);
    const rows = await t.db.select().from(pointLedger).where(eq(pointLedger.userId, u.user.id));
    expect(rows.map((r) => [r.currency, r.type, r.change, r.sourceSn, r.sourceAmount]).sort()).toEqual(
      [
        ['gold', 11, 520, order.order_sn, 5000],
        ['peas', 2, 50, order.order_sn, 5000],
      ].sort(),
    );

    // paying again on the page is refused, and nothing moves
    const again = await post(`/api/pay/sandbox/${no}/pay`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('订单已支付');
    // a duplicated notify (the channel retries) is acknowledged and books nothing
    const body = channel.notifyBody(no, order.order_sn, 5000, 'SBXretry');
    const dup = await post('/api/pay/notify/sandbox', body);
    expect(dup.json().data.result).toBe('duplicate');
    expect(await balances(u.user.id)).toEqual(b);
    const logs = await t.db.select().from(payNotifyLog).where(eq(payNotifyLog.orderSn, order.order_sn));
    expect(logs.map((l) => l.result)).toEqual(['booked', 'duplicate']);
    // one system message for the payment, not one per notify
    const inbox = await t.db.select().from(systemMessages).where(eq(systemMessages.userId, u.user.id));
    expect(inbox.map((m) => [m.kind, m.title])).toEqual([['payment', '支付成功']]);
    expect(inbox[0].body).toBe(`您的订单（${order.order_sn}）已支付成功：购买金币 520个，金额 ¥50.00。`);
  });

  it('refuses and logs a notify with a bad signature or a wrong amount; nothing is booked', async () => {
    const u = await seedUser(t.db);
    const { order } = await buy(u.auth, 'chinaums');
    const no = noOf(order.code_url);
    const forged = { ...channel.notifyBody(no, order.order_sn, 5000, 'SBXx'), sign: 'f'.repeat(64) };
    let r = await post('/api/pay/notify/sandbox', forged);
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('签名错误');
    const otherKey = new SandboxChannel('another-secret-of-someone', t.config.publicUrl).notifyBody(
      no,
      order.order_sn,
      5000,
      'SBXx',
    );
    r = await post('/api/pay/notify/sandbox', otherKey);
    expect(r.json().msg).toBe('签名错误');
    const tampered = { ...channel.notifyBody(no, order.order_sn, 5000, 'SBXx'), amount: 1 };
    r = await post('/api/pay/notify/sandbox', tampered);
    expect(r.json().msg).toBe('签名错误');
    // signed correctly but for another amount
    r = await post('/api/pay/notify/sandbox', channel.notifyBody(no, order.order_sn, 1, 'SBXx'));
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('金额与订单不符');
    r = await post('/api/pay/notify/sandbox', channel.notifyBody('Snotthere000', order.order_sn, 5000, 'SBXx'));
    expect(r.statusCode).toBe(404);

    expect(await balances(u.user.id)).toEqual({ gold: 0, peas: 0, rows: 0 });
    expect((await get(`/api/payment/query?order_sn=${order.order_sn}`, u.auth)).json().data.state).toBe('WAITING');
    const logs = await t.db.select().from(payNotifyLog).where(eq(payNotifyLog.orderSn, order.order_sn));
    expect(logs.map((l) => [l.result, l.signOk])).toEqual([
      ['bad_sign', false],
      ['bad_sign', false],
      ['bad_sign', false],
      ['bad_amount', true],
      ['unknown', true],
    ]);
  });

  it('concurrent notifies of one order book once', async () => {
    const u = await seedUser(t.db);
    const { order, pkg } = await buy(u.auth);
    const no = noOf(order.code_url);
    const res = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) =>
        post('/api/pay/notify/sandbox', channel.notifyBody(no, order.order_sn, 5000, `SBX${i}`)),
      ),
    );
    const results = res.map((r) => r.json().data.result).sort();
    expect(results).toEqual(['booked', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await balances(u.user.id)).toEqual({ gold: pkg.value + pkg.give, peas: 50, rows: 2 });
    await expectLedgerMatchesBalances([u.user.id]);
    expect(await t.db.select().from(systemMessages).where(eq(systemMessages.userId, u.user.id))).toHaveLength(1);
  });

  it('an unpaid order closes after 10 minutes: when read, by the sweep, and a late notify books nothing', async () => {
    const u = await seedUser(t.db);
    const a = (await buy(u.auth)).order;
    const b = (await buy(u.auth)).order;
    const past = new Date(Date.now() - 1000);
    await t.db.update(payOrders).set({ expiresAt: past }).where(eq(payOrders.userId, u.user.id));
    // read: CLOSED and persisted
    const q = (await get(`/api/payment/query?order_sn=${a.order_sn}`, u.auth)).json().data;
    expect(q).toMatchObject({ state: 'CLOSED', qrcode: '' });
    expect((await t.db.select().from(payOrders).where(eq(payOrders.orderSn, a.order_sn)))[0].state).toBe('CLOSED');
    // sweep
    expect((await t.db.select().from(payOrders).where(eq(payOrders.orderSn, b.order_sn)))[0].state).toBe('WAITING');
    expect(await sweepExpired(t.db)).toBeGreaterThanOrEqual(1);
    expect((await t.db.select().from(payOrders).where(eq(payOrders.orderSn, b.order_sn)))[0].state).toBe('CLOSED');
    // the payer page refuses, and a late notify changes nothing
    const pay = await post(`/api/pay/sandbox/${noOf(a.code_url)}/pay`, {});
    expect(pay.statusCode).toBe(409);
    expect(pay.json().msg).toBe('订单已关闭，请重新下单');
    const late = await post(
      '/api/pay/notify/sandbox',
      channel.notifyBody(noOf(b.code_url), b.order_sn, 5000, 'SBXlate'),
    );
    expect(late.json().data.result).toBe('late');
    expect((await t.db.select().from(payOrders).where(eq(payOrders.orderSn, b.order_sn)))[0].state).toBe('CLOSED');
    expect(await balances(u.user.id)).toEqual({ gold: 0, peas: 0, rows: 0 });
    expect(await t.db.select().from(systemMessages).where(eq(systemMessages.userId, u.user.id))).toHaveLength(0);
  });

  it("another user's order answers 404; a coin order is not a member order", async () => {
    const u = await seedUser(t.db);
    const v = await seedUser(t.db);
    const { order } = await buy(u.auth);
    for (const url of [
      `/api/payment/query?order_sn=${order.order_sn}`,
      `/api/payment/gold/queryOrder?order_sn=${order.order_sn}`,
      '/api/payment/query?order_sn=P000',
    ]) {
      const r = await get(url, v.auth);
      expect(r.statusCode).toBe(404);
      expect(r.json().msg).toBe('订单不存在');
    }
    // the owner's own member order is not found by the coin query; the general query finds it
    const m = await post('/api/payment/purchase', { pay_type: 'wx', recharge_type: 'AA' }, u.auth);
    expect(m.json().data).toMatchObject({ kind: 'member', label_text: 'AA级会员（365天）' });
    const sn = m.json().data.order_sn;
    const r = await get(`/api/payment/gold/queryOrder?order_sn=${sn}`, u.auth);
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ status: 0, msg: '订单不存在', data: null });
    expect((await get(`/api/payment/query?order_sn=${sn}`, u.auth)).json().data).toMatchObject({
      order_sn: sn,
      kind: 'member',
      state: 'WAITING',
    });
  });

  it('after coin and membership payments every balance is the sum of its ledger rows', async () => {
    const u = await seedUser(t.db);
    const v = await seedUser(t.db);
    for (const who of [u, v]) {
      const { order } = await buy(who.auth, 'chinaums');
      expect((await post(`/api/pay/sandbox/${noOf(order.code_url)}/pay`, {})).json().data.state).toBe('SUCCESS');
    }
    const m = (await post('/api/payment/purchase', { pay_type: 'wx', recharge_type: 'AAA' }, u.auth)).json().data;
    expect((await post(`/api/pay/sandbox/${noOf(m.code_url)}/pay`, {})).json().data.state).toBe('SUCCESS');
    const again = (await buy(u.auth)).order;
    expect((await post(`/api/pay/sandbox/${noOf(again.code_url)}/pay`, {})).json().data.state).toBe('SUCCESS');
    expect(await balances(u.user.id)).toEqual({ gold: 1040, peas: 100, rows: 4 });
    expect(await balances(v.user.id)).toEqual({ gold: 520, peas: 50, rows: 2 });
    await expectLedgerMatchesBalances([u.user.id, v.user.id]);
  });

  it('alipay answers a self-submitting form to the payer page', async () => {
    const u = await seedUser(t.db);
    const { order } = await buy(u.auth, 'alipay');
    expect(order.form).toContain(`action="${order.code_url}"`);
    expect(order.form).toContain('.submit()');
  });
});

describe('admin: coin packages and payments', () => {
  it('non-staff get 403 on every admin route', async () => {
    const u = await seedUser(t.db);
    for (const r of [
      await get('/api/admin/coin/packages', u.auth),
      await post('/api/admin/coin/package', { amount: 100, value: 1 }, u.auth),
      await post('/api/admin/coin/setting', { gold_avg: 1, gold_peas: 1 }, u.auth),
      await post('/api/admin/coin/package/del', { id: 1 }, u.auth),
      await get('/api/admin/payments', u.auth),
      await get('/api/admin/payments/P20260101000000000000', u.auth),
      await get('/api/admin/member/plans', u.auth),
      await post('/api/admin/member/plan', { level: 'AA', name: 'x', price: 1, benefits: [], for_sale: 1 }, u.auth),
    ]) {
      expect(r.statusCode).toBe(403);
      expect(r.json().msg).toBe('仅平台工作人员可以访问管理后台');
    }
  });

  it('staff keep packages; a user who saw the old one gets 201', async () => {
    const admin = await seedUser(t.db, { role: 'admin' });
    const u = await seedUser(t.db);
    const lst = (await get('/api/payment/gold/lst', u.auth)).json().data;
    const bad = await post('/api/admin/coin/package', { amount: 0, value: 10 }, admin.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('请填写正确的套餐金额与金币数');
    const created = (
      await post('/api/admin/coin/package', { amount: 2000, value: 200, give: 10, sort: 9 }, admin.auth)
    ).json().data;
    const p = lst.pay_list[0];
    expect(
      (
        await post(
          '/api/admin/coin/package',
          { id: p.id, amount: p.amount, value: p.value, give: p.give + 1, sort: 1 },
          admin.auth,
        )
      ).json().status,
    ).toBe(1);
    const r = await post(
      '/api/payment/gold/purchase',
      { id: p.id, amount: p.amount, value: p.value, give: p.give, pay_type: 'wx', gold_peas: lst.gold_peas },
      u.auth,
    );
    expect(r.json().status).toBe(201);
    const all = (await get('/api/admin/coin/packages', admin.auth)).json().data;
    expect(all.list.find((x: { id: number }) => x.id === created.id)).toMatchObject({
      amount: 2000,
      value: 200,
      give: 10,
    });
    expect(all.setting).toEqual({ gold_avg: 10, gold_peas: 1 });
    expect((await post('/api/admin/coin/package/del', { id: created.id }, admin.auth)).json().status).toBe(1);
    expect((await post('/api/admin/coin/package/del', { id: created.id }, admin.auth)).statusCode).toBe(404);
    await t.db
      .update(coinPackages)
      .set({ give: p.give })
      .where(and(eq(coinPackages.id, p.id)));
  });

  it('a package is worth exactly amount × gold_avg coins: other values are refused and nothing is saved', async () => {
    const admin = await seedUser(t.db, { role: 'admin' });
    const before = await t.db.select().from(coinPackages).orderBy(asc(coinPackages.id));
    let r = await post('/api/admin/coin/package', { amount: 2000, value: 199, give: 10 }, admin.auth);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      status: 0,
      msg: '金币数须等于金额（元）×兑换比例：20.00元 × 10 = 200金币',
      errors: [{ field: 'value', msg: '金币数须等于金额（元）×兑换比例：20.00元 × 10 = 200金币' }],
    });
    // 10.05 yuan × 10 = 100.5 coins: no value can be right
    r = await post('/api/admin/coin/package', { amount: 1005, value: 100, give: 0 }, admin.auth);
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('按当前兑换比例（1元 = 10金币），10.05元不能折算为整数金币，请调整金额');
    // an existing package cannot be edited out of line either
    const p = before[0];
    r = await post(
      '/api/admin/coin/package',
      { id: p.id, amount: p.amount, value: p.value + 1, give: p.give, sort: p.sort },
      admin.auth,
    );
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe(
      `金币数须等于金额（元）×兑换比例：${(p.amount / 100).toFixed(2)}元 × 10 = ${p.value}金币`,
    );
    expect(await t.db.select().from(coinPackages).orderBy(asc(coinPackages.id))).toEqual(before);
  });

  it('a new gold_avg recomputes every package; one that cannot be recomputed refuses the change', async () => {
    const admin = await seedUser(t.db, { role: 'admin' });
    const u = await seedUser(t.db);
    const seen = (await get('/api/payment/gold/lst', u.auth)).json().data;
    const values = async () =>
      (await t.db.select().from(coinPackages).orderBy(asc(coinPackages.id))).map((x) => [x.amount, x.value, x.give]);
    const start = await values();
    try {
      expect((await post('/api/admin/coin/setting', { gold_avg: 20, gold_peas: 1 }, admin.auth)).json().status).toBe(1);
      expect(await values()).toEqual(start.map(([a, , g]) => [a, (a * 20) / 100, g]));
      const now = (await get('/api/payment/gold/lst', u.auth)).json().data;
      expect(now.gold_avg).toBe(20);
      expect(now.pay_list[0]).toMatchObject({ amount: 1000, value: 200 });
      // a user who saw the old values is told the package changed
      const p = seen.pay_list[0];
      const r = await post(
        '/api/payment/gold/purchase',
        { id: p.id, amount: p.amount, value: p.value, give: p.give, pay_type: 'wx', gold_peas: seen.gold_peas },
        u.auth,
      );
      expect(r.json().status).toBe(201);

      // 10.05 yuan is 201 coins at 20 a yuan, but 100.5 at 10: going back to 10 is refused and nothing moves
      const odd = (
        await post('/api/admin/coin/package', { amount: 1005, value: 201, give: 0, status: 0 }, admin.auth)
      ).json().data;
      const mid = await values();
      const bad = await post('/api/admin/coin/setting', { gold_avg: 10, gold_peas: 1 }, admin.auth);
      expect(bad.statusCode).toBe(409);
      expect(bad.json().msg).toBe(
        '按新的兑换比例（1元 = 10金币），10.05元的套餐不能折算为整数金币，请先调整或删除该套餐',
      );
      expect(await values()).toEqual(mid);
      expect((await get('/api/admin/coin/packages', admin.auth)).json().data.setting).toEqual({
        gold_avg: 20,
        gold_peas: 1,
      });
      await post('/api/admin/coin/package/del', { id: odd.id }, admin.auth);
    } finally {
      expect((await post('/api/admin/coin/setting', { gold_avg: 10, gold_peas: 1 }, admin.auth)).json().status).toBe(1);
    }
    expect(await values()).toEqual(start);
  });

  it('refuses a bad coin setting with its message and changes nothing', async () => {
    const admin = await seedUser(t.db, { role: 'admin' });
    const setting = async () => (await t.db.select().from(coinSettings))[0];
    const before = await setting();
    for (const [body, msg] of [
      [{ gold_avg: 0, gold_peas: 1 }, '1元可兑金币数须为1到10000之间的整数'],
      [{ gold_avg: 10001, gold_peas: 1 }, '1元可兑金币数须为1到10000之间的整数'],
      [{ gold_avg: 1.5, gold_peas: 1 }, '1元可兑金币数须为1到10000之间的整数'],
      [{ gold_avg: 'abc', gold_peas: 1 }, '1元可兑金币数须为1到10000之间的整数'],
      [{ gold_avg: 10, gold_peas: -1 }, '每元赠送积分须为0到10000之间的整数'],
      [{ gold_avg: 10, gold_peas: 10001 }, '每元赠送积分须为0到10000之间的整数'],
      [{ gold_avg: 10 }, '每元赠送积分须为0到10000之间的整数'],
    ] as const) {
      const r = await post('/api/admin/coin/setting', body, admin.auth);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().msg, JSON.stringify(body)).toBe(msg);
    }
    expect(await setting()).toEqual(before);
  });

  it('a changed gold_peas gives that many bonus beans per yuan on the next purchase', async () => {
    const admin = await seedUser(t.db, { role: 'admin' });
    const u = await seedUser(t.db);
    try {
      expect((await post('/api/admin/coin/setting', { gold_avg: 10, gold_peas: 3 }, admin.auth)).json().status).toBe(1);
      const { order, lst } = await buy(u.auth);
      expect(lst.gold_peas).toBe(3);
      await post(`/api/pay/sandbox/${noOf(order.code_url)}/pay`, {});
      expect(await balances(u.user.id)).toEqual({ gold: 520, peas: 150, rows: 2 });
      await expectLedgerMatchesBalances([u.user.id]);
    } finally {
      await post('/api/admin/coin/setting', { gold_avg: 10, gold_peas: 1 }, admin.auth);
    }
  });

  it('lists payments with filters and shows attempts and the notify log', async () => {
    const admin = await seedUser(t.db, { role: 'admin' });
    const u = await seedUser(t.db);
    const { order } = await buy(u.auth);
    await post(`/api/pay/sandbox/${noOf(order.code_url)}/pay`, {});
    let r = (await get(`/api/admin/payments?phone=${u.phone}&page=1&size=5`, admin.auth)).json().data;
    expect(r.total).toBe(1);
    expect(r.data[0]).toMatchObject({ order_sn: order.order_sn, state: 'SUCCESS', kind: 'coin', phone: u.phone });
    r = (await get(`/api/admin/payments?phone=${u.phone}&state=WAITING`, admin.auth)).json().data;
    expect(r.total).toBe(0);
    r = (await get(`/api/admin/payments?order_sn=${order.order_sn}`, admin.auth)).json().data;
    expect(r.data.map((x: { order_sn: string }) => x.order_sn)).toEqual([order.order_sn]);
    const d = (await get(`/api/admin/payments/${order.order_sn}`, admin.auth)).json().data;
    expect(d.attempts).toHaveLength(1);
    expect(d.notifies.map((n: { result: string }) => n.result)).toEqual(['booked']);
  });
});

describe('payment config', () => {
  it('the customer-service hotline is a public setting (SERVICE_HOTLINE)', async () => {
    const r = await get('/api/settings/public');
    expect(r.json()).toEqual({ status: 1, msg: '操作成功', data: { service_hotline: '400-820-1234', amap: null } });
    expect(loadConfig({ SERVICE_HOTLINE: '010-6666 8888' }).serviceHotline).toBe('010-6666 8888');
    expect(() => loadConfig({ SERVICE_HOTLINE: 'call us' })).toThrow(/SERVICE_HOTLINE: must be a phone number/);
  });

  it('validates the sandbox secret and the notify URL', () => {
    expect(() => loadConfig({ PAY_SANDBOX_SECRET: 'short' })).toThrow(
      /PAY_SANDBOX_SECRET: must be at least 16 characters/,
    );
    expect(() => loadConfig({ PAY_NOTIFY_URL: 'not a url' })).toThrow(/PAY_NOTIFY_URL: must be a URL/);
    expect(() => loadConfig({ PAY_CHANNEL: 'paypal' })).toThrow(/PAY_CHANNEL/);
    expect(loadConfig({}).payment).toMatchObject({
      byType: { wx: 'sandbox', alipay: 'sandbox', chinaums: 'sandbox' },
      wechat: null,
      alipay: null,
      devSecret: true,
    });
    expect(loadConfig({ PAY_SANDBOX_SECRET: 'a-secret-of-our-own-1234' }).payment.devSecret).toBe(false);
  });
});
