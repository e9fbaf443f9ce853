/**
 * The request path against its floor (ARCHITECTURE § Speed). On PostgreSQL, in one run: the floor (a bare Fastify + pg
 * route answering one indexed one-row SELECT, bench/floor.ts, its own process) and the user centre's busiest reads as
 * the demo tenant (the account card and every list call of the account and company areas), each with autocannon
 * (50 connections). Prints req/s and latency per call, then each call's share of the floor's req/s and its p99 over
 * the floor's p99: the figures to compare run to run (targets: share ≥ 0.50, p99 ≤ 2.5×). The floor runs just before
 * and just after each call, and the call is set against the mean of those two runs, since a shared machine drifts.
 * The server is the built one, as `npm start` runs it (bench/support.ts useBuiltServer).
 * Usage: npm run bench [-- --seconds 5 --connections 50 --only /api/index/info --pglite]
 *   --pglite  also measures the same calls on the embedded PGlite (one query at a time) and prints PostgreSQL/PGlite
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is used to create a fresh database
 * jizu_bench with the demo data, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { startServer, type TServer } from '../e2e/support/server';
import { arg, argText, loginDemoTenant, measureLoad, startFloor, useBuiltServer, withScratchDatabase, type TLoadRow } from './support';

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
  '/api/rent/order/history?id={order}',
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

/** The floor's run beside each call: before the first call, between calls and after the last (see main). */
type TFloor = { url: string; pid: number; runs: TRow[] };

async function measure(label: string, server: TServer, floor?: TFloor): Promise<TRow[]> {
  const token = await loginDemoTenant(server.url);
  const headers = { authorization: `Bearer ${token}` };
  // the privilege tree is a sub-user's: the demo provider is one in the tenant's company
  const members = (await (await fetch(`${server.url}/api/company/user/lst`, { headers })).json()) as { data: { id: number; master: number }[] };
  const sub = String(members.data.find((m) => m.master !== 1)?.id ?? 0);
  const inProgress = (await (await fetch(`${server.url}/api/rent/order/lst?status=2`, { headers })).json()) as { data: { data: { id: number }[] } };
  const order = String(inProgress.data.data[0]?.id ?? 0);
  const rows: TRow[] = [];
  const floorRun = async () => {
    if (!floor) return;
    const row = await load(floor.url, {}, floor.pid);
    print('floor', 'bare Fastify + pg, 1 SELECT', row);
    floor.runs.push(row);
  };
  for (const path of PATHS) {
    const p = path.replace('{sub}', sub).replace('{order}', order);
    const probe = (await (await fetch(`${server.url}${p}`, { headers })).json()) as { status: number; msg: string };
    if (probe.status !== 1) throw new Error(`${p}: ${probe.msg}`);
    await floorRun();
    const row = await load(`${server.url}${p}`, headers, server.pid);
    print(label, p.split('?')[0], row);
    rows.push(row);
  }
  await floorRun();
  return rows;
}

const mean = (a: TRow, b: TRow): TRow => ({ rps: (a.rps + b.rps) / 2, p50: (a.p50 + b.p50) / 2, p99: (a.p99 + b.p99) / 2, errors: 0, cpu: (a.cpu + b.cpu) / 2, dbCpu: (a.dbCpu + b.dbCpu) / 2 });

async function main() {
  await useBuiltServer();
  console.log(`${PATHS.length} calls, each between two runs of the floor, ${connections} connections, ${seconds} s each (after a 1 s warm-up)\n`);
  const env = { LOG_LEVEL: 'warn', NODE_ENV: 'production', SMS_CONSOLE_IN_PRODUCTION: '1', PUBLIC_URL: 'http://127.0.0.1', DATA_KEYS: randomBytes(32).toString('base64') };
  const { floors, calls } = await withScratchDatabase('jizu_bench', async (url) => {
    const s = await startServer({ ...env, DATABASE_URL: url, SEED_DEMO: '1' });
    const f = await startFloor(url);
    try {
      const floor: TFloor = { url: f.url, pid: f.pid, runs: [] };
      const calls = await measure('PostgreSQL', s, floor);
      return { floors: floor.runs, calls };
    } finally {
      await f.stop();
      await s.stop();
    }
  });
  // A shared machine's speed drifts over minutes (the floor alone has ranged 4,400–14,700 req/s from run to run here):
  // each call is set against the floor measured just before and just after it, not against one figure for the run.
  const rpsOf = floors.map((f) => f.rps);
  console.log(`\nOn PostgreSQL, each call against the mean of the floor's runs just before and after it (the floor's runs: ${Math.round(Math.min(...rpsOf))}–${Math.round(Math.max(...rpsOf))} req/s, p99 ${Math.min(...floors.map((f) => f.p99))}–${Math.max(...floors.map((f) => f.p99))} ms)`);
  console.log(`  ${'call'.padEnd(30)} ${'share'.padStart(6)}  ${'p99 ratio'.padStart(9)}  ${'CPU ratio'.padStart(9)}`);
  let misses = 0;
  PATHS.forEach((p, i) => {
    const floor = mean(floors[i], floors[i + 1]);
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
