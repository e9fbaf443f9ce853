import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TPayType } from '@jizu/shared/constants/payment';
import type { TConfig } from '../config';

/** What a channel is asked to collect: one attempt of one order. */
export interface TPaySubmit {
  /** the attempt number the channel knows */
  no: string;
  orderSn: string;
  /** fen */
  amount: number;
  subject: string;
  payType: TPayType;
  expiresAt: Date;
}

/** A notify as the channel vouches for it; `signOk` false means forged or damaged. */
export interface TPayNotice {
  signOk: boolean;
  no: string;
  orderSn: string;
  amount: number;
  tradeNo: string;
}

/**
 * A payment channel (ARCHITECTURE § Providers). `submit` answers the URL the QR code encodes (wx, chinaums) or an
 * HTML form that submits itself (alipay); the channel later calls POST /api/pay/notify/<name>, which `verifyNotify`
 * reads. Real adapters (WeChat Pay v3, Alipay, chinaums) implement the same two calls.
 */
export interface PaymentChannel {
  readonly name: string;
  submit(p: TPaySubmit): Promise<{ codeUrl: string; form: string }>;
  verifyNotify(body: unknown): TPayNotice;
}

const FIELDS = ['no', 'order_sn', 'amount', 'trade_no'] as const;

/**
 * The local default: the QR code opens the sandbox payer page (/site/pay/sandbox/:no) on PUBLIC_URL; paying there
 * makes the server send itself an HMAC-SHA256-signed notify through the same path a real channel's callback takes.
 */
export class SandboxChannel implements PaymentChannel {
  readonly name = 'sandbox';
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  async submit(p: TPaySubmit) {
    const codeUrl = `${this.publicUrl}/site/pay/sandbox/${p.no}`;
    const form =
      p.payType === 'alipay'
        ? `<form id="alipaysubmit" name="alipaysubmit" action="${codeUrl}" method="get"></form><script>document.forms['alipaysubmit'].submit();</script>`
        : '';
    return { codeUrl, form };
  }

  sign(f: Record<(typeof FIELDS)[number], string | number>): string {
    const base = FIELDS.map((k) => `${k}=${f[k]}`).join('&');
    return createHmac('sha256', this.secret).update(base).digest('hex');
  }

  /** The body the sandbox's "bank" posts when the payer pays. */
  notifyBody(no: string, orderSn: string, amount: number, tradeNo: string) {
    const f = { no, order_sn: orderSn, amount, trade_no: tradeNo };
    return { ...f, sign: this.sign(f) };
  }

  verifyNotify(body: unknown): TPayNotice {
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
    const notice = { no: str(b.no), orderSn: str(b.order_sn), amount: Number(b.amount), tradeNo: str(b.trade_no) };
    const given = Buffer.from(str(b.sign), 'utf8');
    const want = Buffer.from(this.sign({ no: notice.no, order_sn: notice.orderSn, amount: str(b.amount), trade_no: notice.tradeNo }), 'utf8');
    const signOk = given.length === want.length && timingSafeEqual(given, want) && Number.isSafeInteger(notice.amount);
    return { signOk, ...notice };
  }
}

export function createPaymentChannel(config: TConfig): SandboxChannel {
  switch (config.payment.channel) {
    case 'sandbox':
      return new SandboxChannel(config.payment.sandboxSecret, config.publicUrl);
  }
}
