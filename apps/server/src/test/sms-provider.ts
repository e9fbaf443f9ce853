import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * Local stand-ins for Aliyun SMS and Tencent Cloud SMS: each checks a request the way the real service does (the key,
 * the signature over the method, path, query, signed headers and body hash; the clock; Aliyun's one-time nonce; the
 * approved signature, templates and their variables, the number) and answers in its format. What a test wants the
 * provider to say about the next message it would deliver is queued with `refuseNext`.
 */

/** One message a provider accepted: what it would have delivered. */
export interface TDelivered {
  phone: string;
  signName: string;
  template: string;
  /** Aliyun: the TemplateParam object; Tencent: the TemplateParamSet values */
  params: Record<string, string> | string[];
}

interface TAccount {
  keyId: string;
  keySecret: string;
  signName: string;
  /** template → the names of its variables (Aliyun) or their count (Tencent) */
  templates: Record<string, string[]>;
}

abstract class FakeProvider {
  readonly delivered: TDelivered[] = [];
  /** every request received (signed right or not), for tests that replay one */
  readonly received: { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  /** the provider's own verdicts on the next messages (a code per message), else delivered */
  private readonly verdicts: string[] = [];
  private server: http.Server | null = null;
  /** when set, the provider never answers (a hung connection) */
  silent = false;

  constructor(readonly account: TAccount) {}

  refuseNext(...codes: string[]) {
    this.verdicts.push(...codes);
  }

  protected nextVerdict(): string | undefined {
    return this.verdicts.shift();
  }

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        this.received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (this.silent) return;
        const { status, json } = this.handle(req, body);
        res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' }).end(JSON.stringify(json));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }

  protected abstract handle(req: http.IncomingMessage, body: Buffer): { status: number; json: unknown };
}

const sha256hex = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
/** RFC 3986 percent-encoding, as both providers canonicalise query strings */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Aliyun dysmsapi 2017-05-25 SendSms, signed with ACS3-HMAC-SHA256 (the V3 signature the SDK sends):
 * https://help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature
 */
export class FakeAliyunSms extends FakeProvider {
  private readonly nonces = new Set<string>();

  protected handle(req: http.IncomingMessage, body: Buffer) {
    const requestId = randomUUID().toUpperCase();
    const refuse = (status: number, code: string, message: string) => ({
      status,
      json: { RequestId: requestId, HostId: 'dysmsapi.aliyuncs.com', Code: code, Message: message },
    });
    const h = req.headers;
    const m = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      String(h.authorization ?? ''),
    );
    if (!m) return refuse(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    const [, keyId, signedList, signature] = m;
    if (keyId !== this.account.keyId)
      return refuse(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const signed = signedList.split(';');
    // every x-acs-* header and the host must be signed, and the list must be in order
    const mustSign = ['host', ...Object.keys(h).filter((k) => k.startsWith('x-acs-'))];
    if (mustSign.some((k) => !signed.includes(k)) || signed.join(';') !== [...signed].sort().join(';'))
      return refuse(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    if (h['x-acs-content-sha256'] !== sha256hex(body))
      return refuse(400, 'IncompleteSignature', 'The x-acs-content-sha256 does not match the body.');
    const url = new URL(req.url ?? '/', 'http://x');
    const query = [...url.searchParams]
      .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const canonical = [
      req.method,
      url.pathname,
      query.map(([k, v]) => `${k}=${v}`).join('&'),
      signed.map((k) => `${k}:${String(h[k] ?? '').trim()}\n`).join(''),
      signedList,
      h['x-acs-content-sha256'],
    ].join('\n');
    const expected = createHmac('sha256', this.account.keySecret)
      .update(`ACS3-HMAC-SHA256\n${sha256hex(canonical)}`)
      .digest('hex');
    if (!same(expected, signature))
      return refuse(400, 'SignatureDoesNotMatch', 'Specified signature does not match our calculation.');
    const date = Date.parse(String(h['x-acs-date'] ?? ''));
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000)
      return refuse(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    const nonce = String(h['x-acs-signature-nonce'] ?? '');
    if (!nonce || this.nonces.has(nonce))
      return refuse(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    this.nonces.add(nonce);
    if (h['x-acs-action'] !== 'SendSms' || h['x-acs-version'] !== '2017-05-25')
      return refuse(400, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');

    // the call is genuine: now the message (these answers are HTTP 200 with a Code other than OK)
    const p = Object.fromEntries(url.searchParams);
    const answer = (code: string, message: string) => ({
      status: 200,
      json: {
        RequestId: requestId,
        Code: code,
        Message: message,
        ...(code === 'OK' ? { BizId: `${Date.now()}^0` } : {}),
      },
    });
    if (!/^1\d{10}$/.test(p.PhoneNumbers ?? '')) return answer('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    if (p.SignName !== this.account.signName) return answer('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    const vars = this.account.templates[p.TemplateCode ?? ''];
    if (!vars) return answer('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    let params: Record<string, string>;
    try {
      params = JSON.parse(p.TemplateParam ?? '') as Record<string, string>;
    } catch {
      return answer('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    if (vars.some((v) => typeof params[v] !== 'string'))
      return answer('isv.TEMPLATE_MISSING_PARAMETERS', '模板缺少变量');
    const verdict = this.nextVerdict();
    if (verdict) return answer(verdict.split(':')[0], verdict.split(':').slice(1).join(':') || verdict);
    this.delivered.push({ phone: p.PhoneNumbers, signName: p.SignName, template: p.TemplateCode, params });
    return answer('OK', 'OK');
  }
}

/**
 * Tencent Cloud SMS 2021-01-11 SendSms, signed with TC3-HMAC-SHA256:
 * https://cloud.tencent.com/document/api/382/52072. Tencent answers HTTP 200 in every case.
 */
export class FakeTencentSms extends FakeProvider {
  constructor(
    account: TAccount,
    readonly appId: string,
  ) {
    super(account);
  }

  protected handle(req: http.IncomingMessage, body: Buffer) {
    const requestId = randomUUID();
    const error = (code: string, message: string) => ({
      status: 200,
      json: { Response: { Error: { Code: code, Message: message }, RequestId: requestId } },
    });
    const h = req.headers;
    const m =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        String(h.authorization ?? ''),
      );
    if (!m) return error('AuthFailure.InvalidAuthorization', 'Authorization header format error.');
    const [, secretId, date, service, signedList, signature] = m;
    if (secretId !== this.account.keyId)
      return error(
        'AuthFailure.SecretIdNotFound',
        'The SecretId is not found, please ensure that your SecretId is correct.',
      );
    const timestamp = Number(h['x-tc-timestamp']);
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
      return error(
        'AuthFailure.SignatureExpire',
        'Signature expired. Timestamp and server time cannot differ by more than 5 minutes.',
      );
    if (service !== 'sms' || date !== new Date(timestamp * 1000).toISOString().slice(0, 10))
      return error(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated because of exceeding request size limit, please use new signature method `TC3-HMAC-SHA256`.',
      );
    const signed = signedList.split(';');
    if (!signed.includes('host') || !signed.includes('content-type'))
      return error(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated. Please check your signature is correct.',
      );
    const url = new URL(req.url ?? '/', 'http://x');
    const canonical = [
      req.method,
      url.pathname,
      url.search.slice(1),
      signed
        .map(
          (k) =>
            `${k}:${String(h[k] ?? '')
              .trim()
              .toLowerCase()}\n`,
        )
        .join(''),
      signedList,
      sha256hex(body),
    ].join('\n');
    const scope = `${date}/${service}/tc3_request`;
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256hex(canonical)}`;
    const kDate = createHmac('sha256', `TC3${this.account.keySecret}`).update(date).digest();
    const kService = createHmac('sha256', kDate).update(service).digest();
    const kSigning = createHmac('sha256', kService).update('tc3_request').digest();
    const expected = createHmac('sha256', kSigning).update(toSign).digest('hex');
    if (!same(expected, signature))
      return error(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated. Please check your signature is correct.',
      );
    if (h['x-tc-action'] !== 'SendSms' || h['x-tc-version'] !== '2021-01-11')
      return error('InvalidAction', 'The action requested is invalid for this service.');

    let p: {
      PhoneNumberSet?: string[];
      SmsSdkAppId?: string;
      SignName?: string;
      TemplateId?: string;
      TemplateParamSet?: string[];
    };
    try {
      p = JSON.parse(body.toString('utf8'));
    } catch {
      return error('InvalidParameter', 'The request body is not JSON.');
    }
    if (p.SmsSdkAppId !== this.appId) return error('InvalidParameterValue.SdkAppIdNotExist', 'SdkAppId not exist.');
    if (p.SignName !== this.account.signName)
      return error(
        'FailedOperation.SignatureIncorrectOrUnapproved',
        'signature format is incorrect or signature is not approved.',
      );
    const vars = this.account.templates[p.TemplateId ?? ''];
    if (!vars)
      return error('FailedOperation.TemplateIncorrectOrUnapproved', 'template format error or template not approved.');
    if ((p.TemplateParamSet ?? []).length !== vars.length)
      return error(
        'FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
        'request content does not match template content.',
      );
    // a call taken: one status per number
    const statuses = (p.PhoneNumberSet ?? []).map((phone) => {
      const status = { SerialNo: '', PhoneNumber: phone, Fee: 0, SessionContext: '', IsoCode: 'CN' };
      if (!/^\+861\d{10}$/.test(phone))
        return { ...status, Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: 'invalid mobile number' };
      const verdict = this.nextVerdict();
      if (verdict) return { ...status, Code: verdict, Message: 'refused' };
      this.delivered.push({
        phone: phone.slice(3),
        signName: p.SignName!,
        template: p.TemplateId!,
        params: p.TemplateParamSet ?? [],
      });
      return { ...status, SerialNo: `2028:${randomUUID()}`, Fee: 1, Code: 'Ok', Message: 'send success' };
    });
    return { status: 200, json: { Response: { SendStatusSet: statuses, RequestId: requestId } } };
  }
}
