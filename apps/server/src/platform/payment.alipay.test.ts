import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payNotifyLog, payOrders, trainingEnrolments, trainingMajors } from '../db/schema';
import { vaultOf } from './crypto';
import { insertPersonAuth } from '../modules/verify/verify.service';
import { createTestApp, seedUser } from '../test/harness';
import { coinPurchases } from '../test/payment';
import { rsaKeys } from '../test/wechatpay-fake';
import { startAlipayFake } from '../test/alipay-fake';
import { loadConfig } from '../config';
import { reconcileOpenOrders, sweepExpired } from '../modules/payment/payment.settle.service';
import { fenToYuan, yuanToFen } from './payment.alipay';

/**
 * Alipay through its SDK against a local Alipay gateway that checks RSA2 signatures as the real one does
 * (test/alipay-fake.ts): precreate and the page form, signed notifies through the app, trade.query, trade.close, and
 * the configuration.
 */
const APPID = '2021000122671080';
const SELLER = '2088102146225135';
const app = rsaKeys();
let fake: Awaited<ReturnType<typeof startAlipayFake>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let env: Record<string, string>;
const log = { warn: () => {}, info: () => {}, error: () => {} };
/** keys as Alipay's key tool shows them: base64 without the PEM lines */
const bare = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

beforeAll(async () => {
  fake = await startAlipayFake({ appId: APPID, sellerId: SELLER, appPublicKey: app.publicKey });
  env = {
    PAY_CHANNEL: 'sandbox,alipay',
    PUBLIC_URL: 'https://jizu.example.com',
    PAY_ALIPAY_APPID: APPID,
    PAY_ALIPAY_SELLER_ID: SELLER,
    PAY_ALIPAY_PRIVATE_KEY: bare(app.privatePem),
    PAY_ALIPAY_PUBLIC_KEY: bare(fake.alipayPublicPem),
    PAY_ALIPAY_GATEWAY: fake.gateway,
    PAY_TIMEOUT_MS: '3000',
  };
  t = await createTestApp(env);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type H = Record<string, string>;
const { get, buy: buyAs, attemptNo, orderRow, goldOf, logsOf } = coinPurchases(() => t);
const notify = (n: { headers: H; body: string }) =>
  t.app.inject({ method: 'POST', url: '/api/pay/notify/alipay', headers: n.headers, payload: n.body });
const buy = (auth: H, pay_type = 'alipay') => buyAs(auth, pay_type);
async function bought(auth: H) {
  const res = await buy(auth);
  expect(res.json().status).toBe(1);
  const order = res.json().data as { order_sn: string; amount: number; code_url: string; form: string };
  const no = await attemptNo(order.order_sn);
  return { ...order, no };
}

describe('Alipay order', () => {
  it('an alipay purchase is a signed precreate (its QR) and a signed page-pay form that submits itself', async () => {
    const u = await seedUser(t.db);
    const o = await bought(u.auth);
    expect(o.code_url).toMatch(/^https:\/\/qr\.alipay\.com\/bax0/);
    const pre = fake.calls.find((c) => c.method === 'alipay.trade.precreate' && c.biz.out_trade_no === o.no);
    expect(pre).toMatchObject({
      signed: true,
      biz: { total_amount: '50.00', seller_id: SELLER, timeout_express: '10m' },
    });
    // the form the user centre submits, as the gateway receives it
    expect(o.form).toContain('document.forms[');
    const form = fake.checkPageForm(o.form);
    expect(form.signed).toBe(true);
    expect(form.action.startsWith(fake.gateway)).toBe(true);
    expect(form.fields).toMatchObject({
      method: 'alipay.trade.page.pay',
      app_id: APPID,
      notify_url: 'https://jizu.example.com/api/pay/notify/alipay',
      return_url: 'https://jizu.example.com/integral-detail?tab=coin',
    });
    expect(form.biz).toMatchObject({
      out_trade_no: o.no,
      total_amount: '50.00',
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });
    const row = await orderRow(o.order_sn);
    expect(form.biz.time_expire).toBe(
      new Date(row.expiresAt.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '),
    );
    // a form altered on the way no longer verifies at the gateway
    expect(fake.checkPageForm(o.form.replace('50.00', '0.01')).signed).toBe(false);
  });

  it('without 当面付 (precreate refused) the order still has the page: code_url is its signed address', async () => {
    const u = await seedUser(t.db);
    fake.faults.refuse = 'precreate';
    try {
      const o = await bought(u.auth);
      expect(o.code_url.startsWith(`${fake.gateway}?`)).toBe(true);
      const q = Object.fromEntries(new URL(o.code_url).searchParams);
      expect(q.method).toBe('alipay.trade.page.pay');
      expect(JSON.parse(q.biz_content)).toMatchObject({ out_trade_no: o.no });
      expect(o.form).toContain('<form');
    } finally {
      fake.faults.refuse = null;
    }
  });

  it('an answer whose signature is not Alipay’s is not believed', async () => {
    const u = await seedUser(t.db);
    fake.faults.badAnswerSignature = true;
    try {
      // the QR code is not taken from it (the page remains)
      const o = await bought(u.auth);
      expect(o.code_url.startsWith(`${fake.gateway}?`)).toBe(true);
      // and a query that says "paid" is not believed either
      fake.checkPageForm(o.form);
      fake.pay(o.no);
      await reconcileOpenOrders(t.db, t.app.deps.payments, 0, log, new Date(Date.now() + 2000));
      expect((await orderRow(o.order_sn)).state).toBe('WAITING');
    } finally {
      fake.faults.badAnswerSignature = false;
    }
  });

  it('yuan and fen without floats', () => {
    expect([fenToYuan(5000), fenToYuan(1), fenToYuan(123456789)]).toEqual(['50.00', '0.01', '1234567.89']);
    expect([yuanToFen('50.00'), yuanToFen('50.1'), yuanToFen('0.01'), yuanToFen('1234567.89')]).toEqual([
      5000, 5010, 1, 123456789,
    ]);
    for (const bad of ['', '1.234', '-1.00', '1e3', '１.00', undefined]) expect(yuanToFen(bad)).toBeNaN();
  });
});

describe('Alipay notify', () => {
  it('a valid notify books once and is answered `success`; the same notify again books nothing', async () => {
    const u = await seedUser(t.db);
    const o = await bought(u.auth);
    fake.checkPageForm(o.form);
    const trade = fake.pay(o.no);
    const n = fake.notify(trade);
    const r = await notify(n);
    expect([r.statusCode, r.headers['content-type'], r.body]).toEqual([200, 'text/plain; charset=utf-8', 'success']);
    const row = await orderRow(o.order_sn);
    expect([row.state, row.tradeNo]).toEqual(['SUCCESS', trade.trade_no]);
    expect(await goldOf(u.user.id)).toBe(520);
    expect((await notify(n)).body).toBe('success');
    expect((await notify(fake.notify(trade, { trade_status: 'TRADE_FINISHED' }))).body).toBe('success');
    expect(await goldOf(u.user.id)).toBe(520);
    expect(await logsOf(o.order_sn)).toEqual([
      ['alipay', 'booked', true],
      ['alipay', 'duplicate', true],
      ['alipay', 'duplicate', true],
    ]);
    const [booked] = await t.db.select().from(payNotifyLog).where(eq(payNotifyLog.orderSn, o.order_sn));
    expect(JSON.parse(booked.body)).toMatchObject({
      out_trade_no: o.no,
      total_amount: '50.00',
      trade_status: 'TRADE_SUCCESS',
    });
    expect(JSON.parse(booked.body).sign).toBeUndefined();
  });

  it('forged or tampered notifies, a wrong amount, another app or seller, an unknown trade: `fail`, nothing booked, logged', async () => {
    const u = await seedUser(t.db);
    const o = await bought(u.auth);
    fake.checkPageForm(o.form);
    const trade = fake.pay(o.no);
    const sent: [
      Record<string, string>,
      { key?: ReturnType<typeof rsaKeys>['privateKey']; tamper?: Record<string, string> },
      number,
    ][] = [
      [{}, { key: rsaKeys().privateKey }, 400],
      [{}, { tamper: { total_amount: '0.01' } }, 400],
      [{}, { tamper: { sign: '' } }, 400],
      [{ total_amount: '0.01' }, {}, 400],
      [{ app_id: '2021000199999999' }, {}, 400],
      [{ seller_id: '2088999999999999' }, {}, 400],
      [{ out_trade_no: 'Snotours0000000000000000' }, {}, 404],
    ];
    for (const [change, s, status] of sent) {
      const r = await notify(fake.notify(trade, change, s));
      expect([r.statusCode, r.body]).toEqual([status, 'fail']);
    }
    expect((await orderRow(o.order_sn)).state).toBe('WAITING');
    expect(await goldOf(u.user.id)).toBe(0);
    // refused before the order is known (a bad signature, another merchant) the log has no order number
    expect(await logsOf(o.order_sn)).toEqual([['alipay', 'bad_amount', true]]);
    const byResult = async (result: string) =>
      (await t.db.select().from(payNotifyLog).where(eq(payNotifyLog.result, result))).filter(
        (l) => JSON.parse(l.body).trade_no === trade.trade_no,
      );
    expect((await byResult('bad_sign')).map((l) => l.signOk)).toEqual([false, false, false]);
    expect(await byResult('bad_merchant')).toHaveLength(2);
    expect(await byResult('unknown')).toHaveLength(1);

    // a sandbox attempt cannot be settled through Alipay's route
    const s = (await buy(u.auth, 'chinaums')).json().data;
    const r = await notify(fake.notify({ ...trade, out_trade_no: s.code_url.split('/').pop(), total_amount: '50.00' }));
    expect([r.statusCode, r.body]).toEqual([404, 'fail']);
    expect((await orderRow(s.order_sn)).state).toBe('WAITING');
  });

  it('a signed notify of no payment (trade closed) is answered `success` and books nothing', async () => {
    const u = await seedUser(t.db);
    const o = await bought(u.auth);
    fake.checkPageForm(o.form);
    const r = await notify(fake.notify(fake.trades.get(o.no)!, { trade_status: 'TRADE_CLOSED' }));
    expect(r.body).toBe('success');
    expect((await orderRow(o.order_sn)).state).toBe('WAITING');
    expect(await logsOf(o.order_sn)).toEqual([['alipay', 'ignored', true]]);
  });

  it('late: a notify after the order closed books nothing and is acknowledged', async () => {
    const u = await seedUser(t.db);
    const o = await bought(u.auth);
    await t.db
      .update(payOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payOrders.orderSn, o.order_sn));
    expect((await get(`/api/payment/query?order_sn=${o.order_sn}`, u.auth)).json().data.state).toBe('CLOSED');
    fake.checkPageForm(o.form);
    const r = await notify(fake.notify(fake.pay(o.no)));
    expect(r.body).toBe('success');
    expect((await orderRow(o.order_sn)).state).toBe('CLOSED');
    expect(await goldOf(u.user.id)).toBe(0);
    expect(await logsOf(o.order_sn)).toEqual([['alipay', 'late', true]]);
  });
});

describe('training enrolment’s alipay step (spec/3 §4)', () => {
  it('is Alipay’s page-pay form, signed, for the enrolment’s attempt and fee, not the precreate QR code; paying it enrols', async () => {
    const [major] = await t.db
      .insert(trainingMajors)
      .values({ name: '挖掘机操作', content: '理论与实操课程', price: 280_000, status: 1 })
      .returning();
    const u = await seedUser(t.db);
    await insertPersonAuth(t.db, vaultOf(t.config), {
      userId: u.user.id,
      name: '张师傅',
      card: '110101199003071011',
      cardFace: '/a.png',
      cardBack: '/b.png',
      status: 1,
    });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/recruit/applyo',
      headers: u.auth,
      payload: { apply_category_id: major.id, education: '高中', pay_name: 'alipay' },
    });
    expect(applied.json()).toMatchObject({ status: 1 });
    const sn = applied.json().data as string;
    const no = await attemptNo(sn);
    // the order's code_url is the precreate QR code (what the scan pages show)…
    const q = (await get(`/api/recruit/query?order_sn=${sn}`, u.auth)).json().data;
    expect(q.code_url).toMatch(/^https:\/\/qr\.alipay\.com\//);
    // …and the purchase step answers the page-pay form that submits itself
    const p = (await get(`/api/recruit/purchase?order_sn=${sn}`, u.auth)).json().data;
    expect(p).toMatchObject({ order_sn: sn, pay_type: 'alipay', query: '' });
    expect(p.redirect_url).not.toContain('qr.alipay.com');
    expect(p.redirect_url).toContain('document.forms[');
    const form = fake.checkPageForm(p.redirect_url);
    expect(form.signed).toBe(true);
    expect(form.action.startsWith(fake.gateway)).toBe(true);
    expect(form.fields).toMatchObject({
      method: 'alipay.trade.page.pay',
      app_id: APPID,
      notify_url: 'https://jizu.example.com/api/pay/notify/alipay',
      return_url: 'https://jizu.example.com/operator/index',
    });
    expect(form.biz).toMatchObject({
      out_trade_no: no,
      total_amount: '2800.00',
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });
    // one trade at Alipay for the QR and the page: paying on the page enrols once
    const trade = fake.pay(no);
    expect((await notify(fake.notify(trade))).body).toBe('success');
    const [e] = await t.db.select().from(trainingEnrolments).where(eq(trainingEnrolments.userId, u.user.id));
    expect([e.state, e.payType, e.payOrderSn]).toEqual([1, 'alipay', sn]);
    // a paid order has no form any more
    expect((await get(`/api/recruit/purchase?order_sn=${sn}`, u.auth)).json().status).toBe(0);
  });
});

describe('Alipay query and close', () => {
  it('reconciliation books a paid order whose notify was lost, by trade.query; the notify then changes nothing', async () => {
    const u = await seedUser(t.db);
    const paid = await bought(u.auth);
    const unscanned = await bought(u.auth);
    fake.checkPageForm(paid.form);
    const trade = fake.pay(paid.no);
    const later = new Date(Date.now() + 2000);
    expect(await reconcileOpenOrders(t.db, t.app.deps.payments, 1, log, later)).toBeGreaterThanOrEqual(1);
    expect(
      fake.calls.some((c) => c.method === 'alipay.trade.query' && c.biz.out_trade_no === paid.no && c.signed),
    ).toBe(true);
    const row = await orderRow(paid.order_sn);
    expect(row.state).toBe('SUCCESS');
    // the time Alipay says the money moved (Beijing time, to the second)
    expect(new Date(row.paidAt!.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')).toBe(
      trade.paid_at,
    );
    expect((await orderRow(unscanned.order_sn)).state).toBe('WAITING');
    expect(await goldOf(u.user.id)).toBe(520);
    expect((await notify(fake.notify(trade))).body).toBe('success');
    expect(await goldOf(u.user.id)).toBe(520);
    expect((await logsOf(paid.order_sn)).map((l) => l[1])).toEqual(['booked', 'duplicate']);
  });

  it('an expired order is closed at Alipay, then here; while Alipay cannot be asked or will not close, it stays open', async () => {
    const u = await seedUser(t.db);
    const o = await bought(u.auth);
    const never = await bought(u.auth);
    fake.checkPageForm(o.form);
    await t.db
      .update(payOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payOrders.userId, u.user.id));
    const settle = { channel: t.app.deps.payments, log };
    const closes = () => fake.calls.filter((c) => c.method === 'alipay.trade.close' && c.biz.out_trade_no === o.no);

    fake.faults.failing = 'query';
    await sweepExpired(t.db, new Date(), settle);
    expect((await orderRow(o.order_sn)).state).toBe('WAITING');
    expect(closes()).toHaveLength(0);

    fake.faults.failing = 'close';
    await sweepExpired(t.db, new Date(), settle);
    expect((await orderRow(o.order_sn)).state).toBe('WAITING');
    expect(closes()).toHaveLength(1);

    fake.faults.failing = null;
    await sweepExpired(t.db, new Date(), settle);
    expect((await orderRow(o.order_sn)).state).toBe('CLOSED');
    expect(closes().at(-1)?.signed).toBe(true);
    expect(fake.trades.get(o.no)?.state).toBe('TRADE_CLOSED');
    // a trade Alipay never saw (QR not scanned, form not submitted) closes here all the same
    expect((await orderRow(never.order_sn)).state).toBe('CLOSED');
  });

  it('paid between our query and our close: the close says so, the order stays open, and the next sweep books it', async () => {
    const u = await seedUser(t.db);
    const o = await bought(u.auth);
    fake.checkPageForm(o.form);
    // Alipay's books: paid before the expiry; our query below answers "not paid" once (the race), then the truth
    await t.db
      .update(payOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payOrders.orderSn, o.order_sn));
    const trade = fake.trades.get(o.no)!;
    const channel = t.app.deps.payments.forPayType('alipay');
    const query = channel.query.bind(channel);
    let first = true;
    channel.query = async (no) => {
      if (first && no === o.no) {
        first = false;
        fake.pay(o.no, new Date(Date.now() - 30_000));
        return { no, paid: false };
      }
      return query(no);
    };
    try {
      await sweepExpired(t.db, new Date(), { channel: t.app.deps.payments, log });
      expect((await orderRow(o.order_sn)).state).toBe('WAITING');
      await sweepExpired(t.db, new Date(), { channel: t.app.deps.payments, log });
      expect((await orderRow(o.order_sn)).state).toBe('SUCCESS');
      expect(trade.state).toBe('TRADE_SUCCESS');
      expect(await goldOf(u.user.id)).toBe(520);
    } finally {
      channel.query = query;
    }
  });
});

describe('Alipay configuration', () => {
  const problems = (e: Record<string, string>) => {
    try {
      loadConfig(e);
    } catch (err) {
      return (err as Error).message.split('\n').slice(1);
    }
    return [];
  };

  it('turned on, every missing setting is one line; a bad key or id is one line each', () => {
    expect(problems({ PAY_CHANNEL: 'alipay', PUBLIC_URL: 'https://jizu.example.com' })).toEqual([
      '  PAY_ALIPAY_APPID: required when PAY_CHANNEL includes alipay',
      '  PAY_ALIPAY_SELLER_ID: required when PAY_CHANNEL includes alipay',
      '  PAY_ALIPAY_PRIVATE_KEY: required when PAY_CHANNEL includes alipay',
      '  PAY_ALIPAY_PUBLIC_KEY: required when PAY_CHANNEL includes alipay',
    ]);
    expect(
      problems({
        ...env,
        PAY_ALIPAY_SELLER_ID: '1088102146225135',
        PAY_ALIPAY_PUBLIC_KEY: bare(fake.alipayPublicPem).slice(0, 200),
        PAY_ALIPAY_PRIVATE_KEY: 'not-a-key',
      }),
    ).toEqual([
      '  PAY_ALIPAY_SELLER_ID: must be the 16-digit Alipay partner id (starts with 2088) (got "1088102146225135")',
      '  PAY_ALIPAY_PRIVATE_KEY: no such file: not-a-key (give the PEM text, base64 of the key, or a file path) (value hidden)',
      '  PAY_ALIPAY_PUBLIC_KEY: is not a readable public key (neither SPKI nor PKCS#1) (value hidden)',
    ]);
    const c = loadConfig(env).payment;
    expect(c.byType).toEqual({ wx: 'sandbox', alipay: 'alipay', chinaums: 'sandbox' });
    expect(c.alipay).toMatchObject({
      appId: APPID,
      sellerId: SELLER,
      gateway: fake.gateway,
      notifyUrl: 'https://jizu.example.com/api/pay/notify/alipay',
    });
    expect(c.wechat).toBeNull();
  });
});
