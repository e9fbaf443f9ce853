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
    else if ((req.server.log as TLog).isLevelEnabled?.('info') ?? true)
      req.server.log.info({ reqId: req.id, ...line }, 'request');
  }
}

export type TLog = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
type TLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * A request's logger made only when something is logged at a level that is on: pino's child() for every request was a
 * measurable share of a fast request (npm run bench:profile) whose lines are mostly off (the access line goes through
 * the parent with the request id, above). One object per request, its methods on the prototype. Route-level options (a
 * level of its own) get the real child at once.
 */
class LazyLog {
  private real: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: TLog,
    private readonly bindings: Record<string, unknown>,
    private readonly opts: Record<string, unknown>,
  ) {}
  private get log(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings, this.opts));
  }
  private write(level: TLevel, a: unknown[]) {
    if (this.real || this.parent.isLevelEnabled!(level)) (this.log[level] as (...x: unknown[]) => void)(...a);
  }
  get level() {
    return this.real?.level ?? this.parent.level;
  }
  set level(l: string) {
    this.log.level = l;
  }
  child(b: Record<string, unknown>, o?: Record<string, unknown>) {
    return this.log.child(b, o);
  }
  silent() {}
  isLevelEnabled(l: string) {
    return (this.real as TLog | undefined)?.isLevelEnabled?.(l) ?? this.parent.isLevelEnabled!(l);
  }
  trace(...a: unknown[]) {
    this.write('trace', a);
  }
  debug(...a: unknown[]) {
    this.write('debug', a);
  }
  info(...a: unknown[]) {
    this.write('info', a);
  }
  warn(...a: unknown[]) {
    this.write('warn', a);
  }
  error(...a: unknown[]) {
    this.write('error', a);
  }
  fatal(...a: unknown[]) {
    this.write('fatal', a);
  }
}

export function lazyChild(
  parent: TLog,
  bindings: Record<string, unknown>,
  opts: Record<string, unknown>,
): FastifyBaseLogger {
  if (Object.keys(opts).length || !parent.isLevelEnabled) return parent.child(bindings, opts);
  return new LazyLog(parent, bindings, opts) as unknown as FastifyBaseLogger;
}
