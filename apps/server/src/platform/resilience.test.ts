import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { startServer, type TServer } from '../../../../e2e/support/server';
import { openDatabase, type TDatabase } from '../db/client';
import {
  payAttempts,
  payNotifyLog,
  payOrders,
  pointLedger,
  sandboxNotifies,
  sandboxPayments,
  systemMessages,
  users,
} from '../db/schema';
import { seedUser } from '../test/harness';
import { PrivateRedis, TcpProxy, createScratchDatabase, freePort, sleep } from '../test/faults';

/**
 * ARCHITECTURE § Resilience, on a real PostgreSQL and a real server process: backends terminated under load and
 * inside transactions, PostgreSQL unreachable and back, Redis killed and restarted, the server killed with SIGKILL
 * between a payment's notify and its booking. Each part has its own scratch database (created and dropped here), its
 * own TCP proxy and its own redis-server: the machine's PostgreSQL and Redis are never stopped, and only backends of
 * our own scratch databases are terminated.
 */
const BASE = process.env.TEST_DATABASE_URL;

const UNAVAILABLE = { status: 0, msg: '服务暂时不可用，请稍后再试', data: null, code: 'SERVICE_UNAVAILABLE' };
const LIMITER_DOWN = { status: 0, msg: '安全校验服务暂时不可用，请稍后再试', data: null, code: 'LIMITER_UNAVAILABLE' };

type TRes = {
  http: number;
  body: { status: number; msg: string; data: unknown; code?: string } & Record<string, unknown>;
  ms: number;
};

async function call(
  server: TServer,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<TRes> {
  const t0 = Date.now();
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
  });
  return { http: res.status, body: await res.json(), ms: Date.now() - t0 };
}

/** Polls `probe` every 100 ms until it is true; answers the time it took. */
async function until(probe: () => Promise<boolean>, limitMs: number, what: string): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    if (await probe().catch(() => false)) return Date.now() - t0;
    if (Date.now() - t0 > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await sleep(100);
  }
}

const SERVER_ENV = { SEED_DEMO: '0', LOG_LEVEL: 'error', REDIS_URL: '', JIZU_CRASH_AT: '' };

describe.skipIf(!BASE)('PostgreSQL goes away (terminated backends, unreachable server)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: TcpProxy;
  let server: TServer;
  let database: TDatabase;
  let pkg: { id: number; amount: number; value: number; give: number };
  let goldPeas: number;

  beforeAll(async () => {
    scratch = await createScratchDatabase(BASE!);
    proxy = await new TcpProxy(scratch.host, scratch.port).start();
    const viaProxy = new URL(scratch.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    server = await startServer(
      {
        ...SERVER_ENV,
        DATABASE_URL: viaProxy.toString(),
        PAY_SANDBOX_NOTIFY_BACKOFF: '1,1,1,1,1,1,1,1,1,1',
        PAY_RECONCILE_AFTER_SECONDS: '3',
      },
      { web: false },
    );
    // the test's own connection goes straight to PostgreSQL, not through the proxy
    database = await openDatabase({ url: scratch.url, poolSize: 4 });
    database.setLogger({ warn: () => {} });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await proxy?.stop();
    await scratch?.drop();
  });

  async function shop(token: string) {
    const lst = await call(server, 'GET', '/api/payment/gold/lst', { token });
    expect(lst.http).toBe(200);
    const d = lst.body.data as { pay_list: (typeof pkg)[]; gold_peas: number };
    pkg = d.pay_list[1];
    goldPeas = d.gold_peas;
  }
  const purchase = (token: string) =>
    call(server, 'POST', '/api/payment/gold/purchase', {
      token,
      body: { id: pkg.id, amount: pkg.amount, value: pkg.value, give: pkg.give, pay_type: 'wx', gold_peas: goldPeas },
    });

  it('backends terminated under load: the process lives, every answer is a success or the 503 envelope, every acknowledged write is kept, no transaction is half-done', async () => {
    const users2 = await Promise.all([seedUser(database.db), seedUser(database.db)]);
    await shop(users2[0].token);
    const acked: string[] = [];
    const unexpected: string[] = [];
    let unavailable = 0;
    let stop = false;
    const worker = async (i: number) => {
      const u = users2[i % 2];
      while (!stop) {
        try {
          const r =
            i % 3 === 0
              ? await call(server, 'GET', '/api/payment/gold/lst', { token: u.token })
              : await purchase(u.token);
          if (r.http === 200 && r.body.status === 1) {
            const sn = (r.body.data as { order_sn?: string }).order_sn;
            if (sn) acked.push(sn);
          } else if (r.http === 503) {
            expect(r.body).toEqual(UNAVAILABLE);
            unavailable += 1;
          } else unexpected.push(`${r.http} ${JSON.stringify(r.body)}`);
        } catch (e) {
          unexpected.push(`request failed: ${(e as Error).message}`);
        }
      }
    };
    const workers = Array.from({ length: 12 }, (_, i) => worker(i));
    let terminated = 0;
    for (let round = 0; round < 12; round++) {
      await sleep(250);
      terminated += await scratch.terminateAll();
    }
    stop = true;
    await Promise.all(workers);

    expect(server.alive()).toBe(true);
    expect(unexpected, `besides ${unavailable} answers of 503`).toEqual([]);
    expect(terminated).toBeGreaterThan(0);
    expect(acked.length).toBeGreaterThan(0);

    // serving again by itself, within 5 s
    const back = await until(
      async () => (await purchase(users2[0].token)).http === 200,
      5000,
      'service after the terminations',
    );
    expect(back).toBeLessThan(5000);
    // every acknowledged order is there, and every order (acknowledged or not) has its attempt: nothing half-done
    const orders = await database.db
      .select()
      .from(payOrders)
      .where(
        inArray(
          payOrders.userId,
          users2.map((u) => u.user.id),
        ),
      );
    const sns = new Set(orders.map((o) => o.orderSn));
    expect(acked.filter((sn) => !sns.has(sn))).toEqual([]);
    const attempts = await database.db
      .select()
      .from(payAttempts)
      .where(
        inArray(
          payAttempts.orderId,
          orders.map((o) => o.id),
        ),
      );
    const perOrder = new Map<number, number>();
    for (const a of attempts) perOrder.set(a.orderId, (perOrder.get(a.orderId) ?? 0) + 1);
    expect(orders.filter((o) => perOrder.get(o.id) !== 1).map((o) => o.orderSn)).toEqual([]);
  }, 90_000);

  it('transactions cut between their statements leave nothing half-done, and every payment is booked exactly once', async () => {
    const u = await seedUser(database.db);
    await shop(u.token);
    const orders: { order_sn: string; code_url: string }[] = [];
    let cut = 0;
    for (let round = 0; round < 4 && cut < 3; round++) {
      const batch: { order_sn: string; code_url: string }[] = [];
      for (let i = 0; i < 15; i++) {
        const r = await purchase(u.token);
        expect(r.http).toBe(200);
        batch.push(r.body.data as { order_sn: string; code_url: string });
      }
      orders.push(...batch);
      let paying = true;
      const killer = (async () => {
        while (paying) cut += await scratch.terminateInTransaction();
      })();
      // the payer pays each order; the sandbox books it and posts its notify, whose booking is a multi-row transaction
      const results = await Promise.all(
        batch.map((o) => call(server, 'POST', `/api/pay/sandbox/${o.code_url.split('/').pop()}/pay`, {})),
      );
      paying = false;
      await killer;
      for (const r of results) {
        if (r.http !== 200) expect(r.body).toEqual(UNAVAILABLE);
      }
    }
    expect(server.alive()).toBe(true);
    expect(cut).toBeGreaterThan(0);

    // a payer whose "pay" answered 503 pays again (the bank records once); the sandbox's retries and the
    // reconciliation settle the rest
    for (const o of orders) {
      const no = o.code_url.split('/').pop()!;
      const [paidAtBank] = await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.no, no));
      if (!paidAtBank) expect((await call(server, 'POST', `/api/pay/sandbox/${no}/pay`, {})).http).toBe(200);
    }
    const sns = orders.map((o) => o.order_sn);
    await until(
      async () =>
        (
          await database.db
            .select()
            .from(payOrders)
            .where(and(inArray(payOrders.orderSn, sns), eq(payOrders.state, 'SUCCESS')))
        ).length === sns.length,
      20_000,
      'every order booked',
    );
    await sleep(2000); // further retries and reconciliation runs change nothing

    const ledger = await database.db
      .select()
      .from(pointLedger)
      .where(eq(pointLedger.userId, u.user.id))
      .orderBy(asc(pointLedger.id));
    const booked = await database.db
      .select()
      .from(payNotifyLog)
      .where(and(inArray(payNotifyLog.orderSn, sns), eq(payNotifyLog.result, 'booked')));
    const inbox = await database.db.select().from(systemMessages).where(eq(systemMessages.userId, u.user.id));
    for (const sn of sns) {
      expect(
        ledger
          .filter((r) => r.sourceSn === sn)
          .map((r) => [r.currency, r.change])
          .sort(),
        sn,
      ).toEqual([
        ['gold', pkg.value + pkg.give],
        ['peas', (pkg.amount / 100) * goldPeas],
      ]);
      expect(
        booked.filter((b) => b.orderSn === sn),
        sn,
      ).toHaveLength(1);
      expect(
        inbox.filter((m) => m.body.includes(sn)),
        sn,
      ).toHaveLength(1);
    }
    const [bal] = await database.db
      .select({ gold: users.gold, peas: users.peas })
      .from(users)
      .where(eq(users.id, u.user.id));
    expect(bal).toEqual({
      gold: ledger.filter((r) => r.currency === 'gold').reduce((s, r) => s + r.change, 0),
      peas: ledger.filter((r) => r.currency === 'peas').reduce((s, r) => s + r.change, 0),
    });
    // the bank's record and its notify were written together
    const nos = orders.map((o) => o.code_url.split('/').pop()!);
    expect((await database.db.select().from(sandboxPayments).where(inArray(sandboxPayments.no, nos))).length).toBe(
      nos.length,
    );
    expect((await database.db.select().from(sandboxNotifies).where(inArray(sandboxNotifies.no, nos))).length).toBe(
      nos.length,
    );
  }, 120_000);

  it('PostgreSQL unreachable: the 503 envelope, health names the database, the process lives, and service resumes by itself within 5 s', async () => {
    const u = await seedUser(database.db);
    await shop(u.token);
    for (const cutOff of [() => proxy.refuse(), async () => proxy.blackhole()] as const) {
      await cutOff();
      for (const r of [
        await call(server, 'GET', '/api/payment/gold/lst', { token: u.token }),
        await purchase(u.token),
        await call(server, 'GET', '/api/index/info', { token: u.token }),
      ]) {
        expect(r.http).toBe(503);
        expect(r.body).toEqual(UNAVAILABLE);
        // fails fast (the pool's connect timeout is 3 s), never hangs
        expect(r.ms).toBeLessThan(4500);
      }
      const h = await call(server, 'GET', '/api/health');
      expect(h.http).toBe(503);
      expect(h.body).toMatchObject({
        status: 0,
        msg: '服务暂不可用：数据库连接中断',
        code: 'SERVICE_UNAVAILABLE',
        data: { db: 'postgres', database: 'down', redis: 'off' },
      });
      expect(JSON.stringify(h.body)).not.toMatch(/ECONN|terminat|timeout|Error/i);
      expect(server.alive()).toBe(true);

      await proxy.restore();
      const t0 = Date.now();
      await until(
        async () => (await call(server, 'GET', '/api/payment/gold/lst', { token: u.token })).http === 200,
        5000,
        'service after PostgreSQL came back',
      );
      expect(Date.now() - t0).toBeLessThan(5000);
      const ok = await call(server, 'GET', '/api/health');
      expect(ok.http).toBe(200);
      expect(ok.body).toMatchObject({ status: 1, msg: '服务正常', data: { database: 'up', redis: 'off' } });
    }
  }, 90_000);

  it('PostgreSQL unreachable when the server starts: it waits and starts once PostgreSQL answers', async () => {
    // a proxy of its own, so that only the new server's connections are seen
    const own = await new TcpProxy(scratch.host, scratch.port).start();
    own.blackhole();
    const viaProxy = new URL(scratch.url);
    viaProxy.host = `127.0.0.1:${own.port}`;
    const starting = startServer({ ...SERVER_ENV, DATABASE_URL: viaProxy.toString() }, { web: false });
    // the new server's first connect is swallowed; PostgreSQL "comes back" while it waits for it
    await until(async () => own.accepted > 0, 60_000, 'the starting server tries PostgreSQL');
    await own.restore();
    const late = await starting;
    try {
      expect(late.logs.join('')).toMatch(/PostgreSQL is not reachable \(.+\); trying again in \d+ ms/);
      expect((await call(late, 'GET', '/api/health')).body).toMatchObject({ status: 1, data: { database: 'up' } });
    } finally {
      await late.stop();
      await own.stop();
    }
  }, 90_000);
});

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

describe.skipIf(!BASE || !hasRedisServer)(
  'Redis goes away: the limits that protect users fail closed, sessions carry on',
  () => {
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    let redis: PrivateRedis;
    let server: TServer;
    let database: TDatabase;

    beforeAll(async () => {
      scratch = await createScratchDatabase(BASE!);
      redis = await new PrivateRedis(await freePort()).start();
      server = await startServer(
        { ...SERVER_ENV, DATABASE_URL: scratch.url, REDIS_URL: redis.url, SMS_RESEND_SECONDS: '60' },
        { web: false },
      );
      database = await openDatabase({ url: scratch.url, poolSize: 2 });
    }, 180_000);

    afterAll(async () => {
      await server?.stop();
      await redis?.kill();
      await database?.close();
      await scratch?.drop();
    });

    it('answers LIMITER_UNAVAILABLE for logins and password changes while Redis is away, keeps sessions and the SMS limits, and resumes when Redis is back', async () => {
      const u = await seedUser(database.db, { password: 'Test@2026' });
      const login = (password: string) =>
        call(server, 'POST', '/api/auth/login', { body: { phone: u.phone, password } });
      expect((await login('Test@2026')).http).toBe(200);
      expect((await login('Wrong@2026')).body).toMatchObject({ status: 0, msg: '手机号或密码错误' });

      // Redis killed while logins are in flight: each answers a result or the limiter's 503, and the process lives
      const inFlight = Array.from({ length: 20 }, (_, i) => login(i % 2 ? 'Test@2026' : 'Wrong@2026'));
      await sleep(5);
      await redis.kill();
      for (const r of await Promise.all(inFlight)) {
        if (r.http === 503) expect(r.body).toEqual(LIMITER_DOWN);
        else expect([200, 400, 429]).toContain(r.http);
      }
      expect(server.alive()).toBe(true);
      // right or wrong password: refused with the clear message, nothing let through uncounted
      for (const pw of [
        'Test@2026',
        'Wrong@2026',
        'Wrong@2026',
        'Wrong@2026',
        'Wrong@2026',
        'Wrong@2026',
        'Wrong@2026',
      ]) {
        const r = await login(pw);
        expect(r.http).toBe(503);
        expect(r.body).toEqual(LIMITER_DOWN);
        expect(r.ms).toBeLessThan(3000);
      }
      const pw = await call(server, 'POST', '/api/index/passwd', {
        token: u.token,
        body: { oldpassword: 'Wrong@2026', password: 'Next@2026', repassword: 'Next@2026' },
      });
      expect(pw.http).toBe(503);
      expect(pw.body).toEqual(LIMITER_DOWN);
      // sessions live in PostgreSQL: a logged-in user carries on
      const info = await call(server, 'GET', '/api/index/info', { token: u.token });
      expect(info.http).toBe(200);
      expect(info.body.status).toBe(1);
      // SMS send gaps and daily caps are kept in PostgreSQL: still enforced, not let through
      const sms1 = await call(server, 'POST', '/api/auth/sms', { body: { phone: u.phone, scene: 'login' } });
      expect(sms1.http).toBe(200);
      const sms2 = await call(server, 'POST', '/api/auth/sms', { body: { phone: u.phone, scene: 'login' } });
      expect(sms2.http).toBe(429);
      expect(sms2.body.msg).toMatch(/^发送过于频繁，请\d+秒后再试$/);
      const h = await call(server, 'GET', '/api/health');
      expect(h.http).toBe(503);
      expect(h.body).toMatchObject({
        status: 0,
        msg: '服务暂不可用：缓存服务（Redis）连接中断',
        code: 'SERVICE_UNAVAILABLE',
        data: { database: 'up', redis: 'down' },
      });
      expect(server.alive()).toBe(true);

      await redis.start();
      const took = await until(
        async () => (await login('Test@2026')).http === 200,
        5000,
        'login after Redis came back',
      );
      expect(took).toBeLessThan(5000);
      expect((await call(server, 'GET', '/api/health')).body).toMatchObject({
        status: 1,
        data: { database: 'up', redis: 'up' },
      });
      // the limit counts again: five wrong passwords, then the pause
      for (let i = 0; i < 5; i++) expect((await login('Wrong@2026')).body.msg).toBe('手机号或密码错误');
      const locked = await login('Test@2026');
      expect(locked.http).toBe(429);
      expect(locked.body.msg).toMatch(/^登录失败次数过多/);
      expect(server.alive()).toBe(true);
    }, 60_000);
  },
);

describe.skipIf(!BASE)('kill -9 between a payment notify and its booking', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: TDatabase;
  const servers: TServer[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(BASE!);
  });
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await database?.close();
    await scratch?.drop();
  });

  async function start(env: Record<string, string>) {
    const s = await startServer({ ...SERVER_ENV, DATABASE_URL: scratch.url, ...env }, { web: false });
    servers.push(s);
    database ??= await openDatabase({ url: scratch.url, poolSize: 2 });
    return s;
  }

  for (const c of [
    // the sandbox retries its notify (every second here); reconciliation would only look after an hour
    {
      crashAt: 'pay-notify-before-book',
      restart: { PAY_SANDBOX_NOTIFY_BACKOFF: '1,1,1,1,1', PAY_RECONCILE_AFTER_SECONDS: '3600' },
      settledBy: 'the notify retry',
    },
    // the killed booking rolled back and the notify's next try is an hour away: reconciliation queries the channel
    {
      crashAt: 'pay-book-before-commit',
      restart: { PAY_SANDBOX_NOTIFY_BACKOFF: '3600', PAY_RECONCILE_AFTER_SECONDS: '1' },
      settledBy: 'querying the channel',
    },
    // both at once: still exactly once
    {
      crashAt: 'pay-notify-before-book',
      restart: { PAY_SANDBOX_NOTIFY_BACKOFF: '1,1,1,1,1', PAY_RECONCILE_AFTER_SECONDS: '0' },
      settledBy: 'the retry and the query racing',
    },
  ]) {
    it(`crash at ${c.crashAt}: after a restart the order is booked exactly once, by ${c.settledBy}`, async () => {
      const a = await start({
        JIZU_CRASH_AT: c.crashAt,
        PAY_SANDBOX_NOTIFY_BACKOFF: c.restart.PAY_SANDBOX_NOTIFY_BACKOFF,
        PAY_RECONCILE_AFTER_SECONDS: '3600',
      });
      const u = await seedUser(database.db);
      const lst = (await call(a, 'GET', '/api/payment/gold/lst', { token: u.token })).body.data as {
        pay_list: { id: number; amount: number; value: number; give: number }[];
        gold_peas: number;
      };
      const p = lst.pay_list[1];
      const order = (
        await call(a, 'POST', '/api/payment/gold/purchase', {
          token: u.token,
          body: { id: p.id, amount: p.amount, value: p.value, give: p.give, pay_type: 'wx', gold_peas: lst.gold_peas },
        })
      ).body.data as { order_sn: string; code_url: string };
      const no = order.code_url.split('/').pop()!;

      // the payer pays; the server dies while handling the channel's notify
      await expect(call(a, 'POST', `/api/pay/sandbox/${no}/pay`, {})).rejects.toThrow();
      expect(await a.exited).toEqual({ code: null, signal: 'SIGKILL' });
      const state = async () =>
        (await database.db.select().from(payOrders).where(eq(payOrders.orderSn, order.order_sn)))[0].state;
      const ledger = () => database.db.select().from(pointLedger).where(eq(pointLedger.userId, u.user.id));
      expect(await state()).toBe('WAITING');
      expect(await ledger()).toHaveLength(0);
      expect(await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.no, no))).toHaveLength(1);

      const b = await start(c.restart);
      await until(async () => (await state()) === 'SUCCESS', 20_000, 'the order booked after the restart');
      await sleep(3000); // more retries and reconciliation runs book nothing more
      expect(b.alive()).toBe(true);
      expect((await ledger()).map((r) => [r.currency, r.change, r.sourceSn]).sort()).toEqual([
        ['gold', p.value + p.give, order.order_sn],
        ['peas', (p.amount / 100) * lst.gold_peas, order.order_sn],
      ]);
      const [bal] = await database.db
        .select({ gold: users.gold, peas: users.peas })
        .from(users)
        .where(eq(users.id, u.user.id));
      expect(bal).toEqual({ gold: p.value + p.give, peas: (p.amount / 100) * lst.gold_peas });
      expect(
        await database.db
          .select()
          .from(payNotifyLog)
          .where(and(eq(payNotifyLog.orderSn, order.order_sn), eq(payNotifyLog.result, 'booked'))),
      ).toHaveLength(1);
      expect(
        await database.db
          .select()
          .from(systemMessages)
          .where(and(eq(systemMessages.userId, u.user.id), like(systemMessages.body, `%${order.order_sn}%`))),
      ).toHaveLength(1);
      const q = await call(b, 'GET', `/api/payment/query?order_sn=${order.order_sn}`, { token: u.token });
      expect(q.body.data).toMatchObject({ state: 'SUCCESS' });
      await b.stop();
    }, 90_000);
  }
});
