import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { TPayType } from '@jizu/shared/constants/payment';
import type { TConfig } from '../config';
import { inTx, type DB } from '../db/client';
import { sandboxNotifies, sandboxPayments } from '../db/schema';

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

/** What the channel's own records say of one attempt (the order-query API of a real channel). */
export type TPayQuery = { no: string; paid: false } | { no: string; paid: true; orderSn: string; amount: number; tradeNo: string; paidAt: Date };

/**
 * A payment channel (ARCHITECTURE § Providers). `submit` answers the URL the QR code encodes (wx, chinaums) or an
 * HTML form that submits itself (alipay); the channel later calls POST /api/pay/notify/<name>, which `verifyNotify`
 * reads. `query` asks the channel what it knows of an attempt: a notify can be lost (our server down, killed between
 * the notify and its booking), so open orders are settled by asking (WeChat Pay v3's query-order, Alipay's
 * trade.query). Real adapters implement the same three calls.
 */
export interface PaymentChannel {
  readonly name: string;
  submit(p: TPaySubmit): Promise<{ codeUrl: string; form: string }>;
  verifyNotify(body: unknown): TPayNotice;
  query(no: string): Promise<TPayQuery>;
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
        await tx.insert(sandboxNotifies).values({ no, body: JSON.stringify(this.notifyBody(no, orderSn, amount, fresh.tradeNo)), nextAt: now, createdAt: now });
        return fresh;
      }
      const [prior] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.no, no)).limit(1);
      return prior;
    });
  }

  async query(no: string): Promise<TPayQuery> {
    const [p] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.no, no)).limit(1);
    return p ? { no, paid: true, orderSn: p.orderSn, amount: p.amount, tradeNo: p.tradeNo, paidAt: p.paidAt } : { no, paid: false };
  }

  /**
   * Posts the due notifies (all, or the one of `no`); answers how many were acknowledged. A notify is claimed by
   * moving its attempt count and next time forward in one compare-and-set, so two processes (or the payer's request
   * and the job) never post the same try twice, and a process killed mid-post leaves it due again at its next time.
   */
  async deliverNotifies(url: string, opts: { no?: string; now?: Date; limit?: number; timeoutMs?: number } = {}): Promise<number> {
    const now = opts.now ?? new Date();
    const backoff = this.books?.backoffSeconds ?? [];
    const where = [isNull(sandboxNotifies.deliveredAt), lte(sandboxNotifies.nextAt, now)];
    if (opts.no) where.push(eq(sandboxNotifies.no, opts.no));
    const due = await this.db.select().from(sandboxNotifies).where(and(...where)).orderBy(asc(sandboxNotifies.nextAt)).limit(opts.limit ?? 20);
    let acknowledged = 0;
    for (const n of due) {
      const gap = backoff[n.attempts];
      const nextAt = gap === undefined ? null : new Date(now.getTime() + gap * 1000);
      const [claimed] = await this.db
        .update(sandboxNotifies)
        .set({ attempts: n.attempts + 1, nextAt })
        .where(and(eq(sandboxNotifies.id, n.id), eq(sandboxNotifies.attempts, n.attempts), isNull(sandboxNotifies.deliveredAt)))
        .returning({ id: sandboxNotifies.id });
      if (!claimed) continue;
      let error = '';
      try {
        const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: n.body, signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
        if (!res.ok) error = `HTTP ${res.status} ${(await res.text().catch(() => '')).slice(0, 120)}`;
        else await res.arrayBuffer();
      } catch (e) {
        error = String((e as Error).message ?? e);
      }
      if (!error) {
        acknowledged += 1;
        await this.db.update(sandboxNotifies).set({ deliveredAt: new Date(), lastError: '' }).where(eq(sandboxNotifies.id, n.id));
      } else {
        await this.db.update(sandboxNotifies).set({ lastError: error.slice(0, 200) }).where(and(eq(sandboxNotifies.id, n.id), isNull(sandboxNotifies.deliveredAt)));
      }
    }
    return acknowledged;
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

export function createPaymentChannel(config: TConfig, db: DB): SandboxChannel {
  switch (config.payment.channel) {
    case 'sandbox':
      return new SandboxChannel(config.payment.sandboxSecret, config.publicUrl, { db, backoffSeconds: config.payment.sandboxNotifyBackoff });
  }
}
