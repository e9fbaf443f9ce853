import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createScratchDatabase } from '../test/scratch-db';
import { Redis } from 'ioredis';
import { startServer, type TServer } from '../../../../e2e/support/server';
import { inTx, migrationsFolder, openDatabase, type TDatabase } from '../db/client';
import { openSse } from '../test/sse';
import { createMessage } from '../modules/message/message.service';
import {
  companies,
  jobRuns,
  payNotifyLog,
  payOrders,
  pointLedger,
  rateCounters,
  sessions,
  smsCodes,
  systemMessages,
  users,
} from '../db/schema';
import { MENU } from '@jizu/shared/constants/menu';
import { addMember, seedUser } from '../test/harness';
import { SandboxChannel } from './payment';

/**
 * The scale-out path of the README: two real server processes (`main.ts`, as `npm start` runs it) on one PostgreSQL
 * database (and one Redis), every step sent to both in turn. Nothing a process keeps in memory may decide an outcome.
 * Runs when TEST_DATABASE_URL is set (a fresh database on that server, dropped afterwards); the Redis part when
 * REDIS_TEST_URL is set as well.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_TEST_URL;

let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
const dbUrl = () => scratch!.url;
const paySecret = `scale-test-${randomBytes(8).toString('hex')}`;
/** What both processes of a pair are started with: one database, the same secrets, short job polling. */
const sharedEnv = (): Record<string, string> => ({
  DATABASE_URL: dbUrl(),
  REDIS_URL: '',
  SEED_DEMO: '0',
  TRUST_PROXY: '1',
  SMS_DEV_CODE: '123456',
  SMS_RESEND_SECONDS: '60',
  SMS_DAILY_PER_PHONE: '3',
  SMS_DAILY_PER_IP: '4',
  LOGIN_MAX_FAILS: '5',
  LOGIN_FAIL_WINDOW_MINUTES: '15',
  PAY_SANDBOX_SECRET: paySecret,
  JOB_POLL_SECONDS: '1',
  LOG_LEVEL: 'warn',
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let seq = 0;
const newPhone = () => `137${String(process.pid % 10000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`;
/** A client address of its own per call site (TRUST_PROXY=1), so the per-IP SMS cap is met only where a step means it. */
let ipSeq = 0;
const newIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

/** The envelope as JSON.parse gives it: {status, msg, data, code?} */
interface TRes {
  status: number;
  body: ReturnType<typeof JSON.parse>;
}
async function call(
  server: TServer,
  method: 'GET' | 'POST',
  path: string,
  opts: { body?: unknown; token?: string; ip?: string } = {},
): Promise<TRes> {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? newIp() };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: JSON.parse(await res.text()) };
}

let db: TDatabase['db'] | undefined;
let database: TDatabase | undefined;
let a: TServer | undefined;
let b: TServer | undefined;
let startedAt = 0;

/** Registers a phone through the two processes: the code is sent by one and used by the other. */
async function register(send: TServer, use: TServer, password = 'Scale123') {
  const phone = newPhone();
  const s = await call(send, 'POST', '/api/auth/sms', { body: { phone, scene: 'register' } });
  expect(s.body).toMatchObject({ status: 1, msg: '短信发送成功' });
  const r = await call(use, 'POST', '/api/auth/register', { body: { phone, code: '123456', password } });
  expect(r.body).toMatchObject({ status: 1, msg: '注册成功' });
  const [user] = await db!.select().from(users).where(eq(users.phone, phone));
  return { phone, password, user, token: r.body.data.token as string };
}
/** error and fatal lines (pino levels 50, 60) the two processes have logged */
const errorLines = () =>
  [a, b].flatMap((s) => (s?.logs.join('') ?? '').split('\n').filter((l) => /"level":(50|60)/.test(l)));
const ageSends = (phone: string) =>
  db!.execute(sql`update sms_codes set created_at = created_at - interval '61 seconds' where phone = ${phone}`);
const countSessions = async (userId: number) =>
  (await db!.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe.skipIf(!baseUrl)('two API processes on one PostgreSQL (TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl!, 'jizu_scale');
    // Both start at once on the empty database, as two replicas of a deployment do: migrations, reference data and
    // defaults must not trip over each other.
    startedAt = Date.now();
    const started = await Promise.allSettled([
      startServer(sharedEnv(), { web: false }),
      startServer(sharedEnv(), { web: false }),
    ]);
    const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    [a, b] = up;
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    database = await openDatabase({ url: dbUrl(), poolSize: 4 });
    db = database.db;
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await scratch?.drop();
  }, 120_000);

  it('started together on the empty database: the migrations applied once, no errors logged', async () => {
    expect(a!.url).not.toBe(b!.url);
    for (const s of [a!, b!])
      expect((await call(s, 'GET', '/api/health')).body).toMatchObject({ status: 1, data: { db: 'postgres' } });
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const applied = (await db!.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(applied.rows).toEqual([{ n: journal.entries.length }]);
    expect(errorLines()).toEqual([]);
  });

  it('a session made on A works on B; logged out on B, it is refused on A', async () => {
    const u = await register(a!, b!);
    const login = await call(a!, 'POST', '/api/auth/login', { body: { phone: u.phone, password: u.password } });
    expect(login.body).toMatchObject({ status: 1, msg: '登录成功' });
    const token = login.body.data.token as string;
    expect((await call(b!, 'GET', '/api/payment/gold/lst', { token })).body).toMatchObject({
      status: 1,
      data: { available: 0 },
    });
    expect((await call(a!, 'GET', '/api/payment/gold/lst', { token })).body.status).toBe(1);
    expect(await countSessions(u.user.id)).toBe(2); // the registration's and this login's

    expect((await call(b!, 'POST', '/api/auth/logout', { token })).body).toMatchObject({ status: 1, msg: '退出成功' });
    for (const s of [a!, b!]) {
      const res = await call(s, 'GET', '/api/payment/gold/lst', { token });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: -1, msg: '登录已过期，请重新登录', data: null });
    }
    expect(await countSessions(u.user.id)).toBe(1);
    // the other session of the user is untouched
    expect((await call(b!, 'GET', '/api/payment/gold/lst', { token: u.token })).body.status).toBe(1);
  });

  it('a grant removed on A is refused on B at the very next request; a member switched off on B is refused on A; a company renamed shows on both at once', async () => {
    const main = await seedUser(db!, { companyName: `跨进程权限${newPhone().slice(-4)}有限公司` });
    const sub = await seedUser(db!);
    const member = await addMember(db!, main.company.id, sub.user.id, { menus: [MENU.companyUser] });
    const list = (s: TServer, token: string) =>
      call(s, 'GET', `/api/company/user/lst?company_id=${main.company.id}`, { token });
    // both processes have read (and keep) the sub-user's membership
    for (const s of [a!, b!]) for (let i = 0; i < 2; i++) expect((await list(s, sub.token)).body.status).toBe(1);
    const save = await call(a!, 'POST', '/api/company/privilege/save', {
      token: main.token,
      body: { company_id: main.company.id, member_id: member.id, menu_id: [] },
    });
    expect(save.body).toMatchObject({ status: 1 });
    expect((await list(b!, sub.token)).body).toMatchObject({
      status: 0,
      msg: '您没有该功能的权限，请联系企业主账号开通',
    });
    expect((await list(a!, sub.token)).body.status).toBe(0);
    // granted again on B: allowed on A
    expect(
      (
        await call(b!, 'POST', '/api/company/privilege/save', {
          token: main.token,
          body: { company_id: main.company.id, member_id: member.id, menu_id: [MENU.companyUser] },
        })
      ).body.status,
    ).toBe(1);
    expect((await list(a!, sub.token)).body.status).toBe(1);
    // switched off on B: refused on A
    expect(
      (
        await call(b!, 'POST', '/api/company/user/on', {
          token: main.token,
          body: { company_id: main.company.id, id: member.id, status: 0 },
        })
      ).body.status,
    ).toBe(1);
    const off = await list(a!, sub.token);
    expect(off.status).toBe(403);
    expect((await list(b!, sub.token)).status).toBe(403);
    // the main account's company renamed behind both processes' backs: the next answer carries the new name
    const prefix = (s: TServer) =>
      call(s, 'GET', `/api/rent/bidding/add?company_id=${main.company.id}`, { token: main.token });
    for (const s of [a!, b!]) expect((await prefix(s)).body.data.company_name).toBe(main.company.name);
    await db!
      .update(companies)
      .set({ name: `${main.company.name}（更名）` })
      .where(eq(companies.id, main.company.id));
    // the very next answer of each process carries the new name (no retry asked of the page)
    for (const s of [a!, b!]) {
      const r = await prefix(s);
      expect(r.status).toBe(200);
      expect(r.body.data.company_name).toBe(`${main.company.name}（更名）`);
    }
  });

  it('an SMS code sent on A is refused on B within 60 s, with the wait; two sends at the same moment: one passes', async () => {
    const phone = newPhone();
    expect((await call(a!, 'POST', '/api/auth/sms', { body: { phone, scene: 'register' } })).body).toMatchObject({
      status: 1,
      msg: '短信发送成功',
      data: { resend_in: 60 },
    });
    const res = await call(b!, 'POST', '/api/auth/sms', { body: { phone, scene: 'register' } });
    expect(res.status).toBe(429);
    const wait = Number(/^发送过于频繁，请(\d+)秒后再试$/.exec(res.body.msg)?.[1]);
    expect(wait).toBeGreaterThanOrEqual(55);
    expect(wait).toBeLessThanOrEqual(60);
    expect(res.body).toEqual({
      status: 0,
      msg: `发送过于频繁，请${wait}秒后再试`,
      code: 'SMS_TOO_SOON',
      data: { resend_in: wait },
    });
    expect(await db!.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toHaveLength(1);

    const other = newPhone();
    const both = await Promise.all(
      [a!, b!, a!, b!].map((s) => call(s, 'POST', '/api/auth/sms', { body: { phone: other, scene: 'register' } })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 429, 429, 429]);
    expect(await db!.select().from(smsCodes).where(eq(smsCodes.phone, other))).toHaveLength(1);
  });

  it('the daily caps per phone and per IP count the sends of both processes', async () => {
    const phone = newPhone();
    for (const s of [a!, b!, a!]) {
      expect((await call(s, 'POST', '/api/auth/sms', { body: { phone, scene: 'register' } })).body.status).toBe(1);
      await ageSends(phone);
    }
    for (const s of [b!, a!]) {
      const res = await call(s, 'POST', '/api/auth/sms', { body: { phone, scene: 'register' } });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        status: 0,
        msg: '今日短信发送次数已达上限，请明天再试',
        code: 'SMS_DAILY_LIMIT',
        data: null,
      });
    }
    expect(await db!.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toHaveLength(3);

    const ip = '10.88.0.1';
    for (const s of [a!, b!, a!, b!])
      expect(
        (await call(s, 'POST', '/api/auth/sms', { body: { phone: newPhone(), scene: 'register' }, ip })).body.status,
      ).toBe(1);
    const refused = newPhone();
    for (const s of [a!, b!])
      expect(
        (await call(s, 'POST', '/api/auth/sms', { body: { phone: refused, scene: 'register' }, ip })).body.msg,
      ).toBe('今日短信发送次数已达上限，请明天再试');
    expect(await db!.select().from(smsCodes).where(eq(smsCodes.ip, ip))).toHaveLength(4);
    expect(await db!.select().from(smsCodes).where(eq(smsCodes.phone, refused))).toHaveLength(0);
    // another address still gets its code
    expect((await call(b!, 'POST', '/api/auth/sms', { body: { phone: refused, scene: 'register' } })).body.status).toBe(
      1,
    );
  });

  it('failed logins split between A and B lock the phone on both (counters in the database)', async () => {
    const u = await register(b!, a!);
    await expectLockAcross(a!, b!, u);
    const [row] = await db!
      .select()
      .from(rateCounters)
      .where(eq(rateCounters.key, `login:fail:${u.phone}`));
    expect(row.count).toBe(5);
  });

  it('each background job runs once per period between the two processes', async () => {
    const name = 'close expired payment orders';
    // both processes have asked every second since they started; each job was claimed once, by one of them
    await sleep(2_500);
    const rows = await db!.select().from(jobRuns);
    expect(rows.map((r) => r.name)).toContain(name);
    const elapsed = Date.now() - startedAt;
    for (const r of rows) {
      const period = r.nextRunAt.getTime() - r.lastStartedAt!.getTime();
      expect(r.runs, r.name).toBeLessThanOrEqual(Math.floor(elapsed / period) + 1);
    }
    const [first] = await db!.select().from(jobRuns).where(eq(jobRuns.name, name));
    expect(first.runs).toBeGreaterThanOrEqual(1);
    expect(first.lastResult).toMatch(/^ok \d+$/);
    // its natural next period out of the way, so that only the periods below come due
    await db!
      .update(jobRuns)
      .set({ nextRunAt: sql`now() + interval '1 hour'` })
      .where(eq(jobRuns.name, name));

    // three periods, fast-forwarded: each is claimed and run by exactly one process, though both keep asking
    const u = await register(a!, b!);
    const owners = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const [expired] = await db!
        .insert(payOrders)
        .values({
          orderSn: `PSCALE${process.pid}${i}${randomBytes(3).toString('hex')}`,
          kind: 'coin',
          userId: u.user.id,
          subject: '购买金币 100个',
          amount: 1000,
          payType: 'wx',
          expiresAt: new Date(Date.now() - 60_000),
        })
        .returning();
      const [due] = await db!
        .update(jobRuns)
        .set({ nextRunAt: sql`now()` })
        .where(eq(jobRuns.name, name))
        .returning({ runs: jobRuns.runs });
      const deadline = Date.now() + 15_000;
      let row = first;
      while (Date.now() < deadline) {
        [row] = await db!.select().from(jobRuns).where(eq(jobRuns.name, name));
        if (row.runs > due.runs && row.lastResult) break;
        await sleep(100);
      }
      expect(row.runs).toBe(due.runs + 1);
      expect(row.lastResult).toBe('ok 1');
      expect(row.nextRunAt.getTime() - row.lastStartedAt!.getTime()).toBe(30_000);
      owners.add(row.lastOwner);
      expect((await db!.select().from(payOrders).where(eq(payOrders.id, expired.id)))[0].state).toBe('CLOSED');
      // both processes ask twice more: the period is taken
      await sleep(2_500);
      [row] = await db!.select().from(jobRuns).where(eq(jobRuns.name, name));
      expect(row.runs).toBe(due.runs + 1);
    }
    expect([...owners].every((o) => /^.+:\d+:[0-9a-f]{8}$/.test(o))).toBe(true);
    expect(errorLines()).toEqual([]);
  }, 90_000);

  it('a payment notify delivered to A and B at the same moment books the order once; every answer acknowledges', async () => {
    const u = await register(a!, b!);
    const lst = (await call(b!, 'GET', '/api/payment/gold/lst', { token: u.token })).body.data;
    const p = lst.pay_list[1];
    expect(p).toMatchObject({ amount: 5000, value: 500, give: 20 });
    const buy = await call(a!, 'POST', '/api/payment/gold/purchase', {
      token: u.token,
      body: { id: p.id, amount: p.amount, value: p.value, give: p.give, pay_type: 'wx', gold_peas: lst.gold_peas },
    });
    expect(buy.body).toMatchObject({ status: 1, data: { state: 'WAITING', amount: p.amount } });
    const order = buy.body.data;
    const no = String(order.code_url).split('/').pop()!;
    // the channel's signed notify, as the sandbox "bank" posts it (both processes share the secret)
    const body = new SandboxChannel(paySecret, '').notifyBody(
      no,
      order.order_sn,
      order.amount,
      `SBX${randomBytes(6).toString('hex')}`,
    );
    const answers = await Promise.all(
      [a!, b!, a!, b!].map((s) => call(s, 'POST', '/api/pay/notify/sandbox', { body })),
    );
    for (const r of answers) expect(r).toMatchObject({ status: 200, body: { status: 1, msg: '操作成功' } });
    expect(answers.map((r) => r.body.data.result).sort()).toEqual(['booked', 'duplicate', 'duplicate', 'duplicate']);

    const [paid] = await db!.select().from(payOrders).where(eq(payOrders.orderSn, order.order_sn));
    expect(paid).toMatchObject({ state: 'SUCCESS', tradeNo: body.trade_no });
    const [bal] = await db!.select({ gold: users.gold, peas: users.peas }).from(users).where(eq(users.id, u.user.id));
    expect(bal).toEqual({ gold: 520, peas: 50 });
    const ledger = await db!.select().from(pointLedger).where(eq(pointLedger.sourceSn, order.order_sn));
    expect(ledger.map((r) => [r.currency, r.change]).sort()).toEqual([
      ['gold', 520],
      ['peas', 50],
    ]);
    const logs = await db!.select().from(payNotifyLog).where(eq(payNotifyLog.orderSn, order.order_sn));
    expect(logs.map((l) => l.result).sort()).toEqual(['booked', 'duplicate', 'duplicate', 'duplicate']);
    expect(
      await db!
        .select()
        .from(systemMessages)
        .where(and(eq(systemMessages.userId, u.user.id), eq(systemMessages.kind, 'payment'))),
    ).toHaveLength(1);
    for (const s of [a!, b!]) {
      expect(
        (await call(s, 'GET', `/api/payment/gold/queryOrder?order_sn=${order.order_sn}`, { token: u.token })).body.data
          .state,
      ).toBe('SUCCESS');
      expect((await call(s, 'GET', '/api/payment/gold/lst', { token: u.token })).body.data.available).toBe(520);
    }
    expect(errorLines()).toEqual([]);
  });

  it('a live notification committed by a third process reaches streams on A and B; logout on B ends the one on A', async () => {
    const u = await register(a!, b!);
    const sa = await openSse(`${a!.url}/api/events`, { authorization: `Bearer ${u.token}` });
    const sb = await openSse(`${b!.url}/api/events`, { authorization: `Bearer ${u.token}` });
    for (const s of [sa, sb]) for (let i = 0; i < 200 && !s.text().includes('retry:'); i++) await sleep(10);
    // committed by this test's own pool: neither server wrote it
    await inTx(db!, (tx) => createMessage(tx, { userId: u.user.id, title: '跨进程的消息', content: '' }));
    for (const s of [sa, sb])
      expect((await s.waitFrames(1))[0].data).toMatchObject({ type: 'message', body: '跨进程的消息' });
    expect((await call(b!, 'POST', '/api/auth/logout', { token: u.token })).body.status).toBe(1);
    await sa.waitEnd(3000);
    await sb.waitEnd(3000);
    expect(errorLines()).toEqual([]);
  });

  describe.skipIf(!redisUrl)(
    'sharing one Redis as well (REDIS_TEST_URL; skipped when unset: the counters then live in PostgreSQL, tested above)',
    () => {
      const prefix = `jizu-test:scale:${process.pid}:${randomBytes(4).toString('hex')}:`;
      let redis: Redis;
      let ra: TServer | undefined;
      let rb: TServer | undefined;
      beforeAll(async () => {
        // the first pair has done its part: its connections go back to the shared server before two more processes start
        await Promise.all([a?.stop(), b?.stop()]);
        a = b = undefined;
        redis = new Redis(redisUrl!);
        const env = { ...sharedEnv(), REDIS_URL: redisUrl!, REDIS_PREFIX: prefix };
        [ra, rb] = await Promise.all([startServer(env, { web: false }), startServer(env, { web: false })]);
      }, 240_000);
      afterAll(async () => {
        await Promise.all([ra?.stop(), rb?.stop()]);
        if (!redis) return;
        // our keys only (the Redis is shared with other runs): never a flush
        const keys = await scanKeys(redis, `${prefix}*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
      }, 120_000);

      it('failed logins split between the two lock the phone on both, counted under REDIS_PREFIX', async () => {
        const u = await register(ra!, rb!);
        await expectLockAcross(ra!, rb!, u);
        const keys = await scanKeys(redis, `${prefix}rl:login:fail:${u.phone}:*`);
        expect(keys).toHaveLength(1);
        expect(await redis.get(keys[0])).toBe('5');
        expect(
          await db!
            .select()
            .from(rateCounters)
            .where(eq(rateCounters.key, `login:fail:${u.phone}`)),
        ).toHaveLength(0);
      });

      it('a success on one process clears the failures counted by the other', async () => {
        const u = await register(rb!, ra!);
        for (const s of [ra!, rb!, ra!, rb!])
          expect(
            (await call(s, 'POST', '/api/auth/login', { body: { phone: u.phone, password: 'Wrong999' } })).body.msg,
          ).toBe('手机号或密码错误');
        expect(
          (await call(ra!, 'POST', '/api/auth/login', { body: { phone: u.phone, password: u.password } })).body.status,
        ).toBe(1);
        expect(await scanKeys(redis, `${prefix}rl:login:fail:${u.phone}:*`)).toHaveLength(0);
        for (const s of [rb!, ra!, rb!, ra!])
          expect(
            (await call(s, 'POST', '/api/auth/login', { body: { phone: u.phone, password: 'Wrong999' } })).body.msg,
          ).toBe('手机号或密码错误');
        expect(
          (await call(rb!, 'POST', '/api/auth/login', { body: { phone: u.phone, password: u.password } })).body.status,
        ).toBe(1);
      });
    },
  );
});

async function scanKeys(redis: Redis, match: string) {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 1000);
    keys.push(...found);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

/** Five wrong passwords alternating between the processes lock the phone on both: the right one is refused too. */
async function expectLockAcross(x: TServer, y: TServer, u: { phone: string; password: string; user: { id: number } }) {
  for (const s of [x, y, x, y, x]) {
    const res = await call(s, 'POST', '/api/auth/login', { body: { phone: u.phone, password: 'Wrong999' } });
    expect(res.body).toEqual({ status: 0, msg: '手机号或密码错误', code: 'LOGIN_FAILED', data: null });
  }
  const before = await countSessions(u.user.id);
  for (const s of [y, x]) {
    const res = await call(s, 'POST', '/api/auth/login', { body: { phone: u.phone, password: u.password } });
    expect(res.status).toBe(429);
    const n = Number(/^登录失败次数过多，请(\d+)分钟后再试$/.exec(res.body.msg)?.[1]);
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(15);
    expect(res.body).toEqual({
      status: 0,
      msg: `登录失败次数过多，请${n}分钟后再试`,
      code: 'LOGIN_LOCKED',
      data: { retry_in: n * 60 },
    });
  }
  expect(await countSessions(u.user.id)).toBe(before);
}
