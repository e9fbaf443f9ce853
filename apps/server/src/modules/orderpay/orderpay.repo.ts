import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { readRows } from '../../db/json-rows';
import { orderPaymentFlows, orderPayments, paymentFinancings } from './orderpay.tables';
import { pageOf } from '../../db/prepared';
import { rowWhere, rowsWhere } from '../../db/rows';

/** SQL of payments, their financing applications and the money ledger. */
export type TPayDb = typeof orderPayments.$inferSelect;
export type TFinDb = typeof paymentFinancings.$inferSelect;

/** One payment per settlement: a second insert for the same settlement books nothing (null). */
export async function insertPayment(tx: Executor, v: typeof orderPayments.$inferInsert): Promise<TPayDb | null> {
  const [row] = await tx.insert(orderPayments).values(v).onConflictDoNothing().returning();
  return row ?? null;
}
export async function findPayment(db: Executor, orderId: number, id: number): Promise<TPayDb | null> {
  const row = await rowWhere(db, orderPayments, and(eq(orderPayments.id, id), eq(orderPayments.orderId, orderId)));
  return row ?? null;
}
export async function findPaymentById(db: Executor, id: number): Promise<TPayDb | null> {
  const row = await rowWhere(db, orderPayments, eq(orderPayments.id, id));
  return row ?? null;
}
export async function lockPayment(tx: Executor, id: number): Promise<TPayDb | null> {
  const [row] = await rowsWhere(tx, orderPayments, eq(orderPayments.id, id), { lock: 'update' });
  return row ?? null;
}
/** Compare-and-set on what the caller read (state and both paid sums); null when any changed. */
export async function updatePayment(
  tx: Executor,
  p: TPayDb,
  set: Partial<typeof orderPayments.$inferInsert>,
): Promise<TPayDb | null> {
  const [row] = await tx
    .update(orderPayments)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(orderPayments.id, p.id),
        eq(orderPayments.state, p.state),
        eq(orderPayments.tenantPaid, p.tenantPaid),
        eq(orderPayments.providerPaid, p.providerPaid),
      ),
    )
    .returning();
  return row ?? null;
}
export async function pagePayments(db: Executor, orderId: number, state: number, page: number, size: number) {
  const where =
    state === -1
      ? eq(orderPayments.orderId, orderId)
      : and(eq(orderPayments.orderId, orderId), eq(orderPayments.state, state));
  return pageOf(db, orderPayments, {
    where,
    orderBy: [desc(orderPayments.id)],
    offset: (page - 1) * size,
    limit: size,
  });
}
/** The console's list: every payment, by state. */
export async function pageAllPayments(db: Executor, state: number, page: number, size: number) {
  const where = state === -1 ? sql`true` : eq(orderPayments.state, state);
  return pageOf(db, orderPayments, {
    where,
    orderBy: [desc(orderPayments.id)],
    offset: (page - 1) * size,
    limit: size,
  });
}

export async function insertFinancing(tx: Executor, v: typeof paymentFinancings.$inferInsert): Promise<TFinDb | null> {
  const [row] = await tx.insert(paymentFinancings).values(v).onConflictDoNothing().returning();
  return row ?? null;
}
export async function findFinancingByNo(db: Executor, orderNo: string): Promise<TFinDb | null> {
  const row = await rowWhere(db, paymentFinancings, eq(paymentFinancings.orderNo, orderNo));
  return row ?? null;
}
export async function findFinancing(db: Executor, paymentId: number, id: number): Promise<TFinDb | null> {
  const row = await rowWhere(
    db,
    paymentFinancings,
    and(eq(paymentFinancings.id, id), eq(paymentFinancings.paymentId, paymentId)),
  );
  return row ?? null;
}
export async function lockFinancingByNo(tx: Executor, orderNo: string): Promise<TFinDb | null> {
  const [row] = await rowsWhere(tx, paymentFinancings, eq(paymentFinancings.orderNo, orderNo), { lock: 'update' });
  return row ?? null;
}
/** Compare-and-set on the financing's status. */
export async function updateFinancing(
  tx: Executor,
  f: TFinDb,
  set: Partial<typeof paymentFinancings.$inferInsert>,
): Promise<TFinDb | null> {
  const [row] = await tx
    .update(paymentFinancings)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(paymentFinancings.id, f.id), eq(paymentFinancings.status, f.status)))
    .returning();
  return row ?? null;
}
export function financingsOf(db: Executor, paymentIds: number[]): Promise<TFinDb[]> {
  if (!paymentIds.length) return Promise.resolve([]);
  return rowsWhere(db, paymentFinancings, inArray(paymentFinancings.paymentId, paymentIds), {
    orderBy: [desc(paymentFinancings.id)],
  });
}
export async function pageFinancings(
  db: Executor,
  orderId: number,
  paymentId: number | undefined,
  page: number,
  size: number,
) {
  const where = paymentId
    ? and(eq(paymentFinancings.orderId, orderId), eq(paymentFinancings.paymentId, paymentId))
    : eq(paymentFinancings.orderId, orderId);
  return pageOf(db, paymentFinancings, {
    where,
    orderBy: [desc(paymentFinancings.id)],
    offset: (page - 1) * size,
    limit: size,
  });
}

/** A ledger row; null when its business key was already booked. */
export async function insertFlow(tx: Executor, v: typeof orderPaymentFlows.$inferInsert) {
  const [row] = await tx.insert(orderPaymentFlows).values(v).onConflictDoNothing().returning();
  return row ?? null;
}

/** A company's payments across its orders (the statistics page), as payee or payer. */
export async function pageCompanyPayments(
  db: Executor,
  side: 'tenant' | 'provider',
  companyId: number,
  state: number,
  page: number,
  size: number,
) {
  const mine =
    side === 'tenant' ? eq(orderPayments.tenantCompanyId, companyId) : eq(orderPayments.providerCompanyId, companyId);
  const where = state === -1 ? mine : and(mine, eq(orderPayments.state, state));
  return pageOf(db, orderPayments, {
    where,
    orderBy: [desc(orderPayments.id)],
    offset: (page - 1) * size,
    limit: size,
  });
}

/**
 * The sums of PayeeStat and PayerStat over one order's or one company's payments (a returned payment is disputed and
 * left out), in fen, in one statement. Dates are Shanghai days (yyyy-MM-dd).
 */
/**
 * The statistics of payments `p` (every one but the returned, state 4) as SELECT columns, each a text (sums of fen)
 * named as payStats returns them; `$today`, `$monthEnd`, `$nearEnd` are the text of the three date parameters. One
 * text for payStats and for the order detail's statement (order.repo), so that both count alike.
 */
export const payStatsColumns = (today: string, monthEnd: string, nearEnd: string) => {
  const can = `(p.state = 2 and not exists (select 1 from payment_financings f where f.payment_id = p.id and f.status in (4, 5)))`;
  const bal = `(p.provider_amount - p.provider_paid)`;
  const due = `(p.pay_amount - p.tenant_paid)`;
  const n = (e: string, as: string) => `coalesce(sum(${e}), 0)::text as "${as}"`;
  return [
    `count(*)::text as "count"`,
    n('p.provider_amount', 'pay'),
    n(bal, 'unpay'),
    n('case when p.state = 1 then p.provider_amount else 0 end', 'unOpen'),
    n(`case when ${can} then ${bal} else 0 end`, 'canReal'),
    n(`case when ${can} and p.cash_date <= ${monthEnd}::date then ${bal} else 0 end`, 'curCanReal'),
    n('p.provider_received', 'real'),
    n('p.pay_amount', 'payable'),
    n('p.tenant_paid', 'paid'),
    n(`case when p.cash_date >= ${today}::date and p.cash_date <= ${monthEnd}::date then ${due} else 0 end`, 'cur'),
    n(`case when p.cash_date >= ${today}::date and p.cash_date <= ${nearEnd}::date then ${due} else 0 end`, 'nearly'),
    n(`case when p.cash_date < ${today}::date then ${due} else 0 end`, 'debt'),
    `(count(*) filter (where p.cash_date < ${today}::date and ${due} > 0))::text as "debtCount"`,
  ].join(', ');
};
const PAY_STAT_KEYS = [
  'count',
  'pay',
  'unpay',
  'unOpen',
  'canReal',
  'curCanReal',
  'real',
  'payable',
  'paid',
  'cur',
  'nearly',
  'debt',
  'debtCount',
] as const;
export type TPayStats = Record<(typeof PAY_STAT_KEYS)[number], number>;
/** payStatsColumns' row (texts, or the row's JSON) as numbers. */
export function payStatsOf(r: Record<string, unknown> | null | undefined): TPayStats {
  const out = {} as TPayStats;
  for (const k of PAY_STAT_KEYS) out[k] = Number(r?.[k] ?? 0);
  return out;
}

export async function payStats(
  db: Executor,
  by: { orderId?: number; providerCompanyId?: number; tenantCompanyId?: number },
  d: { today: string; monthEnd: string; nearEnd: string },
): Promise<TPayStats> {
  const values: unknown[] = [d.today, d.monthEnd, d.nearEnd];
  const conds = ['p.state <> 4'];
  const keys: string[] = [];
  for (const [k, col] of [
    ['orderId', 'order_id'],
    ['providerCompanyId', 'provider_company_id'],
    ['tenantCompanyId', 'tenant_company_id'],
  ] as const) {
    if (!by[k]) continue;
    values.push(by[k]);
    conds.push(`p.${col} = $${values.length}`);
    keys.push(k);
  }
  const text = `select ${payStatsColumns('$1', '$2', '$3')} from order_payments p where ${conds.join(' and ')}`;
  const [r] = await readRows<Record<string, unknown>>(db, `orderpay.stats.${keys.join('.')}`, text, values);
  return payStatsOf(r);
}

export async function findPaymentBySettle(db: Executor, settleId: number): Promise<TPayDb | null> {
  const row = await rowWhere(db, orderPayments, eq(orderPayments.settleId, settleId));
  return row ?? null;
}
