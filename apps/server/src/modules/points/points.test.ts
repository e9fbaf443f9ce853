import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { inTx } from '../../db/client';
import { pointLedger, pointSettings, pointSignIns, users } from '../../db/schema';
import { createTestApp, seedUser } from '../../test/harness';
import { shanghaiDate } from '@jizu/shared/rules/datetime';
import { bookPoints } from './ledger.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof seedUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.db, { role: 'admin' });
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const get = (url: string, headers: THeaders = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object, headers: THeaders = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });

const today = () => shanghaiDate(new Date());
const dayOffset = (n: number) =>
  new Date(Date.parse(`${today()}T00:00:00Z`) + n * 86400_000).toISOString().slice(0, 10);
const balances = async (userId: number) =>
  (await t.db.select({ peas: users.peas, gold: users.gold }).from(users).where(eq(users.id, userId)))[0];
const ledgerRows = (userId: number) =>
  t.db.select().from(pointLedger).where(eq(pointLedger.userId, userId)).orderBy(pointLedger.id);
const signRows = (userId: number) => t.db.select().from(pointSignIns).where(eq(pointSignIns.userId, userId));

/** the invariant of every scenario: each currency's ledger adds up to the balance */
async function expectLedgerMatchesBalance(userId: number) {
  const b = await balances(userId);
  for (const c of ['peas', 'gold'] as const) {
    const [s] = await t.db
      .select({ sum: sql<string>`coalesce(sum(${pointLedger.change}), 0)` })
      .from(pointLedger)
      .where(and(eq(pointLedger.userId, userId), eq(pointLedger.currency, c)));
    expect(Number(s.sum)).toBe(b[c]);
  }
}

async function give(userId: number, peas: number, key = 'seed') {
  await inTx(t.db, (tx) => bookPoints(tx, { userId, currency: 'peas', type: 9, change: peas, bizKey: key }));
}

async function setSettings(body: object) {
  const res = await post('/api/admin/points/settings', body, admin.auth);
  expect(res.json()).toMatchObject({ status: 1 });
}

describe('points: access', () => {
  it('a stranger gets 401 on every call; a non-staff user 403 on the admin settings', async () => {
    for (const url of [
      '/api/index/score/peas',
      '/api/index/score/gold',
      '/api/index/score/typeLst',
      '/api/index/score/signState',
      '/api/index/score/signWeekDays',
      '/api/index/score/signRule',
      '/api/index/score/convertRule',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ status: -1, msg: '登录已过期，请重新登录' });
    }
    expect((await post('/api/index/score/signIn', {})).statusCode).toBe(401);
    expect((await post('/api/index/score/convert', { gold: 1, ratio: 10, peas: 10 })).statusCode).toBe(401);
    const u = await seedUser(t.db);
    const g = await get('/api/admin/points/settings', u.auth);
    expect(g.statusCode).toBe(403);
    expect(g.json().msg).toBe('仅平台工作人员可以访问管理后台');
    const p = await post(
      '/api/admin/points/settings',
      { sign: { base: 999, bonus: [] }, convert: { ratio: 1 } },
      u.auth,
    );
    expect(p.statusCode).toBe(403);
    expect(await t.db.select().from(pointSettings)).toHaveLength(0);
  });
});

describe('points: sign-in', () => {
  it('signs in once a day: state, week strip, reward and the second try refused with nothing changed', async () => {
    const u = await seedUser(t.db);
    expect((await get('/api/index/score/signState', u.auth)).json().data).toEqual({
      sign: 0,
      continuous: 0,
      today: today(),
    });
    const res = await post('/api/index/score/signIn', {}, u.auth);
    expect(res.json()).toEqual({ status: 1, msg: '签到成功', data: { today: 5, next: 5, continuous: 1, balance: 5 } });
    expect((await get('/api/index/score/signState', u.auth)).json().data).toEqual({
      sign: 1,
      continuous: 1,
      today: today(),
    });
    const week = (await get('/api/index/score/signWeekDays', u.auth)).json().data as {
      date: string;
      week: string;
      sign: number;
      is_today: number;
      peas: number;
    }[];
    expect(week).toHaveLength(7);
    expect(week[0].week).toBe('周一');
    expect(week.find((d) => d.is_today === 1)).toMatchObject({ date: today(), sign: 1, peas: 5 });
    expect(week.filter((d) => d.sign === 1)).toHaveLength(1);

    const again = await post('/api/index/score/signIn', {}, u.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 0, msg: '今天已经签到过了，明天再来吧', code: 'SIGNED_TODAY' });
    expect(await balances(u.user.id)).toEqual({ peas: 5, gold: 0 });
    expect(await signRows(u.user.id)).toHaveLength(1);
    const rows = await ledgerRows(u.user.id);
    expect(rows.map((r) => [r.type, r.change, r.bizKey, r.remark])).toEqual([
      [1, 5, `sign:${today()}`, '连续签到第1天'],
    ]);
    await expectLedgerMatchesBalance(u.user.id);
  });

  it('two concurrent sign-ins book one reward', async () => {
    const u = await seedUser(t.db);
    const res = await Promise.all(Array.from({ length: 2 }, () => post('/api/index/score/signIn', {}, u.auth)));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balances(u.user.id)).toEqual({ peas: 5, gold: 0 });
    expect(await signRows(u.user.id)).toHaveLength(1);
    expect(await ledgerRows(u.user.id)).toHaveLength(1);
    await expectLedgerMatchesBalance(u.user.id);
  });

  it('continues a streak from yesterday and pays the day-3 bonus; a gap starts again at day 1', async () => {
    const u = await seedUser(t.db);
    await t.db.insert(pointSignIns).values([
      { userId: u.user.id, signDate: dayOffset(-2), continuous: 1, peas: 0 },
      { userId: u.user.id, signDate: dayOffset(-1), continuous: 2, peas: 0 },
    ]);
    expect((await get('/api/index/score/signState', u.auth)).json().data).toMatchObject({ sign: 0, continuous: 2 });
    const res = await post('/api/index/score/signIn', {}, u.auth);
    expect(res.json().data).toEqual({ today: 15, next: 5, continuous: 3, balance: 15 });

    const gap = await seedUser(t.db);
    await t.db.insert(pointSignIns).values({ userId: gap.user.id, signDate: dayOffset(-2), continuous: 6, peas: 0 });
    expect((await get('/api/index/score/signState', gap.auth)).json().data).toMatchObject({ sign: 0, continuous: 0 });
    expect((await post('/api/index/score/signIn', {}, gap.auth)).json().data).toMatchObject({
      today: 5,
      continuous: 1,
    });

    // day 7 of a streak, then day 8 counts as day 1 of the next cycle
    const week = await seedUser(t.db);
    await t.db.insert(pointSignIns).values({ userId: week.user.id, signDate: dayOffset(-1), continuous: 6, peas: 0 });
    expect((await post('/api/index/score/signIn', {}, week.auth)).json().data).toEqual({
      today: 35,
      next: 5,
      continuous: 7,
      balance: 35,
    });
    await expectLedgerMatchesBalance(week.user.id);
  });

  it('pays what the admin set, and shows the rules', async () => {
    await setSettings({
      sign: {
        base: 8,
        bonus: [
          { day: 1, peas: 2 },
          { day: 2, peas: 4 },
        ],
      },
      convert: { ratio: 10 },
    });
    const rule = (await get('/api/index/score/signRule', admin.auth)).json().data;
    expect(rule).toMatchObject({
      base: 8,
      cycle: 7,
      bonus: [
        { day: 1, peas: 2 },
        { day: 2, peas: 4 },
      ],
    });
    expect(rule.days.map((d: { peas: number }) => d.peas)).toEqual([10, 12, 8, 8, 8, 8, 8]);
    const u = await seedUser(t.db);
    expect((await post('/api/index/score/signIn', {}, u.auth)).json().data).toEqual({
      today: 10,
      next: 12,
      continuous: 1,
      balance: 10,
    });
    await setSettings({
      sign: {
        base: 5,
        bonus: [
          { day: 3, peas: 10 },
          { day: 7, peas: 30 },
        ],
      },
      convert: { ratio: 10 },
    });
  });
});

describe('points: ledgers', () => {
  it('lists the own rows newest first with summaries, filters by type and date, pages by 20; others never listed', async () => {
    const u = await seedUser(t.db);
    const other = await seedUser(t.db);
    await give(other.user.id, 999, 'other');
    await give(u.user.id, 300, 'a');
    await post('/api/index/score/signIn', {}, u.auth);
    await inTx(t.db, (tx) =>
      bookPoints(tx, {
        userId: u.user.id,
        currency: 'gold',
        type: 11,
        change: 100,
        bizKey: 'pay:P1',
        sourceSn: 'P1',
        sourceAmount: 1000,
        remark: '购买金币',
      }),
    );
    const conv = await post('/api/index/score/convert', { gold: 3, ratio: 10, peas: 30 }, u.auth);
    expect(conv.json()).toMatchObject({ status: 1, msg: '兑换成功', data: { peas: 30, gold: 3 } });

    const peas = (await get('/api/index/score/peas', u.auth)).json().data;
    expect(peas).toMatchObject({ total: 3, available: 275, gain: 305, pay: 30 });
    expect(
      peas.data.map((r: { type_v: string; change: number; balance: number }) => [r.type_v, r.change, r.balance]),
    ).toEqual([
      ['兑换金币', -30, 275],
      ['签到奖励', 5, 305],
      ['平台调整', 300, 300],
    ]);
    expect(peas.data[0]).toMatchObject({
      source_sn: conv.json().data.sn,
      source_remark: '兑换3金币',
      source_amount: '',
    });
    expect(peas.data[0].create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const gold = (await get('/api/index/score/gold', u.auth)).json().data;
    expect(gold).toMatchObject({ total: 2, available: 103, gain: 103, pay: 0 });
    expect(gold.data[1]).toMatchObject({ type: 11, type_v: '购买金币', source_amount: '10.00', source_sn: 'P1' });
    expect(gold.data[0]).toMatchObject({ type: 12, type_v: '积分兑换', change: 3, source_remark: '30积分兑换' });
    // the other user's 999 beans are never listed (a string match would also meet 999 inside a random order number)
    expect(peas.data.map((r: { change: number }) => r.change)).not.toContain(999);

    expect((await get('/api/index/score/peas?type=1', u.auth)).json().data.total).toBe(1);
    expect((await get(`/api/index/score/peas?start=${today()}&end=${today()}`, u.auth)).json().data.total).toBe(3);
    expect((await get(`/api/index/score/peas?end=${dayOffset(-1)}`, u.auth)).json().data.total).toBe(0);
    expect((await get(`/api/index/score/peas?start=${dayOffset(1)}`, u.auth)).json().data.total).toBe(0);
    const p2 = (await get('/api/index/score/peas?page=2&page_size=2', u.auth)).json().data;
    expect(p2.data).toHaveLength(1);
    expect(p2.total).toBe(3);
    const gold11 = (await get('/api/index/score/gold?type=11', u.auth)).json().data;
    expect(gold11.total).toBe(1);
  });

  it('pages by 20 by default', async () => {
    const u = await seedUser(t.db);
    for (let i = 0; i < 23; i += 1) await give(u.user.id, 1, `k${i}`);
    const d = (await get('/api/index/score/peas', u.auth)).json().data;
    expect(d.data).toHaveLength(20);
    expect(d.total).toBe(23);
    expect((await get('/api/index/score/peas?page=2', u.auth)).json().data.data).toHaveLength(3);
  });

  it('refuses a type of the other currency, a bad date and a reversed range with the message', async () => {
    const u = await seedUser(t.db);
    let res = await get('/api/index/score/peas?type=11', u.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('明细类型不正确');
    res = await get('/api/index/score/peas?start=2026-13-01', u.auth);
    expect(res.json().msg).toBe('日期格式不正确');
    res = await get('/api/index/score/gold?start=2026-11-10&end=2026-11-01', u.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('开始日期不能晚于结束日期');
  });

  it('lists the types of both currencies', async () => {
    const u = await seedUser(t.db);
    const d = (await get('/api/index/score/typeLst', u.auth)).json().data;
    expect(d.peas).toContainEqual({ value: 1, label: '签到奖励' });
    expect(d.gold).toContainEqual({ value: 11, label: '购买金币' });
  });
});

describe('points: conversion', () => {
  it('answers the rule: available, ratio and the most convertible', async () => {
    const u = await seedUser(t.db);
    await give(u.user.id, 257);
    expect((await get('/api/index/score/convertRule', u.auth)).json().data).toEqual({
      available: 257,
      ratio: 10,
      peas: 250,
      gold: 25,
    });
  });

  it('refuses empty, zero, fractional, too many, a stale ratio and a wrong bean count, with nothing changed', async () => {
    const u = await seedUser(t.db);
    await give(u.user.id, 55);
    const cases: [object, number, string][] = [
      [{ ratio: 10, peas: 10 }, 400, '待换金币数需大于0'],
      [{ gold: '', ratio: 10, peas: 10 }, 400, '待换金币数需大于0'],
      [{ gold: 0, ratio: 10, peas: 0 }, 400, '待换金币数需大于0'],
      [{ gold: 1.5, ratio: 10, peas: 15 }, 400, '待换金币数需为整数'],
      [{ gold: 6, ratio: 10, peas: 60 }, 409, '可用积分不足'],
      [{ gold: 2, ratio: 5, peas: 10 }, 409, '兑换比例已调整，请刷新后重新兑换'],
      [{ gold: 2, ratio: 10, peas: 10 }, 400, '兑换积分数与金币数不符，请刷新后重试'],
    ];
    for (const [body, http, msg] of cases) {
      const res = await post('/api/index/score/convert', body, u.auth);
      expect(res.statusCode, JSON.stringify(body)).toBe(http);
      expect(res.json().msg, JSON.stringify(body)).toBe(msg);
    }
    expect(await balances(u.user.id)).toEqual({ peas: 55, gold: 0 });
    expect(await ledgerRows(u.user.id)).toHaveLength(1);
    const okRes = await post('/api/index/score/convert', { gold: 5, ratio: 10, peas: 50 }, u.auth);
    expect(okRes.json()).toMatchObject({ status: 1, data: { gold: 5, peas: 50 } });
    expect(await balances(u.user.id)).toEqual({ peas: 5, gold: 5 });
    const rows = await ledgerRows(u.user.id);
    expect(rows.slice(1).map((r) => [r.currency, r.type, r.change])).toEqual([
      ['peas', 3, -50],
      ['gold', 12, 5],
    ]);
    expect(rows[1].bizKey).toBe(rows[2].bizKey);
    await expectLedgerMatchesBalance(u.user.id);
  });

  it('refuses the old ratio after the admin changed it', async () => {
    const u = await seedUser(t.db);
    await give(u.user.id, 100);
    await setSettings({
      sign: {
        base: 5,
        bonus: [
          { day: 3, peas: 10 },
          { day: 7, peas: 30 },
        ],
      },
      convert: { ratio: 20 },
    });
    const res = await post('/api/index/score/convert', { gold: 1, ratio: 10, peas: 10 }, u.auth);
    expect(res.json()).toMatchObject({ status: 0, msg: '兑换比例已调整，请刷新后重新兑换', code: 'RATIO_CHANGED' });
    expect(await balances(u.user.id)).toEqual({ peas: 100, gold: 0 });
    expect((await post('/api/index/score/convert', { gold: 1, ratio: 20, peas: 20 }, u.auth)).json().status).toBe(1);
    await setSettings({
      sign: {
        base: 5,
        bonus: [
          { day: 3, peas: 10 },
          { day: 7, peas: 30 },
        ],
      },
      convert: { ratio: 10 },
    });
    await expectLedgerMatchesBalance(u.user.id);
  });

  it('twenty concurrent conversions cannot overdraw', async () => {
    const u = await seedUser(t.db);
    await give(u.user.id, 100);
    const res = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/index/score/convert', { gold: 3, ratio: 10, peas: 30 }, u.auth)),
    );
    const okCount = res.filter((r) => r.json().status === 1).length;
    expect(okCount).toBe(3);
    for (const r of res.filter((x) => x.json().status !== 1)) expect(r.json().msg).toBe('可用积分不足');
    expect(await balances(u.user.id)).toEqual({ peas: 10, gold: 9 });
    await expectLedgerMatchesBalance(u.user.id);
  });
});

describe('points: admin settings', () => {
  it('reads defaults, validates each rule with its message and changes nothing on a bad save', async () => {
    const cur = (await get('/api/admin/points/settings', admin.auth)).json().data;
    const bad: [object, string][] = [
      [{ sign: { base: -1, bonus: [] }, convert: { ratio: 10 } }, '每日签到积分需为0到1000的整数'],
      [{ sign: { base: 5, bonus: [{ day: 8, peas: 5 }] }, convert: { ratio: 10 } }, '连续签到天数需为1到7的整数'],
      [{ sign: { base: 5, bonus: [{ day: 3, peas: 0 }] }, convert: { ratio: 10 } }, '额外奖励积分需为1到10000的整数'],
      [
        {
          sign: {
            base: 5,
            bonus: [
              { day: 3, peas: 5 },
              { day: 3, peas: 6 },
            ],
          },
          convert: { ratio: 10 },
        },
        '连续签到奖励的天数不能重复',
      ],
      [{ sign: { base: 5, bonus: [] }, convert: { ratio: 0 } }, '兑换比例需为1到10000的整数'],
      [{ sign: { base: 5, bonus: [] }, convert: { ratio: 2.5 } }, '兑换比例需为1到10000的整数'],
    ];
    for (const [body, msg] of bad) {
      const res = await post('/api/admin/points/settings', body, admin.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect((await get('/api/admin/points/settings', admin.auth)).json().data).toEqual(cur);
    const res = await post(
      '/api/admin/points/settings',
      {
        sign: {
          base: 6,
          bonus: [
            { day: 7, peas: 20 },
            { day: 2, peas: 1 },
          ],
        },
        convert: { ratio: 12 },
      },
      admin.auth,
    );
    expect(res.json()).toEqual({
      status: 1,
      msg: '保存成功',
      data: {
        sign: {
          base: 6,
          bonus: [
            { day: 2, peas: 1 },
            { day: 7, peas: 20 },
          ],
        },
        convert: { ratio: 12 },
      },
    });
    await setSettings({
      sign: {
        base: 5,
        bonus: [
          { day: 3, peas: 10 },
          { day: 7, peas: 30 },
        ],
      },
      convert: { ratio: 10 },
    });
  });
});
