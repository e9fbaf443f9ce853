import type { FastifyBaseLogger } from 'fastify';
import { M, fmt } from '@jizu/shared/messages';
import type { TPayKind } from '@jizu/shared/constants/payment';
import { fenToYuanText } from '@jizu/shared/rules/money';
import { inTx, type DB, type Tx } from '../../db/client';
import { channelsOf, type TChannels } from '../../platform/payment';
import { crashPoint } from '../../platform/dependency';
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
export async function settleExpiry(db: DB, order: TOrder, now: Date, settle?: TSettle): Promise<TOrder> {
  if (order.state === 'WAITING' && order.expiresAt.getTime() <= now.getTime()) {
    if (settle && !(await settleBeforeClosing(db, settle, order, now))) return order;
    await repo.closeExpired(db, now, order.id);
    return (await repo.findOrderBySn(db, order.orderSn)) ?? order;
  }
  return order;
}

export type TNotifyResult =
  'booked' | 'duplicate' | 'late' | 'ignored' | 'bad_sign' | 'bad_merchant' | 'bad_amount' | 'unknown';

/**
 * Books a paid order exactly once, whoever learnt of the payment (the notify, or a query of the channel): WAITING →
 * SUCCESS by compare-and-set, the kind's paid hook, the user's message and the log row commit together or not at all.
 */
export async function settlePaid(
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
