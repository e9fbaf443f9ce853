/**
 * GET /api/index/info under load (autocannon, 50 connections) on the embedded PGlite and on PostgreSQL.
 * Usage: npm run bench [-- --seconds 10 --connections 50]
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
const seconds = arg('seconds', 10);
const connections = arg('connections', 50);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function login(url: string) {
  const r = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: '13800000001', password: 'Demo@2026' }) });
  const j = (await r.json()) as { status: number; msg: string; data: { token: string } };
  if (j.status !== 1) throw new Error(`login failed: ${j.msg}`);
  return j.data.token;
}

async function measure(label: string, server: TServer) {
  const token = await login(server.url);
  const opts = { url: `${server.url}/api/index/info`, headers: { authorization: `Bearer ${token}` } };
  await autocannon({ ...opts, connections: 10, duration: 2 }); // warm-up
  const r = await autocannon({ ...opts, connections, duration: seconds });
  const row = { label, rps: Math.round(r.requests.average), p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, errors: r.errors + r.non2xx, total: r.requests.total };
  console.log(`${label.padEnd(10)} ${String(row.rps).padStart(7)} req/s   p50 ${row.p50} ms   p90 ${row.p90} ms   p99 ${row.p99} ms   non-2xx/errors ${row.errors} of ${row.total}`);
  return row;
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
  console.log(`GET /api/index/info, ${connections} connections, ${seconds} s each (after a 2 s warm-up)\n`);
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
  console.log(`\nPostgreSQL / PGlite throughput: ${(b.rps / a.rps).toFixed(2)}×   p99 ratio: ${(b.p99 / Math.max(a.p99, 1)).toFixed(2)}×`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
