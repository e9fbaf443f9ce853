import { and, eq, sql } from 'drizzle-orm';
import { M } from '@jizu/shared/messages';
import type { TCurrency, TPointType } from '@jizu/shared/constants/points';
import type { Tx } from '../../db/client';
import { pointLedger, users } from '../../db/schema';
import { AppError } from '../../platform/errors';

export interface TBooking<C extends TCurrency = TCurrency> {
  userId: number;
  currency: C;
  type: TPointType<C>;
  /** signed whole number: + gain, − pay; never 0 */
  change: number;
  /** the business event, unique per user and currency: `sign:2026-11-22`, `pay:P…`, `convert:…` */
  bizKey: string;
  sourceSn?: string;
  /** fen */
  sourceAmount?: number | null;
  remark?: string;
  /** when the event happened, for opening balances and demo history; default: now */
  at?: Date;
}

export type TBooked = { booked: true; id: number; balance: number } | { booked: false; duplicate: true };

/**
 * Books one ledger row and moves the user's balance with it, inside the caller's transaction (so a purchase, its
 * ledger rows and its order state commit or fail together).
 * - Exactly once: the row is inserted first under the unique (user, currency, biz_key); a second booking of the same
 *   event, concurrent or late, finds the key taken and changes nothing (`duplicate`).
 * - Never negative: the balance moves in one conditional UPDATE (`balance + change >= 0`) under the user row's lock,
 *   so concurrent payments queue up and the one that would overdraw fails with POINTS_SHORT; the caller's
 *   transaction then rolls back, the inserted row with it.
 */
export async function bookPoints<C extends TCurrency>(tx: Tx, b: TBooking<C>): Promise<TBooked> {
  if (!Number.isSafeInteger(b.change) || b.change === 0)
    throw new Error(`bookPoints: change must be a non-zero integer, got ${b.change}`);
  // The user's row first: bookings of one user then run one after another, so row ids follow the balance order
  // (the newest row carries the current balance) and a duplicate waits for the first booking to commit.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, b.userId)).for('update');
  const [row] = await tx
    .insert(pointLedger)
    .values({
      userId: b.userId,
      currency: b.currency,
      type: b.type,
      change: b.change,
      balance: 0,
      sourceAmount: b.sourceAmount ?? null,
      sourceSn: b.sourceSn ?? '',
      remark: b.remark ?? '',
      bizKey: b.bizKey,
      createdAt: b.at ?? sql`clock_timestamp()`,
    })
    .onConflictDoNothing({ target: [pointLedger.userId, pointLedger.currency, pointLedger.bizKey] })
    .returning({ id: pointLedger.id });
  if (!row) return { booked: false, duplicate: true };

  const col = b.currency === 'peas' ? users.peas : users.gold;
  const [u] = await tx
    .update(users)
    .set(
      b.currency === 'peas' ? { peas: sql`${users.peas} + ${b.change}` } : { gold: sql`${users.gold} + ${b.change}` },
    )
    .where(and(eq(users.id, b.userId), sql`${col} + ${b.change} >= 0`))
    .returning({ balance: col });
  if (!u) throw new AppError('POINTS_SHORT', b.currency === 'peas' ? M.points.peasShort : M.points.goldShort);
  await tx.update(pointLedger).set({ balance: u.balance }).where(eq(pointLedger.id, row.id));
  return { booked: true, id: row.id, balance: u.balance };
}
