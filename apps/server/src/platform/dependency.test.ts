import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedUser } from '../test/harness';
import { freePort } from '../test/faults';
import { isDependencyDown } from './dependency';
import { AppError } from './errors';
import { RedisRateLimiter, createRedis, type RateLimiter } from './rate-limit';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isDependencyDown', () => {
  it('recognises lost connections of PostgreSQL, the pool and Redis, also wrapped by drizzle', () => {
    const down = [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P02', 'terminating connection due to crash of another server process'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006', 'connection failure'),
      pgError('08001', 'could not connect'),
      pgError('53300', 'sorry, too many clients already'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('timeout expired'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      new Error('Connection is closed.'),
      // drizzle's DrizzleQueryError keeps the driver's error as its cause
      Object.assign(new Error('Failed query: select 1\nparams: '), {
        cause: pgError('57P01', 'terminating connection due to administrator command'),
      }),
      new AggregateError(
        [Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })],
        'connect failed',
      ),
    ];
    for (const e of down) expect(isDependencyDown(e), e.message).toBe(true);
  });

  it('leaves every other failure to the usual handling', () => {
    const others = [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('22P02', 'invalid input syntax for type integer'),
      pgError('40001', 'could not serialize access'),
      new Error('boom'),
      new AppError('CONFLICT'),
      Object.assign(new Error('Failed query'), { cause: pgError('23503', 'foreign key violation') }),
      null,
      'Connection terminated',
    ];
    for (const e of others) expect(isDependencyDown(e), String(e)).toBe(false);
  });
});

describe('the API while a dependency is away (in process)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let limiter: RedisRateLimiter;
  // a limiter whose store is PostgreSQL and whose connection was just terminated
  const cut: RateLimiter = {
    hit: () => Promise.reject(pgError('57P01', 'terminating connection due to administrator command')),
    peek: () =>
      Promise.reject(
        Object.assign(new Error('Failed query: select'), { cause: new Error('Connection terminated unexpectedly') }),
      ),
    reset: () => Promise.reject(new Error('timeout exceeded when trying to connect')),
    close: async () => {},
  };
  let t2: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    // Redis at an address where nothing listens: the limiter must refuse at once, never let a login through
    limiter = new RedisRateLimiter(createRedis(`redis://127.0.0.1:${await freePort()}`));
    t = await createTestApp({}, { limiter });
    t2 = await createTestApp({}, { limiter: cut });
  });
  afterAll(async () => {
    await t?.close();
    await t2?.close();
  });

  it('a Redis that is away: the limiter refuses fast with LIMITER_UNAVAILABLE, logins answer 503, sessions carry on', async () => {
    const t0 = Date.now();
    await expect(limiter.peek('k', 60)).rejects.toMatchObject({
      code: 'LIMITER_UNAVAILABLE',
      http: 503,
      message: '安全校验服务暂时不可用，请稍后再试',
    });
    await expect(limiter.hit('k', 60)).rejects.toMatchObject({ code: 'LIMITER_UNAVAILABLE' });
    await expect(limiter.reset('k', 60)).rejects.toMatchObject({ code: 'LIMITER_UNAVAILABLE' });
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(await limiter.health()).toEqual({ name: 'redis', up: false });

    const u = await seedUser(t.db, { password: 'Test@2026' });
    for (const password of ['Test@2026', 'Wrong@2026']) {
      const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: u.phone, password } });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({
        status: 0,
        msg: '安全校验服务暂时不可用，请稍后再试',
        data: null,
        code: 'LIMITER_UNAVAILABLE',
      });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/index/info', headers: u.auth })).json().status).toBe(1);
    const h = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(h.statusCode).toBe(503);
    expect(h.json()).toMatchObject({
      status: 0,
      msg: '服务暂不可用：缓存服务（Redis）连接中断',
      code: 'SERVICE_UNAVAILABLE',
      data: { database: 'up', redis: 'down' },
    });
  });

  it('a lost database connection answers the 503 envelope with no internals', async () => {
    const u = await seedUser(t2.db, { password: 'Test@2026' });
    const r = await t2.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phone: u.phone, password: 'Test@2026' },
    });
    expect(r.statusCode).toBe(503);
    expect(r.headers['retry-after']).toBe('5');
    expect(r.json()).toEqual({ status: 0, msg: '服务暂时不可用，请稍后再试', data: null, code: 'SERVICE_UNAVAILABLE' });
    // the health of an app without Redis says so
    const h = await t2.app.inject({ method: 'GET', url: '/api/health' });
    expect(h.statusCode).toBe(200);
    expect(h.json()).toMatchObject({ status: 1, msg: '服务正常', data: { database: 'up', redis: 'off' } });
  });
});
