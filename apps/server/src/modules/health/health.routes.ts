import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
  /** what the server still does before it is ready (a first start's demo data); absent once ready */
  starting: z.string().optional(),
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

const ZLive = z.object({
  time: z.string(),
  /** seconds since this process started */
  uptime: z.number(),
});

/**
 * GET /api/health/live: the process is up and serving; it checks nothing else, so an orchestrator restarts the
 * process only when it is stuck, never because PostgreSQL or Redis is away (restarting would not bring them back).
 * GET /api/health/ready (and GET /api/health, as before): 200 when every dependency answers; 503 with the names of
 * those that do not (ARCHITECTURE § Resilience), so a load balancer takes the instance out and an operator sees at
 * once what is away; 503 as well while the server is still starting (main.ts loads a first start's demo data while
 * it already answers: `starting` says what it does). Neither looks a session up (access `none`): a probe's answer
 * never depends on who asks.
 */
export const healthRoutes: TModule = (app, deps) => {
  app.get(
    '/health/live',
    {
      config: { access: 'none' },
      schema: {
        tags: ['platform'],
        summary: '存活检查（进程在服务即 200，不检查依赖服务）',
        response: { 200: zEnvelope(ZLive) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ time: new Date().toISOString(), uptime: Math.round(process.uptime()) }, M.platform.healthOk);
    },
  );

  const ready = async (req: FastifyRequest, reply: FastifyReply) => {
    const starting = deps.startup?.pending ?? null;
    const [database, redis] = await Promise.all([
      // while starting, the start itself is writing to the database: on the embedded one a query would only wait for
      // the demo data's transaction
      starting
        ? ('up' as const)
        : within(deps.db.execute(sql`select 1`), CHECK_MS).then(
            () => 'up' as const,
            (err: unknown) => {
              req.log.warn({ err }, 'health: database down');
              return 'down' as const;
            },
          ),
      deps.limiter.health
        ? within(deps.limiter.health(), CHECK_MS).then(
            (h) => (h.up ? ('up' as const) : ('down' as const)),
            () => 'down' as const,
          )
        : Promise.resolve('off' as const),
    ]);
    const data = {
      db: deps.dbKind,
      time: new Date().toISOString(),
      database,
      redis,
      ...(starting ? { starting } : {}),
    };
    const down: string[] = [];
    if (database === 'down') down.push(M.platform.depDatabase);
    if (redis === 'down') down.push(M.platform.depRedis);
    if (!down.length && !starting) return ok(data, M.platform.healthOk);
    reply.header('cache-control', 'no-store');
    const msg = down.length
      ? fmt(M.platform.healthDown, { names: down.join(M.platform.depSeparator) })
      : fmt(M.platform.healthStarting, { step: starting! });
    return reply.status(503).send({ status: STATUS.FAIL, msg, data, code: 'SERVICE_UNAVAILABLE' });
  };
  const readySchema = {
    tags: ['platform'],
    response: { 200: zEnvelope(ZHealth), 503: zEnvelope(ZHealth).extend({ code: z.string() }) },
  };
  app.get(
    '/health',
    {
      config: { access: 'none' },
      schema: { ...readySchema, summary: '健康检查（503：依赖服务不可用；同 /health/ready）' },
    },
    ready,
  );
  app.get(
    '/health/ready',
    {
      config: { access: 'none' },
      schema: { ...readySchema, summary: '就绪检查（数据库、Redis，启动已完成；503：依赖服务不可用或仍在启动）' },
    },
    ready,
  );
};
