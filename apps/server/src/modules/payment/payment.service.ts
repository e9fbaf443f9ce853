import { randomBytes, randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import type { FastifyBaseLogger } from 'fastify';
import { M, fmt } from '@jizu/shared/messages';
import { PAY_TTL_MINUTES, type TPayKind, type TPayState, type TPayType } from '@jizu/shared/constants/payment';
import { fenToYuanText } from '@jizu/shared/rules/money';
import type { TAdminPaymentDetail, TAdminPaymentRow, TPayOrder, TSandboxInfo } from '@jizu/shared/schemas/payment';
import type { TPage } from '@jizu/shared/errors';
import { inTx, type DB, type Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import {
  channelsOf,
  type PaymentChannel,
  type SandboxChannel,
  type TChannels,
  type TNotifyRequest,
} from '../../platform/payment';
import { crashPoint } from '../../platform/dependency';
import { countPaymentNotify } from '../../platform/metrics';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { createMessage } from '../message/message.service';
import * as repo from './payment.repo';

export type TOrder = repo.TOrderRow;

/**
 * What a purchase kind does when its order is paid. It runs inside the transaction that moved the order to SUCCESS,
 * so the booking and the state change commit together, once.
 */
export type TPaidHook = (tx: Tx, order: TOrder) => Promise<void>;
const paidHooks = new Map<string, TPaidHook>();
export function registerPaidHook(kind: TPayKind, hook: TPaidHook) {
  paidHooks.set(kind, hook);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** P + yyyyMMddHHmmss (Shanghai) + 6 random digits. */
export function newOrderSn(now: Date): string {
  return `P${shanghaiDateTime(now).replace(/\D/g, '')}${pad(randomInt(0, 1_000_000), 6)}`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function view(order: TOrder, attempt: { codeUrl: string } | null, form = ''): Promise<TPayOrder> {
  const codeUrl = attempt?.codeUrl ?? '';
  return {
    order_sn: order.orderSn,
    kind: order.kind as TPayKind,
    label_text: order.subject,
    amount: order.amount,
    amount_v: fenToYuanText(order.amount),
    pay_type: order.payType as TPayType,
    state: order.state as TPayState,
    code_url: order.state === 'WAITING' ? codeUrl : '',
    qrcode:
      order.state === 'WAITING' && codeUrl
        ? await QRCode.toDataURL(codeUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' })
        : '',
    form,
    expires_at: order.expiresAt.toISOString(),
    paid_at: iso(order.paidAt),
  };
}

export interface TNewPayment {
  kind: TPayKind;
  userId: number;
  companyId: number | null;
  /** fen */
  amount: number;
  subject: string;
  payType: TPayType;
  payload: Record<string, unknown>;
}

/**
 * Creates the order and its first attempt with the channel that serves its pay type; answers what the QR page (or the
 * alipay form) needs. The channel is asked first: a channel that refuses (PAY_CHANNEL_UNAVAILABLE) leaves no order.
 */
export async function createPayment(db: DB, channels: TChannels, p: TNewPayment, now = new Date()): Promise<TPayOrder> {
  if (!Number.isSafeInteger(p.amount) || p.amount <= 0)
    throw new Error(`createPayment: amount must be positive fen, got ${p.amount}`);
  const channel = channelsOf(channels).forPayType(p.payType);
  const expiresAt = new Date(now.getTime() + PAY_TTL_MINUTES * 60_000);
  const orderSn = newOrderSn(now);
  // the attempt number is the channel's out_trade_no: 25 characters of [0-9a-zS], within WeChat Pay's 6 to 32
  const no = `S${randomBytes(12).toString('hex')}`;
  const submitted = await channel.submit({
    no,
    orderSn,
    amount: p.amount,
    subject: p.subject,
    payType: p.payType,
    kind: p.kind,
    expiresAt,
  });
  const { order, attempt } = await inTx(db, async (tx) => {
    const order = await repo.insertOrder(tx, {
      orderSn,
      kind: p.kind,
      userId: p.userId,
      companyId: p.companyId,
      subject: p.subject,
      amount: p.amount,
      payType: p.payType,
      payload: p.payload,
      expiresAt,
      createdAt: now,
    });
    const attempt = await repo.insertAttempt(tx, {
      orderId: order.id,
      no,
      channel: channel.name,
      payType: p.payType,
      codeUrl: submitted.codeUrl,
      createdAt: now,
    });
    return { order, attempt };
  });
  return view(order, attempt, submitted.form);
}

/** The channels to ask before an expired order is closed (each attempt's own), and where to log what they said. */
export interface TSettle {
  channel: TChannels;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/**
 * Before an expired order is closed: its channels are asked whether it was paid (and it is booked if so), and each
 * attempt is closed at its channel so that it can no longer be paid there. Answers false when the order must stay
 * open for now: a channel could not be reached, or would not close (the next sweep asks again).
 */
async function settleBeforeClosing(db: DB, settle: TSettle, order: TOrder, now: Date): Promise<boolean> {
  const result = await settleByQuery(db, settle.channel, order, settle.log, now);
  if (result === 'unreachable') return false;
  if (result !== 'unpaid') return true;
  const channels = channelsOf(settle.channel);
  for (const a of await repo.attemptsOf(db, order.id)) {
    const ch = channels.named(a.channel);
    if (!ch?.close) continue;
    try {
      await ch.close(a.no);
    } catch (e) {
      settle.log.warn(
        { orderSn: order.orderSn, no: a.no, channel: a.channel, err: (e as Error).message },
        'payment close: the channel did not close the attempt, the order stays open for now',
      );
      return false;
    }
  }
  return true;
}

/**
 * An expired WAITING order is CLOSED when read, whether or not the sweep got to it yet (and is stored so). Given the
 * channels, they are asked first: an order paid before its expiry whose notify was lost (the server was down) is
 * booked, not closed.
 */
async function settleExpiry(db: DB, order: TOrder, now: Date, settle?: TSettle): Promise<TOrder> {
  if (order.state === 'WAITING' && order.expiresAt.getTime() <= now.getTime()) {
    if (settle && !(await settleBeforeClosing(db, settle, order, now))) return order;
    await repo.closeExpired(db, now, order.id);
    return (await repo.findOrderBySn(db, order.orderSn)) ?? order;
  }
  return order;
}

/** The state of the user's own order (another user's answers 404, as a missing one). */
export async function queryOrder(
  db: DB,
  userId: number,
  orderSn: string,
  kinds: TPayKind[] | null,
  now = new Date(),
  settle?: TSettle,
): Promise<TPayOrder> {
  let order = await repo.findOrderBySn(db, orderSn);
  if (!order || order.userId !== userId || (kinds && !kinds.includes(order.kind as TPayKind)))
    throw new AppError('PAY_ORDER_NOT_FOUND');
  order = await settleExpiry(db, order, now, settle);
  return view(order, await repo.lastAttempt(db, order.id));
}

/**
 * The page to pay the user's open order on, from the channel of its last attempt, as a form that submits itself
 * (PaymentChannel.pageForm: Alipay's page-pay form, signed now); null when that channel has none (its code_url is
 * the page) or is no longer configured. The order must be WAITING: the caller has queried it.
 */
export async function payPageForm(
  db: DB,
  channels: TChannels,
  userId: number,
  orderSn: string,
): Promise<string | null> {
  const order = await repo.findOrderBySn(db, orderSn);
  if (!order || order.userId !== userId || order.state !== 'WAITING') return null;
  const attempt = await repo.lastAttempt(db, order.id);
  const channel = attempt ? channelsOf(channels).named(attempt.channel) : undefined;
  if (!attempt || !channel?.pageForm) return null;
  return channel.pageForm({
    no: attempt.no,
    orderSn: order.orderSn,
    amount: order.amount,
    subject: order.subject,
    payType: order.payType as TPayType,
    kind: order.kind as TPayKind,
    expiresAt: order.expiresAt,
  });
}

export type TNotifyResult =
  'booked' | 'duplicate' | 'late' | 'ignored' | 'bad_sign' | 'bad_merchant' | 'bad_amount' | 'unknown';

/**
 * A channel's notify. Forged, damaged or stale (bad signature), another merchant's, unknown or wrong-amount notifies
 * are refused; a valid one moves the order WAITING → SUCCESS by compare-and-set and runs the kind's paid hook in the
 * same transaction. A repeated notify, one after the order closed, or a signed one about something other than a
 * payment (a trade closed) changes nothing and is acknowledged. Every notify is logged.
 */
export async function handleNotify(
  db: DB,
  channel: PaymentChannel,
  req: TNotifyRequest,
  ip: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  now = new Date(),
): Promise<TNotifyResult> {
  const n = channel.verifyNotify(req, now);
  const raw = (n.logBody ?? JSON.stringify(req.body ?? null)).slice(0, 4000);
  let orderSn = n.orderSn;
  // every outcome but `booked` (written with the booking) is logged here, and counted for GET /metrics with it
  const record = (result: TNotifyResult) => {
    countPaymentNotify(channel.name, result);
    return repo.insertNotifyLog(db, {
      channel: channel.name,
      orderSn: orderSn.slice(0, 40),
      signOk: n.signOk,
      result,
      body: raw,
      ip: ip.slice(0, 64),
    });
  };
  if (!n.signOk) {
    await record('bad_sign');
    log.warn({ channel: channel.name, orderSn, ip, reason: n.reason }, 'payment notify refused: bad signature');
    throw new AppError('PAY_BAD_SIGN');
  }
  if (!n.merchantOk) {
    await record('bad_merchant');
    log.warn({ channel: channel.name, orderSn, ip, reason: n.reason }, 'payment notify refused: another merchant');
    throw new AppError('PAY_BAD_MERCHANT');
  }
  const found = await repo.findAttempt(db, n.no);
  // an attempt is settled only by the channel it was made with, and by the order number it carries (when it does)
  if (!found || found.attempt.channel !== channel.name || (n.orderSn && found.order.orderSn !== n.orderSn)) {
    await record('unknown');
    log.warn({ channel: channel.name, orderSn, no: n.no }, 'payment notify refused: unknown order');
    throw new AppError('PAY_ORDER_NOT_FOUND');
  }
  orderSn = found.order.orderSn;
  if (!n.paid) {
    await record('ignored');
    log.info(
      { channel: channel.name, orderSn, reason: n.reason },
      'payment notify of no payment: acknowledged, nothing booked',
    );
    return 'ignored';
  }
  if (found.order.amount !== n.amount) {
    await record('bad_amount');
    log.warn({ orderSn, want: found.order.amount, got: n.amount }, 'payment notify refused: wrong amount');
    throw new AppError('PAY_BAD_AMOUNT');
  }
  // test-only: the process dies after a valid notify arrived and before anything is booked (see crashPoint)
  crashPoint('pay-notify-before-book');
  // when the channel says the money moved (an order paid in time whose notify comes late is still booked), never later than now
  const paidAt = n.paidAt && n.paidAt.getTime() < now.getTime() ? n.paidAt : now;
  const result = await settlePaid(db, channel.name, found.order, { tradeNo: n.tradeNo, paidAt }, { body: raw, ip });
  if (result !== 'booked') {
    await record(result);
    if (result === 'late')
      log.warn(
        { channel: channel.name, orderSn, tradeNo: n.tradeNo },
        'payment notify after the order closed: nothing booked (refund it at the channel)',
      );
  } else {
    countPaymentNotify(channel.name, result);
    log.info({ orderSn }, 'payment booked');
  }
  return result;
}

/**
 * Books a paid order exactly once, whoever learnt of the payment (the notify, or a query of the channel): WAITING →
 * SUCCESS by compare-and-set, the kind's paid hook, the user's message and the log row commit together or not at all.
 */
async function settlePaid(
  db: DB,
  channelName: string,
  order: TOrder,
  p: { tradeNo: string; paidAt: Date },
  audit: { body: string; ip: string },
): Promise<'booked' | 'duplicate' | 'late'> {
  return inTx(db, async (tx) => {
    const paid = await repo.markPaid(tx, order.id, p.tradeNo.slice(0, 64), p.paidAt);
    if (!paid) {
      const cur = await repo.findOrderBySn(tx, order.orderSn);
      return cur?.state === 'SUCCESS' ? 'duplicate' : 'late';
    }
    const hook = paidHooks.get(paid.kind);
    if (!hook) throw new Error(`no paid hook for order kind ${paid.kind}`);
    await hook(tx, paid);
    await createMessage(tx, {
      userId: paid.userId,
      kind: 'payment',
      title: M.payment.paidTitle,
      content: fmt(M.payment.paidBody, { sn: paid.orderSn, subject: paid.subject, amount: fenToYuanText(paid.amount) }),
    });
    await repo.insertNotifyLog(tx, {
      channel: channelName,
      orderSn: order.orderSn,
      signOk: true,
      result: 'booked',
      body: audit.body,
      ip: audit.ip.slice(0, 64),
    });
    // test-only: the process dies with the booking written but not committed; PostgreSQL must roll all of it back
    crashPoint('pay-book-before-commit');
    return 'booked';
  });
}

/**
 * Asks each attempt's channel about it and books the order if one was paid (before the order's expiry). What the
 * channel says must match the order (number, when it carries it, and amount), as a notify must. 'unreachable': a
 * channel could not be asked, so nobody knows yet whether it was paid.
 */
async function settleByQuery(
  db: DB,
  channels: TChannels,
  order: TOrder,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  now: Date,
): Promise<TNotifyResult | 'unpaid' | 'unreachable'> {
  let unreachable = false;
  for (const a of await repo.attemptsOf(db, order.id)) {
    const channel = channelsOf(channels).named(a.channel);
    if (!channel) {
      // made with a channel this deployment no longer has: nobody can ask it (or receive its notify)
      log.warn(
        { orderSn: order.orderSn, no: a.no, channel: a.channel },
        "payment query: the attempt's channel is not configured",
      );
      continue;
    }
    let q;
    try {
      q = await channel.query(a.no);
    } catch (e) {
      log.warn(
        { orderSn: order.orderSn, no: a.no, channel: a.channel, err: (e as Error).message },
        'payment query: the channel did not answer',
      );
      unreachable = true;
      continue;
    }
    if (!q.paid) continue;
    if ((q.orderSn !== undefined && q.orderSn !== order.orderSn) || q.amount !== order.amount) {
      log.warn(
        { orderSn: order.orderSn, no: a.no, want: order.amount, got: q.amount },
        'payment query: the channel reports another order or amount, nothing booked',
      );
      continue;
    }
    const paidAt = q.paidAt.getTime() > now.getTime() ? now : q.paidAt;
    const body = JSON.stringify({
      source: 'query',
      no: q.no,
      order_sn: q.orderSn,
      amount: q.amount,
      trade_no: q.tradeNo,
      paid_at: q.paidAt.toISOString(),
    });
    const result = await settlePaid(db, channel.name, order, { tradeNo: q.tradeNo, paidAt }, { body, ip: '' });
    if (result === 'booked') log.info({ orderSn: order.orderSn }, 'payment booked by querying the channel');
    if (result === 'late')
      log.warn(
        { orderSn: order.orderSn, channel: channel.name, tradeNo: q.tradeNo },
        'payment query: paid at the channel after the order expired, nothing booked (refund it at the channel)',
      );
    return result;
  }
  return unreachable ? 'unreachable' : 'unpaid';
}

/**
 * Reconciliation (ARCHITECTURE § Resilience, money paths): WAITING orders older than `afterSeconds` are settled by
 * querying the channel, so a payment whose notify was lost (our server down or killed between the notify and the
 * booking, the channel's retries exhausted) is booked all the same, once. Answers how many it booked.
 */
export async function reconcileOpenOrders(
  db: DB,
  channel: TChannels,
  afterSeconds: number,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  now = new Date(),
): Promise<number> {
  let booked = 0;
  for (const order of await repo.openOrdersBefore(db, new Date(now.getTime() - afterSeconds * 1000))) {
    if ((await settleByQuery(db, channel, order, log, now)) === 'booked') booked += 1;
  }
  return booked;
}

async function sandboxView(db: DB, no: string, now: Date): Promise<{ info: TSandboxInfo; order: TOrder }> {
  const found = await repo.findAttempt(db, no);
  if (!found) throw new AppError('PAY_ORDER_NOT_FOUND');
  const order = await settleExpiry(db, found.order, now);
  return {
    order,
    info: {
      no,
      kind: order.kind as TPayKind,
      order_sn: order.orderSn,
      subject: order.subject,
      amount: order.amount,
      amount_v: fenToYuanText(order.amount),
      pay_type: order.payType as TPayType,
      state: order.state as TPayState,
      expires_at: order.expiresAt.toISOString(),
    },
  };
}

export async function getSandboxInfo(db: DB, no: string, now = new Date()) {
  return (await sandboxView(db, no, now)).info;
}

/**
 * The sandbox payer pays: the sandbox "bank" books the payment and queues its signed notify (platform/payment.ts),
 * then posts it to the notify URL at once, exactly as a real channel would; if that post fails, the sandbox retries
 * on its schedule and reconciliation queries it. The page learns the outcome from the order's state.
 */
export async function paySandbox(
  db: DB,
  channel: SandboxChannel,
  no: string,
  notifyUrl: string,
  now = new Date(),
): Promise<TSandboxInfo> {
  const { order } = await sandboxView(db, no, now);
  if (order.state === 'SUCCESS') throw new AppError('PAY_ORDER_PAID');
  if (order.state === 'CLOSED') throw new AppError('PAY_ORDER_CLOSED');
  await channel.recordPayment(no, order.orderSn, order.amount, now);
  await channel.deliverNotifies(notifyUrl, { no });
  return (await sandboxView(db, no, new Date())).info;
}

/**
 * Closes every expired unpaid order; a job runs it periodically (reads close them too). Given the channels, it first
 * asks them about each expired order and closes it there, as a real integration closes an order only once the channel
 * says it is unpaid: an order paid before its expiry whose notify never arrived is booked, not closed, and one whose
 * channel cannot be reached stays open until it can. Answers how many it closed.
 */
export async function sweepExpired(db: DB, now = new Date(), settle?: TSettle) {
  if (!settle) return repo.closeExpired(db, now);
  let closed = 0;
  for (const order of await repo.expiredOpenOrders(db, now)) {
    if (await settleBeforeClosing(db, settle, order, now)) closed += await repo.closeExpired(db, now, order.id);
  }
  return closed;
}

// admin

const adminRow = (o: TOrder, phone: string): TAdminPaymentRow => ({
  id: o.id,
  order_sn: o.orderSn,
  kind: o.kind as TPayKind,
  subject: o.subject,
  user_id: o.userId,
  phone,
  amount: o.amount,
  amount_v: fenToYuanText(o.amount),
  pay_type: o.payType as TPayType,
  state: o.state as TPayState,
  created_at: shanghaiDateTime(o.createdAt),
  expires_at: shanghaiDateTime(o.expiresAt),
  paid_at: o.paidAt ? shanghaiDateTime(o.paidAt) : null,
});

export async function listPayments(
  db: DB,
  f: { page: number; size: number; state?: string; kind?: string; order_sn?: string; phone?: string },
  now = new Date(),
  settle?: TSettle,
): Promise<TPage<TAdminPaymentRow>> {
  await sweepExpired(db, now, settle);
  const { rows, total } = await repo.listOrders(db, {
    page: f.page,
    size: f.size,
    state: f.state,
    kind: f.kind,
    orderSn: f.order_sn || undefined,
    phone: f.phone || undefined,
  });
  return { data: rows.map((r) => adminRow(r.order, r.phone)), total };
}

export async function paymentDetail(
  db: DB,
  orderSn: string,
  now = new Date(),
  settle?: TSettle,
): Promise<TAdminPaymentDetail> {
  const found = await repo.orderWithPhone(db, orderSn);
  if (!found) throw new AppError('PAY_ORDER_NOT_FOUND');
  const order = await settleExpiry(db, found.order, now, settle);
  const [attempts, notifies] = await Promise.all([repo.attemptsOf(db, order.id), repo.notifiesOf(db, order.orderSn)]);
  return {
    order: adminRow(order, found.phone),
    attempts: attempts.map((a) => ({
      id: a.id,
      no: a.no,
      channel: a.channel,
      pay_type: a.payType,
      code_url: a.codeUrl,
      created_at: shanghaiDateTime(a.createdAt),
    })),
    notifies: notifies.map((l) => ({
      id: l.id,
      channel: l.channel,
      result: l.result,
      sign_ok: l.signOk,
      body: l.body,
      created_at: shanghaiDateTime(l.createdAt),
    })),
  };
}
