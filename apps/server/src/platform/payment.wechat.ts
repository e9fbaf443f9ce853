import { Aes, Decorator, Formatter, Rsa } from 'wechatpay-axios-plugin';
import type { FastifyBaseLogger } from 'fastify';
import { shanghaiRfc3339 } from '@jizu/shared/rules/datetime';
import type { TConfig } from '../config';
import { AppError } from './errors';
import type { PaymentChannel, TNotifyOutcome, TNotifyRequest, TPayNotice, TPayQuery, TPaySubmit } from './payment';

type TWechatConfig = NonNullable<TConfig['payment']['wechat']>;
type TLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/**
 * A notify whose Wechatpay-Timestamp is further than this from our clock is refused: a captured notify cannot be
 * posted again later (WeChat Pay signs every retry anew, so a real one is always fresh).
 */
export const WECHAT_NOTIFY_MAX_SKEW_SECONDS = 300;

/** RFC 3339 in Beijing time, as WeChat Pay writes and reads times (2026-05-01T10:34:56+08:00). */
export const wechatTime = shanghaiRfc3339;

/** What an API error says: HTTP status and WeChat Pay's {code, message}, or the transport's message. */
function describe(e: unknown): { status: number; code: string; text: string } {
  const err = e as {
    response?: { status?: number; data?: { code?: unknown; message?: unknown } };
    code?: unknown;
    message?: unknown;
  };
  const status = err.response?.status ?? 0;
  const code = typeof err.response?.data?.code === 'string' ? err.response.data.code : '';
  const text = status
    ? `HTTP ${status} ${code} ${String(err.response?.data?.message ?? '')}`.trim()
    : `${String(err.code ?? '')} ${String(err.message ?? e)}`.trim();
  return { status, code, text };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
/** A time WeChat Pay wrote (RFC 3339); undefined when absent or unreadable. */
const timeOf = (v: unknown) => {
  const d = new Date(str(v));
  return Number.isNaN(d.getTime()) ? undefined : d;
};

/**
 * WeChat Pay API v3, Native payment (a QR code the payer scans), for pay type wx. Requests are signed and responses
 * verified by wechatpay-axios-plugin (WECHATPAY2-SHA256-RSA2048 with the merchant key and serial; every response's
 * Wechatpay-Signature checked against the platform key its Wechatpay-Serial names, within 5 minutes of our clock).
 * Notifies are verified here with the same library's primitives: the signature over the exact bytes received, a fresh
 * timestamp, then the AES-256-GCM resource decrypted with the APIv3 key. The attempt number is WeChat Pay's
 * out_trade_no, and our order number rides along as `attach`, so both come back in notifies and queries.
 */
export class WechatPayChannel implements PaymentChannel {
  readonly name = 'wechat';
  private readonly api: Decorator['v3'];

  constructor(
    private readonly cfg: TWechatConfig,
    timeoutMs: number,
    private readonly log?: TLog,
  ) {
    // the library takes its keys as PEM text (and makes its own key objects of them)
    const certs = Object.fromEntries(
      Object.entries(cfg.platformKeys).map(([serial, key]) => [
        serial,
        String(key.export({ type: 'spki', format: 'pem' })),
      ]),
    );
    this.api = new Decorator({
      mchid: cfg.mchid,
      serial: cfg.serial,
      privateKey: String(cfg.privateKey.export({ type: 'pkcs8', format: 'pem' })),
      certs,
      baseURL: cfg.baseUrl,
      timeout: timeoutMs,
    }).v3;
  }

  async submit(p: TPaySubmit) {
    let data: { code_url?: unknown };
    try {
      ({ data } = await this.api.post('/v3/pay/transactions/native', {
        appid: this.cfg.appid,
        mchid: this.cfg.mchid,
        description: p.subject.slice(0, 127),
        out_trade_no: p.no,
        // WeChat Pay itself refuses payment after our order's expiry, whatever happens to our close call
        time_expire: wechatTime(p.expiresAt),
        attach: p.orderSn,
        notify_url: this.cfg.notifyUrl,
        amount: { total: p.amount, currency: 'CNY' },
      }));
    } catch (e) {
      this.log?.error({ channel: this.name, no: p.no, err: describe(e).text }, 'WeChat Pay: native order failed');
      throw new AppError('PAY_CHANNEL_UNAVAILABLE');
    }
    const codeUrl = str(data?.code_url);
    if (!codeUrl) {
      this.log?.error({ channel: this.name, no: p.no }, 'WeChat Pay: native order answered no code_url');
      throw new AppError('PAY_CHANNEL_UNAVAILABLE');
    }
    return { codeUrl, form: '' };
  }

  async query(no: string): Promise<TPayQuery> {
    let tx: Record<string, unknown>;
    try {
      ({ data: tx } = await this.api.get(`/v3/pay/transactions/out-trade-no/${encodeURIComponent(no)}`, {
        params: { mchid: this.cfg.mchid },
      }));
    } catch (e) {
      const d = describe(e);
      // an attempt WeChat Pay never recorded was never paid
      if (d.status === 404 && d.code === 'ORDER_NOT_EXIST') return { no, paid: false };
      throw new Error(`WeChat Pay query of ${no} failed: ${d.text}`, { cause: e });
    }
    if (tx.mchid !== this.cfg.mchid || tx.appid !== this.cfg.appid || tx.out_trade_no !== no)
      throw new Error(`WeChat Pay query of ${no} answered for another merchant or order`);
    if (tx.trade_state !== 'SUCCESS') return { no, paid: false };
    const amount = tx.amount as { total?: unknown; currency?: unknown } | undefined;
    return {
      no,
      paid: true,
      orderSn: str(tx.attach),
      amount: amount?.currency === 'CNY' && Number.isSafeInteger(amount.total) ? (amount.total as number) : Number.NaN,
      tradeNo: str(tx.transaction_id),
      paidAt: timeOf(tx.success_time) ?? new Date(),
    };
  }

  async close(no: string): Promise<void> {
    try {
      await this.api.post(`/v3/pay/transactions/out-trade-no/${encodeURIComponent(no)}/close`, {
        mchid: this.cfg.mchid,
      });
    } catch (e) {
      const d = describe(e);
      if (d.code === 'ORDER_CLOSED') return;
      throw new Error(`WeChat Pay close of ${no} failed: ${d.text}`, { cause: e });
    }
  }

  verifyNotify(n: TNotifyRequest, now: Date): TPayNotice {
    const raw = n.raw ? n.raw.toString('utf8') : '';
    const header = (name: string) => {
      const v = n.headers?.[name];
      return typeof v === 'string' ? v : '';
    };
    const refused = (reason: string): TPayNotice => ({
      signOk: false,
      merchantOk: true,
      paid: false,
      reason,
      no: '',
      orderSn: '',
      amount: Number.NaN,
      tradeNo: '',
      logBody: raw.slice(0, 4000),
    });
    const [serial, signature, timestamp, nonce] = [
      'wechatpay-serial',
      'wechatpay-signature',
      'wechatpay-timestamp',
      'wechatpay-nonce',
    ].map(header);
    if (!serial || !signature || !timestamp || !nonce)
      return refused('Wechatpay-Serial, -Signature, -Timestamp or -Nonce missing');
    const key = Object.hasOwn(this.cfg.platformKeys, serial) ? this.cfg.platformKeys[serial] : null;
    if (!key) return refused(`unknown platform serial ${serial.slice(0, 64)}`);
    if (
      !/^\d{1,12}$/.test(timestamp) ||
      Math.abs(now.getTime() / 1000 - Number(timestamp)) > WECHAT_NOTIFY_MAX_SKEW_SECONDS
    )
      return refused(`stale timestamp ${timestamp.slice(0, 20)}`);
    let signed: boolean;
    try {
      signed = Rsa.verify(Formatter.response(timestamp, nonce, raw), signature, key);
    } catch {
      signed = false;
    }
    if (!signed) return refused('signature does not verify');

    // WeChat Pay's own words from here on; a resource we cannot open is refused so that WeChat Pay posts it again
    // (a wrong PAY_WX_APIV3_KEY, once corrected, then books it)
    let body: {
      id?: unknown;
      event_type?: unknown;
      create_time?: unknown;
      resource?: { algorithm?: unknown; ciphertext?: unknown; nonce?: unknown; associated_data?: unknown };
    };
    let tx: Record<string, unknown>;
    try {
      body = JSON.parse(raw);
      const r = body.resource;
      if (r?.algorithm !== 'AEAD_AES_256_GCM')
        return refused(`resource algorithm ${String(r?.algorithm).slice(0, 40)}`);
      tx = JSON.parse(Aes.AesGcm.decrypt(str(r.ciphertext), this.cfg.apiV3Key, str(r.nonce), str(r.associated_data)));
    } catch {
      return refused('resource cannot be decrypted with PAY_WX_APIV3_KEY');
    }
    const amount = tx.amount as { total?: unknown; currency?: unknown } | undefined;
    const merchantOk = tx.mchid === this.cfg.mchid && tx.appid === this.cfg.appid;
    const paid = body.event_type === 'TRANSACTION.SUCCESS' && tx.trade_state === 'SUCCESS';
    return {
      signOk: true,
      merchantOk,
      paid,
      reason: !merchantOk
        ? `for merchant ${str(tx.mchid)} / app ${str(tx.appid)}`
        : !paid
          ? `event ${str(body.event_type)}, trade state ${str(tx.trade_state)}`
          : undefined,
      no: str(tx.out_trade_no),
      orderSn: str(tx.attach),
      amount: amount?.currency === 'CNY' && Number.isSafeInteger(amount.total) ? (amount.total as number) : Number.NaN,
      tradeNo: str(tx.transaction_id),
      paidAt: timeOf(tx.success_time),
      logBody: JSON.stringify({
        id: body.id,
        event_type: body.event_type,
        create_time: body.create_time,
        transaction: tx,
      }),
    };
  }

  /** WeChat Pay: 204 without a body acknowledges; a 4xx/5xx with {code, message} makes it post again later. */
  notifyReply(o: TNotifyOutcome) {
    if (o.ok) return { status: 204, body: '' };
    return {
      status: o.http >= 400 ? o.http : 500,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ code: 'FAIL', message: o.message }),
    };
  }
}
