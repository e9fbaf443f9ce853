import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { payAttempts, payNotifyLog, payOrders } from '../db/schema';
import { createTestApp, seedUser } from '../test/harness';
import { coinPurchases } from '../test/payment';
import { rsaKeys, startWechatPayFake } from '../test/wechatpay-fake';
import { loadConfig } from '../config';
import { createPaymentChannels } from './payment';
import { WechatPayChannel } from './payment.wechat';
import { reconcileOpenOrders, sweepExpired } from '../modules/payment/payment.settle.service';

/**
 * WeChat Pay API v3 (Native) against a local WeChat Pay that checks signatures as the real one does
 * (test/wechatpay-fake.ts): orders, signed notifies through the app, queries, closes, and the configuration.
 */
const MCHID = '1900000109';
const APPID = 'wx8888888888888888';
const SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const APIV3 = 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb';
const merchant = rsaKeys();
let fake: Awaited<ReturnType<typeof startWechatPayFake>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let env: Record<string, string>;
const log = { warn: () => {}, info: () => {}, error: () => {} };

beforeAll(async () => {
  fake = await startWechatPayFake({
    mchid: MCHID,
    appid: APPID,
    merchantSerial: SERIAL,
    merchantPublicKey: merchant.publicKey,
    apiV3Key: APIV3,
  });
  env = {
    PAY_CHANNEL: 'wechat',
    PUBLIC_URL: 'https://jizu.example.com',
    PAY_WX_MCHID: MCHID,
    PAY_WX_APPID: APPID,
    PAY_WX_SERIAL: SERIAL,
    PAY_WX_PRIVATE_KEY: merchant.privatePem,
    PAY_WX_PLATFORM_PUBLIC_KEY: fake.platformPublicPem,
    PAY_WX_PLATFORM_SERIAL: fake.platformSerial,
    PAY_WX_APIV3_KEY: APIV3,
    PAY_WX_BASE_URL: fake.url,
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
  t.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers: n.headers, payload: n.body });
const buy = (auth: H, pay_type = 'wx') => buyAs(auth, pay_type);
async function bought(auth: H) {
  const res = await buy(auth);
  expect(res.json().status).toBe(1);
  const order = res.json().data as { order_sn: string; amount: number; code_url: string };
  const no = await attemptNo(order.order_sn);
  return { ...order, no, tx: () => fake.orders.get(no)! };
}

describe('WeChat Pay Native order', () => {
  it('a wx purchase is a signed Native order at WeChat Pay: its code_url is the QR, our order number rides as attach', async () => {
    const u = await seedUser(t.db);
    const o = await bought(u.auth);
    expect(o.code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const [req] = fake.requests.filter(
      (r) => r.path === '/v3/pay/transactions/native' && JSON.parse(r.body).out_trade_no === o.no,
    );
    expect(req.authorized).toBe(true);
    const sent = JSON.parse(req.body);
    expect(sent).toMatchObject({
      appid: APPID,
      mchid: MCHID,
      attach: o.order_sn,
      notify_url: 'https://jizu.example.com/api/pay/notify/wechat',
      amount: { total: 5000, currency: 'CNY' },
    });
    // WeChat Pay refuses payment after our expiry (Beijing time, RFC 3339)
    const row = await orderRow(o.order_sn);
    expect(new Date(sent.time_expire).getTime()).toBe(Math.floor(row.expiresAt.getTime() / 1000) * 1000);
    expect(sent.time_expire).toMatch(/\+08:00$/);
    expect((await t.db.select().from(payAttempts).where(eq(payAttempts.no, o.no)))[0].channel).toBe('wechat');
  });

  it('the other pay types stay with the sandbox', async () => {
    const u = await seedUser(t.db);
    for (const pt of ['alipay', 'chinaums']) {
      const r = (await buy(u.auth, pt)).json().data;
      expect(r.code_url).toMatch(/^https:\/\/jizu\.example\.com\/site\/pay\/sandbox\/S/);
    }
  });

  it('WeChat Pay refusing our signature, or answering with a bad signature, leaves no order and tells the user', async () => {
    const u = await seedUser(t.db);
    // a deployment with another merchant key than the one registered at WeChat Pay: WeChat Pay answers 401
    const wrong = new WechatPayChannel({ ...loadConfig(env).payment.wechat!, privateKey: rsaKeys().privateKey }, 3000);
    const submit = {
      no: 'S0000wrongkey000000000001',
      orderSn: 'P20260101000000000001',
      amount: 100,
      subject: 'x',
      payType: 'wx' as const,
      kind: 'coin' as const,
      expiresAt: new Date(Date.now() + 600_000),
    };
    await expect(wrong.submit(submit)).rejects.toMatchObject({ code: 'PAY_CHANNEL_UNAVAILABLE', http: 503 });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/v3/pay/transactions/native', authorized: false });
    expect(fake.orders.has(submit.no)).toBe(false);
    // a forged or damaged answer (signature not WeChat Pay's) is not believed
    const before = (await t.db.select().from(payOrders)).length;
    fake.faults.badAnswerSignature = true;
    try {
      const r = await buy(u.auth);
      expect(r.statusCode).toBe(503);
      expect(r.json().msg).toBe('支付渠道暂时无法下单，请稍后再试或选择其他支付方式');
      expect((await t.db.select().from(payOrders)).length).toBe(before);
    } finally {
      fake.faults.badAnswerSignature = false;
    }
  });
});

describe('WeChat Pay notify', () => {
  it('a valid notify books once (204, no body); the same notify again books nothing', async () => {
    const u = await seedUser(t.db);
    const o = await bought(u.auth);
    const tx = fake.pay(o.no);
    const n = fake.notify(tx);
    const r = await notify(n);
    expect(r.statusCode).toBe(204);
    expect(r.body).toBe('');
    expect((await orderRow(o.order_sn)).state).toBe('SUCCESS');
    expect((await orderRow(o.order_sn)).tradeNo).toBe(tx.transaction_id);
    expect(await goldOf(u.user.id)).toBe(520);
    // replayed byte for byte, and a fresh retry of WeChat Pay's: acknowledged, nothing more
    expect((await notify(n)).statusCode).toBe(204);
    expect((await notify(fake.notify(tx))).statusCode).toBe(204);
    expect(await goldOf(u.user.id)).toBe(520);
    expect(await logsOf(o.order_sn)).toEqual([
      ['wechat', 'booked', true],
      ['wechat', 'duplicate', true],
      ['wechat', 'duplicate', true],
    ]);
    // the log keeps the decrypted transaction
    const [booked] = await t.db.select().from(payNotifyLog).where(eq(payNotifyLog.orderSn, o.order_sn));
    expect(JSON.parse(booked.body).transaction).toMatchObject({
      out_trade_no: o.no,
      attach: o.order_sn,
      trade_state: 'SUCCESS',
    });
  });

  it('forged, tampered, stale or unknown-serial notifies are refused with 400 {code, message}, and logged', async () => {
    const u = await seedUser(t.db);
    const o = await bought(u.auth);
    const tx = fake.pay(o.no);
    const cases = [
      fake.notify(tx, {}, { key: rsaKeys().privateKey }),
      fake.notify(tx, {}, { tamper: (b) => b.replace('"支付成功"', '"支付成功 "') }),
      fake.notify(tx, {}, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      fake.notify(tx, {}, { timestamp: Math.floor(Date.now() / 1000) + 600 }),
      fake.notify(tx, {}, { serial: 'PUB_KEY_ID_0199999999999999999999999999' }),
      // signed by WeChat Pay, but not under our APIv3 key: it cannot be read, so it is refused (and posted again)
      fake.notify(tx, {}, { apiV3Key: 'b'.repeat(32) }),
      { headers: { 'content-type': 'application/json' }, body: fake.notify(tx).body },
    ];
    for (const c of cases) {
      const r = await notify(c);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ code: 'FAIL', message: '签名错误' });
    }
    expect((await orderRow(o.order_sn)).state).toBe('WAITING');
    expect(await goldOf(u.user.id)).toBe(0);
    // refused before the order was known: logged under no order number, with the signature marked bad
    const refused = await t.db.select().from(payNotifyLog).where(eq(payNotifyLog.result, 'bad_sign'));
    expect(refused.length).toBeGreaterThanOrEqual(cases.length);
    expect(refused.every((l) => l.channel === 'wechat' && !l.signOk)).toBe(true);
  });

  it('a wrong amount, another merchant or app, an unknown or a sandbox order book nothing', async () => {
    const u = await seedUser(t.db);
    const o = await bought(u.auth);
    const tx = fake.pay(o.no);
    let r = await notify(
      fake.notify(tx, { amount: { total: 1, payer_total: 1, currency: 'CNY', payer_currency: 'CNY' } }),
    );
    expect([r.statusCode, r.json()]).toEqual([400, { code: 'FAIL', message: '金额与订单不符' }]);
    for (const change of [{ mchid: '1900000999' }, { appid: 'wx9999999999999999' }]) {
      r = await notify(fake.notify(tx, change));
      expect([r.statusCode, r.json()]).toEqual([400, { code: 'FAIL', message: '商户号或应用与本平台不符' }]);
    }
    r = await notify(fake.notify(tx, { out_trade_no: 'Snotours0000000000000000' }));
    expect([r.statusCode, r.json()]).toEqual([404, { code: 'FAIL', message: '订单不存在' }]);
    // our order number rides as attach: one of another order is refused
    r = await notify(fake.notify(tx, { attach: 'P20260101000000000001' }));
    expect(r.statusCode).toBe(404);
    expect((await orderRow(o.order_sn)).state).toBe('WAITING');
    expect(await goldOf(u.user.id)).toBe(0);
    expect(await logsOf(o.order_sn)).toEqual([
      ['wechat', 'bad_amount', true],
      ['wechat', 'bad_merchant', true],
      ['wechat', 'bad_merchant', true],
      ['wechat', 'unknown', true],
    ]);

    // a sandbox attempt cannot be settled through WeChat Pay's route, even with a valid WeChat Pay signature
    const s = (await buy(u.auth, 'chinaums')).json().data;
    const sNo = s.code_url.split('/').pop();
    r = await notify(fake.notify({ ...tx, out_trade_no: sNo, attach: s.order_sn, amount: s.amount }));
    expect(r.statusCode).toBe(404);
    expect((await orderRow(s.order_sn)).state).toBe('WAITING');
  });

  it('a signed notify of no payment is acknowledged and books nothing', async () => {
    const u = await seedUser(t.db);
    const o = await bought(u.auth);
    const r = await notify(fake.notify(o.tx(), { trade_state: 'NOTPAY' }, { eventType: 'TRANSACTION.CLOSED' }));
    expect(r.statusCode).toBe(204);
    expect((await orderRow(o.order_sn)).state).toBe('WAITING');
    expect(await logsOf(o.order_sn)).toEqual([['wechat', 'ignored', true]]);
  });

  it('late: a notify after the order closed books nothing; one paid before the expiry that arrives after it is booked', async () => {
    const u = await seedUser(t.db);
    const closed = await bought(u.auth);
    const inTime = await bought(u.auth);
    const past = new Date(Date.now() - 1000);
    await t.db.update(payOrders).set({ expiresAt: past }).where(eq(payOrders.orderSn, closed.order_sn));
    expect((await get(`/api/payment/query?order_sn=${closed.order_sn}`, u.auth)).json().data.state).toBe('CLOSED');
    const r = await notify(fake.notify(fake.pay(closed.no)));
    expect(r.statusCode).toBe(204);
    expect((await orderRow(closed.order_sn)).state).toBe('CLOSED');
    expect(await logsOf(closed.order_sn)).toEqual([['wechat', 'late', true]]);

    // paid at WeChat Pay a minute before its expiry, the notify delayed past it (our server was down): booked
    const paidAt = new Date(Date.now() - 120_000);
    await t.db
      .update(payOrders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(payOrders.orderSn, inTime.order_sn));
    expect((await notify(fake.notify(fake.pay(inTime.no, paidAt)))).statusCode).toBe(204);
    const row = await orderRow(inTime.order_sn);
    expect(row.state).toBe('SUCCESS');
    expect(row.paidAt?.getTime()).toBe(Math.floor(paidAt.getTime() / 1000) * 1000);
    expect(await goldOf(u.user.id)).toBe(520);
  });
});

describe('WeChat Pay query and close', () => {
  it('reconciliation books a paid order whose notify was lost, by a signed query; the notify then changes nothing', async () => {
    const u = await seedUser(t.db);
    const paid = await bought(u.auth);
    const unpaid = await bought(u.auth);
    const tx = fake.pay(paid.no);
    const later = new Date(Date.now() + 2000);
    expect(await reconcileOpenOrders(t.db, t.app.deps.payments, 1, log, later)).toBeGreaterThanOrEqual(1);
    expect(
      fake.requests.some(
        (r) =>
          r.method === 'GET' &&
          r.path === `/v3/pay/transactions/out-trade-no/${paid.no}?mchid=${MCHID}` &&
          r.authorized,
      ),
    ).toBe(true);
    expect((await orderRow(paid.order_sn)).state).toBe('SUCCESS');
    expect((await orderRow(unpaid.order_sn)).state).toBe('WAITING');
    expect(await goldOf(u.user.id)).toBe(520);
    expect(await reconcileOpenOrders(t.db, t.app.deps.payments, 1, log, later)).toBe(0);
    expect((await notify(fake.notify(tx))).statusCode).toBe(204);
    expect(await goldOf(u.user.id)).toBe(520);
    expect((await logsOf(paid.order_sn)).map((l) => l[1])).toEqual(['booked', 'duplicate']);
  });

  it('an expired order is closed at WeChat Pay, then here; while WeChat Pay cannot be asked or will not close, it stays open', async () => {
    const u = await seedUser(t.db);
    const o = await bought(u.auth);
    await t.db
      .update(payOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payOrders.orderSn, o.order_sn));
    const settle = { channel: t.app.deps.payments, log };
    const closes = () =>
      fake.requests.filter((r) => r.method === 'POST' && r.path === `/v3/pay/transactions/out-trade-no/${o.no}/close`);

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
    expect(closes()).toHaveLength(2);
    expect(closes()[1]).toMatchObject({ authorized: true, body: JSON.stringify({ mchid: MCHID }) });
    expect(o.tx().trade_state).toBe('CLOSED');
  });
});

describe('WeChat Pay configuration', () => {
  const base = () => ({ ...env });
  const problems = (e: Record<string, string>) => {
    try {
      loadConfig(e);
    } catch (err) {
      return (err as Error).message.split('\n').slice(1);
    }
    return [];
  };

  it('turned on, every missing setting is one line; nothing when it is off', () => {
    expect(problems({ PAY_CHANNEL: 'wechat' })).toEqual([
      '  PAY_WX_MCHID: required when PAY_CHANNEL includes wechat',
      '  PAY_WX_APPID: required when PAY_CHANNEL includes wechat',
      '  PAY_WX_SERIAL: required when PAY_CHANNEL includes wechat',
      '  PAY_WX_PRIVATE_KEY: required when PAY_CHANNEL includes wechat',
      '  PAY_WX_APIV3_KEY: required when PAY_CHANNEL includes wechat',
      '  PUBLIC_URL: required when PAY_CHANNEL includes wechat (notifies come to <PUBLIC_URL>/api/pay/notify/wechat)',
      '  PAY_WX_PLATFORM_CERT: required when PAY_CHANNEL includes wechat (or PAY_WX_PLATFORM_PUBLIC_KEY with PAY_WX_PLATFORM_SERIAL)',
    ]);
    expect(problems({ PAY_CHANNEL: 'sandbox' })).toEqual([]);
    expect(problems({ PAY_CHANNEL: 'alipay,wechat' }).filter((l) => l.includes('PUBLIC_URL'))).toEqual([
      '  PUBLIC_URL: required when PAY_CHANNEL includes alipay and wechat (notifies come to <PUBLIC_URL>/api/pay/notify/<channel>)',
    ]);
    expect(problems({ PAY_CHANNEL: 'wechat,paypal' })[0]).toMatch(
      /^ {2}PAY_CHANNEL: must be sandbox, wechat or alipay/,
    );
    const { PAY_WX_PLATFORM_SERIAL: _s, ...noSerial } = base();
    expect(problems(noSerial)).toEqual([
      '  PAY_WX_PLATFORM_SERIAL: required with PAY_WX_PLATFORM_PUBLIC_KEY (the public key id shown beside it, PUB_KEY_ID_…)',
    ]);
    expect(
      problems({
        ...base(),
        NODE_ENV: 'production',
        SMS_CONSOLE_IN_PRODUCTION: '1',
        PUBLIC_URL: 'http://jizu.example.com',
        DATA_KEYS: 'A'.repeat(43) + '=',
      }),
    ).toEqual([
      '  PUBLIC_URL: must be an https:// address when PAY_CHANNEL includes wechat (WeChat Pay notifies https only)',
    ]);
  });

  it('a malformed key or a 31-byte APIv3 key stops the start with one line each, never quoting the key', () => {
    const damaged = merchant.privatePem.replace(/\n[A-Za-z0-9+/]{20}/, '\n!!!!');
    const lines = problems({
      ...base(),
      PAY_WX_PRIVATE_KEY: damaged,
      PAY_WX_APIV3_KEY: APIV3.slice(1),
      PAY_WX_PLATFORM_PUBLIC_KEY: merchant.privatePem,
      PAY_WX_MCHID: 'abc',
    });
    expect(lines).toEqual([
      '  PAY_WX_MCHID: must be the WeChat Pay merchant number (digits) (got "abc")',
      '  PAY_WX_PRIVATE_KEY: is not a readable private key (damaged PEM) (value hidden)',
      '  PAY_WX_PLATFORM_PUBLIC_KEY: must be a public key, not a private one (value hidden)',
      '  PAY_WX_APIV3_KEY: must be the 32-character APIv3 key set in the merchant platform (got 31 bytes) (value hidden)',
    ]);
    expect(lines.join('\n')).not.toContain(APIV3.slice(1));
    expect(problems({ ...base(), PAY_WX_PRIVATE_KEY: '/nonexistent/apiclient_key.pem' })).toEqual([
      '  PAY_WX_PRIVATE_KEY: no such file: /nonexistent/apiclient_key.pem (give the PEM text, base64 of the key, or a file path) (value hidden)',
    ]);
    const small = String(
      generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    expect(problems({ ...base(), PAY_WX_PRIVATE_KEY: small })).toEqual([
      '  PAY_WX_PRIVATE_KEY: must be an RSA key of at least 2048 bits (got 1024) (value hidden)',
    ]);
  });

  it('keys come as PEM text (with \\n escapes), bare base64 or a file; the platform certificate gives its own serial', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-wx-'));
    try {
      const keyFile = path.join(dir, 'apiclient_key.pem');
      fs.writeFileSync(keyFile, merchant.privatePem);
      const platformKey = path.join(dir, 'platform_key.pem');
      fs.writeFileSync(platformKey, rsaKeys().privatePem);
      const certFile = path.join(dir, 'wechatpay_cert.pem');
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-new',
          '-key',
          platformKey,
          '-subj',
          '/CN=Tenpay.com Root CA',
          '-days',
          '2',
          '-set_serial',
          '0x3A1B2C',
          '-out',
          certFile,
        ],
        { stdio: 'ignore' },
      );
      const bare = merchant.privatePem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
      for (const key of [keyFile, merchant.privatePem.replace(/\n/g, '\\n'), bare]) {
        const { PAY_WX_PLATFORM_PUBLIC_KEY: _k, PAY_WX_PLATFORM_SERIAL: _s, ...rest } = base();
        const c = loadConfig({ ...rest, PAY_WX_PRIVATE_KEY: key, PAY_WX_PLATFORM_CERT: certFile }).payment;
        expect(c.byType).toEqual({ wx: 'wechat', alipay: 'sandbox', chinaums: 'sandbox' });
        expect(c.wechat?.privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
        expect(Object.keys(c.wechat?.platformKeys ?? {})).toEqual(['3A1B2C']);
      }
      // both ways at once (WeChat Pay moving a merchant from certificates to its public key): both verify
      const both = loadConfig({ ...base(), PAY_WX_PLATFORM_CERT: certFile }).payment.wechat;
      expect(Object.keys(both?.platformKeys ?? {}).sort()).toEqual(['3A1B2C', fake.platformSerial]);
      const channels = createPaymentChannels(loadConfig(base()), t.db);
      expect(channels.forPayType('wx').name).toBe('wechat');
      expect(channels.real.map((c) => c.name)).toEqual(['wechat']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
