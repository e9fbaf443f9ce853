import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { RequestStats } from './metrics';

/**
 * One access line per request, when it completes, instead of Fastify's two: logging is a measurable share of a fast
 * request. The request histogram of GET /metrics is written here too, rather than in a hook of its own (one call
 * that Fastify makes anyway).
 */
export class AccessLog extends LogController {
  constructor(private readonly requests: RequestStats | null) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null, req: FastifyRequest, reply: FastifyReply) {
    const ms = reply.elapsedTime;
    this.requests?.observe(req.routeOptions.url, req.method, reply.statusCode, ms / 1000);
    const line = { method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(ms * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    // through the server's logger with the request id: a request's own logger is made only when it is used
    else if ((req.server.log as TLog).isLevelEnabled?.('info') ?? true) req.server.log.info({ reqId: req.id, ...line }, 'request');
  }
}

export type TLog = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;

/**
 * A request's logger made only when something is logged at a level that is on: pino's child() for every request was a
 * measurable share of a fast request (npm run bench:profile) whose lines are mostly off (the access line goes through
 * the parent with the request id, below). Route-level options (a level of its own) get the real child at once.
 */
export function lazyChild(parent: TLog, bindings: Record<string, unknown>, opts: Record<string, unknown>): FastifyBaseLogger {
  if (Object.keys(opts).length || !parent.isLevelEnabled) return parent.child(bindings, opts);
  let real: FastifyBaseLogger | undefined;
  const get = () => (real ??= parent.child(bindings, opts));
  const log = {
    get level() {
      return real?.level ?? parent.level;
    },
    set level(l: string) {
      get().level = l;
    },
    child: (b: Record<string, unknown>, o?: Record<string, unknown>) => get().child(b, o),
    silent: () => undefined,
    isLevelEnabled: (l: string) => (real as TLog | undefined)?.isLevelEnabled?.(l) ?? parent.isLevelEnabled!(l),
  } as Record<string, unknown>;
  for (const level of LEVELS) log[level] = (...a: unknown[]) => (real || parent.isLevelEnabled!(level) ? (get()[level] as (...x: unknown[]) => void)(...a) : undefined);
  return log as unknown as FastifyBaseLogger;
}

