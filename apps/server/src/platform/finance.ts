import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TFinEvent } from '@jizu/shared/constants/orderpay';
import type { TConfig } from '../config';
import type { TNotifyPost } from './verifier';

/**
 * Supply-chain finance (ARCHITECTURE § Providers): the platform's finance partner buys a provider's confirmed
 * receivable. `apply` registers an application and answers the partner's page where the applicant reviews the offer
 * and signs the financing contract; the partner then calls back POST /api/ep/orderpayment/notify at each step
 * (approved, refused, loaned) with an HMAC-signed body, which `checkNotify` verifies.
 */
export interface FinanceProvider {
  readonly name: string;
  apply(a: { orderNo: string; amount: number; interest: number }): Promise<{ url: string }>;
  /** the partner's page of an application (review at 4, contract at 5) */
  pageUrl(orderNo: string): string;
  checkNotify(n: TFinNotifyBody): boolean;
  /** An application to open the finance product for a company; answers the partner's page of it. */
  applyProduct(a: { no: string; companyName: string; registNo: string }): Promise<{ url: string }>;
  checkProductNotify(n: TFinProdNotifyBody): boolean;
}

/** The partner's decision on a finance-product application: a refusal's reason is covered by the signature. */
export type TFinProdNotifyBody = { no: string; result: 'PASS' | 'REFUSE'; ts: number; sign: string; reason?: string };
export const FINPROD_NOTIFY_PATH = '/api/company/finance/notify';

/** The product's callbacks sign a different text than the financing ones, so one can never pass for the other. */
export function signFinProdNotify(secret: string, b: Omit<TFinProdNotifyBody, 'sign'>): string {
  return createHmac('sha256', secret)
    .update(`product|${b.no}|${b.result}|${b.ts}|${b.reason ?? ''}`)
    .digest('hex');
}

export type TFinNotifyBody = {
  order_no: string;
  event: TFinEvent;
  amount: number;
  interest: number;
  ts: number;
  sign: string;
};

export const FIN_NOTIFY_PATH = '/api/ep/orderpayment/notify';
/** A callback older (or further in the future) than this is refused: a late or replayed one changes nothing. */
export const FIN_NOTIFY_MAX_AGE_MS = 10 * 60_000;

export function signFinNotify(secret: string, b: Omit<TFinNotifyBody, 'sign'>): string {
  return createHmac('sha256', secret)
    .update(`${b.order_no}|${b.event}|${b.amount}|${b.interest}|${b.ts}`)
    .digest('hex');
}

const fetchPost: TNotifyPost = async (url, body) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
};

/**
 * The local default: the partner is our own page /site/finance/sandbox/:orderNo (public by the unguessable number).
 * A person there approves or refuses the application, then signs the contract, upon which the partner pays out; each
 * step reaches the server as the partner's signed callback, through the same path a real partner's takes.
 */
export class SandboxFinance implements FinanceProvider {
  readonly name = 'sandbox';
  constructor(
    private readonly opts: { secret: string; publicUrl: string; callbackBase: string; post?: TNotifyPost },
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  async apply(a: { orderNo: string }) {
    return { url: this.pageUrl(a.orderNo) };
  }
  pageUrl(orderNo: string) {
    return `${this.opts.publicUrl}/site/finance/sandbox/${orderNo}`;
  }

  checkNotify(n: TFinNotifyBody): boolean {
    if (!this.opts.secret || !/^[0-9a-f]{64}$/.test(n.sign)) return false;
    if (Math.abs(Date.now() - n.ts) > FIN_NOTIFY_MAX_AGE_MS) return false;
    const want = Buffer.from(signFinNotify(this.opts.secret, n));
    return timingSafeEqual(want, Buffer.from(n.sign));
  }

  async applyProduct(a: { no: string }) {
    return { url: this.productPageUrl(a.no) };
  }
  /** The same partner page as financing: the application number's prefix (KT) tells the two apart. */
  productPageUrl(no: string) {
    return `${this.opts.publicUrl}/site/finance/sandbox/${no}`;
  }

  checkProductNotify(n: TFinProdNotifyBody): boolean {
    if (!this.opts.secret || !/^[0-9a-f]{64}$/.test(n.sign)) return false;
    if (Math.abs(Date.now() - n.ts) > FIN_NOTIFY_MAX_AGE_MS) return false;
    const want = Buffer.from(signFinProdNotify(this.opts.secret, n));
    return timingSafeEqual(want, Buffer.from(n.sign));
  }

  /** The partner's decision on a finance-product application, sent as its signed callback. */
  async decideProduct(no: string, result: 'PASS' | 'REFUSE', reason = '') {
    const b = { no, result, ts: Date.now(), ...(reason ? { reason } : {}) };
    const body = { ...b, sign: signFinProdNotify(this.opts.secret, b) };
    const res = await (this.opts.post ?? fetchPost)(this.opts.callbackBase + FINPROD_NOTIFY_PATH, body);
    if (res.status !== 200)
      this.log?.warn({ no, result, status: res.status, body: res.body }, 'sandbox finance product callback refused');
    return res;
  }

  /** The partner's callback of one step. */
  async notify(orderNo: string, event: TFinEvent, amount: number, interest: number) {
    const b = { order_no: orderNo, event, amount, interest, ts: Date.now() };
    const body = { ...b, sign: signFinNotify(this.opts.secret, b) };
    const res = await (this.opts.post ?? fetchPost)(this.opts.callbackBase + FIN_NOTIFY_PATH, body);
    if (res.status !== 200)
      this.log?.warn({ orderNo, event, status: res.status, body: res.body }, 'sandbox finance callback refused');
    return res;
  }
}

export function createFinance(config: TConfig, log: FastifyBaseLogger, post?: TNotifyPost): SandboxFinance {
  switch (config.finance.provider) {
    case 'sandbox':
      return new SandboxFinance(
        { secret: config.finance.secret, publicUrl: config.publicUrl, callbackBase: config.finance.callbackBase, post },
        log,
      );
  }
}
