import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { M } from '@jizu/shared/messages';
import { STATUS } from '@jizu/shared/errors';
import type { TPoolStats } from '../db/client';

/**
 * What GET /metrics tells Prometheus. One registry per process: a Prometheus target is a process, and each replica of a
 * deployment is scraped on its own (the counters are this process's since it started, as Prometheus expects).
 * The counters of rare events (SMS sends, job runs, payment notifies) always count; the request histogram, the
 * process metrics and the endpoint itself only when METRICS_TOKEN is set.
 */
const registry = new Registry();

const smsSends = new Counter({
  name: 'jizu_sms_sends_total',
  help: 'SMS codes handed to the provider, by provider and outcome (ok, rate_limited, daily_limited, bad_phone, failed)',
  labelNames: ['provider', 'outcome'] as const,
  registers: [registry],
});

const jobRuns = new Counter({
  name: 'jizu_job_runs_total',
  help: 'Background job runs this process claimed, by job and outcome (ok, failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

const jobLastSuccess = new Gauge({
  name: 'jizu_job_last_success_timestamp_seconds',
  help: 'When a job last ran without error in this process (Unix seconds)',
  labelNames: ['job'] as const,
  registers: [registry],
});

const paymentNotifies = new Counter({
  name: 'jizu_payment_notifies_total',
  help: 'Payment notifies received, by channel and outcome (booked, duplicate, late, bad_sign, unknown, bad_amount)',
  labelNames: ['channel', 'outcome'] as const,
  registers: [registry],
});

let dbStats: (() => TPoolStats) | null = null;

new Gauge({
  name: 'jizu_db_pool_connections',
  help: 'Database connections of this process by state (total, idle); PGlite is one in-process connection',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const s = dbStats?.();
    if (!s) return;
    this.set({ state: 'total' }, s.total);
    this.set({ state: 'idle' }, s.idle);
  },
});
new Gauge({
  name: 'jizu_db_pool_waiting',
  help: 'Calls waiting for a database connection (pool exhausted, or PGlite busy with another query)',
  registers: [registry],
  collect() {
    const s = dbStats?.();
    if (s) this.set(s.waiting);
  },
});
new Gauge({
  name: 'jizu_db_pool_max',
  help: 'The most database connections this process opens',
  labelNames: ['kind'] as const,
  registers: [registry],
  collect() {
    const s = dbStats?.();
    this.reset();
    if (s) this.set({ kind: s.kind }, s.max);
  },
});

new Counter({
  name: 'jizu_db_statements_total',
  help: 'Statements this process sent to the database (with the request count: statements per request)',
  registers: [registry],
  collect() {
    const s = dbStats?.();
    this.reset();
    if (s) this.inc(s.statements);
  },
});

export const countSmsSend = (provider: string, outcome: string) => smsSends.inc({ provider, outcome });

export function countJobRun(job: string, outcome: 'ok' | 'failed') {
  jobRuns.inc({ job, outcome });
  if (outcome === 'ok') jobLastSuccess.set({ job }, Date.now() / 1000);
}

export const countPaymentNotify = (channel: string, outcome: string) => paymentNotifies.inc({ channel, outcome });

/** The upper bounds of the request-duration buckets, in seconds (most calls take a few milliseconds). */
export const BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
/** the route label of a request no route matched (404s, the web app's pages): never the raw URL */
export const NO_ROUTE = '(none)';

interface TSeries {
  buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * The request histogram (rate, latency and errors per route): route template, method and status class. Written by
 * hand rather than with prom-client's Histogram, whose observe costs about a microsecond (it hashes the labels
 * object each time); this one is two map lookups and a short loop, so it costs nothing measurable per request
 * (ARCHITECTURE § Speed). The route template is a string Fastify keeps per route, so the lookups hash nothing new.
 */
export class RequestStats {
  private readonly series = new Map<string, Map<string, TSeries[]>>();

  observe(route: string | undefined, method: string, status: number, seconds: number) {
    const r = route ?? NO_ROUTE;
    let byMethod = this.series.get(r);
    if (!byMethod) this.series.set(r, (byMethod = new Map()));
    let byClass = byMethod.get(method);
    if (!byClass) byMethod.set(method, (byClass = []));
    const c = Math.min(4, Math.max(0, ((status / 100) | 0) - 1));
    const s = (byClass[c] ??= { buckets: new Float64Array(BOUNDS.length), sum: 0, count: 0 });
    s.sum += seconds;
    s.count += 1;
    for (let i = 0; i < BOUNDS.length; i++) {
      if (seconds <= BOUNDS[i]) {
        s.buckets[i] += 1;
        break;
      }
    }
  }

  /** The Prometheus text of the histogram (cumulative buckets, +Inf, sum, count). */
  render(): string {
    const name = 'jizu_http_request_duration_seconds';
    const out = [
      `# HELP ${name} HTTP requests by route template, method and status class: their rate, latency and errors`,
      `# TYPE ${name} histogram`,
    ];
    for (const [route, byMethod] of this.series) {
      for (const [method, byClass] of byMethod) {
        byClass.forEach((s, c) => {
          const labels = `route="${escapeLabel(route)}",method="${escapeLabel(method)}",status="${CLASSES[c]}"`;
          let cumulative = 0;
          BOUNDS.forEach((b, i) => {
            cumulative += s.buckets[i];
            out.push(`${name}_bucket{${labels},le="${b}"} ${cumulative}`);
          });
          out.push(
            `${name}_bucket{${labels},le="+Inf"} ${s.count}`,
            `${name}_sum{${labels}} ${s.sum}`,
            `${name}_count{${labels}} ${s.count}`,
          );
        });
      }
    }
    return `${out.join('\n')}\n`;
  }
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

let processMetrics = false;
const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * GET /metrics in Prometheus's text format, only with `Authorization: Bearer <METRICS_TOKEN>`. Without the token
 * configured it answers 404 like any unknown address (and the web app's page is not sent for it); with a wrong or
 * missing token, 401 and nothing more. Outside /api: no session is looked up, the token is not a session.
 */
export function registerMetrics(
  app: FastifyInstance,
  opts: { token: string | null; requests: RequestStats | null; db: () => TPoolStats },
) {
  const { token, requests } = opts;
  if (token) {
    dbStats = opts.db;
    if (!processMetrics) {
      // CPU, memory, event-loop delay, GC, handles: once per process
      collectDefaultMetrics({ register: registry });
      processMetrics = true;
    }
    app.addHook('onClose', async () => {
      if (dbStats === opts.db) dbStats = null;
    });
  }
  const want = token ? digest(`Bearer ${token}`) : null;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!want)
      return reply
        .status(404)
        .send({ status: STATUS.FAIL, msg: M.common.routeNotFound, data: null, code: 'ROUTE_NOT_FOUND' });
    if (!timingSafeEqual(digest(req.headers.authorization ?? ''), want))
      return reply.status(401).header('www-authenticate', 'Bearer').header('cache-control', 'no-store').send();
    const text = (await registry.metrics()) + (requests ? requests.render() : '');
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
