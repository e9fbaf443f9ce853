import { AlipaySdk } from 'alipay-sdk';
import type { FastifyBaseLogger } from 'fastify';
import { PAY_DONE_URL } from '@jizu/shared/constants/payment';
import { shanghaiDateTime, shanghaiInstant } from '@jizu/shared/rules/datetime';
import type { TConfig } from '../config';
import type { PaymentChannel, TNotifyOutcome, TNotifyRequest, TPayNotice, TPayQuery, TPaySubmit } from './payment';

type TAlipayConfig = NonNullable<TConfig['payment']['alipay']>;
type TLog = Pick<FastifyBaseLogger, 'warn'>;

/** Fen as Alipay's yuan text: 5000 → "50.00" (integers only, no float on the way). */
export const fenToYuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** Alipay's yuan text as fen: "50.00" → 5000, "50.1" → 5010; NaN for anything else. */
export function yuanToFen(v: unknown): number {
  const m = typeof v === 'string' ? /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(v) : null;
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : Number.NaN;
}

/** Beijing time as Alipay writes it (yyyy-MM-dd HH:mm:ss), both ways. */
export const alipayTime = (d: Date) => shanghaiDateTime(d);
function alipayTimeOf(v: unknown): Date | undefined {
  if (typeof v !== 'string' || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(v)) return undefined;
  const d = shanghaiInstant(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/**
 * Alipay (the open platform's gateway API) through its own SDK, alipay-sdk: every request RSA2-signed with the app's
 * private key, every answer's signature checked against Alipay's public key (validateSign), notifies checked with
 * checkNotifySignV2 (the form fields as received, already decoded once). The attempt number is Alipay's out_trade_no.
 *
 * An order gets both of Alipay's web ways to pay: the page-pay form (电脑网站支付, what the user centre submits, as
 * it submits the sandbox's form) and a QR code (当面付 precreate) for the API's code_url. A merchant who has not
 * signed 当面付 still has the page: a refused or failed precreate makes code_url the page's signed address instead.
 * Both use one out_trade_no and one amount, so whichever the payer uses, the order is booked once. A later step that
 * sends the payer to the page (training's alipay step, spec/3 §4) gets the form signed anew (pageForm).
 */
export class AlipayChannel implements PaymentChannel {
  readonly name = 'alipay';
  private readonly sdk: AlipaySdk;

  constructor(
    private readonly cfg: TAlipayConfig,
    timeoutMs: number,
    private readonly log?: TLog,
  ) {
    this.sdk = new AlipaySdk({
      appId: cfg.appId,
      // the SDK rewraps the key's PEM lines itself: it gets a trimmed PKCS#8 / SPKI PEM whatever shape the key came in
      privateKey: String(cfg.privateKey.export({ type: 'pkcs8', format: 'pem' })).trim(),
      keyType: 'PKCS8',
      alipayPublicKey: String(cfg.publicKey.export({ type: 'spki', format: 'pem' })).trim(),
      gateway: cfg.gateway,
      signType: 'RSA2',
      timeout: timeoutMs,
      // Alipay's own field names, as its documentation writes them
      camelcase: false,
    });
  }

  async submit(p: TPaySubmit) {
    const common = { out_trade_no: p.no, total_amount: fenToYuan(p.amount), subject: p.subject };
    let codeUrl = '';
    try {
      const minutes = Math.max(1, Math.round((p.expiresAt.getTime() - Date.now()) / 60_000));
      const r = await this.sdk.exec(
        'alipay.trade.precreate',
        {
          notifyUrl: this.cfg.notifyUrl,
          bizContent: { ...common, seller_id: this.cfg.sellerId, timeout_express: `${minutes}m` },
        },
        { validateSign: true },
      );
      if (r.code === '10000' && typeof r.qr_code === 'string') codeUrl = r.qr_code;
      else
        this.log?.warn(
          { channel: this.name, no: p.no, code: r.code, sub_code: r.sub_code, sub_msg: r.sub_msg },
          'Alipay: precreate refused, the order has the page form only',
        );
    } catch (e) {
      this.log?.warn(
        { channel: this.name, no: p.no, err: (e as Error).message },
        'Alipay: precreate failed, the order has the page form only',
      );
    }
    const page = this.pagePay(p);
    const form = this.sdk.pageExecute('alipay.trade.page.pay', 'POST', page);
    // without a QR code of its own, the page's signed address serves as one
    if (!codeUrl) codeUrl = this.sdk.pageExecute('alipay.trade.page.pay', 'GET', page);
    return { codeUrl, form };
  }

  /** The page-pay form of an attempt (电脑网站支付), signed now: the same out_trade_no and amount as its QR code. */
  pageForm(p: TPaySubmit): string {
    return this.sdk.pageExecute('alipay.trade.page.pay', 'POST', this.pagePay(p));
  }

  private pagePay(p: TPaySubmit) {
    return {
      notifyUrl: this.cfg.notifyUrl,
      returnUrl: `${this.cfg.publicUrl}${PAY_DONE_URL[p.kind]}`,
      // Alipay itself refuses payment after our order's expiry, whatever happens to our close call
      bizContent: {
        out_trade_no: p.no,
        total_amount: fenToYuan(p.amount),
        subject: p.subject,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        time_expire: alipayTime(p.expiresAt),
      },
    };
  }

  async query(no: string): Promise<TPayQuery> {
    const r = await this.sdk.exec('alipay.trade.query', { bizContent: { out_trade_no: no } }, { validateSign: true });
    if (r.code !== '10000') {
      // a page form never submitted, a QR code never scanned: Alipay has no trade, nothing was paid
      if (r.sub_code === 'ACQ.TRADE_NOT_EXIST') return { no, paid: false };
      throw new Error(`Alipay trade.query of ${no} failed: ${r.code} ${r.sub_code ?? ''} ${r.sub_msg ?? ''}`.trim());
    }
    if (r.out_trade_no !== no) throw new Error(`Alipay trade.query of ${no} answered for ${String(r.out_trade_no)}`);
    if (!PAID_STATES.has(String(r.trade_status))) return { no, paid: false };
    return {
      no,
      paid: true,
      amount: yuanToFen(r.total_amount),
      tradeNo: String(r.trade_no ?? ''),
      paidAt: alipayTimeOf(r.send_pay_date) ?? new Date(),
    };
  }

  async close(no: string): Promise<void> {
    const r = await this.sdk.exec('alipay.trade.close', { bizContent: { out_trade_no: no } }, { validateSign: true });
    if (r.code === '10000' || r.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
    // already closed, or paid since our query: only a fresh query tells which
    if (r.sub_code === 'ACQ.TRADE_STATUS_ERROR' && !(await this.query(no)).paid) return;
    throw new Error(`Alipay trade.close of ${no} failed: ${r.code} ${r.sub_code ?? ''} ${r.sub_msg ?? ''}`.trim());
  }

  verifyNotify(n: TNotifyRequest): TPayNotice {
    const fields = Object.fromEntries(new URLSearchParams(n.raw ? n.raw.toString('utf8') : ''));
    const { sign: _sign, ...shown } = fields;
    const logBody = JSON.stringify(shown).slice(0, 4000);
    const base = {
      no: fields.out_trade_no ?? '',
      orderSn: '',
      amount: yuanToFen(fields.total_amount),
      tradeNo: fields.trade_no ?? '',
      logBody,
    };
    let signOk: boolean;
    try {
      signOk = !!fields.sign && this.sdk.checkNotifySignV2(fields);
    } catch {
      signOk = false;
    }
    if (!signOk)
      return { ...base, signOk: false, merchantOk: true, paid: false, reason: 'RSA2 signature does not verify' };
    const merchantOk = fields.app_id === this.cfg.appId && fields.seller_id === this.cfg.sellerId;
    const paid = PAID_STATES.has(fields.trade_status ?? '');
    return {
      ...base,
      signOk: true,
      merchantOk,
      paid,
      reason: !merchantOk
        ? `for app ${fields.app_id ?? ''} / seller ${fields.seller_id ?? ''}`
        : !paid
          ? `trade status ${fields.trade_status ?? ''}`
          : undefined,
      paidAt: alipayTimeOf(fields.gmt_payment),
    };
  }

  /** Alipay: the plain text `success` acknowledges; anything else makes it post again (up to 8 times in 25 hours). */
  notifyReply(o: TNotifyOutcome) {
    return o.ok
      ? { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }
      : { status: o.http >= 400 ? o.http : 500, contentType: 'text/plain; charset=utf-8', body: 'fail' };
  }
}
