import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { FakeAliyunSms, FakeTencentSms } from '../test/sms-provider';
import { AliyunSmsSender, SmsSendError, TencentSmsSender, createSmsSender } from './sms';

const aliyun = new FakeAliyunSms({
  keyId: 'LTAI5tTestKeyId000001',
  keySecret: 'aliyun-test-secret-0123456789',
  signName: '机租通',
  templates: { SMS_100000001: ['code'], SMS_100000002: ['code'], SMS_100000003: ['code', 'minutes'] },
});
const tencent = new FakeTencentSms(
  {
    keyId: 'AKIDtestSecretId0000001',
    keySecret: 'tencent-test-secret-0123456789',
    signName: '机租通',
    templates: { '2000001': ['code'], '2000002': ['code'], '2000003': ['code', 'minutes'] },
  },
  '1400000001',
);
let aliyunUrl = '';
let tencentUrl = '';
beforeAll(async () => {
  aliyunUrl = await aliyun.start();
  tencentUrl = await tencent.start();
});
afterAll(async () => {
  await aliyun.stop();
  await tencent.stop();
});

const aliyunEnv = (over: Record<string, string> = {}) => ({
  SMS_PROVIDER: 'aliyun',
  SMS_ACCESS_KEY_ID: aliyun.account.keyId,
  SMS_ACCESS_KEY_SECRET: aliyun.account.keySecret,
  SMS_SIGN_NAME: '机租通',
  SMS_TEMPLATE: 'SMS_100000001',
  SMS_TEMPLATE_REGISTER: 'SMS_100000002',
  SMS_ENDPOINT: aliyunUrl,
  SMS_TIMEOUT_MS: '1000',
  ...over,
});
const tencentEnv = (over: Record<string, string> = {}) => ({
  SMS_PROVIDER: 'tencent',
  SMS_ACCESS_KEY_ID: tencent.account.keyId,
  SMS_ACCESS_KEY_SECRET: tencent.account.keySecret,
  SMS_SIGN_NAME: '机租通',
  SMS_TENCENT_APP_ID: '1400000001',
  SMS_TEMPLATE: '2000001',
  SMS_TEMPLATE_REGISTER: '2000002',
  SMS_ENDPOINT: tencentUrl,
  SMS_TIMEOUT_MS: '1000',
  ...over,
});
const aliyunSender = (over?: Record<string, string>) => {
  const c = loadConfig(aliyunEnv(over));
  return new AliyunSmsSender(c.sms.gateway, c.sms.ttlMinutes, c.sms.templateParams);
};
const tencentSender = (over?: Record<string, string>) => {
  const c = loadConfig(tencentEnv(over));
  return new TencentSmsSender(c.sms.gateway, c.sms.ttlMinutes, c.sms.templateParams);
};
const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'sent',
    (e: unknown) => (e instanceof SmsSendError ? `${e.reason} ${e.providerCode}` : `not an SmsSendError: ${String(e)}`),
  );

describe('configuration of a real SMS provider', () => {
  it('stops the start with one line per missing or malformed setting', () => {
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return 'started';
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
    };
    expect(message({ SMS_PROVIDER: 'aliyun' }).split('\n')).toEqual([
      'Invalid configuration:',
      '  SMS_ACCESS_KEY_ID: required when SMS_PROVIDER is aliyun (the AccessKey ID)',
      '  SMS_ACCESS_KEY_SECRET: required when SMS_PROVIDER is aliyun (the AccessKey secret)',
      '  SMS_SIGN_NAME: required when SMS_PROVIDER is aliyun (the approved signature, e.g. 机租通)',
      '  SMS_TEMPLATE: required when SMS_PROVIDER is aliyun, unless every scene has its own (missing: SMS_TEMPLATE_REGISTER, SMS_TEMPLATE_LOGIN, SMS_TEMPLATE_RESET, SMS_TEMPLATE_OLD_MOBILE, SMS_TEMPLATE_NEW_MOBILE, SMS_TEMPLATE_MEMBER_ADD, SMS_TEMPLATE_AUTH, SMS_TEMPLATE_CONTRACT_SIGN, SMS_TEMPLATE_RECEIPT_SIGN)',
    ]);
    const tc = message({
      ...tencentEnv(),
      SMS_TENCENT_APP_ID: '',
      SMS_TEMPLATE: '',
      SMS_TEMPLATE_LOGIN: 'SMS_1234',
      SMS_ENDPOINT: 'ftp://x',
      SMS_PROVIDER: 'tencent',
    });
    expect(tc.split('\n')).toEqual([
      'Invalid configuration:',
      '  SMS_ENDPOINT: must be http(s)://host[:port] with no path (got "ftp://x")',
      '  SMS_TENCENT_APP_ID: required when SMS_PROVIDER is tencent (the SdkAppId of the SMS application)',
      '  SMS_TEMPLATE: required when SMS_PROVIDER is tencent, unless every scene has its own (missing: SMS_TEMPLATE_RESET, SMS_TEMPLATE_OLD_MOBILE, SMS_TEMPLATE_NEW_MOBILE, SMS_TEMPLATE_MEMBER_ADD, SMS_TEMPLATE_AUTH, SMS_TEMPLATE_CONTRACT_SIGN, SMS_TEMPLATE_RECEIPT_SIGN)',
      '  SMS_TEMPLATE_LOGIN: must be the digits of a Tencent Cloud template id such as 1234567 (got "SMS_1234")',
    ]);
    // the secret is never echoed, even when the line is about it
    expect(message({ ...aliyunEnv(), SMS_PROVIDER: 'nope' })).toBe(
      'Invalid configuration:\n  SMS_PROVIDER: must be console, aliyun or tencent (got "nope")',
    );
    expect(message({ METRICS_TOKEN: 'short secret' })).toBe(
      'Invalid configuration:\n  METRICS_TOKEN: must be 16 to 200 visible ASCII characters (openssl rand -hex 24) (value hidden)',
    );
    // the console sender needs none of it; a complete provider starts, a scene's own template beats the shared one
    expect(message({})).toBe('started');
    const c = loadConfig(aliyunEnv());
    expect(c.sms.gateway.templates).toMatchObject({
      register: 'SMS_100000002',
      login: 'SMS_100000001',
      receipt_sign: 'SMS_100000001',
    });
    expect(c.sms.gateway.region).toBe('cn-hangzhou');
    expect(loadConfig(tencentEnv()).sms.gateway.region).toBe('ap-guangzhou');
  });
});

describe('the console sender in production', () => {
  const refusal = (given: string) =>
    `Invalid configuration:\n  SMS_PROVIDER: ${given} writes the SMS codes to the log and sends none: with NODE_ENV=production set aliyun or tencent (README § SMS), or SMS_CONSOLE_IN_PRODUCTION=1 for a demo whose codes are read from the log`;
  const startError = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return null;
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
  };
  /** the lines the sender's creation logs */
  const created = (env: Record<string, string>) => {
    const lines: string[] = [];
    const log = {
      warn: (m: string) => lines.push(`warn ${m}`),
      info: () => {},
      error: () => {},
    } as unknown as Parameters<typeof createSmsSender>[1];
    createSmsSender(loadConfig(env), log);
    return lines;
  };

  it('stops the start with one line, whether console is the default or chosen, and joins the other problems', () => {
    expect(startError({ NODE_ENV: 'production' })).toBe(refusal('unset (console)'));
    expect(startError({ NODE_ENV: 'production', SMS_PROVIDER: 'console' })).toBe(refusal('console'));
    expect(startError({ NODE_ENV: 'production', SMS_PROVIDER: 'console', SMS_CONSOLE_IN_PRODUCTION: '0' })).toBe(
      refusal('console'),
    );
    expect(startError({ NODE_ENV: 'production', PORT: 'x' })?.split('\n')).toEqual([
      'Invalid configuration:',
      '  PORT: must be a number (got "x")',
      refusal('unset (console)').split('\n')[1],
    ]);
    // the opt-in is 0 or 1 like every switch
    expect(startError({ NODE_ENV: 'production', SMS_CONSOLE_IN_PRODUCTION: 'yes' })).toContain(
      'SMS_CONSOLE_IN_PRODUCTION: must be 0 or 1 (got "yes")',
    );
  });

  it('starts with a real provider, or with the console sender chosen knowingly for a demo (which the start warns about)', () => {
    expect(startError({ ...aliyunEnv(), NODE_ENV: 'production' })).toBeNull();
    expect(created({ ...aliyunEnv(), NODE_ENV: 'production' })).toEqual([]);
    expect(startError({ NODE_ENV: 'production', SMS_CONSOLE_IN_PRODUCTION: '1' })).toBeNull();
    expect(created({ NODE_ENV: 'production', SMS_CONSOLE_IN_PRODUCTION: '1' })).toEqual([
      'warn SMS codes are written to the log and not sent (SMS_PROVIDER=console, SMS_CONSOLE_IN_PRODUCTION=1): a demo deployment only, whoever reads this log can sign in as anyone',
    ]);
    // outside production (npm start and npm run dev on a fresh clone) the console sender is the quiet default
    for (const NODE_ENV of ['development', 'test']) {
      expect(startError({ NODE_ENV })).toBeNull();
      expect(created({ NODE_ENV })).toEqual([]);
    }
    expect(created({})).toEqual([]);
  });
});

describe('Aliyun SMS (SendSms, ACS3-HMAC-SHA256)', () => {
  it('sends the code with the signature, the scene’s template and {"code"} to a request Aliyun accepts', async () => {
    const sender = aliyunSender();
    await sender.send('13900001111', '381920', 'register');
    await sender.send('13900001112', '004711', 'login');
    expect(aliyun.delivered.slice(-2)).toEqual([
      { phone: '13900001111', signName: '机租通', template: 'SMS_100000002', params: { code: '381920' } },
      { phone: '13900001112', signName: '机租通', template: 'SMS_100000001', params: { code: '004711' } },
    ]);
    // the template's variables as configured: a template with ${code} and ${minutes}
    await aliyunSender({ SMS_TEMPLATE: 'SMS_100000003', SMS_TEMPLATE_PARAMS: 'code,minutes' }).send(
      '13900001113',
      '123456',
      'login',
    );
    expect(aliyun.delivered.at(-1)).toEqual({
      phone: '13900001113',
      signName: '机租通',
      template: 'SMS_100000003',
      params: { code: '123456', minutes: '10' },
    });
  });

  it('the local endpoint refuses what Aliyun refuses: a wrong secret, an unknown key, a replayed request', async () => {
    const before = aliyun.delivered.length;
    expect(
      await failure(aliyunSender({ SMS_ACCESS_KEY_SECRET: 'not-the-secret' }).send('13900001114', '123456', 'login')),
    ).toBe('failed SignatureDoesNotMatch');
    expect(
      await failure(aliyunSender({ SMS_ACCESS_KEY_ID: 'LTAI5tSomeoneElse' }).send('13900001114', '123456', 'login')),
    ).toBe('failed InvalidAccessKeyId.NotFound');
    // the same signed request again (same nonce), and one whose number was changed after signing
    await aliyunSender().send('13900001115', '123456', 'login');
    const sent = aliyun.received.at(-1)!;
    const replay = (url: string) => post(aliyunUrl, url, sent.headers, sent.body);
    expect(await replay(sent.url)).toMatchObject({ Code: 'SignatureNonceUsed' });
    expect(await replay(sent.url.replace('13900001115', '13900009999'))).toMatchObject({
      Code: 'SignatureDoesNotMatch',
    });
    expect(aliyun.delivered.length).toBe(before + 1);
  });

  it("tells the number's own limits from everything else", async () => {
    const sender = aliyunSender();
    aliyun.refuseNext(
      'isv.BUSINESS_LIMIT_CONTROL:触发分钟级流控Permits:1',
      'isv.BUSINESS_LIMIT_CONTROL:触发天级流控Permits:10',
      'isv.AMOUNT_NOT_ENOUGH:账户余额不足',
    );
    expect(await failure(sender.send('13900001116', '123456', 'login'))).toBe(
      'rate_limited isv.BUSINESS_LIMIT_CONTROL',
    );
    expect(await failure(sender.send('13900001116', '123456', 'login'))).toBe(
      'daily_limited isv.BUSINESS_LIMIT_CONTROL',
    );
    expect(await failure(sender.send('13900001116', '123456', 'login'))).toBe('failed isv.AMOUNT_NOT_ENOUGH');
    // a template the account does not have, a signature it does not have
    expect(await failure(aliyunSender({ SMS_TEMPLATE: 'SMS_999' }).send('13900001116', '123456', 'login'))).toBe(
      'failed isv.SMS_TEMPLATE_ILLEGAL',
    );
    expect(await failure(aliyunSender({ SMS_SIGN_NAME: '别家' }).send('13900001116', '123456', 'login'))).toBe(
      'failed isv.SMS_SIGNATURE_ILLEGAL',
    );
    expect(await failure(sender.send('2390000111', '123456', 'login'))).toBe('bad_phone isv.MOBILE_NUMBER_ILLEGAL');
  });
});

describe('Tencent Cloud SMS (SendSms, TC3-HMAC-SHA256)', () => {
  it('sends +86 number, SdkAppId, signature, the scene’s template and the code to a request Tencent accepts', async () => {
    const sender = tencentSender();
    await sender.send('13900002221', '381920', 'register');
    await sender.send('13900002222', '004711', 'member_add');
    expect(tencent.delivered.slice(-2)).toEqual([
      { phone: '13900002221', signName: '机租通', template: '2000002', params: ['381920'] },
      { phone: '13900002222', signName: '机租通', template: '2000001', params: ['004711'] },
    ]);
    // the request names Tencent's host, whatever address it was sent to
    expect(tencent.received.at(-1)!.headers.host).toBe('sms.tencentcloudapi.com');
    // a template with {1} the code and {2} the minutes; the wrong count is refused as Tencent does
    await tencentSender({ SMS_TEMPLATE: '2000003', SMS_TEMPLATE_PARAMS: 'code,minutes' }).send(
      '13900002223',
      '123456',
      'login',
    );
    expect(tencent.delivered.at(-1)!.params).toEqual(['123456', '10']);
    expect(await failure(tencentSender({ SMS_TEMPLATE: '2000003' }).send('13900002223', '123456', 'login'))).toBe(
      'failed FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
    );
  });

  it('the local endpoint refuses what Tencent refuses: a wrong key, an unknown SecretId, a tampered body, another app', async () => {
    const before = tencent.delivered.length;
    expect(
      await failure(tencentSender({ SMS_ACCESS_KEY_SECRET: 'not-the-secret' }).send('13900002224', '123456', 'login')),
    ).toBe('failed AuthFailure.SignatureFailure');
    expect(
      await failure(tencentSender({ SMS_ACCESS_KEY_ID: 'AKIDsomeoneElse' }).send('13900002224', '123456', 'login')),
    ).toBe('failed AuthFailure.SecretIdNotFound');
    expect(
      await failure(tencentSender({ SMS_TENCENT_APP_ID: '1400000999' }).send('13900002224', '123456', 'login')),
    ).toBe('failed InvalidParameterValue.SdkAppIdNotExist');
    await tencentSender().send('13900002225', '123456', 'login');
    const sent = tencent.received.at(-1)!;
    const tampered = Buffer.from(sent.body.toString().replace('13900002225', '13900009999'));
    expect(await post(tencentUrl, sent.url, sent.headers, tampered)).toMatchObject({
      Response: { Error: { Code: 'AuthFailure.SignatureFailure' } },
    });
    expect(tencent.delivered.length).toBe(before + 1);
  });

  it("reads the number's status: its daily and hourly limits, a number it cannot reach", async () => {
    const sender = tencentSender();
    tencent.refuseNext(
      'LimitExceeded.PhoneNumberDailyLimit',
      'LimitExceeded.PhoneNumberOneHourLimit',
      'FailedOperation.InsufficientBalanceInSmsPackage',
    );
    expect(await failure(sender.send('13900002226', '123456', 'login'))).toBe(
      'daily_limited LimitExceeded.PhoneNumberDailyLimit',
    );
    expect(await failure(sender.send('13900002226', '123456', 'login'))).toBe(
      'rate_limited LimitExceeded.PhoneNumberOneHourLimit',
    );
    expect(await failure(sender.send('13900002226', '123456', 'login'))).toBe(
      'failed FailedOperation.InsufficientBalanceInSmsPackage',
    );
    expect(await failure(sender.send('2390000222', '123456', 'login'))).toBe(
      'bad_phone InvalidParameterValue.IncorrectPhoneNumber',
    );
  });
});

describe('a provider that is not there', () => {
  it('nothing listening, or a provider that never answers: failed, within the timeout', async () => {
    const closed = await closedPort();
    expect(
      await failure(
        aliyunSender({ SMS_ENDPOINT: `http://127.0.0.1:${closed}` }).send('13900003331', '123456', 'login'),
      ),
    ).toMatch(/^failed /);
    expect(
      await failure(
        tencentSender({ SMS_ENDPOINT: `http://127.0.0.1:${closed}` }).send('13900003331', '123456', 'login'),
      ),
    ).toMatch(/^failed /);
    aliyun.silent = tencent.silent = true;
    try {
      const t0 = Date.now();
      expect(await failure(aliyunSender({ SMS_TIMEOUT_MS: '300' }).send('13900003332', '123456', 'login'))).toMatch(
        /^failed /,
      );
      expect(await failure(tencentSender({ SMS_TIMEOUT_MS: '300' }).send('13900003332', '123456', 'login'))).toMatch(
        /^failed /,
      );
      expect(Date.now() - t0).toBeLessThan(3000);
    } finally {
      aliyun.silent = tencent.silent = false;
    }
  });
});

/** Sends a captured request again, as an attacker who saw it on the wire would. */
function post(base: string, path: string, headers: http.IncomingHttpHeaders, body: Buffer): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      { method: 'POST', headers: { ...headers, 'content-length': body.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}
