import { and, asc, count, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { DB, Executor } from '../../db/client';
import { namedRows, pageTotal, totalOver } from '../../db/prepared';
import { coinPackages, payAttempts, payNotifyLog, payOrders, users } from '../../db/schema';
import { prefixPattern } from '../../db/like';
import { rowWhere, rowsWhere, wholeRow } from '../../db/rows';

export type TOrderRow = typeof payOrders.$inferSelect;

export async function insertOrder(db: Executor, v: typeof payOrders.$inferInsert) {
  const [row] = await db.insert(payOrders).values(v).returning();
  return row;
}

export async function insertAttempt(db: Executor, v: typeof payAttempts.$inferInsert) {
  const [row] = await db.insert(payAttempts).values(v).returning();
  return row;
}

export async function findOrderBySn(db: Executor, orderSn: string) {
  const row = await rowWhere(db, payOrders, eq(payOrders.orderSn, orderSn));
  return row ?? null;
}

export async function lastAttempt(db: Executor, orderId: number) {
  const row = await rowWhere(db, payAttempts, eq(payAttempts.orderId, orderId), { orderBy: [desc(payAttempts.id)] });
  return row ?? null;
}

export async function findAttempt(db: Executor, no: string) {
  const [row] = await db
    .select({ attempt: wholeRow(payAttempts), order: wholeRow(payOrders) })
    .from(payAttempts)
    .innerJoin(payOrders, eq(payOrders.id, payAttempts.orderId))
    .where(eq(payAttempts.no, no))
    .limit(1);
  return row ?? null;
}

/**
 * WAITING → SUCCESS, only while unpaid and if paid before expiry: of concurrent or late notifies, at most one wins.
 * `paidAt` is when the money moved: the notify's arrival, or the channel's own time when a query settles the order.
 */
export async function markPaid(db: Executor, orderId: number, tradeNo: string, paidAt: Date) {
  const [row] = await db
    .update(payOrders)
    .set({ state: 'SUCCESS', paidAt, tradeNo })
    .where(and(eq(payOrders.id, orderId), eq(payOrders.state, 'WAITING'), gt(payOrders.expiresAt, paidAt)))
    .returning();
  return row ?? null;
}

/** WAITING orders opened before `before` (oldest first), and those past their expiry: the ones to ask the channel about. */
export async function openOrdersBefore(db: Executor, before: Date, limit = 100) {
  return rowsWhere(db, payOrders, and(eq(payOrders.state, 'WAITING'), lte(payOrders.createdAt, before)), {
    orderBy: [asc(payOrders.createdAt)],
    limit,
  });
}

export async function expiredOpenOrders(db: Executor, now: Date, limit = 100) {
  return rowsWhere(db, payOrders, and(eq(payOrders.state, 'WAITING'), lte(payOrders.expiresAt, now)), { limit });
}

/** WAITING → CLOSED for orders past their expiry (one order, or all when orderId is omitted). */
export async function closeExpired(db: Executor, now: Date, orderId?: number) {
  const where: SQL[] = [eq(payOrders.state, 'WAITING'), lte(payOrders.expiresAt, now)];
  if (orderId) where.push(eq(payOrders.id, orderId));
  const rows = await db
    .update(payOrders)
    .set({ state: 'CLOSED', closedAt: now })
    .where(and(...where))
    .returning({ id: payOrders.id });
  return rows.length;
}

export async function insertNotifyLog(db: Executor, v: typeof payNotifyLog.$inferInsert) {
  await db.insert(payNotifyLog).values(v);
}

export async function listOrders(
  db: Executor,
  f: { page: number; size: number; state?: string; kind?: string; orderSn?: string; phone?: string },
) {
  const where: SQL[] = [];
  if (f.state) where.push(eq(payOrders.state, f.state));
  if (f.kind) where.push(eq(payOrders.kind, f.kind));
  if (f.orderSn) where.push(eq(payOrders.orderSn, f.orderSn));
  if (f.phone) where.push(sql`${users.phone} like ${prefixPattern(f.phone)}`);
  const cond = where.length ? and(...where) : undefined;
  const offset = (f.page - 1) * f.size;
  const rows = await db
    .select({ order: wholeRow(payOrders), phone: users.phone, total: totalOver() })
    .from(payOrders)
    .innerJoin(users, eq(users.id, payOrders.userId))
    .where(cond)
    .orderBy(desc(payOrders.id))
    .limit(f.size)
    .offset(offset);
  return {
    rows,
    total: await pageTotal(rows, offset, async () =>
      Number(
        (
          await db.select({ n: count() }).from(payOrders).innerJoin(users, eq(users.id, payOrders.userId)).where(cond)
        )[0].n,
      ),
    ),
  };
}

export async function orderWithPhone(db: Executor, orderSn: string) {
  const [row] = await db
    .select({ order: wholeRow(payOrders), phone: users.phone })
    .from(payOrders)
    .innerJoin(users, eq(users.id, payOrders.userId))
    .where(eq(payOrders.orderSn, orderSn))
    .limit(1);
  return row ?? null;
}

export const attemptsOf = (db: Executor, orderId: number) =>
  rowsWhere(db, payAttempts, eq(payAttempts.orderId, orderId), { orderBy: [payAttempts.id] });
export const notifiesOf = (db: Executor, orderSn: string) =>
  rowsWhere(db, payNotifyLog, eq(payNotifyLog.orderSn, orderSn), { orderBy: [payNotifyLog.id] });

/**
 * The coin purchase page in one statement: the setting row (null columns: none saved yet), the packages on sale in
 * order, and the coin balance as `balance` (points' SQL for it, with `$1` the user).
 */
export async function readGoldList(db: DB, userId: number, balance: string) {
  type TRow = {
    gold_avg: number | null;
    gold_peas: number | null;
    gold: number | string | null;
    packages: TGoldPackageRow[] | string;
  };
  const [r] = await namedRows<TRow>(
    db,
    'coin.goldList',
    `select s.gold_avg, s.gold_peas, ${balance} as gold,
      coalesce((select json_agg(json_build_object('id', p.id, 'amount', p.amount, 'value', p.value, 'give', p.give) order by p.sort, p.amount)
        from coin_package p where p.status = 1), '[]') as packages
    from (select 1) one left join coin_setting s on s.id = 1`,
    [userId],
  );
  const packages = typeof r.packages === 'string' ? (JSON.parse(r.packages) as TGoldPackageRow[]) : r.packages;
  return { goldAvg: r.gold_avg, goldPeas: r.gold_peas, gold: Number(r.gold ?? 0), packages };
}

export type TGoldPackageRow = Pick<typeof coinPackages.$inferSelect, 'id' | 'amount' | 'value' | 'give'>;
