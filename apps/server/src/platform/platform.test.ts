import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Redis } from 'ioredis';
import { ConfigError, loadConfig } from '../config';
import { openDatabase, type TDatabase } from '../db/client';
import { buildApp } from '../app';
import { createRateLimiter, DbRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limit';
import { AppError } from './errors';
import { ok } from './envelope';
import type { TApp } from './http';
import { createTestApp } from '../test/harness';

describe('config', () => {
  it('stops on a bad value with one clear line per problem', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      expect((e as Error).message).toContain('PORT: must be a number (got "abc")');
      expect((e as Error).message).toContain('DATABASE_URL: must be a postgres:// URL');
    }
  });

  it('has working defaults and never honours a fixed SMS code in production', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).seedDemo).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', SMS_CONSOLE_IN_PRODUCTION: '1', SMS_DEV_CODE: '123456' }).sms.devCode,
    ).toBeUndefined();
    expect(loadConfig({ SMS_DEV_CODE: '123456' }).sms.devCode).toBe('123456');
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('reads the Redis key prefix and the job polling interval', () => {
    expect(loadConfig({})).toMatchObject({ redisPrefix: 'jizu:', jobPollSeconds: 5 });
    expect(loadConfig({ REDIS_PREFIX: 'staging:jizu:', JOB_POLL_SECONDS: '1' })).toMatchObject({
      redisPrefix: 'staging:jizu:',
      jobPollSeconds: 1,
    });
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow(
      /REDIS_PREFIX: must be 1 to 64 letters, digits, _ \. : or -/,
    );
    expect(() => loadConfig({ JOB_POLL_SECONDS: '0' })).toThrow(/JOB_POLL_SECONDS: must be ≥ 1/);
  });
});

describe('envelope and errors', () => {
  let database: TDatabase;
  let app: TApp;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: null });
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, logger: false });
    app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret internal detail: password=hunter2');
    });
    app.get('/api/test/conflict', { config: { access: 'public' } }, async () => {
      throw new AppError('CONFLICT');
    });
    app.post(
      '/api/test/echo',
      {
        config: { access: 'public' },
        schema: { body: z.object({ name: z.string({ error: '请输入名称' }).min(2, { error: '名称至少2个字' }) }) },
      },
      async (req) => ok(req.body),
    );
    app.get('/api/test/private', { config: { access: 'user' } }, async () => ok(null));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 500 with a generic text and no internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 0, msg: '服务器繁忙，请稍后再试', data: null, code: 'INTERNAL' });
    expect(res.body).not.toContain('hunter2');
  });

  it('maps catalogue errors to their HTTP status', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 0, msg: '当前状态不允许此操作', code: 'CONFLICT' });
  });

  it('answers validation failures with 400 and field errors from the catalogue', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'a' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 0,
      msg: '名称至少2个字',
      data: null,
      code: 'VALIDATION',
      errors: [{ field: 'name', msg: '名称至少2个字' }],
    });
    const missing = await app.inject({ method: 'POST', url: '/api/test/echo', payload: {} });
    expect(missing.json().errors).toEqual([{ field: 'name', msg: '请输入名称' }]);
  });

  it('answers malformed JSON with the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, msg: '请求内容不是有效的JSON格式', code: 'BAD_JSON' });
  });

  it('answers 401 with status -1 when not logged in, and for an unknown token', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { cookie: 'jizu_token=nope' }]) {
      const res = await app.inject({ method: 'GET', url: '/api/test/private', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: -1, msg: '登录已过期，请重新登录', data: null, code: 'UNAUTHENTICATED' });
    }
  });

  it('refuses to start with an API route that declares no access', async () => {
    const a = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database,
      logger: false,
    });
    expect(() => a.get('/api/test/undeclared', async () => ok(null))).toThrow(/no access declaration/);
    await a.close();
  });
});

async function exerciseLimiter(l: RateLimiter) {
  const key = `t:${Math.random()}`;
  expect(await l.peek(key, 60)).toBe(0);
  expect(await l.hit(key, 60)).toBe(1);
  expect(await l.hit(key, 60)).toBe(2);
  expect(await l.hit(key, 60, 3)).toBe(5);
  expect(await l.peek(key, 60)).toBe(5);
  // concurrent hits are all counted
  const all = await Promise.all(Array.from({ length: 20 }, () => l.hit(key, 60)));
  expect(Math.max(...all)).toBe(25);
  expect(new Set(all).size).toBe(20);
  await l.reset(key, 60);
  expect(await l.peek(key, 60)).toBe(0);
}

describe('rate limiter', () => {
  it('counts in the database, exactly, under concurrency', async () => {
    // a database of its own (never the shared one of TEST_DATABASE_URL itself)
    const t = await createTestApp();
    try {
      await exerciseLimiter(new DbRateLimiter(t.db));
    } finally {
      await t.close();
    }
  });

  // Redis is optional for the product; CI sets REDIS_TEST_URL to the machine's Redis.
  it.skipIf(!process.env.REDIS_TEST_URL)('counts in Redis when REDIS_URL is set', async () => {
    const redis = new Redis(process.env.REDIS_TEST_URL!);
    const l = new RedisRateLimiter(redis, `jizu:test:${process.pid}:`);
    try {
      await exerciseLimiter(l);
    } finally {
      await l.close();
    }
  });

  it.skipIf(!process.env.REDIS_TEST_URL)('keeps its Redis keys under REDIS_PREFIX', async () => {
    const prefix = `jizu-test:${process.pid}:${Math.random().toString(36).slice(2)}:`;
    const l = await createRateLimiter(
      loadConfig({ REDIS_URL: process.env.REDIS_TEST_URL, REDIS_PREFIX: prefix }),
      null as never,
    );
    const redis = new Redis(process.env.REDIS_TEST_URL!);
    try {
      expect(await l.hit('k', 60)).toBe(1);
      const keys = await redis.keys(`${prefix}*`);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(new RegExp(`^${prefix}rl:k:\\d+$`));
      await l.reset('k', 60);
      expect(await redis.keys(`${prefix}*`)).toEqual([]);
    } finally {
      await l.close();
      await redis.quit();
    }
  });
});
