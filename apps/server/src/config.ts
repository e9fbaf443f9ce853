import path from 'node:path';
import type { KeyObject } from 'node:crypto';
import type { z } from 'zod';
import { SMS_ALL_SCENES, type TSmsScene } from '@jizu/shared/constants/user';
import { parseDataKeys, ZEnv } from './config.env';

/** The real payment channels and the pay type each serves; the sandbox serves every pay type no real channel serves. */
export const PAY_REAL_CHANNELS = { wechat: 'wx', alipay: 'alipay' } as const;
type TRealChannel = keyof typeof PAY_REAL_CHANNELS;

export type TConfig = ReturnType<typeof loadConfig>;

// keys are never echoed: secret ones must not reach the log, and a PEM would fill it
const SECRET_VARS = new Set([
  'DATA_KEYS',
  'DATA_KEY',
  'SMS_ACCESS_KEY_SECRET',
  'METRICS_TOKEN',
  'AMAP_SECURITY_CODE',
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
  // a key made since 2021-12 loads nothing without its security code (README § Maps)
  if (e.AMAP_KEY && !e.AMAP_SECURITY_CODE)
    throw new ConfigError(
      'Invalid configuration:\n  AMAP_SECURITY_CODE: set the security code (安全密钥) of AMAP_KEY, from the same key on console.amap.com',
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
    /** the map of the forms and public pages; null without AMAP_KEY (the district-centre fallback) */
    amap: e.AMAP_KEY && e.AMAP_SECURITY_CODE ? { key: e.AMAP_KEY, securityCode: e.AMAP_SECURITY_CODE } : null,
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
