import { and, count, desc, eq, getTableColumns, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { TCurrency } from '@jizu/shared/constants/points';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { pointLedger, pointSettings, pointSignIns, users } from '../../db/schema';
import { rowWhere } from '../../db/rows';

export interface TLedgerFilter {
  userId: number;
  currency: TCurrency;
  type?: number;
  /** instants: [from, to) */
  from?: Date;
  to?: Date;
}

const where = (f: TLedgerFilter): SQL =>
  and(
    eq(pointLedger.userId, f.userId),
    eq(pointLedger.currency, f.currency),
    f.type !== undefined ? eq(pointLedger.type, f.type) : undefined,
    f.from ? gte(pointLedger.createdAt, f.from) : undefined,
    f.to ? lt(pointLedger.createdAt, f.to) : undefined,
  )!;

/**
 * One page of a ledger, newest first (point_ledger_list_idx, or point_ledger_type_idx with a type), with the count of
 * the filtered rows beside each row. The unfiltered page, the one every visit opens, also carries all gains, all
 * payments and both balances: a whole ledger page in one prepared statement (see ledgerPage).
 */
export async function pageLedger(db: Executor, f: TLedgerFilter, offset: number, limit: number) {
  return db
    .select({ ...getTableColumns(pointLedger), total: sql<number>`count(*) over ()` })
    .from(pointLedger)
    .where(where(f))
    .orderBy(desc(pointLedger.createdAt), desc(pointLedger.id))
    .limit(limit)
    .offset(offset);
}

/** The unfiltered page of one currency with its count, sums and balances (null sums and balances on an empty page). */
export async function ledgerPage(db: Executor, userId: number, currency: TCurrency, offset: number, limit: number) {
  const me = sql.placeholder('userId');
  const q = prepared(db, 'points.page', (d) =>
    d
      .select({
        // what a ledger row shows (points.service listLedger), not the row's owner, currency and business key
        id: pointLedger.id,
        type: pointLedger.type,
        change: pointLedger.change,
        balance: pointLedger.balance,
        sourceAmount: pointLedger.sourceAmount,
        sourceSn: pointLedger.sourceSn,
        remark: pointLedger.remark,
        createdAt: pointLedger.createdAt,
        total: sql<number>`count(*) over ()`,
        gain: sql<string>`coalesce(sum(${pointLedger.change}) filter (where ${pointLedger.change} > 0) over (), 0)`,
        pay: sql<string>`coalesce(-sum(${pointLedger.change}) filter (where ${pointLedger.change} < 0) over (), 0)`,
        peas: sql<number>`(select ${users.peas} from ${users} where ${users.id} = ${me})`,
        gold: sql<number>`(select ${users.gold} from ${users} where ${users.id} = ${me})`,
      })
      .from(pointLedger)
      .where(and(eq(pointLedger.userId, me), eq(pointLedger.currency, sql.placeholder('currency'))))
      .orderBy(desc(pointLedger.createdAt), desc(pointLedger.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('points.page'),
  );
  return q.execute({ userId, currency, limit, offset });
}

export async function countLedger(db: Executor, f: TLedgerFilter) {
  const [r] = await db.select({ n: count() }).from(pointLedger).where(where(f));
  return Number(r.n);
}

/** What a ledger page shows besides its rows: the count of a currency's rows, all gains, all payments, both balances. */
export async function ledgerTotals(db: Executor, userId: number, currency: TCurrency) {
  const [r] = await db
    .select({
      n: count(),
      gain: sql<string>`coalesce(sum(${pointLedger.change}) filter (where ${pointLedger.change} > 0), 0)`,
      pay: sql<string>`coalesce(-sum(${pointLedger.change}) filter (where ${pointLedger.change} < 0), 0)`,
      peas: sql<number>`(select ${users.peas} from ${users} where ${users.id} = ${userId})`,
      gold: sql<number>`(select ${users.gold} from ${users} where ${users.id} = ${userId})`,
    })
    .from(pointLedger)
    .where(and(eq(pointLedger.userId, userId), eq(pointLedger.currency, currency)));
  return {
    n: Number(r.n),
    gain: Number(r.gain),
    pay: Number(r.pay),
    peas: Number(r.peas ?? 0),
    gold: Number(r.gold ?? 0),
  };
}

export async function balances(db: Executor, userId: number) {
  const q = prepared(db, 'points.balances', (d) =>
    d
      .select({ peas: users.peas, gold: users.gold })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('points.balances'),
  );
  const [r] = await q.execute({ userId });
  return r ?? { peas: 0, gold: 0 };
}

export async function findSignIn(db: Executor, userId: number, day: string) {
  const r = await rowWhere(db, pointSignIns, and(eq(pointSignIns.userId, userId), eq(pointSignIns.signDate, day)));
  return r ?? null;
}

/** Sign-ins of a user in [fromDay, toDay]. */
export async function signInsBetween(db: Executor, userId: number, fromDay: string, toDay: string) {
  return db
    .select({ signDate: pointSignIns.signDate, continuous: pointSignIns.continuous, peas: pointSignIns.peas })
    .from(pointSignIns)
    .where(
      and(eq(pointSignIns.userId, userId), gte(pointSignIns.signDate, fromDay), lte(pointSignIns.signDate, toDay)),
    );
}

/** The first sign-in of the day wins; a concurrent one waits on the unique (user, day) and then inserts nothing. */
export async function insertSignIn(db: Executor, v: typeof pointSignIns.$inferInsert) {
  const [r] = await db
    .insert(pointSignIns)
    .values(v)
    .onConflictDoNothing({ target: [pointSignIns.userId, pointSignIns.signDate] })
    .returning();
  return r ?? null;
}

export async function readSetting(db: Executor, key: string): Promise<unknown> {
  const [r] = await db
    .select({ value: pointSettings.value })
    .from(pointSettings)
    .where(eq(pointSettings.key, key))
    .limit(1);
  return r?.value ?? null;
}

export async function writeSetting(db: Executor, key: string, value: unknown, updatedBy: number) {
  await db
    .insert(pointSettings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: pointSettings.key, set: { value, updatedBy, updatedAt: sql`now()` } });
}
