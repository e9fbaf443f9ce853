import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { smsCodes } from '../../db/schema';
import { loadConfig } from '../../config';
import { createTestApp, testPhone } from '../../test/harness';
import { FakeAliyunSms, FakeTencentSms } from '../../test/sms-provider';
import { TencentSmsSender } from '../../platform/sms';
import { checkSmsCode, sendSmsCode, verifySmsCode } from './sms.service';

/**
 * A real provider behind POST /api/auth/sms (Aliyun here, through its SDK, against a local endpoint that checks the
 * signature): what it refuses reaches the user in Chinese and counts against none of the user's limits.
 */
const aliyun = new FakeAliyunSms({
  keyId: 'LTAI5tTestKeyId000002',
  keySecret: 'aliyun-test-secret-9876543210',
  signName: '机租通',
  templates: { SMS_200000001: ['code'] },
});
const tencent = new FakeTencentSms(
  {
    keyId: 'AKIDtestSecretId0000002',
    keySecret: 'tencent-test-secret-9876543210',
    signName: '机租通',
    templates: { '3000001': ['code'] },
  },
  '1400000002',
);
const METRICS_TOKEN = 'metrics-token-for-the-sms-test';
let t: Awaited<ReturnType<typeof createTestApp>>;
let tencentUrl = '';
beforeAll(async () => {
  const aliyunUrl = await aliyun.start();
  tencentUrl = await tencent.start();
  t = await createTestApp({
    SMS_PROVIDER: 'aliyun',
    SMS_ACCESS_KEY_ID: aliyun.account.keyId,
    SMS_ACCESS_KEY_SECRET: aliyun.account.keySecret,
    SMS_SIGN_NAME: '机租通',
    SMS_TEMPLATE: 'SMS_200000001',
    SMS_ENDPOINT: aliyunUrl,
    SMS_TIMEOUT_MS: '1000',
    // random codes, read back from what the provider would have delivered
    SMS_DEV_CODE: '',
    SMS_DAILY_PER_PHONE: '2',
    SMS_DAILY_PER_IP: '3',
    METRICS_TOKEN,
  });
});
afterAll(async () => {
  await t?.close();
  await aliyun.stop();
  await tencent.stop();
});

const sms = (phone: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sms', payload: { phone, scene: 'register' }, remoteAddress: ip });
const rows = async (phone: string) =>
  Number((await t.db.select({ n: count() }).from(smsCodes).where(eq(smsCodes.phone, phone)))[0].n);
const codeSentTo = (phone: string) =>
  aliyun.delivered.filter((d) => d.phone === phone).map((d) => (d.params as { code: string }).code);
const settle = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: Error) => e.message,
  );

describe('a real SMS provider behind POST /api/auth/sms', () => {
  it('sends a code that then registers the user', async () => {
    const phone = testPhone();
    const res = await sms(phone, '10.9.0.1');
    expect(res.json()).toEqual({ status: 1, msg: '短信发送成功', data: { resend_in: 60 } });
    const [code] = codeSentTo(phone);
    expect(code).toMatch(/^\d{6}$/);
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { phone, code, password: 'Abc12345' },
    });
    expect(reg.json().status).toBe(1);
  });

  it("a provider's refusal reaches the user in Chinese, and the user may ask again at once: no gap, no daily count", async () => {
    const phone = testPhone();
    // each test from its own address: the IP cap (3) is another test's subject
    const ip = '10.9.0.4';
    aliyun.refuseNext(
      'isv.BUSINESS_LIMIT_CONTROL:触发小时级流控Permits:5',
      'isv.BUSINESS_LIMIT_CONTROL:触发天级流控Permits:10',
      'isv.OUT_OF_SERVICE:业务停机',
    );
    const answers = [await sms(phone, ip), await sms(phone, ip), await sms(phone, ip)];
    expect(answers.map((r) => [r.statusCode, r.json()])).toEqual([
      [429, { status: 0, msg: '该手机号获取验证码过于频繁，请稍后再试', data: null, code: 'SMS_PROVIDER_LIMIT' }],
      [
        429,
        {
          status: 0,
          msg: '该手机号今日接收短信次数已达上限，请明天再试',
          data: null,
          code: 'SMS_PROVIDER_DAILY_LIMIT',
        },
      ],
      [503, { status: 0, msg: '短信发送失败，请稍后再试', data: null, code: 'SMS_SEND_FAILED' }],
    ]);
    // nothing was written: the daily count in the database is where it was, and no code exists
    expect(await rows(phone)).toBe(0);
    expect(codeSentTo(phone)).toEqual([]);
    // the daily cap is 2 a phone: both sends go through after three refusals, then the cap holds
    expect((await sms(phone, ip)).json().status).toBe(1);
    await t.db
      .update(smsCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(smsCodes.phone, phone));
    expect((await sms(phone, ip)).json().status).toBe(1);
    expect(await rows(phone)).toBe(2);
    await t.db
      .update(smsCodes)
      .set({ createdAt: new Date(Date.now() - 122_000) })
      .where(eq(smsCodes.phone, phone));
    expect((await sms(phone, ip)).json()).toMatchObject({
      code: 'SMS_DAILY_LIMIT',
      msg: '今日短信发送次数已达上限，请明天再试',
    });
    expect(await rows(phone)).toBe(2);
  });

  it('a refusal does not count against the IP cap either', async () => {
    const ip = '10.9.0.2';
    aliyun.refuseNext(
      'isv.BUSINESS_LIMIT_CONTROL:触发分钟级流控Permits:1',
      'isv.BUSINESS_LIMIT_CONTROL:触发分钟级流控Permits:1',
      'isv.BUSINESS_LIMIT_CONTROL:触发分钟级流控Permits:1',
    );
    for (let i = 0; i < 3; i++) expect((await sms(testPhone(), ip)).statusCode).toBe(429);
    // the IP cap is 3: three different phones from it still get their codes, the fourth does not
    for (let i = 0; i < 3; i++) expect((await sms(testPhone(), ip)).json().status).toBe(1);
    expect((await sms(testPhone(), ip)).json().code).toBe('SMS_DAILY_LIMIT');
  });

  it('a provider that does not answer (SMS_TIMEOUT_MS) counts nothing either', async () => {
    const phone = testPhone();
    aliyun.silent = true;
    try {
      const r = await sms(phone, '10.9.0.5');
      expect(r.json()).toEqual({ status: 0, msg: '短信发送失败，请稍后再试', data: null, code: 'SMS_SEND_FAILED' });
    } finally {
      aliyun.silent = false;
    }
    expect(await rows(phone)).toBe(0);
  });

  it('after a failed resend, the code delivered before still works; a delivered one replaces it', async () => {
    const phone = testPhone();
    expect((await sms(phone, '10.9.0.6')).json().status).toBe(1);
    const [first] = codeSentTo(phone);
    await t.db
      .update(smsCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(smsCodes.phone, phone));
    aliyun.refuseNext('isv.BUSINESS_LIMIT_CONTROL:触发小时级流控Permits:5');
    expect((await sms(phone, '10.9.0.6')).statusCode).toBe(429);
    expect(await settle(checkSmsCode(t.db, phone, 'register', first))).toBe('ok');
    // the refused send started no gap (the first one's had passed): the next send goes at once, and replaces the first
    expect((await sms(phone, '10.9.0.6')).json().status).toBe(1);
    const [, second] = codeSentTo(phone);
    const live = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(live.map((r) => r.usedAt === null)).toEqual([false, true]);
    if (second !== first) expect(await settle(verifySmsCode(t.db, phone, 'register', first))).toBe('验证码错误');
    expect(await settle(verifySmsCode(t.db, phone, 'register', second))).toBe('ok');
  });

  it('Tencent Cloud SMS through the same send rules: its daily limit of a number reaches the user, nothing counted', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      SMS_PROVIDER: 'tencent',
      SMS_ACCESS_KEY_ID: tencent.account.keyId,
      SMS_ACCESS_KEY_SECRET: tencent.account.keySecret,
      SMS_SIGN_NAME: '机租通',
      SMS_TENCENT_APP_ID: '1400000002',
      SMS_TEMPLATE: '3000001',
      SMS_ENDPOINT: tencentUrl,
    });
    const deps = {
      db: t.db,
      config,
      sms: new TencentSmsSender(config.sms.gateway, config.sms.ttlMinutes, config.sms.templateParams),
    };
    const phone = testPhone();
    tencent.refuseNext('LimitExceeded.PhoneNumberDailyLimit');
    expect(await settle(sendSmsCode(deps, phone, 'login', '10.9.0.3'))).toBe(
      '该手机号今日接收短信次数已达上限，请明天再试',
    );
    expect(await rows(phone)).toBe(0);
    await sendSmsCode(deps, phone, 'login', '10.9.0.3');
    const code = (tencent.delivered.at(-1)!.params as string[])[0];
    expect(tencent.delivered.at(-1)).toMatchObject({ phone, template: '3000001' });
    expect(await settle(verifySmsCode(t.db, phone, 'login', code))).toBe('ok');
  });

  it('counts the sends by provider and outcome for GET /metrics', async () => {
    const text = (
      await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).body;
    const value = (outcome: string) =>
      Number(
        new RegExp(`^jizu_sms_sends_total\\{provider="aliyun",outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1] ??
          0,
      );
    // the sends of the tests above, in this file's order
    expect({
      ok: value('ok'),
      rate_limited: value('rate_limited'),
      daily_limited: value('daily_limited'),
      failed: value('failed'),
    }).toEqual({ ok: 8, rate_limited: 5, daily_limited: 1, failed: 2 });
  });
});
