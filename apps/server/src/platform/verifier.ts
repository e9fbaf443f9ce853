import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config';

/**
 * Advanced (third-party) company verification (ARCHITECTURE § Providers). `start` registers an order with the
 * provider and returns the page the user opens in a new window; the provider later calls back
 * POST /api/index/superAuth/notify with a signed result, which `checkNotify` verifies.
 */
export interface ThirdPartyVerifier {
  readonly name: string;
  start(order: { no: string; companyName: string; registNo: string }): Promise<{ url: string }>;
  checkNotify(n: TNotify): boolean;
}

/** The provider's callback: a refusal may carry its reason, which the signature then covers. */
export type TNotify = { no: string; result: string; ts: number; sign: string; reason?: string };

export type TNotifyResult = 'PASS' | 'REFUSE';
/** How the sandbox delivers its callback; tests replace it to go through app.inject. */
export type TNotifyPost = (url: string, body: Record<string, unknown>) => Promise<{ status: number; body: unknown }>;

/** A callback older than this is refused (a replayed old one cannot decide a new order anyway: the no is unique). */
const MAX_AGE_MS = 10 * 60_000;

export const NOTIFY_PATH = '/api/index/superAuth/notify';

export function signNotify(secret: string, no: string, result: string, ts: number, reason = ''): string {
  return createHmac('sha256', secret)
    .update(reason ? `${no}|${result}|${ts}|${reason}` : `${no}|${result}|${ts}`)
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
 * The local default: the "provider" is our own page /site/verify/sandbox/:no. Its decision reaches the server the way
 * a real provider's would: an HMAC-signed HTTP callback, sent by `decide`.
 */
export class SandboxVerifier implements ThirdPartyVerifier {
  readonly name = 'sandbox';
  constructor(
    private readonly opts: { secret: string; publicUrl: string; callbackBase: string; post?: TNotifyPost },
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  async start(order: { no: string }) {
    return { url: `${this.opts.publicUrl}/site/verify/sandbox/${order.no}` };
  }

  checkNotify(n: TNotify): boolean {
    if (!this.opts.secret || !/^[0-9a-f]{64}$/.test(n.sign)) return false;
    if (Math.abs(Date.now() - n.ts) > MAX_AGE_MS) return false;
    const want = Buffer.from(signNotify(this.opts.secret, n.no, n.result, n.ts, n.reason));
    return timingSafeEqual(want, Buffer.from(n.sign));
  }

  /** The sandbox page's decision: sent as the provider's signed callback (a refusal with its reason, if given). */
  async decide(no: string, result: TNotifyResult, reason = '') {
    const ts = Date.now();
    const body = {
      no,
      result,
      ts,
      sign: signNotify(this.opts.secret, no, result, ts, reason),
      ...(reason ? { reason } : {}),
    };
    const res = await (this.opts.post ?? fetchPost)(this.opts.callbackBase + NOTIFY_PATH, body);
    if (res.status !== 200)
      this.log?.warn({ no, status: res.status, body: res.body }, 'sandbox verify callback refused');
    return res;
  }
}

export function createVerifier(config: TConfig, log: FastifyBaseLogger, post?: TNotifyPost): SandboxVerifier {
  switch (config.verify.provider) {
    case 'sandbox':
      return new SandboxVerifier(
        { secret: config.verify.secret, publicUrl: config.publicUrl, callbackBase: config.verify.callbackBase, post },
        log,
      );
  }
}
