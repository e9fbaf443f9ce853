import { and, count, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { TCurrency } from '@jizu/shared/constants/points';
import type { Executor } from '../../db/client';
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

/** Newest first; served by point_ledger_list_idx (or point_ledger_type_idx with a type). */
export async function pageLedger(db: Executor, f: TLedgerFilter, offset: number, limit: number) {
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

/** All gains and all payments of one currency of a user. */
export async function sumLedger(db: Executor, userId: number, currency: TCurrency) {
  const [r] = await db
    .select({
      gain: sql<string>`coalesce(sum(${pointLedger.change}) filter (where ${pointLedger.change} > 0), 0)`,
      pay: sql<string>`coalesce(-sum(${pointLedger.change}) filter (where ${pointLedger.change} < 0), 0)`,
    })
    .from(pointLedger)
    .where(and(eq(pointLedger.userId, userId), eq(pointLedger.currency, currency)));
  return { gain: Number(r.gain), pay: Number(r.pay) };
}

export async function balances(db: Executor, userId: number) {
  const [r] = await db.select({ peas: users.peas, gold: users.gold }).from(users).where(eq(users.id, userId)).limit(1);
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
