import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' })
  .transform((v) => v === '1' || v === 'true');
const int = (def: number) => z.coerce.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).min(0, { error: 'must be ≥ 0' }).default(def);

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  PORT: int(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' }).optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, { error: 'must be a redis:// URL' }).optional(),
  /** the start of every Redis key of this deployment: several deployments (or test runs) may share one Redis */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: 'must be 1 to 64 letters, digits, _ . : or -' })
    .default('jizu:'),
  /** how often each process checks whether a background job is due */
  JOB_POLL_SECONDS: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).min(1, { error: 'must be ≥ 1' }).default(5),
  /** how long a call waits for a PostgreSQL connection before answering 503 (server away or pool exhausted) */
  DB_CONNECT_TIMEOUT_MS: int(3000),
  PUBLIC_URL: z.string().url({ error: 'must be a URL' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level' }).default('info'),
  SEED_DEMO: bool.optional(),
  /** a known session's GET checks the session in its first statement (platform/fused.ts); 0 turns it off */
  FUSED_READS: bool.optional(),
  /** responses written by fast-json-stringify compiled from each route's zod schema (platform/serialize.ts); 0: zod */
  FAST_SERIALIZER: bool.optional(),
  SMS_PROVIDER: z.enum(['console'], { error: 'must be console (the only SMS adapter so far)' }).default('console'),
  SMS_DEV_CODE: z.string().regex(/^\d{6}$/, { error: 'must be 6 digits' }).optional(),
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
  VERIFY_PROVIDER: z.enum(['sandbox'], { error: 'must be sandbox (the only advanced-verification adapter so far)' }).default('sandbox'),
  /** HMAC key of the verifier's callbacks; every instance needs the same one */
  VERIFY_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  /** where the sandbox verifier sends its callback (this server, as reached from itself) */
  VERIFY_CALLBACK_BASE: z.string().url({ error: 'must be a URL' }).optional(),
  FINANCE_PROVIDER: z.enum(['sandbox'], { error: 'must be sandbox (the only supply-chain finance adapter so far)' }).default('sandbox'),
  /** HMAC key of the finance provider's callbacks; every instance needs the same one */
  FINANCE_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  /** days the finance partner has to answer a finance-product application before it expires (the company may apply again) */
  FINPROD_REVIEW_DAYS: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).min(1, { error: 'must be ≥ 1' }).max(365, { error: 'must be ≤ 365' }).default(7),
  /** how long an advanced-verification order's page stays open at the verifier */
  VERIFY_ORDER_MINUTES: int(30),
  PAY_CHANNEL: z.enum(['sandbox'], { error: 'must be sandbox (the only payment adapter so far)' }).default('sandbox'),
  /** HMAC key of the sandbox channel's notifies; production start warns when the dev default is kept. */
  PAY_SANDBOX_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).default('jizu-sandbox-dev-secret'),
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
    .regex(/^[0-9+\-() ]{3,30}$/, { error: 'must be a phone number (digits, spaces, + - and parentheses, 3 to 30 characters)' })
    .default('400-820-1234'),
  /** Keys of the ID-card and bank numbers at rest: base64 of 32 bytes each, comma-separated; the first encrypts. */
  DATA_KEYS: z.string().refine((v) => parseDataKeys(v) !== null, { error: 'must be base64 of 32 bytes each (openssl rand -base64 32), comma-separated, the encrypting key first' }).optional(),
  /** One key, when there is no rotation under way (the same as DATA_KEYS with one key). */
  DATA_KEY: z.string().refine((v) => parseDataKeys(v)?.length === 1, { error: 'must be base64 of 32 bytes (openssl rand -base64 32)' }).optional(),
  /** Trust X-Forwarded-For from a proxy in front. */
  TRUST_PROXY: bool.default(false),
  /** `npm run dev` only: the web app's pages come from this Vite dev server (hot reload) instead of apps/web/dist */
  WEB_DEV_URL: z.string().url({ error: 'must be a URL' }).optional(),
});

export type TConfig = ReturnType<typeof loadConfig>;

const SECRET_VARS = new Set(['DATA_KEYS', 'DATA_KEY']);

/** Reads and validates the environment; a bad value throws one clear line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // An empty variable (FOO=) means unset, as in most tools.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(given);
  if (!parsed.success) {
    // a malformed key is still (nearly) a key: never echo it to the log
    const shown = (name: string) => (SECRET_VARS.has(name) ? '(value hidden)' : `(got ${JSON.stringify(env[name])})`);
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} ${shown(String(i.path[0]))}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const production = e.NODE_ENV === 'production';
  if (e.DATA_KEYS && e.DATA_KEY) throw new ConfigError('Invalid configuration:\n  DATA_KEY: set DATA_KEYS or DATA_KEY, not both');
  if (production && e.WEB_DEV_URL) throw new ConfigError('Invalid configuration:\n  WEB_DEV_URL: the development web server (npm run dev) is not for production: unset it and serve the built web app');
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
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    jobPollSeconds: e.JOB_POLL_SECONDS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    /** demo data on an empty embedded database; never on DATABASE_URL unless asked (npm run seed:demo) */
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    fusedReads: e.FUSED_READS ?? true,
    fastSerializer: e.FAST_SERIALIZER ?? true,
    trustProxy: e.TRUST_PROXY,
    webDevUrl: e.WEB_DEV_URL?.replace(/\/$/, ''),
    sms: {
      provider: e.SMS_PROVIDER,
      /** A fixed code is honoured only outside production. */
      devCode: production ? undefined : e.SMS_DEV_CODE,
      dailyPerPhone: e.SMS_DAILY_PER_PHONE,
      dailyPerIp: e.SMS_DAILY_PER_IP,
      maxAttempts: e.SMS_MAX_ATTEMPTS,
      ttlMinutes: e.SMS_TTL_MINUTES,
      resendSeconds: e.SMS_RESEND_SECONDS,
    },
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
      channel: e.PAY_CHANNEL,
      sandboxSecret: e.PAY_SANDBOX_SECRET,
      devSecret: e.PAY_SANDBOX_SECRET === 'jizu-sandbox-dev-secret',
      notifyUrl: e.PAY_NOTIFY_URL,
      sandboxNotifyBackoff: e.PAY_SANDBOX_NOTIFY_BACKOFF.split(',').map(Number),
      reconcileAfterSeconds: e.PAY_RECONCILE_AFTER_SECONDS,
    },
  };
}

export class ConfigError extends Error {}

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
