import { asc, eq } from 'drizzle-orm';
import { PAY_TYPES, PAY_TYPE_LABEL, PAY_TYPE_LOGO, type TPayType } from '@jizu/shared/constants/payment';
import { fenToYuanText } from '@jizu/shared/rules/money';
import type { TAdminPackage, TCoinSetting, TGoldList, TGoldPackage, TGoldPurchase, TPayOrder, TPayTypeOption } from '@jizu/shared/schemas/payment';
import { inTx, type DB, type Executor, type Tx } from '../../db/client';
import { coinPackages, coinSettings } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { PaymentChannel } from '../../platform/payment';
import { bookPoints } from '../points/ledger.service';
import { createPayment, registerPaidHook, type TOrder } from './payment.service';

export const payTypeOptions = (): TPayTypeOption[] => PAY_TYPES.map((t) => ({ type: t, name: PAY_TYPE_LABEL[t], logo: PAY_TYPE_LOGO[t] }));

/** Defaults of a new database: 1 yuan = 10 coins, 1 bean per yuan, four packages. The admin changes them. */
export async function ensureCoinDefaults(db: DB) {
  await inTx(db, async (tx) => {
    const [fresh] = await tx.insert(coinSettings).values({ id: 1, goldAvg: 10, goldPeas: 1 }).onConflictDoNothing().returning();
    if (!fresh) return;
    await tx.insert(coinPackages).values([
      { amount: 1000, value: 100, give: 0, sort: 1 },
      { amount: 5000, value: 500, give: 20, sort: 2 },
      { amount: 10000, value: 1000, give: 60, sort: 3 },
      { amount: 50000, value: 5000, give: 400, sort: 4 },
    ]);
  });
}

export async function getCoinSetting(db: Executor): Promise<TCoinSetting> {
  const [s] = await db.select().from(coinSettings).where(eq(coinSettings.id, 1)).limit(1);
  return { gold_avg: s?.goldAvg ?? 10, gold_peas: s?.goldPeas ?? 0 };
}

const pkg = (p: typeof coinPackages.$inferSelect): TGoldPackage => ({ id: p.id, amount: p.amount, amount_v: fenToYuanText(p.amount), value: p.value, give: p.give });

/** GET /payment/gold/lst: packages on sale, the rate and the bonus-bean factor. */
export async function listGold(db: DB): Promise<TGoldList> {
  const [rows, s] = await Promise.all([db.select().from(coinPackages).where(eq(coinPackages.status, 1)).orderBy(asc(coinPackages.sort), asc(coinPackages.amount)), getCoinSetting(db)]);
  return { list: rows.map(pkg), gold_avg: s.gold_avg, gold_peas: s.gold_peas, pay_types: payTypeOptions() };
}

/** Bonus beans of a purchase: yuan amount × gold_peas, floored to whole beans. */
export const bonusBeans = (amountFen: number, goldPeas: number) => Math.floor((amountFen * goldPeas) / 100);

/**
 * POST /payment/gold/purchase. The client sends the package it showed; if the admin changed or withdrew it (or the
 * bean factor) meanwhile, the answer is null (status 201, spec/1 §8) and no order is made.
 */
export async function purchaseGold(db: DB, channel: PaymentChannel, userId: number, companyId: number | null, b: TGoldPurchase): Promise<TPayOrder | null> {
  const rows = b.id
    ? await db.select().from(coinPackages).where(eq(coinPackages.id, b.id)).limit(1)
    : await db.select().from(coinPackages).where(eq(coinPackages.amount, b.amount)).limit(1);
  const p = rows[0];
  const s = await getCoinSetting(db);
  if (!p || p.status !== 1 || p.amount !== b.amount || p.value !== b.value || p.give !== b.give || s.gold_peas !== b.gold_peas) return null;
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
  await bookPoints(tx, { userId: order.userId, currency: 'gold', type: 11, change: coins, bizKey, sourceSn: order.orderSn, sourceAmount: order.amount, remark: order.subject });
  const beans = bonusBeans(order.amount, p.gold_peas);
  if (beans > 0) await bookPoints(tx, { userId: order.userId, currency: 'peas', type: 2, change: beans, bizKey, sourceSn: order.orderSn, sourceAmount: order.amount, remark: order.subject });
}
export const registerCoinHook = () => registerPaidHook('coin', onCoinPaid);

// admin

export async function adminListPackages(db: DB): Promise<TAdminPackage[]> {
  const rows = await db.select().from(coinPackages).orderBy(asc(coinPackages.sort), asc(coinPackages.id));
  return rows.map((r) => ({ ...pkg(r), sort: r.sort, status: r.status }));
}

export async function adminSavePackage(db: DB, b: { id?: number; amount: number; value: number; give: number; sort: number; status: number }) {
  const v = { amount: b.amount, value: b.value, give: b.give, sort: b.sort, status: b.status, updatedAt: new Date() };
  if (b.id) {
    const [row] = await db.update(coinPackages).set(v).where(eq(coinPackages.id, b.id)).returning();
    if (!row) throw new AppError('NOT_FOUND');
    return row.id;
  }
  const [row] = await db.insert(coinPackages).values(v).returning();
  return row.id;
}

export async function adminDeletePackage(db: DB, id: number) {
  const rows = await db.delete(coinPackages).where(eq(coinPackages.id, id)).returning({ id: coinPackages.id });
  if (!rows.length) throw new AppError('NOT_FOUND');
}

export async function adminSaveSetting(db: DB, s: TCoinSetting) {
  await db
    .insert(coinSettings)
    .values({ id: 1, goldAvg: s.gold_avg, goldPeas: s.gold_peas })
    .onConflictDoUpdate({ target: coinSettings.id, set: { goldAvg: s.gold_avg, goldPeas: s.gold_peas, updatedAt: new Date() } });
}
