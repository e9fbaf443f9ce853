import path from 'node:path';
import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { readCertificate, readPrivateKey, readPublicKey, type TKeyRead } from './platform/payment.keys';
import { SMS_ALL_SCENES, type TSmsScene } from '@jizu/shared/constants/user';
import { FINPROD_REVIEW_DAYS } from '@jizu/shared/constants/finprod';

const bool = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' })
  .transform((v) => v === '1' || v === 'true');
const int = (def: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be an integer' })
    .min(0, { error: 'must be ≥ 0' })
    .default(def);

/** A key variable (PEM text, base64 or a file path) read into its key; what is wrong with it is the issue's message. */
const keyVar = <T>(read: (raw: string) => TKeyRead<T>) =>
  z.string().transform((raw, ctx): T => {
    const r = read(raw);
    if (r.ok) return r.value;
    ctx.issues.push({ code: 'custom', message: r.problem, input: raw });
    return z.NEVER;
  });

/** The real payment channels and the pay type each serves; the sandbox serves every pay type no real channel serves. */
export const PAY_REAL_CHANNELS = { wechat: 'wx', alipay: 'alipay' } as const;
type TRealChannel = keyof typeof PAY_REAL_CHANNELS;

const ZEnv = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: int(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must be a redis:// URL' })
    .optional(),
  /** the start of every Redis key of this deployment: several deployments (or test runs) may share one Redis */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: 'must be 1 to 64 letters, digits, _ . : or -' })
    .default('jizu:'),
  /** how often each process checks whether a background job is due */
  JOB_POLL_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be an integer' })
    .min(1, { error: 'must be ≥ 1' })
    .default(5),
  /** how long a call waits for a PostgreSQL connection before answering 503 (server away or pool exhausted) */
  DB_CONNECT_TIMEOUT_MS: int(3000),
  DB_POOL_SIZE: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be an integer' })
    .min(1, { error: 'must be ≥ 1' })
    .max(500, { error: 'must be ≤ 500' })
    .default(20),
  PUBLIC_URL: z.string().url({ error: 'must be a URL' }).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level' })
    .default('info'),
  SEED_DEMO: bool.optional(),
  /** responses written by fast-json-stringify compiled from each route's zod schema (platform/serialize.ts); 0: zod */
  FAST_SERIALIZER: bool.optional(),
  /** PostgreSQL: every parameterised statement named, parsed and planned once per connection (db/client.ts NamingClient); 0: unnamed */
  DB_NAMED_STATEMENTS: bool.optional(),
  SMS_PROVIDER: z
    .enum(['console', 'aliyun', 'tencent'], { error: 'must be console, aliyun or tencent' })
    .default('console'),
  /** NODE_ENV=production with the console sender (codes in the log, nothing sent): refused unless this says 1 (a demo) */
  SMS_CONSOLE_IN_PRODUCTION: bool.optional(),
  /** the provider's key pair: Aliyun's AccessKey ID and secret, Tencent Cloud's SecretId and SecretKey */
  SMS_ACCESS_KEY_ID: z.string().trim().optional(),
  SMS_ACCESS_KEY_SECRET: z.string().trim().optional(),
  /** the approved signature (签名) the messages carry, e.g. 机租通 */
  SMS_SIGN_NAME: z.string().trim().optional(),
  /** the template of every scene without an SMS_TEMPLATE_<SCENE> of its own (read in smsGateway) */
  SMS_TEMPLATE: z.string().trim().optional(),
  /** Tencent Cloud's SMS application (SdkAppId), e.g. 1400000000 */
  SMS_TENCENT_APP_ID: z
    .string()
    .trim()
    .regex(/^\d{5,20}$/, { error: 'must be the digits of the SdkAppId, e.g. 1400000000' })
    .optional(),
  SMS_REGION: z
    .string()
    .trim()
    .regex(/^[a-z]+(-[a-z0-9]+)+$/, { error: 'must be a region id such as cn-hangzhou or ap-guangzhou' })
    .optional(),
  /** the provider's API at another address (a local server in tests): http(s)://host[:port] */
  SMS_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+\/?$/, { error: 'must be http(s)://host[:port] with no path' })
    .optional(),
  /** the variables of the templates, in their order: `code` (the code), `minutes` (how long it lasts, SMS_TTL_MINUTES) */
  SMS_TEMPLATE_PARAMS: z
    .string()
    .regex(/^(code|minutes)(,(code|minutes))?$/, { error: 'must be code, or code,minutes, or minutes,code' })
    .default('code'),
  SMS_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be an integer' })
    .min(100, { error: 'must be ≥ 100' })
    .default(5000),
  SMS_DEV_CODE: z
    .string()
    .regex(/^\d{6}$/, { error: 'must be 6 digits' })
    .optional(),
  SMS_DAILY_PER_PHONE: int(10),
  /** the platform's service fee on settlements, in basis points of the amount (200 = 2%) */
  SETTLE_SERVICE_RATIO_BP: int(200),
  SMS_DAILY_PER_IP: int(50),
  SMS_MAX_ATTEMPTS: int(5),
  SMS_TTL_MINUTES: int(10),
  SMS_RESEND_SECONDS: int(60),
  LOGIN_MAX_FAILS: int(5),
  LOGIN_FAIL_WINDOW_MINUTES: int(15),
  SESSION_DAYS: int(30),
  VERIFY_PROVIDER: z
    .enum(['sandbox'], { error: 'must be sandbox (the only advanced-verification adapter so far)' })
    .default('sandbox'),
  /** HMAC key of the verifier's callbacks; every instance needs the same one */
  VERIFY_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  /** where the sandbox verifier sends its callback (this server, as reached from itself) */
  VERIFY_CALLBACK_BASE: z.string().url({ error: 'must be a URL' }).optional(),
  FINANCE_PROVIDER: z
    .enum(['sandbox'], { error: 'must be sandbox (the only supply-chain finance adapter so far)' })
    .default('sandbox'),
  /** HMAC key of the finance provider's callbacks; every instance needs the same one */
  FINANCE_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  /** days the finance partner has to answer a finance-product application before it expires (the company may apply again) */
  FINPROD_REVIEW_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be an integer' })
    .min(1, { error: 'must be ≥ 1' })
    .max(365, { error: 'must be ≤ 365' })
    .default(FINPROD_REVIEW_DAYS),
  /** how long an advanced-verification order's page stays open at the verifier */
  VERIFY_ORDER_MINUTES: int(30),
  /** which channels are on: `wechat` serves pay type wx, `alipay` serves alipay, the sandbox the rest (see PAY_REAL_CHANNELS) */
  PAY_CHANNEL: z
    .string()
    .regex(/^(sandbox|wechat|alipay)(,(sandbox|wechat|alipay))*$/, {
      error: 'must be sandbox, wechat or alipay, or several separated by commas (e.g. wechat,alipay)',
    })
    .default('sandbox'),
  /** how long a call to WeChat Pay or Alipay (order, query, close) may take */
  PAY_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be an integer' })
    .min(100, { error: 'must be ≥ 100' })
    .default(10_000),
  PAY_WX_MCHID: z
    .string()
    .regex(/^\d{6,32}$/, { error: 'must be the WeChat Pay merchant number (digits)' })
    .optional(),
  PAY_WX_APPID: z
    .string()
    .regex(/^[A-Za-z0-9_]{6,32}$/, {
      error: 'must be the AppID bound to the merchant number (e.g. wx8888888888888888)',
    })
    .optional(),
  /** the serial number of the merchant API certificate (apiclient_cert.pem), which names the key requests are signed with */
  PAY_WX_SERIAL: z
    .string()
    .regex(/^[0-9A-Fa-f]{8,64}$/, {
      error: 'must be the serial number of the merchant API certificate (hex, as shown by openssl x509 -noout -serial)',
    })
    .optional(),
  PAY_WX_PRIVATE_KEY: keyVar(readPrivateKey).optional(),
  /** WeChat Pay's platform certificate (its serial is read from it) and/or WeChat Pay's public key with its id */
  PAY_WX_PLATFORM_CERT: keyVar(readCertificate).optional(),
  PAY_WX_PLATFORM_PUBLIC_KEY: keyVar(readPublicKey).optional(),
  PAY_WX_PLATFORM_SERIAL: z
    .string()
    .regex(/^[A-Za-z0-9_]{8,64}$/, { error: 'must be the id of the WeChat Pay public key (e.g. PUB_KEY_ID_0112…)' })
    .optional(),
  PAY_WX_APIV3_KEY: z
    .string()
    .refine((v) => Buffer.byteLength(v, 'utf8') === 32, {
      error: (i) =>
        `must be the 32-character APIv3 key set in the merchant platform (got ${Buffer.byteLength(String(i.input), 'utf8')} bytes)`,
    })
    .optional(),
  /** where WeChat Pay's API is (a local server in tests) */
  PAY_WX_BASE_URL: z.string().url({ error: 'must be a URL' }).default('https://api.mch.weixin.qq.com'),
  PAY_ALIPAY_APPID: z
    .string()
    .regex(/^\d{16}$/, { error: 'must be the 16-digit Alipay app id' })
    .optional(),
  /** the merchant's Alipay partner id (2088…): a notify for another seller books nothing */
  PAY_ALIPAY_SELLER_ID: z
    .string()
    .regex(/^2088\d{12}$/, { error: 'must be the 16-digit Alipay partner id (starts with 2088)' })
    .optional(),
  PAY_ALIPAY_PRIVATE_KEY: keyVar(readPrivateKey).optional(),
  PAY_ALIPAY_PUBLIC_KEY: keyVar(readPublicKey).optional(),
  PAY_ALIPAY_GATEWAY: z.string().url({ error: 'must be a URL' }).default('https://openapi.alipay.com/gateway.do'),
  /** HMAC key of the sandbox channel's notifies; production start warns when the dev default is kept. */
  PAY_SANDBOX_SECRET: z
    .string()
    .min(16, { error: 'must be at least 16 characters' })
    .default('jizu-sandbox-dev-secret'),
  /** Where the sandbox sends its notify; default: this server's own address. */
  PAY_NOTIFY_URL: z.string().url({ error: 'must be a URL' }).optional(),
  /**
   * Seconds between the sandbox's notify retries until acknowledged: WeChat Pay's schedule (15s 15s 30s 3m 10m 20m
   * 30m 30m 30m 60m 3h 3h 3h 6h 6h) compressed 15 times by default.
   */
  PAY_SANDBOX_NOTIFY_BACKOFF: z
    .string()
    .regex(/^\d+(,\d+)*$/, { error: 'must be seconds separated by commas, e.g. 1,1,2,12' })
    .default('1,1,2,12,40,80,120,120,120,240,720,720,720,1440,1440'),
  /** a WAITING order older than this is settled by asking the channel (notify lost, server crashed) */
  PAY_RECONCILE_AFTER_SECONDS: int(60),
  /** The customer-service hotline shown on the payment pages and the public site's footer. */
  SERVICE_HOTLINE: z
    .string()
    .trim()
    .regex(/^[0-9+\-() ]{3,30}$/, {
      error: 'must be a phone number (digits, spaces, + - and parentheses, 3 to 30 characters)',
    })
    .default('400-820-1234'),
  /** Keys of the ID-card and bank numbers at rest: base64 of 32 bytes each, comma-separated; the first encrypts. */
  DATA_KEYS: z
    .string()
    .refine((v) => parseDataKeys(v) !== null, {
      error: 'must be base64 of 32 bytes each (openssl rand -base64 32), comma-separated, the encrypting key first',
    })
    .optional(),
  /** One key, when there is no rotation under way (the same as DATA_KEYS with one key). */
  DATA_KEY: z
    .string()
    .refine((v) => parseDataKeys(v)?.length === 1, { error: 'must be base64 of 32 bytes (openssl rand -base64 32)' })
    .optional(),
  /** Trust X-Forwarded-For from a proxy in front. */
  TRUST_PROXY: bool.default(false),
  /** GET /metrics answers only with `Authorization: Bearer <this>`; unset, it answers 404 and nothing is measured */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,200}$/, { error: 'must be 16 to 200 visible ASCII characters (openssl rand -hex 24)' })
    .optional(),
  /** `npm run dev` only: the web app's pages come from this Vite dev server (hot reload) instead of apps/web/dist */
  WEB_DEV_URL: z.string().url({ error: 'must be a URL' }).optional(),
  /** the built web app to serve instead of apps/web/dist: the browser journeys serve its development-like build, apps/web/dist-dev */
  WEB_DIST: z.string().optional(),
});

export type TConfig = ReturnType<typeof loadConfig>;

// keys are never echoed: secret ones must not reach the log, and a PEM would fill it
const SECRET_VARS = new Set([
  'DATA_KEYS',
  'DATA_KEY',
  'SMS_ACCESS_KEY_SECRET',
  'METRICS_TOKEN',
  'PAY_WX_PRIVATE_KEY',
  'PAY_WX_APIV3_KEY',
  'PAY_WX_PLATFORM_CERT',
  'PAY_WX_PLATFORM_PUBLIC_KEY',
  'PAY_ALIPAY_PRIVATE_KEY',
  'PAY_ALIPAY_PUBLIC_KEY',
]);

const PAY_REQUIRED: Record<TRealChannel, string[]> = {
  wechat: ['PAY_WX_MCHID', 'PAY_WX_APPID', 'PAY_WX_SERIAL', 'PAY_WX_PRIVATE_KEY', 'PAY_WX_APIV3_KEY'],
  alipay: ['PAY_ALIPAY_APPID', 'PAY_ALIPAY_SELLER_ID', 'PAY_ALIPAY_PRIVATE_KEY', 'PAY_ALIPAY_PUBLIC_KEY'],
};

/** The real channels PAY_CHANNEL turns on (read from the raw value, so that its problems join the others). */
const realChannelsOf = (raw: string | undefined): TRealChannel[] =>
  [...new Set((raw ?? '').split(',').map((s) => s.trim()))].filter((c): c is TRealChannel => c in PAY_REAL_CHANNELS);

/** What a real channel that is on still lacks: one line per missing variable. */
function missingPaymentSettings(given: Record<string, string | undefined>, production: boolean): string[] {
  const lines: string[] = [];
  const on = realChannelsOf(given.PAY_CHANNEL);
  for (const ch of on)
    for (const name of PAY_REQUIRED[ch])
      if (!given[name]) lines.push(`  ${name}: required when PAY_CHANNEL includes ${ch}`);
  if (on.length && !given.PUBLIC_URL)
    lines.push(
      `  PUBLIC_URL: required when PAY_CHANNEL includes ${on.join(' and ')} (notifies come to <PUBLIC_URL>/api/pay/notify/${on.length > 1 ? '<channel>' : on[0]})`,
    );
  const wx = on.includes('wechat');
  if (wx && !given.PAY_WX_PLATFORM_CERT && !given.PAY_WX_PLATFORM_PUBLIC_KEY)
    lines.push(
      '  PAY_WX_PLATFORM_CERT: required when PAY_CHANNEL includes wechat (or PAY_WX_PLATFORM_PUBLIC_KEY with PAY_WX_PLATFORM_SERIAL)',
    );
  if (given.PAY_WX_PLATFORM_PUBLIC_KEY && !given.PAY_WX_PLATFORM_SERIAL)
    lines.push(
      '  PAY_WX_PLATFORM_SERIAL: required with PAY_WX_PLATFORM_PUBLIC_KEY (the public key id shown beside it, PUB_KEY_ID_…)',
    );
  // WeChat Pay posts its notifies to https addresses only
  if (wx && production && given.PUBLIC_URL && !given.PUBLIC_URL.startsWith('https://'))
    lines.push(
      '  PUBLIC_URL: must be an https:// address when PAY_CHANNEL includes wechat (WeChat Pay notifies https only)',
    );
  return lines;
}

/** Reads and validates the environment; a bad value throws one clear line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // An empty variable (FOO=) means unset, as in most tools.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(given);
  const missing = missingPaymentSettings(given, given.NODE_ENV === 'production');
  const sms = smsGateway(given);
  if (!parsed.success || missing.length || sms.problems.length) {
    // a malformed key is still (nearly) a key: never echo it to the log
    const shown = (name: string) => (SECRET_VARS.has(name) ? '(value hidden)' : `(got ${JSON.stringify(env[name])})`);
    const lines = (parsed.error?.issues ?? []).map(
      (i) => `  ${i.path.join('.')}: ${i.message} ${shown(String(i.path[0]))}`,
    );
    throw new ConfigError(
      `Invalid configuration:\n${[...lines, ...missing, ...sms.problems.map((p) => `  ${p}`)].join('\n')}`,
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const production = e.NODE_ENV === 'production';
  if (e.DATA_KEYS && e.DATA_KEY)
    throw new ConfigError('Invalid configuration:\n  DATA_KEY: set DATA_KEYS or DATA_KEY, not both');
  if (production && e.WEB_DEV_URL)
    throw new ConfigError(
      'Invalid configuration:\n  WEB_DEV_URL: the development web server (npm run dev) is not for production: unset it and serve the built web app',
    );
  const rawKeys = e.DATA_KEYS ?? e.DATA_KEY;
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadDir: path.join(dataDir, 'uploads'),
    /**
     * the data keys (the first encrypts); null: the generated development key in dataKeyFile, which production refuses
     * (platform/crypto.ts vaultOf, called at start)
     */
    dataKeys: rawKeys ? parseDataKeys(rawKeys) : null,
    dataKeyFile: path.join(dataDir, 'data.key'),
    databaseUrl: e.DATABASE_URL,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbPoolSize: e.DB_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    jobPollSeconds: e.JOB_POLL_SECONDS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    /** demo data on an empty embedded database; never on DATABASE_URL unless asked (npm run seed:demo) */
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    fastSerializer: e.FAST_SERIALIZER ?? true,
    namedStatements: e.DB_NAMED_STATEMENTS ?? true,
    trustProxy: e.TRUST_PROXY,
    webDevUrl: e.WEB_DEV_URL?.replace(/\/$/, ''),
    /** the built web app's folder, when not apps/web/dist (paths.ts webDist) */
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    sms: {
      provider: e.SMS_PROVIDER,
      /** production with the console sender, allowed by SMS_CONSOLE_IN_PRODUCTION=1: the start warns (platform/sms.ts) */
      consoleInProduction: production && e.SMS_PROVIDER === 'console',
      /** A fixed code is honoured only outside production. */
      devCode: production ? undefined : e.SMS_DEV_CODE,
      dailyPerPhone: e.SMS_DAILY_PER_PHONE,
      dailyPerIp: e.SMS_DAILY_PER_IP,
      maxAttempts: e.SMS_MAX_ATTEMPTS,
      ttlMinutes: e.SMS_TTL_MINUTES,
      resendSeconds: e.SMS_RESEND_SECONDS,
      /** the real provider's settings (checked complete in smsGateway when SMS_PROVIDER is aliyun or tencent) */
      gateway: {
        accessKeyId: e.SMS_ACCESS_KEY_ID ?? '',
        accessKeySecret: e.SMS_ACCESS_KEY_SECRET ?? '',
        signName: e.SMS_SIGN_NAME ?? '',
        templates: sms.templates,
        tencentAppId: e.SMS_TENCENT_APP_ID ?? '',
        region: e.SMS_REGION ?? (e.SMS_PROVIDER === 'tencent' ? 'ap-guangzhou' : 'cn-hangzhou'),
        endpoint: e.SMS_ENDPOINT ? new URL(e.SMS_ENDPOINT) : null,
        timeoutMs: e.SMS_TIMEOUT_MS,
      },
      templateParams: e.SMS_TEMPLATE_PARAMS.split(',') as ('code' | 'minutes')[],
    },
    metricsToken: e.METRICS_TOKEN ?? null,
    login: { maxFails: e.LOGIN_MAX_FAILS, failWindowMinutes: e.LOGIN_FAIL_WINDOW_MINUTES },
    sessionDays: e.SESSION_DAYS,
    verify: {
      provider: e.VERIFY_PROVIDER,
      // A fixed development key only outside production; production must set its own.
      secret: e.VERIFY_SECRET ?? (production ? '' : 'jizu-sandbox-verify-dev-key'),
      callbackBase: (e.VERIFY_CALLBACK_BASE ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, ''),
      orderMinutes: e.VERIFY_ORDER_MINUTES,
    },
    finance: {
      provider: e.FINANCE_PROVIDER,
      // A fixed development key only outside production; production must set its own.
      secret: e.FINANCE_SECRET ?? (production ? '' : 'jizu-sandbox-finance-dev-key'),
      callbackBase: (e.VERIFY_CALLBACK_BASE ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, ''),
      productReviewDays: e.FINPROD_REVIEW_DAYS,
    },
    serviceHotline: e.SERVICE_HOTLINE,
    settleServiceRatioBp: e.SETTLE_SERVICE_RATIO_BP,
    payment: {
      ...paymentChannelsOf(e, (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')),
      timeoutMs: e.PAY_TIMEOUT_MS,
      sandboxSecret: e.PAY_SANDBOX_SECRET,
      devSecret: e.PAY_SANDBOX_SECRET === 'jizu-sandbox-dev-secret',
      notifyUrl: e.PAY_NOTIFY_URL,
      sandboxNotifyBackoff: e.PAY_SANDBOX_NOTIFY_BACKOFF.split(',').map(Number),
      reconcileAfterSeconds: e.PAY_RECONCILE_AFTER_SECONDS,
    },
  };
}

export class ConfigError extends Error {}

/**
 * Which channel serves each pay type, and the settings of each real channel that is on (missingPaymentSettings has
 * made sure they are all there). A real channel's notify address is fixed: <PUBLIC_URL>/api/pay/notify/<channel>.
 */
function paymentChannelsOf(e: z.infer<typeof ZEnv>, publicUrl: string) {
  const on = realChannelsOf(e.PAY_CHANNEL);
  const byType = { wx: 'sandbox', alipay: 'sandbox', chinaums: 'sandbox' } as Record<
    'wx' | 'alipay' | 'chinaums',
    'sandbox' | TRealChannel
  >;
  for (const ch of on) byType[PAY_REAL_CHANNELS[ch]] = ch;
  const platformKeys: Record<string, KeyObject> = {};
  if (e.PAY_WX_PLATFORM_CERT) platformKeys[e.PAY_WX_PLATFORM_CERT.serial] = e.PAY_WX_PLATFORM_CERT.key;
  if (e.PAY_WX_PLATFORM_PUBLIC_KEY && e.PAY_WX_PLATFORM_SERIAL)
    platformKeys[e.PAY_WX_PLATFORM_SERIAL] = e.PAY_WX_PLATFORM_PUBLIC_KEY;
  return {
    byType,
    wechat: on.includes('wechat')
      ? {
          mchid: e.PAY_WX_MCHID!,
          appid: e.PAY_WX_APPID!,
          serial: e.PAY_WX_SERIAL!.toUpperCase(),
          privateKey: e.PAY_WX_PRIVATE_KEY!,
          /** WeChat Pay's keys by serial (Wechatpay-Serial names the one a response or notify is signed with) */
          platformKeys,
          apiV3Key: e.PAY_WX_APIV3_KEY!,
          baseUrl: e.PAY_WX_BASE_URL.replace(/\/$/, ''),
          notifyUrl: `${publicUrl}/api/pay/notify/wechat`,
        }
      : null,
    alipay: on.includes('alipay')
      ? {
          appId: e.PAY_ALIPAY_APPID!,
          sellerId: e.PAY_ALIPAY_SELLER_ID!,
          privateKey: e.PAY_ALIPAY_PRIVATE_KEY!,
          publicKey: e.PAY_ALIPAY_PUBLIC_KEY!,
          gateway: e.PAY_ALIPAY_GATEWAY,
          notifyUrl: `${publicUrl}/api/pay/notify/alipay`,
          /** where the payer's browser returns after paying on Alipay's page */
          publicUrl,
        }
      : null,
  };
}

/** The environment variable of a scene's own template: SMS_TEMPLATE_REGISTER, SMS_TEMPLATE_MEMBER_ADD… */
export const smsTemplateVar = (scene: TSmsScene) => `SMS_TEMPLATE_${scene.toUpperCase()}`;

const TEMPLATE_FORMAT = {
  aliyun: { re: /^SMS_\d{3,20}$/, says: 'an Aliyun template code such as SMS_123456789' },
  tencent: { re: /^\d{3,20}$/, says: 'the digits of a Tencent Cloud template id such as 1234567' },
} as const;

/**
 * The templates of a real SMS provider, one per scene (its own SMS_TEMPLATE_<SCENE>, else SMS_TEMPLATE), and what is
 * missing or malformed for the chosen provider: one line each, so that a deployment learns at start, not at the first
 * user's send. The console sender needs none of it.
 */
function smsGateway(env: Record<string, string | undefined>): {
  templates: Record<TSmsScene, string>;
  problems: string[];
} {
  const provider = env.SMS_PROVIDER;
  const templates = Object.fromEntries(
    SMS_ALL_SCENES.map((s) => [s, (env[smsTemplateVar(s)] ?? env.SMS_TEMPLATE ?? '').trim()]),
  ) as Record<TSmsScene, string>;
  // The console sender in production (also by default, SMS_PROVIDER unset): nobody receives a code, and whoever reads
  // the log can sign in as anyone. An operator must choose it knowingly, for a demo deployment.
  if (
    env.NODE_ENV === 'production' &&
    (provider ?? 'console') === 'console' &&
    !['1', 'true'].includes(env.SMS_CONSOLE_IN_PRODUCTION ?? '')
  ) {
    return {
      templates,
      problems: [
        `SMS_PROVIDER: ${provider ? 'console' : 'unset (console)'} writes the SMS codes to the log and sends none: with NODE_ENV=production set aliyun or tencent (README § SMS), or SMS_CONSOLE_IN_PRODUCTION=1 for a demo whose codes are read from the log`,
      ],
    };
  }
  if (provider !== 'aliyun' && provider !== 'tencent') return { templates, problems: [] };
  const problems: string[] = [];
  const need = (name: string, what: string) => {
    if (!env[name]?.trim()) problems.push(`${name}: required when SMS_PROVIDER is ${provider} (${what})`);
  };
  need('SMS_ACCESS_KEY_ID', provider === 'aliyun' ? 'the AccessKey ID' : 'the SecretId');
  need('SMS_ACCESS_KEY_SECRET', provider === 'aliyun' ? 'the AccessKey secret' : 'the SecretKey');
  need('SMS_SIGN_NAME', 'the approved signature, e.g. 机租通');
  if (provider === 'tencent') need('SMS_TENCENT_APP_ID', 'the SdkAppId of the SMS application');
  const missing = SMS_ALL_SCENES.filter((s) => !templates[s]);
  if (missing.length)
    problems.push(
      `SMS_TEMPLATE: required when SMS_PROVIDER is ${provider}, unless every scene has its own (missing: ${missing.map(smsTemplateVar).join(', ')})`,
    );
  const format = TEMPLATE_FORMAT[provider];
  for (const name of ['SMS_TEMPLATE', ...SMS_ALL_SCENES.map(smsTemplateVar)]) {
    const v = env[name]?.trim();
    if (v && !format.re.test(v)) problems.push(`${name}: must be ${format.says} (got ${JSON.stringify(v)})`);
  }
  return { templates, problems };
}

/** DATA_KEYS / DATA_KEY: base64 of exactly 32 bytes each, comma-separated. Null when one is malformed. */
export function parseDataKeys(raw: string): Buffer[] | null {
  const parts = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.length) return null;
  const keys = parts.map((p) => (/^[A-Za-z0-9+/_-]+={0,2}$/.test(p) ? Buffer.from(p, 'base64') : Buffer.alloc(0)));
  return keys.every((k) => k.length === 32) ? keys : null;
}
