import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { payNotifyLog, payOrders, pointLedger, sandboxNotifies, sandboxPayments } from '../../db/schema';
import { createTestApp, seedUser } from '../../test/harness';
import { freePort } from '../../test/faults';
import { createPaymentChannel, type SandboxChannel } from '../../platform/payment';
import { reconcileOpenOrders, sweepExpired } from './payment.settle.service';

/**
 * The sandbox channel's own books, its notify retries and the reconciliation that settles open orders by querying
 * the channel (ARCHITECTURE § Resilience, money paths). The crash itself (kill -9 between notify and booking) is in
 * platform/resilience.test.ts on PostgreSQL; here each piece on its own, on PGlite and on PostgreSQL.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let channel: SandboxChannel;
let notifyUrl: string;
let deadUrl: string;
const log = { warn: () => {}, info: () => {} };

beforeAll(async () => {
  t = await createTestApp({ PAY_SANDBOX_NOTIFY_BACKOFF: '5,10' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  notifyUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/pay/notify/sandbox`;
  deadUrl = `http://127.0.0.1:${await freePort()}/api/pay/notify/sandbox`;
  channel = createPaymentChannel(t.config, t.db);
});
afterAll(async () => t?.close());

type H = Record<string, string>;
async function buy(auth: H) {
  const lst = (await t.app.inject({ method: 'GET', url: '/api/payment/gold/lst', headers: auth })).json().data;
  const p = lst.pay_list[1];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/gold/purchase',
    headers: auth,
    payload: { id: p.id, amount: p.amount, value: p.value, give: p.give, pay_type: 'wx', gold_peas: lst.gold_peas },
  });
  const order = res.json().data as { order_sn: string; code_url: string; amount: number };
  return { ...order, no: order.code_url.split('/').pop()! };
}
const orderRow = async (sn: string) => (await t.db.select().from(payOrders).where(eq(payOrders.orderSn, sn)))[0];
const ledgerOf = (sn: string) => t.db.select().from(pointLedger).where(eq(pointLedger.sourceSn, sn));
const bookedLogs = (sn: string) =>
  t.db
    .select()
    .from(payNotifyLog)
    .where(and(eq(payNotifyLog.orderSn, sn), eq(payNotifyLog.result, 'booked')));
const notifyRow = async (no: string) =>
  (await t.db.select().from(sandboxNotifies).where(eq(sandboxNotifies.no, no)))[0];

describe('the sandbox channel keeps its own books', () => {
  it('books a payment once, queues one notify, and answers queries truthfully', async () => {
    const u = await seedUser(t.db);
    const o = await buy(u.auth);
    expect(await channel.query(o.no)).toEqual({ no: o.no, paid: false });
    const now = new Date();
    const first = await channel.recordPayment(o.no, o.order_sn, o.amount, now);
    const again = await channel.recordPayment(o.no, o.order_sn, o.amount, new Date(now.getTime() + 1000));
    expect(again).toEqual(first);
    expect(await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.no, o.no))).toHaveLength(1);
    expect(await t.db.select().from(sandboxNotifies).where(eq(sandboxNotifies.no, o.no))).toHaveLength(1);
    expect(await channel.query(o.no)).toEqual({
      no: o.no,
      paid: true,
      orderSn: o.order_sn,
      amount: o.amount,
      tradeNo: first.tradeNo,
      paidAt: now,
    });
    // the merchant's order is untouched until a notify or a query books it
    expect((await orderRow(o.order_sn)).state).toBe('WAITING');
  });

  it('retries a notify that is not acknowledged on its schedule, stops once acknowledged, and gives up after the last try', async () => {
    const u = await seedUser(t.db);
    const o = await buy(u.auth);
    const t0 = new Date();
    await channel.recordPayment(o.no, o.order_sn, o.amount, t0);
    // the merchant is unreachable: the try is counted and the next one is 5 s later
    expect(await channel.deliverNotifies(deadUrl, { now: t0, no: o.no })).toBe(0);
    let n = await notifyRow(o.no);
    expect(n).toMatchObject({ attempts: 1, deliveredAt: null, nextAt: new Date(t0.getTime() + 5000) });
    expect(n.lastError).not.toBe('');
    // not due yet: nothing is sent
    expect(await channel.deliverNotifies(notifyUrl, { now: new Date(t0.getTime() + 4000), no: o.no })).toBe(0);
    expect((await orderRow(o.order_sn)).state).toBe('WAITING');
    // due: delivered and booked
    expect(await channel.deliverNotifies(notifyUrl, { now: new Date(t0.getTime() + 5000), no: o.no })).toBe(1);
    n = await notifyRow(o.no);
    expect(n.attempts).toBe(2);
    expect(n.deliveredAt).not.toBeNull();
    expect((await orderRow(o.order_sn)).state).toBe('SUCCESS');
    expect(await ledgerOf(o.order_sn)).toHaveLength(2);
    // acknowledged: never sent again
    expect(await channel.deliverNotifies(notifyUrl, { now: new Date(t0.getTime() + 86_400_000), no: o.no })).toBe(0);
    expect(await bookedLogs(o.order_sn)).toHaveLength(1);

    // a merchant that never answers: tries at 0, +5 s, +15 s, then none
    const v = await seedUser(t.db);
    const p = await buy(v.auth);
    await channel.recordPayment(p.no, p.order_sn, p.amount, t0);
    for (const at of [0, 5000, 15_000, 86_400_000])
      await channel.deliverNotifies(deadUrl, { now: new Date(t0.getTime() + at), no: p.no });
    expect(await notifyRow(p.no)).toMatchObject({ attempts: 3, nextAt: null, deliveredAt: null });
    expect((await orderRow(p.order_sn)).state).toBe('WAITING');
  });
});

describe('reconciliation settles open orders by querying the channel', () => {
  it('books a paid order whose notify was lost exactly once, leaves unpaid and mismatching ones open', async () => {
    const u = await seedUser(t.db);
    const paid = await buy(u.auth);
    const unpaid = await buy(u.auth);
    const odd = await buy(u.auth);
    await channel.recordPayment(paid.no, paid.order_sn, paid.amount);
    // the channel reports another amount for this attempt: nothing is booked (as a notify with a wrong amount)
    await t.db
      .insert(sandboxPayments)
      .values({ no: odd.no, orderSn: odd.order_sn, amount: odd.amount - 1, tradeNo: 'SBXodd', paidAt: new Date() });

    // too young for the reconciliation yet
    expect(await reconcileOpenOrders(t.db, channel, 3600, log)).toBe(0);
    const later = new Date(Date.now() + 2000);
    // (orders of the tests above that the channel says are paid are settled as well)
    expect(await reconcileOpenOrders(t.db, channel, 1, log, later)).toBeGreaterThanOrEqual(1);
    expect((await orderRow(paid.order_sn)).state).toBe('SUCCESS');
    expect((await orderRow(unpaid.order_sn)).state).toBe('WAITING');
    expect((await orderRow(odd.order_sn)).state).toBe('WAITING');
    expect((await ledgerOf(paid.order_sn)).map((r) => [r.currency, r.change]).sort()).toEqual([
      ['gold', 520],
      ['peas', 50],
    ]);
    const [booked] = await bookedLogs(paid.order_sn);
    expect(JSON.parse(booked.body)).toMatchObject({
      source: 'query',
      no: paid.no,
      order_sn: paid.order_sn,
      amount: paid.amount,
    });
    expect(await ledgerOf(odd.order_sn)).toHaveLength(0);

    // run again, and the late notify arrives: both change nothing
    expect(await reconcileOpenOrders(t.db, channel, 1, log, later)).toBe(0);
    expect(await channel.deliverNotifies(notifyUrl, { no: paid.no })).toBe(1);
    expect(await ledgerOf(paid.order_sn)).toHaveLength(2);
    expect(await bookedLogs(paid.order_sn)).toHaveLength(1);
    const logs = await t.db.select().from(payNotifyLog).where(eq(payNotifyLog.orderSn, paid.order_sn));
    expect(logs.map((l) => l.result)).toEqual(['booked', 'duplicate']);
  });

  it('an expired order paid before its expiry is booked, not closed, by the sweep and by a read; others close', async () => {
    const u = await seedUser(t.db);
    const [beforeExpiry, afterExpiry, unpaid, readLater] = [
      await buy(u.auth),
      await buy(u.auth),
      await buy(u.auth),
      await buy(u.auth),
    ];
    const now = new Date();
    const expiredAt = new Date(now.getTime() - 60_000);
    for (const o of [beforeExpiry, afterExpiry, unpaid, readLater])
      await t.db.update(payOrders).set({ expiresAt: expiredAt }).where(eq(payOrders.orderSn, o.order_sn));
    await channel.recordPayment(
      beforeExpiry.no,
      beforeExpiry.order_sn,
      beforeExpiry.amount,
      new Date(now.getTime() - 120_000),
    );
    await channel.recordPayment(readLater.no, readLater.order_sn, readLater.amount, new Date(now.getTime() - 90_000));
    await channel.recordPayment(
      afterExpiry.no,
      afterExpiry.order_sn,
      afterExpiry.amount,
      new Date(now.getTime() - 30_000),
    );

    // a read asks the channel before closing
    const q = await t.app.inject({
      method: 'GET',
      url: `/api/payment/query?order_sn=${readLater.order_sn}`,
      headers: u.auth,
    });
    expect(q.json().data).toMatchObject({ state: 'SUCCESS' });
    expect(await ledgerOf(readLater.order_sn)).toHaveLength(2);

    await sweepExpired(t.db, now, { channel, log });
    const ba = await orderRow(beforeExpiry.order_sn);
    expect(ba.state).toBe('SUCCESS');
    expect(ba.paidAt).toEqual(new Date(now.getTime() - 120_000));
    expect(await ledgerOf(beforeExpiry.order_sn)).toHaveLength(2);
    // paid at the channel only after the order had expired: closed, nothing booked (a real channel refunds it)
    expect((await orderRow(afterExpiry.order_sn)).state).toBe('CLOSED');
    expect(await ledgerOf(afterExpiry.order_sn)).toHaveLength(0);
    expect((await orderRow(unpaid.order_sn)).state).toBe('CLOSED');
  });
});
