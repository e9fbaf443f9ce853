/**
 * The request path against its floor (ARCHITECTURE § Speed). On PostgreSQL, in one run: the floor (a bare Fastify + pg
 * route answering one indexed one-row SELECT, bench/floor.ts, its own process) and the user centre's busiest reads as
 * the demo tenant (the account card and every list call of the account and company areas), each with autocannon
 * (50 connections). Prints req/s and latency per call, then each call's share of the floor's req/s and its p99 over
 * the floor's p99: the figures to compare run to run (targets: share ≥ 0.50, p99 ≤ 2.5×). The floor is measured
 * before and after the calls and averaged, since a shared machine drifts.
 * Usage: npm run bench [-- --seconds 5 --connections 50 --only /api/index/info --pglite]
 *   --pglite  also measures the same calls on the embedded PGlite (one query at a time) and prints PostgreSQL/PGlite
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is used to create a fresh database
 * jizu_bench with the demo data, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { startServer, type TServer } from '../e2e/support/server';
import { arg, argText, loginDemoTenant, measureFloor, measureLoad, withScratchDatabase, type TLoadRow } from './support';

const seconds = arg('seconds', 5);
const connections = arg('connections', 50);
const only = argText('only');
const withPglite = process.argv.includes('--pglite');
/** the demo tenant's calls, as the pages make them (company_id comes from the session's default company) */
const PATHS = [
  '/api/index/info',
  '/api/index/message/lst?page=1&size=15&state=0',
  '/api/index/notice?page=1&size=6',
  '/api/index/score/peas?page=1&size=20',
  '/api/index/score/gold?page=1&size=20',
  '/api/company/user/lst?page=1&size=5',
  '/api/company/privilege/lst?member_id={sub}',
  '/api/company/bank/lst?page=1&size=5',
  '/api/company/invoice/addrlst?page=1&size=5',
  '/api/company/signet/lst',
  '/api/payment/gold/lst',
  // the trade flows: the tenant's lists and its order in progress (contracts, machines, settlements)
  '/api/rent/bidding/lst?page=1&size=5',
  '/api/demand/demand?page=1&size=5',
  '/api/rent/order/lst?page=1&size=5',
  '/api/rent/order/detail?id={order}',
  '/api/rent/contract/lst?id={order}&page=1&size=5',
  '/api/rent/order/eplst?id={order}&page=1&size=5',
  '/api/rent/settle/lst?id={order}&page=1&size=5',
].filter((p) => !only || p.startsWith(only));

/** cpu: the serving process's CPU time (user + system) per request, µs: steadier than req/s on a shared machine */
type TRow = TLoadRow;

const load = (url: string, headers: Record<string, string>, pid: number) => measureLoad(url, pid, { connections, seconds, headers });

const print = (label: string, name: string, row: TRow) =>
  console.log(
    `${label.padEnd(10)} ${name.padEnd(30)} ${String(row.rps).padStart(6)} req/s   p50 ${String(row.p50).padStart(3)} ms   p99 ${String(row.p99).padStart(4)} ms   CPU ${String(Math.round(row.cpu)).padStart(5)} µs/req   database ${String(Math.round(row.dbCpu)).padStart(5)} µs/req${row.errors ? `   non-2xx/errors ${row.errors}` : ''}`,
  );

async function measure(label: string, server: TServer): Promise<TRow[]> {
  const token = await loginDemoTenant(server.url);
  const headers = { authorization: `Bearer ${token}` };
  // the privilege tree is a sub-user's: the demo provider is one in the tenant's company
  const members = (await (await fetch(`${server.url}/api/company/user/lst`, { headers })).json()) as { data: { id: number; master: number }[] };
  const sub = String(members.data.find((m) => m.master !== 1)?.id ?? 0);
  const inProgress = (await (await fetch(`${server.url}/api/rent/order/lst?status=2`, { headers })).json()) as { data: { data: { id: number }[] } };
  const order = String(inProgress.data.data[0]?.id ?? 0);
  const rows: TRow[] = [];
  for (const path of PATHS) {
    const p = path.replace('{sub}', sub).replace('{order}', order);
    const probe = (await (await fetch(`${server.url}${p}`, { headers })).json()) as { status: number; msg: string };
    if (probe.status !== 1) throw new Error(`${p}: ${probe.msg}`);
    const row = await load(`${server.url}${p}`, headers, server.pid);
    print(label, p.split('?')[0], row);
    rows.push(row);
  }
  return rows;
}

/** The floor in its own process on the same database, printed as it is measured. */
async function floorOf(dbUrl: string): Promise<TRow> {
  const row = await measureFloor(dbUrl, { connections, seconds });
  print('floor', 'bare Fastify + pg, 1 SELECT', row);
  return row;
}

async function main() {
  console.log(`${PATHS.length} calls and the floor, ${connections} connections, ${seconds} s each (after a 1 s warm-up)\n`);
  const env = { LOG_LEVEL: 'warn', NODE_ENV: 'production', SMS_CONSOLE_IN_PRODUCTION: '1', PUBLIC_URL: 'http://127.0.0.1', DATA_KEYS: randomBytes(32).toString('base64') };
  const { floor, calls } = await withScratchDatabase('jizu_bench', async (url) => {
    const s = await startServer({ ...env, DATABASE_URL: url, SEED_DEMO: '1' });
    try {
      const before = await floorOf(url);
      const calls = await measure('PostgreSQL', s);
      const after = await floorOf(url);
      const floor = { rps: (before.rps + after.rps) / 2, p50: (before.p50 + after.p50) / 2, p99: (before.p99 + after.p99) / 2, errors: 0, cpu: (before.cpu + after.cpu) / 2, dbCpu: (before.dbCpu + after.dbCpu) / 2 };
      return { floor, calls };
    } finally {
      await s.stop();
    }
  });
  console.log(`\nOn PostgreSQL, against the floor (${Math.round(floor.rps)} req/s, p99 ${floor.p99} ms, ${Math.round(floor.cpu)} µs CPU/req; mean of before and after)`);
  console.log(`  ${'call'.padEnd(30)} ${'share'.padStart(6)}  ${'p99 ratio'.padStart(9)}  ${'CPU ratio'.padStart(9)}`);
  let misses = 0;
  PATHS.forEach((p, i) => {
    const share = calls[i].rps / floor.rps;
    const p99 = calls[i].p99 / Math.max(floor.p99, 1);
    const miss = share < 0.5 || p99 > 2.5;
    if (miss) misses += 1;
    console.log(`  ${p.split('?')[0].padEnd(30)} ${share.toFixed(3).padStart(6)}  ${(p99.toFixed(2) + '×').padStart(9)}  ${((calls[i].cpu / Math.max(floor.cpu, 1)).toFixed(2) + '×').padStart(9)}${miss ? '   below target (share ≥ 0.50, p99 ≤ 2.5×)' : ''}`);
  });
  console.log(misses ? `\n${misses} of ${PATHS.length} calls below target` : `\nall ${PATHS.length} calls within target`);

  if (withPglite) {
    console.log('');
    const lite = await startServer(env);
    let a: TRow[];
    try {
      a = await measure('PGlite', lite);
    } finally {
      await lite.stop();
    }
    console.log('\nPostgreSQL / PGlite');
    PATHS.forEach((p, i) => console.log(`  ${p.split('?')[0].padEnd(30)} throughput ${(calls[i].rps / a[i].rps).toFixed(2)}×   p99 ${(calls[i].p99 / Math.max(a[i].p99, 1)).toFixed(2)}×`));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
