import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startServer, type TServer } from '../e2e/support/server';

/**
 * The server the load benchmarks measure: the built one (apps/server/dist), as `npm start` runs it, built here when a
 * source is newer. The TypeScript source through tsx carries the transform's own helpers on every call (a name helper
 * around each function it defines: a few µs of a request in the profile). JIZU_SERVER_DIST set by the caller wins.
 */
export async function useBuiltServer() {
  if (process.env.JIZU_SERVER_DIST) return;
  const script = '../apps/server/scripts/build.mjs';
  const { buildServer } = (await import(script)) as {
    buildServer: (o: { ifStale: boolean; quiet: boolean }) => Promise<unknown>;
  };
  await buildServer({ ifStale: true, quiet: true });
  process.env.JIZU_SERVER_DIST = 'apps/server/dist/main.js';
}

/** A numeric command-line option `--name N`, or its default. */
export const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};

/** A text command-line option `--name value`, or null. */
export const argText = (name: string): string | null =>
  process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : null;

/**
 * CPU time all PostgreSQL processes of this machine have used so far, in µs (the server under test's backends among
 * them). A backend that ended counts through the postmaster that reaped it (its cutime and cstime): without them the
 * sum fell whenever another client's connection closed, and a call could show a negative figure.
 */
export function postgresCpuUs(): number {
  let sum = 0;
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      if (f.slice(f.indexOf('(') + 1, f.lastIndexOf(')')) !== 'postgres') continue;
      const [utime, stime, cutime, cstime] = f
        .slice(f.lastIndexOf(')') + 2)
        .split(' ')
        .slice(11, 15)
        .map(Number);
      sum += ((utime + stime + cutime + cstime) * 1e6) / 100;
    } catch {
      // the process ended while we read
    }
  }
  return sum;
}

/** The database server the benchmarks create their scratch databases on. */
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * CPU time a process has used so far, in µs, from /proc (Linux; zeros elsewhere): steadier than req/s on a shared
 * machine, since time spent waiting for the other processes does not count.
 */
export function cpuUs(pid: number): { user: number; system: number } {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [utime, stime] = f
      .slice(f.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 13)
      .map(Number);
    return { user: (utime * 1e6) / 100, system: (stime * 1e6) / 100 }; // USER_HZ is 100 on Linux
  } catch {
    return { user: 0, system: 0 };
  }
}

/** The database server's URL with another database name. */
export function databaseUrl(name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A query on the database server's admin database (create, drop, comment on databases). */
export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values?: unknown[],
): Promise<T[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return (await admin.query<T>(text, values)).rows;
  } finally {
    await admin.end();
  }
}

/**
 * Runs `fn` on a fresh database on the server of BENCH_DATABASE_URL (created, and dropped afterwards). Its name is
 * BENCH_DB_NAME when set (so that two people's runs on one machine use databases of their own), else `base`_<pid>:
 * the process id keeps two benchmarks run at once on one machine from dropping each other's database.
 */
export async function withScratchDatabase<T>(base: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = process.env.BENCH_DB_NAME ?? `${base}_${process.pid}`;
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name}`);
  try {
    return await fn(databaseUrl(name));
  } finally {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/**
 * The environment of a server under a load benchmark: production mode, few logs, and a fixed data key, so that a
 * database the bench keeps between runs (bench:scale) still decrypts the encrypted columns its first run wrote.
 */
export const BENCH_METRICS_TOKEN = 'jizu-bench-metrics';

/** A series of a bench server's GET /metrics (null: the server has none, as the floor). */
export async function metricOf(origin: string, series: string): Promise<number | null> {
  try {
    const r = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
    if (!r.ok) return null;
    const line = (await r.text()).split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? null : Number(line.slice(series.length + 1));
  } catch {
    return null;
  }
}

export function benchEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SMS_CONSOLE_IN_PRODUCTION: '1',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_KEYS: Buffer.from('jizu-bench-data-key-not-a-secret').toString('base64'),
    // GET /metrics of the bench's servers: the statements they send per request (measureLoad) and their heap (soak)
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
    ...extra,
  };
}

/** The built server on the database `dbUrl` (with the demo data when `seed`), as `npm start` runs it. */
export function startBenchServer(
  dbUrl: string,
  opts: { seed?: boolean; env?: Record<string, string> } = {},
): Promise<TServer> {
  return startServer(benchEnv({ DATABASE_URL: dbUrl, SEED_DEMO: opts.seed ? '1' : '', ...opts.env }), { web: false });
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Sessions made directly in the database for `userIds` (the population's accounts are many: a login each would take minutes). */
export async function makeSessions(c: pg.Client, userIds: number[]): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  await c.query(
    `insert into sessions (token_hash, user_id, ip, user_agent, expires_at)
     select h, u, '127.0.0.1', 'jizu-bench', now() + interval '1 day' from unnest($1::text[], $2::int[]) as x(h, u)`,
    [tokens.map(sha256), userIds],
  );
  return tokens;
}

/** The demo logins (ARCHITECTURE § Demo). */
export const DEMO_LOGINS = {
  admin: { phone: '13800000000', password: 'Admin@2026' },
  tenant: { phone: '13800000001', password: 'Demo@2026' },
  provider: { phone: '13800000002', password: 'Demo@2026' },
  operator: { phone: '13800000003', password: 'Demo@2026' },
} as const;

/** A session token of `phone` on a running server, through the login route. */
export async function login(url: string, phone: string, password: string): Promise<string> {
  const r = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  });
  const j = (await r.json()) as { status: number; msg: string; data: { token: string } };
  if (j.status !== 1) throw new Error(`login of ${phone} failed: ${j.msg}`);
  return j.data.token;
}

/** The demo tenant's session token on a running server (the benchmarks call as the pages do). */
export const loginDemoTenant = (url: string): Promise<string> =>
  login(url, DEMO_LOGINS.tenant.phone, DEMO_LOGINS.tenant.password);

/** Resident memory (RSS) of a process, bytes, from /proc (0 elsewhere). */
export function rssBytes(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** One call under load: req/s, p50 and p99 (ms), non-2xx and errors, and the serving process's CPU µs per request. */
/** `statements`: the statements the server sent to the database per request (null: a server without the metric). */
export type TLoadRow = {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpu: number;
  dbCpu: number;
  statements?: number | null;
};

/**
 * `url` under autocannon (after a warm-up, 1 s at up to 10 connections unless told), with the CPU time of process
 * `pid` per request and, when the server tells them (GET /metrics), its statements to the database per request.
 * `requests`: autocannon's request list, made afresh for the warm-up and for the run (bench/mix.ts draws each request).
 * `warmupConnections`: the warm-up's connections (the mix warms up at its own count: every pooled connection of the
 * server then has its statements prepared and planned, as a server that has been running has).
 */
export async function measureLoad(
  url: string,
  pid: number,
  opts: {
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    warmup?: number;
    warmupConnections?: number;
    requests?: () => autocannon.Request[];
  },
): Promise<TLoadRow> {
  const run = (connections: number, duration: number) =>
    autocannon({
      url,
      headers: opts.headers,
      connections,
      duration,
      ...(opts.requests ? { requests: opts.requests() } : {}),
    });
  if ((opts.warmup ?? 1) > 0) await run(opts.warmupConnections ?? Math.min(10, opts.connections), opts.warmup ?? 1);
  const origin = new URL(url).origin;
  const sent0 = await metricOf(origin, 'jizu_db_statements_total');
  const total = () => {
    const c = cpuUs(pid);
    return c.user + c.system;
  };
  const cpu0 = total();
  const db0 = postgresCpuUs();
  const r = await run(opts.connections, opts.seconds);
  const n = Math.max(r.requests.total, 1);
  const cpu = (total() - cpu0) / n;
  const dbCpu = (postgresCpuUs() - db0) / n;
  const sent1 = sent0 === null ? null : await metricOf(origin, 'jizu_db_statements_total');
  const statements = sent0 === null || sent1 === null ? null : (sent1 - sent0) / n;
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    cpu,
    dbCpu,
    statements,
  };
}

/** The mean of two floor runs (the one before and the one after a measurement: a shared machine drifts). */
export const meanRow = (a: TLoadRow, b: TLoadRow): TLoadRow => ({
  rps: (a.rps + b.rps) / 2,
  p50: (a.p50 + b.p50) / 2,
  p99: (a.p99 + b.p99) / 2,
  errors: a.errors + b.errors,
  cpu: (a.cpu + b.cpu) / 2,
  dbCpu: (a.dbCpu + b.dbCpu) / 2,
});

/** A measurement against its floor: its share of the floor's req/s, its p99 over the floor's, and whether both hold. */
export function judge(row: TLoadRow, floor: TLoadRow, target: { share: number; p99: number }) {
  const share = row.rps / Math.max(floor.rps, 1);
  const p99 = row.p99 / Math.max(floor.p99, 1);
  return { share, p99, pass: share >= target.share && p99 <= target.p99 && row.errors === 0 };
}

/** One line of a load figure. */
export const formatRow = (row: TLoadRow) =>
  `${String(row.rps).padStart(6)} req/s   p50 ${String(row.p50).padStart(4)} ms   p99 ${String(row.p99).padStart(5)} ms   CPU ${String(Math.round(row.cpu)).padStart(5)} µs/req   database ${String(Math.round(row.dbCpu)).padStart(5)} µs/req${row.statements != null ? `   ${row.statements.toFixed(1).padStart(4)} statements/req` : ''}${row.errors ? `   non-2xx/errors ${row.errors}` : ''}`;

const benchRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The floor of the stack (bench/floor.ts) on `dbUrl`, started in its own process, measured, and stopped. */
/** The floor (bench/floor.ts) started in its own process on the database, until `stop`. */
export async function startFloor(dbUrl: string): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(benchRoot, 'bench/floor.ts')], {
    cwd: benchRoot,
    env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(port) },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}/floor`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      if (i > 200) {
        await stop();
        throw new Error('the floor did not start');
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, pid: child.pid ?? 0, stop };
}

export async function measureFloor(dbUrl: string, opts: { connections: number; seconds: number }): Promise<TLoadRow> {
  const floor = await startFloor(dbUrl);
  try {
    return await measureLoad(floor.url, floor.pid, opts);
  } finally {
    await floor.stop();
  }
}

/** A shape measured at two sizes, each beside its run's floor: its share of each floor's req/s and p99(b) / p99(a). */
export function sizeFigures(a: TLoadRow, floorA: Pick<TLoadRow, 'rps'>, b: TLoadRow, floorB: Pick<TLoadRow, 'rps'>) {
  return { shareA: a.rps / floorA.rps, shareB: b.rps / floorB.rps, ratio: b.p99 / Math.max(a.p99, 1) };
}

/**
 * `measure` of each item, with the floor run beside: before the first item, after every `every` items and after the
 * last. Each item is set against the mean of the floor runs just before and just after its group (a shared machine's
 * speed drifts over minutes). An item `measure` answers null for is left out.
 */
export async function besideFloor<T>(
  items: T[],
  every: number,
  floorRun: () => Promise<TLoadRow>,
  measure: (item: T) => Promise<TLoadRow | null>,
): Promise<{ item: T; row: TLoadRow; floor: TLoadRow }[]> {
  const out: { item: T; row: TLoadRow; group: number }[] = [];
  const floors: TLoadRow[] = [await floorRun()];
  for (let i = 0; i < items.length; i++) {
    const row = await measure(items[i]);
    if (row) out.push({ item: items[i], row, group: floors.length - 1 });
    if ((i + 1) % every === 0 || i === items.length - 1) floors.push(await floorRun());
  }
  return out.map((o) => ({
    item: o.item,
    row: o.row,
    floor: meanRow(floors[o.group], floors[o.group + 1] ?? floors[o.group]),
  }));
}
