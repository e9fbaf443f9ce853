/**
 * The user centre's busiest reads under load (autocannon, 50 connections) on the embedded PGlite and on PostgreSQL:
 * the account card, and the list calls of the account and company areas (each list query runs on an index).
 * Usage: npm run bench [-- --seconds 5 --connections 50 --only /api/index/info]
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is used to create a fresh
 * database jizu_bench, dropped afterwards. Prints req/s and latency percentiles, and the PostgreSQL/PGlite ratio.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer, type TServer } from '../e2e/support/server';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const seconds = arg('seconds', 5);
const connections = arg('connections', 50);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
/** the demo tenant's calls, as the pages make them */
const PATHS = [
  '/api/index/info',
  '/api/index/score/peas?page=1&size=20',
  '/api/index/message/lst?page=1&size=15&state=0',
  '/api/company/user/lst?page=1&size=5',
  '/api/payment/gold/lst',
].filter((p) => !only || p.startsWith(only));
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function login(url: string) {
  const r = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: '13800000001', password: 'Demo@2026' }) });
  const j = (await r.json()) as { status: number; msg: string; data: { token: string } };
  if (j.status !== 1) throw new Error(`login failed: ${j.msg}`);
  return j.data.token;
}

type TRow = { rps: number; p99: number };

async function measure(label: string, server: TServer): Promise<TRow[]> {
  const token = await login(server.url);
  const rows: TRow[] = [];
  for (const path of PATHS) {
    const opts = { url: `${server.url}${path}`, headers: { authorization: `Bearer ${token}` } };
    const probe = (await (await fetch(opts.url, { headers: opts.headers })).json()) as { status: number; msg: string };
    if (probe.status !== 1) throw new Error(`${path}: ${probe.msg}`);
    await autocannon({ ...opts, connections: 10, duration: 1 }); // warm-up
    const r = await autocannon({ ...opts, connections, duration: seconds });
    const row = { rps: Math.round(r.requests.average), p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, errors: r.errors + r.non2xx, total: r.requests.total };
    console.log(`${label.padEnd(10)} ${path.split('?')[0].padEnd(26)} ${String(row.rps).padStart(6)} req/s   p50 ${row.p50} ms   p90 ${row.p90} ms   p99 ${row.p99} ms   non-2xx/errors ${row.errors} of ${row.total}`);
    rows.push(row);
  }
  return rows;
}

async function withPostgres<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = 'jizu_bench';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  try {
    return await fn(u.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function main() {
  console.log(`${PATHS.length} calls, ${connections} connections, ${seconds} s each (after a 1 s warm-up)\n`);
  const env = { LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1' };
  const lite = await startServer(env);
  let a;
  try {
    a = await measure('PGlite', lite);
  } finally {
    await lite.stop();
  }
  const b = await withPostgres(async (url) => {
    const s = await startServer({ ...env, DATABASE_URL: url });
    try {
      return await measure('PostgreSQL', s);
    } finally {
      await s.stop();
    }
  });
  console.log('\nPostgreSQL / PGlite');
  PATHS.forEach((p, i) => console.log(`  ${p.split('?')[0].padEnd(26)} throughput ${(b[i].rps / a[i].rps).toFixed(2)}×   p99 ${(b[i].p99 / Math.max(a[i].p99, 1)).toFixed(2)}×`));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
