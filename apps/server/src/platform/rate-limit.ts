import { lt, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { TConfig } from '../config';
import type { DB } from '../db/client';
import { rateCounters } from '../db/schema';

/** Fixed-window counters shared by every process: PostgreSQL by default, Redis when REDIS_URL is set. */
export interface RateLimiter {
  /** Adds `by` to the counter of `key` in its current window and returns the new count. */
  hit(key: string, windowSeconds: number, by?: number): Promise<number>;
  /** The current count without changing it. */
  peek(key: string, windowSeconds: number): Promise<number>;
  reset(key: string, windowSeconds: number): Promise<void>;
  close(): Promise<void>;
}

const windowStart = (windowSeconds: number, now = Date.now()) => Math.floor(now / (windowSeconds * 1000)) * windowSeconds * 1000;

export class DbRateLimiter implements RateLimiter {
  private lastPurge = 0;
  constructor(private readonly db: DB) {}

  async hit(key: string, windowSeconds: number, by = 1) {
    const start = windowStart(windowSeconds);
    const rows = await this.db
      .insert(rateCounters)
      .values({ key, windowStart: new Date(start), count: by, expiresAt: new Date(start + windowSeconds * 1000) })
      .onConflictDoUpdate({ target: [rateCounters.key, rateCounters.windowStart], set: { count: sql`${rateCounters.count} + ${by}` } })
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
    await this.db.delete(rateCounters).where(sql`${rateCounters.key} = ${key} and ${rateCounters.windowStart} = ${new Date(start).toISOString()}`);
  }

  async close() {}
}

export class RedisRateLimiter implements RateLimiter {
  constructor(private readonly redis: Redis, private readonly prefix = 'jizu:rl:') {}

  private k(key: string, windowSeconds: number) {
    return `${this.prefix}${key}:${windowStart(windowSeconds)}`;
  }

  async hit(key: string, windowSeconds: number, by = 1) {
    const k = this.k(key, windowSeconds);
    const res = await this.redis.multi().incrby(k, by).expire(k, windowSeconds + 5).exec();
    const n = res?.[0]?.[1];
    return Number(n);
  }

  async peek(key: string, windowSeconds: number) {
    return Number((await this.redis.get(this.k(key, windowSeconds))) ?? 0);
  }

  async reset(key: string, windowSeconds: number) {
    await this.redis.del(this.k(key, windowSeconds));
  }

  async close() {
    await this.redis.quit();
  }
}

export async function createRateLimiter(config: TConfig, db: DB): Promise<RateLimiter> {
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    return new RedisRateLimiter(redis, `${config.redisPrefix}rl:`);
  }
  return new DbRateLimiter(db);
}
