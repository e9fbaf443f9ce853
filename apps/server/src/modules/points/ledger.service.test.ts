import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { inTx } from '../../db/client';
import { pointLedger, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { createTestApp, seedUser } from '../../test/harness';
import { bookPoints } from './ledger.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const balances = async (userId: number) =>
  (await t.db.select({ peas: users.peas, gold: users.gold }).from(users).where(eq(users.id, userId)))[0];
const rows = (userId: number, currency: 'peas' | 'gold') =>
  t.db
    .select()
    .from(pointLedger)
    .where(and(eq(pointLedger.userId, userId), eq(pointLedger.currency, currency)))
    .orderBy(pointLedger.id);
/** the ledger adds up to the balance: the invariant every booking keeps */
async function expectLedgerMatchesBalance(userId: number) {
  const b = await balances(userId);
  for (const c of ['peas', 'gold'] as const) {
    const [s] = await t.db
      .select({ sum: sql<string>`coalesce(sum(${pointLedger.change}), 0)` })
      .from(pointLedger)
      .where(and(eq(pointLedger.userId, userId), eq(pointLedger.currency, c)));
    expect(Number(s.sum)).toBe(b[c]);
    const list = await rows(userId, c);
    if (list.length) expect(list.at(-1)!.balance).toBe(b[c]);
  }
}

describe('points ledger', () => {
  it('books a gain with the balance after it, and the same event only once', async () => {
    const { user } = await seedUser(t.db);
    const r = await inTx(t.db, (tx) =>
      bookPoints(tx, {
        userId: user.id,
        currency: 'peas',
        type: 1,
        change: 10,
        bizKey: 'sign:2026-11-22',
        remark: '每日签到',
      }),
    );
    expect(r).toMatchObject({ booked: true, balance: 10 });
    const again = await inTx(t.db, (tx) =>
      bookPoints(tx, { userId: user.id, currency: 'peas', type: 1, change: 10, bizKey: 'sign:2026-11-22' }),
    );
    expect(again).toEqual({ booked: false, duplicate: true });
    expect(await balances(user.id)).toEqual({ peas: 10, gold: 0 });
    expect((await rows(user.id, 'peas')).map((x) => [x.change, x.balance, x.remark])).toEqual([[10, 10, '每日签到']]);
    // the same key in the other currency is another event
    await inTx(t.db, (tx) =>
      bookPoints(tx, {
        userId: user.id,
        currency: 'gold',
        type: 11,
        change: 100,
        bizKey: 'sign:2026-11-22',
        sourceAmount: 10000,
        sourceSn: 'P1',
      }),
    );
    expect(await balances(user.id)).toEqual({ peas: 10, gold: 100 });
    await expectLedgerMatchesBalance(user.id);
  });

  it('refuses to overdraw with the message of the currency, and rolls the whole transaction back', async () => {
    const { user } = await seedUser(t.db);
    await inTx(t.db, (tx) =>
      bookPoints(tx, { userId: user.id, currency: 'gold', type: 11, change: 5, bizKey: 'buy:1' }),
    );
    const err = await inTx(t.db, async (tx) => {
      await bookPoints(tx, { userId: user.id, currency: 'peas', type: 9, change: 3, bizKey: 'adjust:1' });
      return bookPoints(tx, { userId: user.id, currency: 'gold', type: 13, change: -6, bizKey: 'spend:1' });
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toBe('可用金币不足');
    expect((err as AppError).code).toBe('POINTS_SHORT');
    expect(await balances(user.id)).toEqual({ peas: 0, gold: 5 });
    expect(await rows(user.id, 'peas')).toHaveLength(0);
    expect(await rows(user.id, 'gold')).toHaveLength(1);
    const peasErr = await inTx(t.db, (tx) =>
      bookPoints(tx, { userId: user.id, currency: 'peas', type: 3, change: -1, bizKey: 'convert:1' }),
    ).catch((e: unknown) => e);
    expect((peasErr as AppError).message).toBe('可用积分不足');
    await expectLedgerMatchesBalance(user.id);
  });

  it('twenty concurrent debits of 10 from a balance of 100 book exactly ten', async () => {
    const { user } = await seedUser(t.db);
    await inTx(t.db, (tx) =>
      bookPoints(tx, { userId: user.id, currency: 'gold', type: 11, change: 100, bizKey: 'buy:1' }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        inTx(t.db, (tx) =>
          bookPoints(tx, { userId: user.id, currency: 'gold', type: 13, change: -10, bizKey: `spend:${i}` }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .every((r) => (r as PromiseRejectedResult).reason instanceof AppError),
    ).toBe(true);
    expect(await balances(user.id)).toEqual({ peas: 0, gold: 0 });
    await expectLedgerMatchesBalance(user.id);
  });

  it('the same event booked concurrently lands once', async () => {
    const { user } = await seedUser(t.db);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        inTx(t.db, (tx) =>
          bookPoints(tx, { userId: user.id, currency: 'peas', type: 2, change: 50, bizKey: 'pay:P42' }),
        ),
      ),
    );
    expect(results.filter((r) => r.booked)).toHaveLength(1);
    expect(await balances(user.id)).toEqual({ peas: 50, gold: 0 });
    await expectLedgerMatchesBalance(user.id);
  });

  it('rejects a zero or fractional change as a programming error', async () => {
    const { user } = await seedUser(t.db);
    await expect(
      inTx(t.db, (tx) => bookPoints(tx, { userId: user.id, currency: 'peas', type: 9, change: 0, bizKey: 'x' })),
    ).rejects.toThrow(/non-zero integer/);
    await expect(
      inTx(t.db, (tx) => bookPoints(tx, { userId: user.id, currency: 'peas', type: 9, change: 1.5, bizKey: 'y' })),
    ).rejects.toThrow(/non-zero integer/);
    expect(await rows(user.id, 'peas')).toHaveLength(0);
  });
});
