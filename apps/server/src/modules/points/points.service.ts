import { randomInt } from 'node:crypto';
import { M, fmt } from '@jizu/shared/messages';
import { POINT_TYPES, pointTypeName, type TCurrency } from '@jizu/shared/constants/points';
import { fenToYuanText } from '@jizu/shared/rules/money';
import { SIGN_CYCLE, maxConvertible, signReward, type TSignRules } from '@jizu/shared/rules/points';
import {
  ZPointSettings,
  ZSignRules,
  type TConvertBody,
  type TConvertResult,
  type TConvertRule,
  type TLedgerPage,
  type TLedgerQuery,
  type TPointSettings,
  type TSignResult,
  type TSignRule,
  type TSignState,
  type TSignWeekDay,
  type TTypeList,
} from '@jizu/shared/schemas/points';
import { inTx, type DB, type Executor, type Tx } from '../../db/client';
import { pageTotal } from '../../db/prepared';
import { AppError, invalid } from '../../platform/errors';
import { addDays, dayStart, shanghaiDate, shanghaiDateTime, shanghaiInstant } from '@jizu/shared/rules/datetime';
import { bookPoints } from './ledger.service';
import * as repo from './points.repo';

const DAY_MS = 86400_000;

/** Built-in defaults until staff save their own (admin console → 积分设置). */
export const DEFAULT_SETTINGS: TPointSettings = {
  sign: {
    base: 5,
    bonus: [
      { day: 3, peas: 10 },
      { day: 7, peas: 30 },
    ],
  },
  convert: { ratio: 10 },
};

const KEY_SIGN = 'sign';
const KEY_CONVERT = 'convert';

// ── settings ────────────────────────────────────────────────────────────────────────────────────────────────────

export async function getSignRules(db: Executor): Promise<TSignRules> {
  const parsed = ZSignRules.safeParse(await repo.readSetting(db, KEY_SIGN));
  return parsed.success ? parsed.data : DEFAULT_SETTINGS.sign;
}

export async function getConvertRatio(db: Executor): Promise<number> {
  const parsed = ZPointSettings.shape.convert.safeParse(await repo.readSetting(db, KEY_CONVERT));
  return parsed.success ? parsed.data.ratio : DEFAULT_SETTINGS.convert.ratio;
}

export async function getPointSettings(db: Executor): Promise<TPointSettings> {
  return { sign: await getSignRules(db), convert: { ratio: await getConvertRatio(db) } };
}

export async function savePointSettings(db: DB, staffId: number, s: TPointSettings): Promise<TPointSettings> {
  const sign = { base: s.sign.base, bonus: [...s.sign.bonus].sort((a, b) => a.day - b.day) };
  await inTx(db, async (tx) => {
    await repo.writeSetting(tx, KEY_SIGN, sign, staffId);
    await repo.writeSetting(tx, KEY_CONVERT, { ratio: s.convert.ratio }, staffId);
  });
  return getPointSettings(db);
}

// ── ledgers ─────────────────────────────────────────────────────────────────────────────────────────────────────

export async function listLedger(
  db: Executor,
  userId: number,
  currency: TCurrency,
  q: TLedgerQuery,
): Promise<TLedgerPage> {
  const type = q.type === '' || q.type === undefined ? undefined : q.type;
  if (type !== undefined && !(type in POINT_TYPES[currency])) invalid('type', M.points.badType);
  const size = q.page_size ?? q.size ?? 20;
  const f: repo.TLedgerFilter = {
    userId,
    currency,
    type,
    from: q.start ? dayStart(q.start) : undefined,
    to: q.end ? new Date(dayStart(q.end).getTime() + DAY_MS) : undefined,
  };
  const offset = (q.page - 1) * size;
  const filtered = f.type !== undefined || !!f.from || !!f.to;
  let rows: Pick<
    Awaited<ReturnType<typeof repo.pageLedger>>[number],
    'id' | 'type' | 'change' | 'balance' | 'sourceAmount' | 'sourceSn' | 'remark' | 'createdAt'
  >[];
  let sums: { gain: number; pay: number; peas: number; gold: number };
  let total: number;
  if (filtered) {
    const [page, all] = await Promise.all([
      repo.pageLedger(db, f, offset, size),
      repo.ledgerTotals(db, userId, currency),
    ]);
    rows = page;
    sums = all;
    total = await pageTotal(page, offset, () => repo.countLedger(db, f));
  } else {
    // the page every visit opens: rows, count, sums and balances in one statement; an empty page asks for the totals
    const page = await repo.ledgerPage(db, userId, currency, offset, size);
    rows = page;
    const all = page.length ? null : await repo.ledgerTotals(db, userId, currency);
    sums = all ?? {
      gain: Number(page[0].gain),
      pay: Number(page[0].pay),
      peas: Number(page[0].peas ?? 0),
      gold: Number(page[0].gold ?? 0),
    };
    total = all ? all.n : Number(page[0].total);
  }
  return {
    data: rows.map((r) => ({
      id: r.id,
      type: r.type,
      type_v: pointTypeName(currency, r.type),
      change: r.change,
      balance: r.balance,
      create_time: shanghaiDateTime(r.createdAt),
      source_amount: r.sourceAmount === null ? '' : fenToYuanText(r.sourceAmount),
      source_sn: r.sourceSn,
      source_remark: r.remark,
    })),
    total,
    available: sums[currency],
    gain: sums.gain,
    pay: sums.pay,
  };
}

/**
 * A balance as a SQL expression for another module's one-statement read (the coin purchase page): `userId` is that
 * statement's parameter, e.g. `$1`. Other domains read balances here, not from the users table.
 */
export const balanceSql = (currency: TCurrency, userId: string) =>
  `(select ${currency === 'gold' ? 'gold' : 'peas'} from users where id = ${userId})`;

export function typeList(): TTypeList {
  const list = (c: TCurrency) =>
    Object.entries(POINT_TYPES[c]).map(([value, label]) => ({ value: Number(value), label }));
  return { peas: list('peas'), gold: list('gold') };
}

// ── sign-in ─────────────────────────────────────────────────────────────────────────────────────────────────────

export async function signState(db: Executor, userId: number, now = Date.now()): Promise<TSignState> {
  const today = shanghaiDate(new Date(now));
  const rows = await repo.signInsBetween(db, userId, addDays(today, -1), today);
  const t = rows.find((r) => r.signDate === today);
  const y = rows.find((r) => r.signDate !== today);
  return { sign: t ? 1 : 0, continuous: t?.continuous ?? y?.continuous ?? 0, today };
}

/** Monday to Sunday of this Asia/Shanghai week, with the days signed. */
export async function signWeekDays(db: Executor, userId: number, now = Date.now()): Promise<TSignWeekDay[]> {
  const today = shanghaiDate(new Date(now));
  const dow = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const monday = addDays(today, -dow);
  const rows = await repo.signInsBetween(db, userId, monday, addDays(monday, 6));
  return Array.from({ length: 7 }, (_, i) => {
    const date = addDays(monday, i);
    const r = rows.find((x) => x.signDate === date);
    return { date, week: M.points.weekdays[i], sign: r ? 1 : 0, is_today: date === today ? 1 : 0, peas: r?.peas ?? 0 };
  });
}

export async function signRule(db: Executor): Promise<TSignRule> {
  const rules = await getSignRules(db);
  return {
    ...rules,
    cycle: SIGN_CYCLE,
    days: Array.from({ length: SIGN_CYCLE }, (_, i) => ({ day: i + 1, peas: signReward(rules, i + 1) })),
  };
}

/**
 * Today's sign-in: once per user and Asia/Shanghai day. The sign-in row (unique per day) and its beans (booked once
 * under `sign:<day>`) commit together; a second request of the same day, even one racing this one, gets SIGNED_TODAY.
 */
export async function signIn(db: DB, userId: number, now = Date.now()): Promise<TSignResult> {
  const today = shanghaiDate(new Date(now));
  return inTx(db, async (tx) => {
    const rules = await getSignRules(tx);
    const prev = await repo.findSignIn(tx, userId, addDays(today, -1));
    const continuous = prev ? prev.continuous + 1 : 1;
    const peas = signReward(rules, continuous);
    const row = await repo.insertSignIn(tx, { userId, signDate: today, continuous, peas });
    if (!row) throw new AppError('SIGNED_TODAY');
    if (peas > 0) {
      const booked = await bookPoints(tx, {
        userId,
        currency: 'peas',
        type: 1,
        change: peas,
        bizKey: `sign:${today}`,
        sourceSn: today,
        remark: fmt(M.points.signRemark, { n: continuous }),
      });
      if (!booked.booked) throw new AppError('SIGNED_TODAY');
    }
    const bal = await repo.balances(tx, userId);
    return { today: peas, next: signReward(rules, continuous + 1), continuous, balance: bal.peas };
  });
}

// ── bean → coin conversion ──────────────────────────────────────────────────────────────────────────────────────

export async function convertRule(db: Executor, userId: number): Promise<TConvertRule> {
  const [ratio, bal] = await Promise.all([getConvertRatio(db), repo.balances(db, userId)]);
  const gold = maxConvertible(bal.peas, ratio);
  return { available: bal.peas, ratio, peas: gold * ratio, gold };
}

const convertSn = (now: number) =>
  `DH${shanghaiDateTime(new Date(now)).replace(/\D/g, '')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;

/**
 * Converts beans to coins at the ratio the user saw: −peas and +gold are booked in one transaction under one
 * business key, so both land or neither. Concurrent conversions queue on the user row inside bookPoints and the one
 * that would overdraw fails with 可用积分不足.
 */
export async function convert(db: DB, userId: number, body: TConvertBody, now = Date.now()): Promise<TConvertResult> {
  return inTx(db, async (tx) => {
    const ratio = await getConvertRatio(tx);
    if (body.ratio !== ratio) throw new AppError('RATIO_CHANGED', M.points.ratioChanged, { data: { ratio } });
    const peas = body.gold * ratio;
    if (body.peas !== peas) invalid('peas', M.points.convertMismatch);
    const bal = await repo.balances(tx, userId);
    if (body.gold > maxConvertible(bal.peas, ratio)) throw new AppError('POINTS_SHORT', M.points.peasShort);
    const sn = convertSn(now);
    const bizKey = `convert:${sn}`;
    await bookPoints(tx, {
      userId,
      currency: 'peas',
      type: 3,
      change: -peas,
      bizKey,
      sourceSn: sn,
      remark: fmt(M.points.convertPeasRemark, { gold: body.gold }),
    });
    await bookPoints(tx, {
      userId,
      currency: 'gold',
      type: 12,
      change: body.gold,
      bizKey,
      sourceSn: sn,
      remark: fmt(M.points.convertGoldRemark, { peas }),
    });
    return { peas, gold: body.gold, sn };
  });
}

// ── demo data ───────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Demo history of one user (seed/demo.ts): opening balances booked as platform adjustments a month ago, then a streak
 * of `signedDays` sign-ins ending yesterday, each with its beans, so the points pages have rows to show.
 */
export async function seedDemoPoints(
  tx: Tx,
  userId: number,
  o: { peas: number; gold: number; signedDays: number },
  now = Date.now(),
) {
  const opened = new Date(now - 30 * DAY_MS);
  if (o.peas > 0)
    await bookPoints(tx, {
      userId,
      currency: 'peas',
      type: 9,
      change: o.peas,
      bizKey: 'demo:opening',
      remark: M.points.demoOpening,
      at: opened,
    });
  if (o.gold > 0)
    await bookPoints(tx, {
      userId,
      currency: 'gold',
      type: 19,
      change: o.gold,
      bizKey: 'demo:opening',
      remark: M.points.demoOpening,
      at: opened,
    });
  const rules = await getSignRules(tx);
  const today = shanghaiDate(new Date(now));
  for (let i = o.signedDays; i >= 1; i -= 1) {
    const day = addDays(today, -i);
    const continuous = o.signedDays - i + 1;
    const peas = signReward(rules, continuous);
    await repo.insertSignIn(tx, { userId, signDate: day, continuous, peas });
    const at = shanghaiInstant(`${day} 08:3${i % 10}:00`);
    await bookPoints(tx, {
      userId,
      currency: 'peas',
      type: 1,
      change: peas,
      bizKey: `sign:${day}`,
      sourceSn: day,
      remark: fmt(M.points.signRemark, { n: continuous }),
      at,
    });
  }
}
