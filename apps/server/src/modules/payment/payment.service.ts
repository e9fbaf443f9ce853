import { randomBytes, randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import type { FastifyBaseLogger } from 'fastify';
import { PAY_TTL_MINUTES, type TPayKind, type TPayState, type TPayType } from '@jizu/shared/constants/payment';
import { fenToYuanText } from '@jizu/shared/rules/money';
import type { TPayOrder, TSandboxInfo } from '@jizu/shared/schemas/payment';
import { inTx, type DB } from '../../db/client';
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
import * as repo from './payment.repo';
import { settleExpiry, settlePaid, type TNotifyResult, type TOrder, type TSettle } from './payment.settle.service';

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
