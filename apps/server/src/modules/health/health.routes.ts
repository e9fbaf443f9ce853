import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { M, fmt } from '@jizu/shared/messages';
import { STATUS } from '@jizu/shared/errors';
import { zEnvelope } from '@jizu/shared/schemas/common';
import { ok } from '../../platform/envelope';
import type { TModule } from '../../platform/http';

const ZHealth = z.object({
  db: z.enum(['pglite', 'postgres']),
  time: z.string(),
  /** each dependency: up, down, or off (not configured) */
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'off']),
});

/** A check that hangs (a half-open connection) counts as down after this long. */
const CHECK_MS = 2500;

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`health check timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /api/health: 200 when every dependency answers; 503 with the names of those that do not (ARCHITECTURE §
 * Resilience), so a load balancer takes the instance out and an operator sees at once what is away.
 */
export const healthRoutes: TModule = (app, deps) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        summary: '健康检查（503：依赖服务不可用）',
        response: { 200: zEnvelope(ZHealth), 503: zEnvelope(ZHealth).extend({ code: z.string() }) },
      },
    },
    async (req, reply) => {
      const [database, redis] = await Promise.all([
        within(deps.db.execute(sql`select 1`), CHECK_MS).then(
          () => 'up' as const,
          (err: unknown) => {
            req.log.warn({ err }, 'health: database down');
            return 'down' as const;
          },
        ),
        deps.limiter.health ? within(deps.limiter.health(), CHECK_MS).then((h) => (h.up ? ('up' as const) : ('down' as const)), () => 'down' as const) : Promise.resolve('off' as const),
      ]);
      const data = { db: deps.dbKind, time: new Date().toISOString(), database, redis };
      const down: string[] = [];
      if (database === 'down') down.push(M.platform.depDatabase);
      if (redis === 'down') down.push(M.platform.depRedis);
      if (!down.length) return ok(data, M.platform.healthOk);
      reply.header('cache-control', 'no-store');
      return reply.status(503).send({ status: STATUS.FAIL, msg: fmt(M.platform.healthDown, { names: down.join(M.platform.depSeparator) }), data, code: 'SERVICE_UNAVAILABLE' });
    },
  );
};
