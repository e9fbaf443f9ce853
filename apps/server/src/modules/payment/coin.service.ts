import { asc, eq } from 'drizzle-orm';
import { M, fmt } from '@jizu/shared/messages';
import { PAY_TYPES, PAY_TYPE_LABEL, PAY_TYPE_LOGO, type TPayType } from '@jizu/shared/constants/payment';
import { bonusBeans, coinValueOf } from '@jizu/shared/rules/coins';
import { fenToYuanText } from '@jizu/shared/rules/money';
import type {
  TAdminPackage,
  TCoinSetting,
  TGoldList,
  TGoldPackage,
  TGoldPurchase,
  TPayOrder,
  TPayTypeLogos,
  TPayTypeSet,
} from '@jizu/shared/schemas/payment';
import { inTx, type DB, type Executor, type Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { coinPackages, coinSettings } from '../../db/schema';
import { AppError, conflict, invalid } from '../../platform/errors';
import type { TChannels } from '../../platform/payment';
import { bookPoints } from '../points/ledger.service';
import { balanceSql } from '../points/points.service';
import { createPayment } from './payment.service';
import { registerPaidHook, type TOrder } from './payment.settle.service';
import { readGoldList, type TGoldPackageRow } from './payment.repo';
import { rowWhere, rowsWhere } from '../../db/rows';

/** pay_type of the coin pay info: each method keyed by its type, with its name and logo url. */
export const payTypeSet = (): TPayTypeSet =>
  Object.fromEntries(PAY_TYPES.map((t) => [t, { name: PAY_TYPE_LABEL[t], logo: PAY_TYPE_LOGO[t] }])) as TPayTypeSet;
/** pay_type of the member payment info: pay type → logo url. */
export const payTypeLogos = (): TPayTypeLogos =>
  Object.fromEntries(PAY_TYPES.map((t) => [t, PAY_TYPE_LOGO[t]])) as TPayTypeLogos;

/** Defaults of a new database: 1 yuan = 10 coins, 1 bean per yuan, four packages. The admin changes them. */
export async function ensureCoinDefaults(db: DB) {
  await inTx(db, async (tx) => {
    const [fresh] = await tx
      .insert(coinSettings)
      .values({ id: 1, goldAvg: 10, goldPeas: 1 })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return;
    await tx.insert(coinPackages).values([
      { amount: 1000, value: 100, give: 0, sort: 1 },
      { amount: 5000, value: 500, give: 20, sort: 2 },
      { amount: 10000, value: 1000, give: 60, sort: 3 },
      { amount: 50000, value: 5000, give: 400, sort: 4 },
    ]);
  });
}

/** The setting row as the API shows it; no row yet means the defaults of a new database. */
const settingOf = (s: typeof coinSettings.$inferSelect | undefined): TCoinSetting => ({
  gold_avg: s?.goldAvg ?? 10,
  gold_peas: s?.goldPeas ?? 0,
});

export async function getCoinSetting(db: Executor): Promise<TCoinSetting> {
  const q = prepared(db, 'coin.setting', (d) =>
    d.select().from(coinSettings).where(eq(coinSettings.id, 1)).limit(1).prepare('coin.setting'),
  );
  const [s] = await q.execute();
  return settingOf(s);
}

const pkg = (p: TGoldPackageRow): TGoldPackage => ({
  id: p.id,
  amount: p.amount,
  amount_v: fenToYuanText(p.amount),
  value: p.value,
  give: p.give,
});

/** GET /payment/gold/lst, the pay info (spec/1 §3): the user's coins, the rate, the bean factor, packages on sale, pay types. */
export async function listGold(db: DB, userId: number): Promise<TGoldList> {
  const r = await readGoldList(db, userId, balanceSql('gold', '$1'));
  const s = settingOf(
    r.goldAvg === null ? undefined : { id: 1, goldAvg: r.goldAvg, goldPeas: r.goldPeas ?? 0, updatedAt: new Date(0) },
  );
  return {
    available: r.gold,
    gold_avg: s.gold_avg,
    gold_peas: s.gold_peas,
    pay_list: r.packages.map(pkg),
    pay_type: payTypeSet(),
  };
}

/**
 * POST /payment/gold/purchase. The client sends the package it showed; if the admin changed or withdrew it (or the
 * bean factor) meanwhile, the answer is null (status 201, spec/1 §8) and no order is made.
 */
export async function purchaseGold(
  db: DB,
  channel: TChannels,
  userId: number,
  companyId: number | null,
  b: TGoldPurchase,
): Promise<TPayOrder | null> {
  const p = await rowWhere(db, coinPackages, b.id ? eq(coinPackages.id, b.id) : eq(coinPackages.amount, b.amount));
  const s = await getCoinSetting(db);
  if (
    !p ||
    p.status !== 1 ||
    p.amount !== b.amount ||
    p.value !== b.value ||
    p.give !== b.give ||
    s.gold_peas !== b.gold_peas
  )
    return null;
  const subject = `购买金币 ${p.value + p.give}个`;
  return createPayment(db, channel, {
    kind: 'coin',
    userId,
    companyId,
    amount: p.amount,
    subject,
    payType: b.pay_type as TPayType,
    payload: { package_id: p.id, value: p.value, give: p.give, gold_peas: s.gold_peas },
  });
}

/** A paid coin order: value + give coins (type 11) and the bonus beans (type 2), once per order. */
async function onCoinPaid(tx: Tx, order: TOrder) {
  const p = order.payload as { value: number; give: number; gold_peas: number };
  const coins = p.value + p.give;
  const bizKey = `pay:${order.orderSn}`;
  await bookPoints(tx, {
    userId: order.userId,
    currency: 'gold',
    type: 11,
    change: coins,
    bizKey,
    sourceSn: order.orderSn,
    sourceAmount: order.amount,
    remark: order.subject,
  });
  const beans = bonusBeans(order.amount, p.gold_peas);
  if (beans > 0)
    await bookPoints(tx, {
      userId: order.userId,
      currency: 'peas',
      type: 2,
      change: beans,
      bizKey,
      sourceSn: order.orderSn,
      sourceAmount: order.amount,
      remark: order.subject,
    });
}
export const registerCoinHook = () => registerPaidHook('coin', onCoinPaid);

// admin

export async function adminListPackages(db: DB): Promise<TAdminPackage[]> {
  const rows = await rowsWhere(db, coinPackages, undefined, {
    orderBy: [asc(coinPackages.sort), asc(coinPackages.id)],
  });
  return rows.map((r) => ({ ...pkg(r), sort: r.sort, status: r.status }));
}

/** The setting row, locked: package saves and rate changes queue up, so a package's value always matches the rate. */
async function lockedSetting(tx: Tx): Promise<TCoinSetting> {
  const s = await rowWhere(tx, coinSettings, eq(coinSettings.id, 1), { lock: 'update' });
  return settingOf(s);
}

/** A package's coins are its yuan amount × gold_avg (spec/1 §9); `give` is the only free part. */
export async function adminSavePackage(
  db: DB,
  b: { id?: number; amount: number; value: number; give: number; sort: number; status: number },
) {
  return inTx(db, async (tx) => {
    const s = await lockedSetting(tx);
    const want = coinValueOf(b.amount, s.gold_avg);
    if (want === null)
      invalid('amount', fmt(M.payment.packageAmountIndivisible, { avg: s.gold_avg, amount: fenToYuanText(b.amount) }));
    if (b.value !== want)
      invalid(
        'value',
        fmt(M.payment.packageValueMismatch, {
          amount: fenToYuanText(b.amount),
          avg: s.gold_avg,
          value: want as number,
        }),
      );
    const v = { amount: b.amount, value: b.value, give: b.give, sort: b.sort, status: b.status, updatedAt: new Date() };
    if (b.id) {
      const [row] = await tx.update(coinPackages).set(v).where(eq(coinPackages.id, b.id)).returning();
      if (!row) throw new AppError('NOT_FOUND');
      return row.id;
    }
    const [row] = await tx.insert(coinPackages).values(v).returning();
    return row.id;
  });
}

export async function adminDeletePackage(db: DB, id: number) {
  const rows = await db.delete(coinPackages).where(eq(coinPackages.id, id)).returning({ id: coinPackages.id });
  if (!rows.length) throw new AppError('NOT_FOUND');
}

/**
 * Saves the rate and the bean factor. A new gold_avg recomputes the value of every package (on sale or not) in the
 * same transaction, so "1 yuan = gold_avg coins" holds for all of them at once; we recompute rather than refuse
 * because the admin changing the rate means to reprice the coins, and asking them to edit each package first would
 * leave the shop inconsistent in between. If some package's amount cannot become a whole number of coins at the new
 * rate, the whole change is refused and nothing moves. A user who saw the old values gets status 201 on purchase.
 */
export async function adminSaveSetting(db: DB, next: TCoinSetting) {
  await inTx(db, async (tx) => {
    const cur = await lockedSetting(tx);
    if (next.gold_avg !== cur.gold_avg) {
      const rows = await rowsWhere(tx, coinPackages, undefined, { orderBy: [asc(coinPackages.amount)] });
      const values = rows.map((r) => ({ row: r, value: coinValueOf(r.amount, next.gold_avg) }));
      const bad = values.find((x) => x.value === null);
      if (bad)
        conflict(
          fmt(M.payment.goldAvgPackagesIndivisible, { avg: next.gold_avg, amount: fenToYuanText(bad.row.amount) }),
        );
      for (const x of values)
        if (x.value !== x.row.value)
          await tx
            .update(coinPackages)
            .set({ value: x.value as number, updatedAt: new Date() })
            .where(eq(coinPackages.id, x.row.id));
    }
    await tx
      .insert(coinSettings)
      .values({ id: 1, goldAvg: next.gold_avg, goldPeas: next.gold_peas })
      .onConflictDoUpdate({
        target: coinSettings.id,
        set: { goldAvg: next.gold_avg, goldPeas: next.gold_peas, updatedAt: new Date() },
      });
  });
}
