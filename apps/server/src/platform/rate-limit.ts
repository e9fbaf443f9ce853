import { lt, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { TConfig } from '../config';
import type { DB } from '../db/client';
import { rateCounters } from '../db/schema';
import { AppError } from './errors';

/** Fixed-window counters shared by every process: PostgreSQL by default, Redis when REDIS_URL is set. */
export interface RateLimiter {
  /** Adds `by` to the counter of `key` in its current window and returns the new count. */
  hit(key: string, windowSeconds: number, by?: number): Promise<number>;
  /** The current count without changing it. */
  peek(key: string, windowSeconds: number): Promise<number>;
  reset(key: string, windowSeconds: number): Promise<void>;
  close(): Promise<void>;
  /** The store's own dependency, for GET /api/health: its name and whether it answers (none: the database's). */
  health?(): Promise<{ name: 'redis'; up: boolean }>;
}

const windowStart = (windowSeconds: number, now = Date.now()) =>
  Math.floor(now / (windowSeconds * 1000)) * windowSeconds * 1000;

export class DbRateLimiter implements RateLimiter {
  private lastPurge = 0;
  constructor(private readonly db: DB) {}

  async hit(key: string, windowSeconds: number, by = 1) {
    const start = windowStart(windowSeconds);
    const rows = await this.db
      .insert(rateCounters)
      .values({ key, windowStart: new Date(start), count: by, expiresAt: new Date(start + windowSeconds * 1000) })
      .onConflictDoUpdate({
        target: [rateCounters.key, rateCounters.windowStart],
        set: { count: sql`${rateCounters.count} + ${by}` },
      })
      .returning({ count: rateCounters.count });
    if (Date.now() - this.lastPurge > 600_000) {
      this.lastPurge = Date.now();
      await this.db.delete(rateCounters).where(lt(rateCounters.expiresAt, sql`now()`));
    }
    return rows[0].count;
  }

  async peek(key: string, windowSeconds: number) {
    const start = windowStart(windowSeconds);
    const rows = await this.db
      .select({ count: rateCounters.count })
      .from(rateCounters)
      .where(sql`${rateCounters.key} = ${key} and ${rateCounters.windowStart} = ${new Date(start).toISOString()}`);
    return rows[0]?.count ?? 0;
  }

  async reset(key: string, windowSeconds: number) {
    const start = windowStart(windowSeconds);
    await this.db
      .delete(rateCounters)
      .where(sql`${rateCounters.key} = ${key} and ${rateCounters.windowStart} = ${new Date(start).toISOString()}`);
  }

  async close() {}
}

/**
 * Counters in Redis. The limits protect users (failed logins, wrong old passwords), so they fail closed: while Redis
 * is away every call answers LIMITER_UNAVAILABLE (503) at once (no offline queue, short timeouts) and nothing is let
 * through uncounted. ioredis reconnects by itself; the first call after Redis is back is counted again.
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'jizu:rl:',
  ) {}

  private k(key: string, windowSeconds: number) {
    return `${this.prefix}${key}:${windowStart(windowSeconds)}`;
  }

  private async guard<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (err) {
      const e = new AppError('LIMITER_UNAVAILABLE');
      e.cause = err; // for the log; the user sees the catalogue message only
      throw e;
    }
  }

  async hit(key: string, windowSeconds: number, by = 1) {
    return this.guard(async () => {
      const k = this.k(key, windowSeconds);
      const res = await this.redis
        .multi()
        .incrby(k, by)
        .expire(k, windowSeconds + 5)
        .exec();
      const [err, n] = res?.[0] ?? [new Error('redis: empty transaction result'), null];
      if (err) throw err;
      return Number(n);
    });
  }

  async peek(key: string, windowSeconds: number) {
    return this.guard(async () => Number((await this.redis.get(this.k(key, windowSeconds))) ?? 0));
  }

  async reset(key: string, windowSeconds: number) {
    await this.guard(() => this.redis.del(this.k(key, windowSeconds)));
  }

  async health() {
    try {
      await this.redis.ping();
      return { name: 'redis' as const, up: true };
    } catch {
      return { name: 'redis' as const, up: false };
    }
  }

  async close() {
    // quit() waits for an answer that never comes while Redis is away; disconnect() stops reconnecting at once
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}

/** A Redis client that never takes the process down and never makes a caller wait for a Redis that is away. */
export function createRedis(
  url: string,
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
) {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 2000,
    // reconnect every ≤ 1 s for ever: service resumes within a second or two of Redis coming back
    retryStrategy: (times) => Math.min(times * 100, 1000),
  });
  let down = false;
  redis.on('error', (err: Error & { code?: string }) => {
    // one line per outage, not one per reconnect attempt
    if (!down) log?.warn({ code: err.code, message: err.message }, 'redis connection lost');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log?.info({}, 'redis connection back');
    down = false;
  });
  return redis;
}

export async function createRateLimiter(
  config: TConfig,
  db: DB,
  log?: Parameters<typeof createRedis>[1],
): Promise<RateLimiter> {
  if (config.redisUrl) {
    const redis = createRedis(config.redisUrl, log);
    // A Redis that is away at start does not stop the server: the limits answer 503 until it is reachable.
    await redis.connect().catch(() => {});
    return new RedisRateLimiter(redis, `${config.redisPrefix}rl:`);
  }
  return new DbRateLimiter(db);
}
