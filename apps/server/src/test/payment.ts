import { eq } from 'drizzle-orm';
import { payAttempts, payNotifyLog, payOrders, users } from '../db/schema';
import type { createTestApp } from './harness';
import { rowsWhere } from '../db/rows';

type TTestApp = Awaited<ReturnType<typeof createTestApp>>;
type H = Record<string, string>;

/**
 * The calls and reads the payment-channel tests share: a coin purchase by pay type, the order's first attempt, and
 * what the database holds of an order (its row, the buyer's coins, its notify log). `app()` is the file's test app,
 * made in its beforeAll.
 */
export function coinPurchases(app: () => TTestApp) {
  const get = (url: string, headers: H = {}) => app().app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: unknown, headers: H = {}) =>
    app().app.inject({ method: 'POST', url, payload: payload as object, headers });
  return {
    get,
    post,
    /** POST /payment/gold/purchase of the second package, paid by `pay_type` */
    async buy(auth: H, pay_type: string) {
      const lst = (await get('/api/payment/gold/lst', auth)).json().data;
      const p = lst.pay_list[1];
      return post(
        '/api/payment/gold/purchase',
        { id: p.id, amount: p.amount, value: p.value, give: p.give, pay_type, gold_peas: lst.gold_peas },
        auth,
      );
    },
    /** the attempt number the channel knows the order by */
    async attemptNo(orderSn: string) {
      const [a] = await app()
        .db.select()
        .from(payAttempts)
        .innerJoin(payOrders, eq(payOrders.id, payAttempts.orderId))
        .where(eq(payOrders.orderSn, orderSn));
      return a.pay_attempt.no;
    },
    orderRow: async (sn: string) => (await rowsWhere(app().db, payOrders, eq(payOrders.orderSn, sn)))[0],
    goldOf: async (userId: number) =>
      (await app().db.select({ gold: users.gold }).from(users).where(eq(users.id, userId)))[0].gold,
    logsOf: async (sn: string) =>
      (await rowsWhere(app().db, payNotifyLog, eq(payNotifyLog.orderSn, sn), { orderBy: [payNotifyLog.id] })).map(
        (l) => [l.channel, l.result, l.signOk],
      ),
  };
}
