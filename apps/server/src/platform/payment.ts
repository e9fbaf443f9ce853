import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TPayKind, TPayType } from '@jizu/shared/constants/payment';
import type { TConfig } from '../config';
import { inTx, type DB } from '../db/client';
import { sandboxNotifies, sandboxPayments } from '../db/schema';
import { WechatPayChannel } from './payment.wechat';
import { AlipayChannel } from './payment.alipay';
import { rowsWhere, rowWhere } from '../db/rows';

/** What a channel is asked to collect: one attempt of one order. */
export interface TPaySubmit {
  /** the attempt number the channel knows */
  no: string;
  orderSn: string;
  /** fen */
  amount: number;
  subject: string;
  payType: TPayType;
  /** what is bought: where the payer's browser returns after a page payment */
  kind: TPayKind;
  expiresAt: Date;
}

/** A notify as it arrived: the parsed body (the sandbox's JSON), and the exact bytes and headers (what real channels sign). */
export interface TNotifyRequest {
  body: unknown;
  raw?: Buffer;
  headers?: IncomingHttpHeaders;
}

/** A notify as the channel vouches for it; `signOk` false means forged, damaged or stale. */
export interface TPayNotice {
  signOk: boolean;
  /** signed by the channel, but for another merchant (merchant number, app id, seller): books nothing */
  merchantOk: boolean;
  /** false: a signed notify of something other than a completed payment (a closed trade, a buyer still paying): acknowledged, books nothing */
  paid: boolean;
  /** why it is refused or ignored, for the log */
  reason?: string;
  no: string;
  /** our order number when the channel carries it back; '' when it does not (the attempt number alone names the order) */
  orderSn: string;
  amount: number;
  tradeNo: string;
  /** when the channel says the money moved; default: the notify's arrival */
  paidAt?: Date;
  /** what the notify log keeps (default: the body as JSON): a real channel's decrypted or decoded fields */
  logBody?: string;
}

/** What the channel's own records say of one attempt (the order-query API of a real channel). */
export type TPayQuery =
  | { no: string; paid: false }
  /** orderSn: as for TPayNotice, absent when the channel does not carry it back */
  | { no: string; paid: true; orderSn?: string; amount: number; tradeNo: string; paidAt: Date };

/** The answer a channel expects to its notify: acknowledged, or refused (it posts again later). */
export type TNotifyOutcome = { ok: true } | { ok: false; http: number; message: string };

/**
 * A payment channel (ARCHITECTURE § Providers). `submit` answers the URL the QR code encodes (wx, chinaums) or an
 * HTML form that submits itself (alipay); the channel later calls POST /api/pay/notify/<name>, which `verifyNotify`
 * reads. `query` asks the channel what it knows of an attempt: a notify can be lost (our server down, killed between
 * the notify and its booking), so open orders are settled by asking (WeChat Pay v3's query-order, Alipay's
 * trade.query). The sandbox is here; WeChat Pay API v3 is payment.wechat.ts, Alipay payment.alipay.ts.
 */
export interface PaymentChannel {
  readonly name: string;
  submit(p: TPaySubmit): Promise<{ codeUrl: string; form: string }>;
  /**
   * The channel's own payment page for an open attempt, as a form that submits itself, made anew (Alipay's page-pay
   * form, signed now): what a later step needs when the order's code_url is a QR code (training's alipay step, spec/3
   * §4). None: the code_url is the page (the sandbox's payer page).
   */
  pageForm?(p: TPaySubmit): string;
  verifyNotify(n: TNotifyRequest, now: Date): TPayNotice;
  query(no: string): Promise<TPayQuery>;
  /**
   * Closes an attempt at the channel, so that it can no longer be paid (WeChat Pay's close-order, Alipay's
   * trade.close). Throws when the channel could not be told or says the attempt was paid meanwhile: the order then
   * stays open and is asked about again. The sandbox has none: its payer page refuses a closed order itself.
   */
  close?(no: string): Promise<void>;
  /** How the channel wants its notify answered; none: the JSON envelope (the sandbox). */
  notifyReply?(outcome: TNotifyOutcome): { status: number; contentType?: string; body: string };
}

/** The channels of a deployment: the one each pay type's new orders go to, and the one each attempt was made with. */
export interface PaymentChannels {
  forPayType(payType: TPayType): PaymentChannel;
  /** the channel named in pay_attempt.channel; undefined when it is no longer configured */
  named(name: string): PaymentChannel | undefined;
}

/** A single channel stands for all pay types (the sandbox in tests, or a caller that knows its channel). */
export type TChannels = PaymentChannel | PaymentChannels;

export function channelsOf(c: TChannels): PaymentChannels {
  if ('forPayType' in c) return c;
  return { forPayType: () => c, named: (name) => (name === c.name ? c : undefined) };
}

const FIELDS = ['no', 'order_sn', 'amount', 'trade_no'] as const;

/**
 * The local default: the QR code opens the sandbox payer page (/site/pay/sandbox/:no) on PUBLIC_URL; paying there
 * records the payment in the sandbox's own books (sandbox_payment) and queues an HMAC-SHA256-signed notify
 * (sandbox_notify), which the sandbox posts to the notify URL, through the same path a real channel's callback takes,
 * and posts again on its back-off schedule until the merchant acknowledges it. Its books answer `query`.
 */
export class SandboxChannel implements PaymentChannel {
  readonly name = 'sandbox';
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
    /** the sandbox's books; only signing and verifying work without them */
    private readonly books?: { db: DB; backoffSeconds: number[] },
  ) {}

  private get db(): DB {
    if (!this.books) throw new Error('SandboxChannel: no database for the sandbox books');
    return this.books.db;
  }

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

  /**
   * The payer pays attempt `no`: the sandbox books the payment and queues its notify in one transaction, before
   * anything is sent. Paying twice books once (the first payment's record is answered).
   */
  async recordPayment(no: string, orderSn: string, amount: number, now = new Date()) {
    return inTx(this.db, async (tx) => {
      const [fresh] = await tx
        .insert(sandboxPayments)
        .values({ no, orderSn, amount, tradeNo: `SBX${randomBytes(10).toString('hex')}`, paidAt: now })
        .onConflictDoNothing()
        .returning();
      if (fresh) {
        await tx.insert(sandboxNotifies).values({
          no,
          body: JSON.stringify(this.notifyBody(no, orderSn, amount, fresh.tradeNo)),
          nextAt: now,
          createdAt: now,
        });
        return fresh;
      }
      // the insert met the payment of `no` already there (unique no): it is read back
      const prior = await rowWhere(tx, sandboxPayments, eq(sandboxPayments.no, no));
      return prior!;
    });
  }

  async query(no: string): Promise<TPayQuery> {
    const p = await rowWhere(this.db, sandboxPayments, eq(sandboxPayments.no, no));
    return p
      ? { no, paid: true, orderSn: p.orderSn, amount: p.amount, tradeNo: p.tradeNo, paidAt: p.paidAt }
      : { no, paid: false };
  }

  /**
   * Posts the due notifies (all, or the one of `no`); answers how many were acknowledged. A notify is claimed by
   * moving its attempt count and next time forward in one compare-and-set, so two processes (or the payer's request
   * and the job) never post the same try twice, and a process killed mid-post leaves it due again at its next time.
   */
  async deliverNotifies(
    url: string,
    opts: { no?: string; now?: Date; limit?: number; timeoutMs?: number } = {},
  ): Promise<number> {
    const now = opts.now ?? new Date();
    const backoff = this.books?.backoffSeconds ?? [];
    const where = [isNull(sandboxNotifies.deliveredAt), lte(sandboxNotifies.nextAt, now)];
    if (opts.no) where.push(eq(sandboxNotifies.no, opts.no));
    const due = await rowsWhere(this.db, sandboxNotifies, and(...where), {
      orderBy: [asc(sandboxNotifies.nextAt)],
      limit: opts.limit ?? 20,
    });
    let acknowledged = 0;
    for (const n of due) {
      const gap = backoff[n.attempts];
      const nextAt = gap === undefined ? null : new Date(now.getTime() + gap * 1000);
      const [claimed] = await this.db
        .update(sandboxNotifies)
        .set({ attempts: n.attempts + 1, nextAt })
        .where(
          and(
            eq(sandboxNotifies.id, n.id),
            eq(sandboxNotifies.attempts, n.attempts),
            isNull(sandboxNotifies.deliveredAt),
          ),
        )
        .returning({ id: sandboxNotifies.id });
      if (!claimed) continue;
      let error = '';
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: n.body,
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
        if (!res.ok) error = `HTTP ${res.status} ${(await res.text().catch(() => '')).slice(0, 120)}`;
        else await res.arrayBuffer();
      } catch (e) {
        error = String((e as Error).message ?? e);
      }
      if (!error) {
        acknowledged += 1;
        await this.db
          .update(sandboxNotifies)
          .set({ deliveredAt: new Date(), lastError: '' })
          .where(eq(sandboxNotifies.id, n.id));
      } else {
        await this.db
          .update(sandboxNotifies)
          .set({ lastError: error.slice(0, 200) })
          .where(and(eq(sandboxNotifies.id, n.id), isNull(sandboxNotifies.deliveredAt)));
      }
    }
    return acknowledged;
  }

  verifyNotify(n: TNotifyRequest): TPayNotice {
    const b = (n.body && typeof n.body === 'object' ? n.body : {}) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
    const notice = { no: str(b.no), orderSn: str(b.order_sn), amount: Number(b.amount), tradeNo: str(b.trade_no) };
    const given = Buffer.from(str(b.sign), 'utf8');
    const want = Buffer.from(
      this.sign({ no: notice.no, order_sn: notice.orderSn, amount: str(b.amount), trade_no: notice.tradeNo }),
      'utf8',
    );
    const signOk = given.length === want.length && timingSafeEqual(given, want) && Number.isSafeInteger(notice.amount);
    return { signOk, merchantOk: true, paid: true, ...notice };
  }
}

/** The sandbox channel with its books (its payer page, its notifies and their retries). */
export function createPaymentChannel(config: TConfig, db: DB): SandboxChannel {
  return new SandboxChannel(config.payment.sandboxSecret, config.publicUrl, {
    db,
    backoffSeconds: config.payment.sandboxNotifyBackoff,
  });
}

/**
 * The deployment's channels, chosen by PAY_CHANNEL: WeChat Pay for wx and Alipay for alipay when they are on, the
 * sandbox for every other pay type. The sandbox is always there: its payer page and notify route keep serving the
 * attempts made with it before a switch, and chinaums has no real channel yet.
 */
export class ChannelRegistry implements PaymentChannels {
  private readonly byName = new Map<string, PaymentChannel>();
  constructor(
    readonly sandbox: SandboxChannel,
    private readonly byType: Record<TPayType, PaymentChannel>,
  ) {
    for (const c of [sandbox, ...Object.values(byType)]) this.byName.set(c.name, c);
  }

  forPayType(payType: TPayType): PaymentChannel {
    return this.byType[payType];
  }

  named(name: string): PaymentChannel | undefined {
    return this.byName.get(name);
  }

  /** the real channels that are on: each has its own notify route */
  get real(): PaymentChannel[] {
    return [...this.byName.values()].filter((c) => c !== this.sandbox);
  }

  /** the pay types the sandbox serves (production warns: anyone can "pay" on its page) */
  get sandboxTypes(): TPayType[] {
    return (Object.keys(this.byType) as TPayType[]).filter((t) => this.byType[t] === this.sandbox);
  }
}

export function createPaymentChannels(
  config: TConfig,
  db: DB,
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): ChannelRegistry {
  const sandbox = createPaymentChannel(config, db);
  const p = config.payment;
  const wechat = p.wechat ? new WechatPayChannel(p.wechat, p.timeoutMs, log) : null;
  const alipay = p.alipay ? new AlipayChannel(p.alipay, p.timeoutMs, log) : null;
  const of = (name: string): PaymentChannel =>
    (name === 'wechat' && wechat) || (name === 'alipay' && alipay) || sandbox;
  return new ChannelRegistry(sandbox, {
    wx: of(p.byType.wx),
    alipay: of(p.byType.alipay),
    chinaums: of(p.byType.chinaums),
  });
}
