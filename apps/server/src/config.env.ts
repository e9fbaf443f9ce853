import { z } from 'zod';
import { readCertificate, readPrivateKey, readPublicKey, type TKeyRead } from './platform/payment.keys';
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

/** The environment variables the server reads, each checked (and defaulted) here; loadConfig (config.ts) reads them. */
export const ZEnv = z.object({
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
  /**
   * AMap (高德) JS API 2.0: the Web端(JS API) key of console.amap.com and its security code (安全密钥). Unset, the forms
   * place a point at the chosen district's centre and no AMap host is allowed by the pages' policy (README § Maps).
   */
  AMAP_KEY: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{16,64}$/, { error: 'must be the 32-character key of a Web端(JS API) key on console.amap.com' })
    .optional(),
  AMAP_SECURITY_CODE: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{16,64}$/, { error: "must be the key's 32-character security code (安全密钥)" })
    .optional(),
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
