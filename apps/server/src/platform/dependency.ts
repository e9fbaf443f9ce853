import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS, ERRORS } from '@jizu/shared/errors';

/**
 * Failures that mean "a dependency is away" rather than "this request is wrong" (ARCHITECTURE § Resilience):
 * PostgreSQL restarting or failing over, a connection cut, the pool unable to connect in time, Redis gone. They answer
 * the 503 envelope; the call can be repeated once the dependency is back, which the pool and the Redis client notice
 * by themselves.
 */

/** Socket-level codes of Node for a peer that is not there or went away. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away: 57P01 admin shutdown (pg_terminate_backend, fast shutdown), 57P02 crash
 * shutdown, 57P03 cannot connect now (starting up, recovering), 08xxx connection exceptions, 53300 too many
 * connections (a fail-over's new primary not taking ours yet).
 */
const isUnavailableSqlState = (code: string) =>
  code === '57P01' || code === '57P02' || code === '57P03' || code === '53300' || /^08[0-9A-Z]{3}$/.test(code);

/** Messages of node-postgres, pg-pool and ioredis that carry no code. */
const MESSAGES = [
  /^Connection terminated/, // pg: "Connection terminated unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pg-pool: no client within connectionTimeoutMillis
  /^timeout expired$/, // pg Client: connect() not answered within connectionTimeoutMillis (the migration lock's own client)
  /is not queryable$/, // pg: a client whose connection already failed
  /^Client has encountered a connection error/,
  /^Stream isn't writeable/, // ioredis with the offline queue off
  /^Connection is closed\.?$/, // ioredis
  /^Reached the max retries per request limit/, // ioredis
];

/** True when `err` (or anything in its `cause` chain, as drizzle wraps driver errors) is a lost dependency. */
export function isDependencyDown(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || isUnavailableSqlState(e.code))) return true;
  if (typeof e.message === 'string' && MESSAGES.some((m) => m.test(e.message as string))) return true;
  // AggregateError of a failed connect to several addresses (IPv4 and IPv6 of localhost)
  if (Array.isArray(e.errors) && e.errors.some((x) => isDependencyDown(x, depth + 1))) return true;
  return isDependencyDown(e.cause, depth + 1);
}

/** The 503 envelope for a lost dependency; what was lost goes to the log only. */
export function replyDependencyDown(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  const e = err as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  req.log.warn(
    { code: e.code ?? e.cause?.code, message: e.message, cause: e.cause?.message },
    'dependency unavailable',
  );
  return reply
    .status(ERRORS.SERVICE_UNAVAILABLE.http)
    .header('retry-after', '5')
    .send({ status: STATUS.FAIL, msg: ERRORS.SERVICE_UNAVAILABLE.msg, data: null, code: 'SERVICE_UNAVAILABLE' });
}

/**
 * A test-only fault point: when NODE_ENV=test and JIZU_CRASH_AT names this point, the process kills itself with
 * SIGKILL right here, as a power cut or an OOM kill would. Used by the crash tests of the payment path; it does
 * nothing in any other environment.
 */
export function crashPoint(name: string) {
  if (process.env.NODE_ENV === 'test' && process.env.JIZU_CRASH_AT === name) process.kill(process.pid, 'SIGKILL');
}
