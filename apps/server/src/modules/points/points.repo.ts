import { and, count, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { TCurrency } from '@jizu/shared/constants/points';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { pointLedger, pointSettings, pointSignIns, users } from '../../db/schema';

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

/** Newest first; served by point_ledger_list_idx (or point_ledger_type_idx with a type). The unfiltered page is prepared. */
export async function pageLedger(db: Executor, f: TLedgerFilter, offset: number, limit: number) {
  if (f.type === undefined && !f.from && !f.to) {
    const q = prepared(db, 'points.page', (d) =>
      d
        .select()
        .from(pointLedger)
        .where(and(eq(pointLedger.userId, sql.placeholder('userId')), eq(pointLedger.currency, sql.placeholder('currency'))))
        .orderBy(desc(pointLedger.createdAt), desc(pointLedger.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare('points.page'),
    );
    return q.execute({ userId: f.userId, currency: f.currency, limit, offset });
  }
  return db
    .select()
    .from(pointLedger)
    .where(where(f))
    .orderBy(desc(pointLedger.createdAt), desc(pointLedger.id))
    .limit(limit)
    .offset(offset);
}

export async function countLedger(db: Executor, f: TLedgerFilter) {
  const [r] = await db.select({ n: count() }).from(pointLedger).where(where(f));
  return Number(r.n);
}

/**
 * Everything a ledger page shows besides its rows, in one query: the count of all of a user's rows of one currency (the
 * total of an unfiltered page), all gains, all payments, and both balances.
 */
export async function ledgerTotals(db: Executor, userId: number, currency: TCurrency) {
  const q = prepared(db, 'points.totals', (d) =>
    d
      .select({
        n: count(),
        gain: sql<string>`coalesce(sum(${pointLedger.change}) filter (where ${pointLedger.change} > 0), 0)`,
        pay: sql<string>`coalesce(-sum(${pointLedger.change}) filter (where ${pointLedger.change} < 0), 0)`,
        peas: sql<number>`(select ${users.peas} from ${users} where ${users.id} = ${sql.placeholder('userId')})`,
        gold: sql<number>`(select ${users.gold} from ${users} where ${users.id} = ${sql.placeholder('userId')})`,
      })
      .from(pointLedger)
      .where(and(eq(pointLedger.userId, sql.placeholder('userId')), eq(pointLedger.currency, sql.placeholder('currency'))))
      .prepare('points.totals'),
  );
  const [r] = await q.execute({ userId, currency });
  return { n: Number(r.n), gain: Number(r.gain), pay: Number(r.pay), peas: Number(r.peas ?? 0), gold: Number(r.gold ?? 0) };
}

export async function balances(db: Executor, userId: number) {
  const q = prepared(db, 'points.balances', (d) => d.select({ peas: users.peas, gold: users.gold }).from(users).where(eq(users.id, sql.placeholder('userId'))).limit(1).prepare('points.balances'));
  const [r] = await q.execute({ userId });
  return r ?? { peas: 0, gold: 0 };
}

export async function findSignIn(db: Executor, userId: number, day: string) {
  const [r] = await db
    .select()
    .from(pointSignIns)
    .where(and(eq(pointSignIns.userId, userId), eq(pointSignIns.signDate, day)))
    .limit(1);
  return r ?? null;
}

/** Sign-ins of a user in [fromDay, toDay]. */
export async function signInsBetween(db: Executor, userId: number, fromDay: string, toDay: string) {
  return db
    .select({ signDate: pointSignIns.signDate, continuous: pointSignIns.continuous, peas: pointSignIns.peas })
    .from(pointSignIns)
    .where(and(eq(pointSignIns.userId, userId), gte(pointSignIns.signDate, fromDay), lte(pointSignIns.signDate, toDay)));
}

/** The first sign-in of the day wins; a concurrent one waits on the unique (user, day) and then inserts nothing. */
export async function insertSignIn(db: Executor, v: typeof pointSignIns.$inferInsert) {
  const [r] = await db.insert(pointSignIns).values(v).onConflictDoNothing({ target: [pointSignIns.userId, pointSignIns.signDate] }).returning();
  return r ?? null;
}

export async function readSetting(db: Executor, key: string): Promise<unknown> {
  const [r] = await db.select({ value: pointSettings.value }).from(pointSettings).where(eq(pointSettings.key, key)).limit(1);
  return r?.value ?? null;
}

export async function writeSetting(db: Executor, key: string, value: unknown, updatedBy: number) {
  await db
    .insert(pointSettings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: pointSettings.key, set: { value, updatedBy, updatedAt: sql`now()` } });
}
