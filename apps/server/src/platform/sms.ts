import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { sms as tencentSms } from 'tencentcloud-sdk-nodejs-sms';
import type { TSmsScene } from '@jizu/shared/constants/user';
import type { TConfig } from '../config';
import { countSmsSend } from './metrics';

/** Sends SMS codes. The local default logs the code (ARCHITECTURE § Providers). */
export interface SmsSender {
  /** resolves once the provider accepted the message; throws SmsSendError when it refused or could not be reached */
  send(phone: string, code: string, scene: TSmsScene): Promise<void>;
}

/**
 * Why a provider did not take a message, as far as the user is concerned: the provider's own limits for the number
 * (a few a minute or an hour; ten or so a day), a number it cannot deliver to, or anything else (our account, our
 * templates, the network), which is ours to fix and the user can only try later.
 */
export type TSmsFailure = 'rate_limited' | 'daily_limited' | 'bad_phone' | 'failed';

/** The provider refused the message or was not reached: the user got no code. */
export class SmsSendError extends Error {
  constructor(
    readonly reason: TSmsFailure,
    /** the provider's own code (isv.BUSINESS_LIMIT_CONTROL, LimitExceeded.PhoneNumberDailyLimit…), for the log */
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

type TLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
type TGateway = TConfig['sms']['gateway'];

/** Local default: the code goes to the log, so a developer (or the demo) can read it. */
export class ConsoleSmsSender implements SmsSender {
  constructor(private readonly log: Pick<FastifyBaseLogger, 'info'>) {}
  async send(phone: string, code: string, scene: string) {
    this.log.info({ phone, scene, code }, `SMS code for ${phone}: ${code}`);
  }
}

/** The template's variables in the order the templates use them (SMS_TEMPLATE_PARAMS): the code, and the minutes it lasts. */
function templateValues(names: readonly ('code' | 'minutes')[], code: string, minutes: number): [string, string][] {
  return names.map((n) => [n, n === 'code' ? code : String(minutes)]);
}

/**
 * Aliyun SMS (dysmsapi 2017-05-25, SendSms) through Aliyun's own SDK, which signs each call with ACS3-HMAC-SHA256.
 * Aliyun answers a refused message with HTTP 200 and a `Code` other than OK; a refused call (signature, key) with 4xx.
 * https://help.aliyun.com/zh/sms/developer-reference/api-dysmsapi-2017-05-25-sendsms
 */
export class AliyunSmsSender implements SmsSender {
  private readonly client: Dysmsapi;

  constructor(
    private readonly gateway: TGateway,
    private readonly ttlMinutes: number,
    private readonly params: readonly ('code' | 'minutes')[],
  ) {
    // A CommonJS module: under Node's ESM interop its default import is the module, whose `default` is the class.
    const Client = (Dysmsapi as unknown as { default?: typeof Dysmsapi }).default ?? Dysmsapi;
    const at = gateway.endpoint;
    this.client = new Client(
      new $OpenApiUtil.Config({
        accessKeyId: gateway.accessKeyId,
        accessKeySecret: gateway.accessKeySecret,
        regionId: gateway.region,
        // unset: the SDK's address of the region (dysmsapi.aliyuncs.com)
        endpoint: at ? at.host : undefined,
        protocol: at ? at.protocol.replace(':', '').toUpperCase() : 'HTTPS',
        connectTimeout: gateway.timeoutMs,
        readTimeout: gateway.timeoutMs,
      }),
    );
  }

  async send(phone: string, code: string, scene: TSmsScene) {
    const req = new SendSmsRequest({
      phoneNumbers: phone,
      signName: this.gateway.signName,
      templateCode: this.gateway.templates[scene],
      templateParam: JSON.stringify(Object.fromEntries(templateValues(this.params, code, this.ttlMinutes))),
    });
    let body: { code?: string; message?: string } | undefined;
    try {
      body = (await this.client.sendSms(req)).body;
    } catch (err) {
      // a refused call (SignatureDoesNotMatch, InvalidAccessKeyId.NotFound…) or no answer at all
      const e = err as { code?: string; message?: string };
      throw new SmsSendError('failed', e.code ?? 'NETWORK', e.message ?? String(err));
    }
    const got = body?.code ?? '';
    if (got === 'OK') return;
    throw new SmsSendError(aliyunFailure(got, body?.message ?? ''), got || 'NO_CODE', body?.message ?? '');
  }
}

/**
 * Aliyun's per-number limit has one code for the minute, the hour and the day; only its message tells which
 * ("触发分钟级流控Permits:1", "触发小时级流控Permits:5", "触发天级流控Permits:10"). Provider text, never shown to a user.
 */
const ALIYUN_DAY_LIMIT_MARK = '天级';

/** Aliyun's codes for a message it refused (https://help.aliyun.com/zh/sms/developer-reference/api-error-codes). */
function aliyunFailure(code: string, message: string): TSmsFailure {
  if (code === 'isv.BUSINESS_LIMIT_CONTROL')
    return message.includes(ALIYUN_DAY_LIMIT_MARK) ? 'daily_limited' : 'rate_limited';
  if (
    code === 'isv.MOBILE_NUMBER_ILLEGAL' ||
    code === 'isv.MOBILE_COUNT_OVER_LIMIT' ||
    code === 'isv.BLACK_KEY_CONTROL_LIMIT'
  )
    return 'bad_phone';
  return 'failed';
}

/**
 * Tencent Cloud SMS (sms 2021-01-11, SendSms) through Tencent's own SDK, which signs each call with TC3-HMAC-SHA256.
 * Tencent answers HTTP 200 always: a refused call carries `Response.Error`; a call taken carries one status per number
 * in `SendStatusSet`, whose `Code` is `Ok` or why that number got nothing (LimitExceeded.PhoneNumberDailyLimit…).
 * https://cloud.tencent.com/document/product/382/55981
 */
export class TencentSmsSender implements SmsSender {
  private readonly client: InstanceType<typeof tencentSms.v20210111.Client>;

  constructor(
    private readonly gateway: TGateway,
    private readonly ttlMinutes: number,
    private readonly params: readonly ('code' | 'minutes')[],
  ) {
    const at = gateway.endpoint;
    // The SDK takes the signature's service name from the first label of the host it calls (sms.tencentcloudapi.com),
    // as Tencent's gateway does: an address named otherwise (an IP, a local server in tests) is connected to while
    // the request still names Tencent's host, as `curl --connect-to` would.
    const named = at && at.hostname.startsWith('sms.');
    const connectTo =
      at && !named ? { host: at.hostname, port: Number(at.port) || (at.protocol === 'https:' ? 443 : 80) } : null;
    this.client = new tencentSms.v20210111.Client({
      credential: { secretId: gateway.accessKeyId, secretKey: gateway.accessKeySecret },
      region: gateway.region,
      profile: {
        httpProfile: {
          endpoint: named ? at.host : 'sms.tencentcloudapi.com',
          protocol: at ? `${at.protocol}//` : 'https://',
          reqTimeout: gateway.timeoutMs / 1000,
          ...(connectTo ? { agent: connectingTo(connectTo, at!.protocol === 'https:') } : {}),
        },
      },
    });
  }

  async send(phone: string, code: string, scene: TSmsScene) {
    let status: { Code?: string; Message?: string } | undefined;
    try {
      const res = await this.client.SendSms({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: this.gateway.tencentAppId,
        SignName: this.gateway.signName,
        TemplateId: this.gateway.templates[scene],
        TemplateParamSet: templateValues(this.params, code, this.ttlMinutes).map(([, v]) => v),
      });
      status = res.SendStatusSet?.[0];
    } catch (err) {
      // Response.Error (AuthFailure.SignatureFailure, FailedOperation.SignatureIncorrectOrUnapproved…) or no answer
      const e = err as { code?: string; message?: string };
      throw new SmsSendError(tencentFailure(e.code ?? ''), e.code || 'NETWORK', e.message ?? String(err));
    }
    const got = status?.Code ?? '';
    if (got === 'Ok') return;
    throw new SmsSendError(tencentFailure(got), got || 'NO_STATUS', status?.Message ?? '');
  }
}

/** Tencent's codes (https://cloud.tencent.com/document/product/382/59177): its per-number limits and bad numbers. */
function tencentFailure(code: string): TSmsFailure {
  if (code === 'LimitExceeded.PhoneNumberDailyLimit' || code === 'LimitExceeded.PhoneNumberSameContentDailyLimit')
    return 'daily_limited';
  if (
    code === 'LimitExceeded.PhoneNumberThirtySecondLimit' ||
    code === 'LimitExceeded.PhoneNumberOneHourLimit' ||
    code === 'LimitExceeded.DeliveryFrequencyLimit'
  )
    return 'rate_limited';
  if (
    code === 'InvalidParameterValue.IncorrectPhoneNumber' ||
    code === 'FailedOperation.PhoneNumberInBlacklist' ||
    code === 'FailedOperation.PhoneNumberParseFail'
  )
    return 'bad_phone';
  return 'failed';
}

/** An agent whose connections go to `to`, whatever host the URL names. */
function connectingTo(to: { host: string; port: number }, tls: boolean): http.Agent {
  const Base = tls ? https.Agent : http.Agent;
  const agent = new Base({ keepAlive: true });
  const create = agent.createConnection.bind(agent) as (
    o: object,
    cb?: unknown,
  ) => ReturnType<http.Agent['createConnection']>;
  agent.createConnection = ((opts: object, cb?: unknown) =>
    create({ ...opts, host: to.host, port: to.port }, cb)) as http.Agent['createConnection'];
  return agent;
}

/**
 * Counts every send by provider and outcome (GET /metrics) and logs a refusal: the provider's code is for us, the
 * user is told only what they can do.
 */
export function countedSmsSender(inner: SmsSender, provider: string, log: TLog): SmsSender {
  return {
    async send(phone, code, scene) {
      try {
        await inner.send(phone, code, scene);
        countSmsSend(provider, 'ok');
      } catch (err) {
        const reason: TSmsFailure = err instanceof SmsSendError ? err.reason : 'failed';
        countSmsSend(provider, reason);
        const detail = {
          provider,
          scene,
          reason,
          providerCode: err instanceof SmsSendError ? err.providerCode : undefined,
          err,
        };
        // the number's own limits are the user's business; anything else (keys, templates, balance, network) is ours
        if (reason === 'failed') log.error(detail, 'SMS not sent: the provider refused or was not reached');
        else log.warn(detail, 'SMS not sent: the provider refused this number');
        throw err;
      }
    },
  };
}

export function createSmsSender(config: TConfig, log: FastifyBaseLogger): SmsSender {
  const { sms } = config;
  switch (sms.provider) {
    case 'console':
      if (sms.consoleInProduction)
        log.warn(
          'SMS codes are written to the log and not sent (SMS_PROVIDER=console, SMS_CONSOLE_IN_PRODUCTION=1): a demo deployment only, whoever reads this log can sign in as anyone',
        );
      return countedSmsSender(new ConsoleSmsSender(log), 'console', log);
    case 'aliyun':
      return countedSmsSender(new AliyunSmsSender(sms.gateway, sms.ttlMinutes, sms.templateParams), 'aliyun', log);
    case 'tencent':
      return countedSmsSender(new TencentSmsSender(sms.gateway, sms.ttlMinutes, sms.templateParams), 'tencent', log);
  }
}
