/**
 * Where a call's time goes, from a V8 CPU profile of the built server (as `npm start` runs it; its frames read back by
 * source file and line through the bundle's source map) on PostgreSQL: a fixed number of requests per call
 * (as the demo tenant, 10 connections), then the server's CPU time per request (busy samples / requests: steadier than
 * req/s on a shared machine) and the heaviest places by self time, grouped by package or source file.
 * Usage: npm run bench:profile [-- --only /api/index/info --requests 3000 --top 25]
 *        npm run bench:profile -- --path '/api/rent/order/detail?id={order}'   (any call; {order} is the demo tenant's
 *        order in progress, {sub} its sub-user's member id, as in bench/api-load.ts)
 *        npm run bench:profile -- --mix [--seconds 20 --connections 50]   (the mix of bench/mix.ts on the demo data and
 *        its population, as `npm run bench` runs it: where the CPU of realistic traffic goes, per request of the mix)
 *        npm run bench:profile -- --mix --perf   (the same sampled by Linux perf, every sample on the CPU: bench/perf.ts)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server';
import { prepareMix, runMix } from './mix';
import { perfAvailable, recordPerf, summarizePerf } from './perf';
import { withBenchDatabase } from './population';
import { arg, argText, benchEnv, cpuUs, loginDemoTenant, useBuiltServer, withScratchDatabase } from './support';

const requests = arg('requests', 3000);
const top = arg('top', 25);
const only = argText('only');
/** --caller drizzle-orm: that package's self time by the nearest function of ours above it (who makes it work) */
const caller = argText('caller');
const given = argText('path');
const PATHS = given
  ? [given]
  : [
      '/api/index/info',
      '/api/index/message/lst?page=1&size=15&state=0',
      '/api/company/user/lst?page=1&size=5',
      '/api/index/score/peas?page=1&size=20',
    ].filter((p) => !only || p.startsWith(only));

interface TNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface TProfile {
  startTime: number;
  nodes: TNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A place in the code: a package under node_modules, else a file of ours, else V8/Node internals. */
function place(url: string): string {
  if (!url) return '(native / idle / gc)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  const i = url.indexOf('/apps/');
  if (i >= 0) return url.slice(i + 1);
  const j = url.indexOf('/packages/');
  return j >= 0 ? url.slice(j + 1) : url;
}

/** µs on CLOCK_MONOTONIC: the clock of V8's profile timestamps, the same in every process of the machine */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * The source place of a frame of the built server (one bundle, apps/server/dist/main.js) by its source map, so that
 * the profile of what `npm start` runs reads by source file and line as the TypeScript's would; other frames as they are.
 */
const maps = new Map<string, SourceMap | null>();
function sourceOf(f: TNode['callFrame']): { url: string; line: number } {
  if (!f.url.endsWith('.js') || !f.url.includes('/apps/server/dist/')) return { url: f.url, line: f.lineNumber + 1 };
  if (!maps.has(f.url)) {
    const file = f.url.startsWith('file:') ? fileURLToPath(f.url) : f.url;
    maps.set(
      f.url,
      fs.existsSync(`${file}.map`) ? new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as never) : null,
    );
  }
  const e = maps.get(f.url)?.findEntry(f.lineNumber, f.columnNumber);
  // the map's sources are relative to the bundle's folder (../src/…)
  const dir = path.dirname(f.url.startsWith('file:') ? fileURLToPath(f.url) : f.url);
  return e && 'originalSource' in e && e.originalSource
    ? { url: path.resolve(dir, e.originalSource), line: e.originalLine + 1 }
    : { url: f.url, line: f.lineNumber + 1 };
}

function summarize(prof: TProfile, n: number, from: number, to: number) {
  const byId = new Map(prof.nodes.map((x) => [x.id, x]));
  const self = new Map<number, number>();
  let t = prof.startTime;
  prof.samples.forEach((id, i) => {
    const d = prof.timeDeltas[i] ?? 0;
    t += d;
    if (t >= from && t <= to) self.set(id, (self.get(id) ?? 0) + d);
  });
  let busy = 0;
  const byPlace = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') continue;
    busy += us;
    const src = sourceOf(node.callFrame);
    const p = node.callFrame.functionName === '(garbage collector)' ? '(gc)' : place(src.url);
    byPlace.set(p, (byPlace.get(p) ?? 0) + us);
    // a package's frames with their file in it (which of drizzle's or pg's functions)
    const nm = src.url.lastIndexOf('node_modules/');
    const where = nm >= 0 ? src.url.slice(nm + 13) : place(src.url);
    const f = `${node.callFrame.functionName || '(anonymous)'} ${where}:${src.line}`;
    byFn.set(f, (byFn.get(f) ?? 0) + us);
  }
  console.log(
    `  profile: ${(busy / n).toFixed(0)} µs busy per request (wall-clock samples: a contended machine inflates native calls)`,
  );
  const list = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .forEach(([k, us]) =>
        console.log(`    ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / n).toFixed(1).padStart(6)} µs  ${k}`),
      );
  console.log('  by package / file');
  list(byPlace);
  console.log('  by function');
  list(byFn);
  if (caller) {
    const parent = new Map<number, number>();
    for (const x of prof.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
    const byCaller = new Map<string, number>();
    for (const [id, us] of self) {
      if (place(sourceOf(byId.get(id)!.callFrame).url) !== caller) continue;
      let p = parent.get(id);
      let at = '(none of ours)';
      while (p !== undefined) {
        const f = byId.get(p)!.callFrame;
        const src = sourceOf(f);
        if (src.url.includes('/apps/') || src.url.includes('/packages/')) {
          at = `${f.functionName || '(anonymous)'} ${place(src.url)}:${src.line}`;
          break;
        }
        p = parent.get(p);
      }
      byCaller.set(at, (byCaller.get(at) ?? 0) + us);
    }
    console.log(`  ${caller} by the nearest caller of ours`);
    list(byCaller);
  }
}

/** The path with the demo tenant's ids in place of {order} and {sub}; refuses a call that does not answer status 1. */
async function demoPath(base: string, headers: Record<string, string>, p: string): Promise<string> {
  const get = async <T>(u: string) => ((await (await fetch(`${base}${u}`, { headers })).json()) as { data: T }).data;
  let out = p;
  if (out.includes('{sub}'))
    out = out.replace(
      '{sub}',
      String(
        (await get<{ id: number; master: number }[]>('/api/company/user/lst')).find((m) => m.master !== 1)?.id ?? 0,
      ),
    );
  if (out.includes('{order}'))
    out = out.replace(
      '{order}',
      String((await get<{ data: { id: number }[] }>('/api/rent/order/lst?status=2')).data[0]?.id ?? 0),
    );
  const probe = (await (await fetch(`${base}${out}`, { headers })).json()) as { status: number; msg: string };
  if (probe.status !== 1) throw new Error(`${out}: ${probe.msg}`);
  return out;
}

/** --mix: the mix under a profile, the CPU per request of all its kinds together */
async function profileMix() {
  const seconds = arg('seconds', 20);
  const connections = arg('connections', 50);
  await withBenchDatabase('demo', {}, async (dbUrl) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-prof-'));
    const perf = process.argv.includes('--perf');
    if (perf && !perfAvailable()) throw new Error('--perf needs Linux perf (Debian: linux-perf)');
    const s = await startServer(benchEnv({ DATABASE_URL: dbUrl }), {
      web: false,
      nodeArgs: perf ? ['--perf-basic-prof'] : ['--cpu-prof', `--cpu-prof-dir=${dir}`],
    });
    const window = { from: 0, to: 0 };
    let n: number;
    let script: string | undefined;
    try {
      const d = await prepareMix(s.url, dbUrl);
      await runMix(s.url, s.pid, d, { connections, seconds: 3 }); // warm-up: JIT, pool, named statements
      window.from = nowUs();
      const rec = perf ? recordPerf(s.pid) : null;
      const r = await runMix(s.url, s.pid, d, { connections, seconds, warmup: 0 });
      script = await rec?.stop();
      window.to = nowUs();
      n = r.total;
      console.log(
        `\nthe mix, ${connections} connections, ${seconds} s: ${Math.round(r.rps)} req/s, ${n} answers, server CPU ${r.cpu.toFixed(0)} µs and database ${r.dbCpu.toFixed(0)} µs per request`,
      );
    } finally {
      await s.stop();
    }
    if (perf) {
      summarizePerf(script ?? '', s.pid, n, 'apps/server/dist', top);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(`/tmp/perf-${s.pid}.map`, { force: true });
      return;
    }
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('no profile written');
    summarize(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as TProfile, n, window.from, window.to);
    fs.rmSync(dir, { recursive: true, force: true });
  });
}

async function main() {
  await useBuiltServer();
  if (process.argv.includes('--mix')) return profileMix();
  // one data key for the run: every server of it opens the same database
  const dataKey = randomBytes(32).toString('base64');
  await withScratchDatabase('jizu_profile', async (dbUrl) => {
    for (const p of PATHS) {
      const window = { from: 0, to: 0 };
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-prof-'));
      const s = await startServer(
        {
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
          SMS_CONSOLE_IN_PRODUCTION: '1',
          PUBLIC_URL: 'http://127.0.0.1',
          DATA_KEYS: dataKey,
          DATABASE_URL: dbUrl,
          SEED_DEMO: '1',
        },
        { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] },
      );
      try {
        const token = await loginDemoTenant(s.url);
        const headers = { authorization: `Bearer ${token}` };
        const url = `${s.url}${await demoPath(s.url, headers, p)}`;
        await autocannon({ url, headers, connections: 10, amount: 500 }); // warm-up: JIT, pool
        window.from = nowUs();
        const cpu0 = cpuUs(s.pid);
        const res = await autocannon({ url, headers, connections: 10, amount: requests });
        const cpu1 = cpuUs(s.pid);
        const user = (cpu1.user - cpu0.user) / requests;
        const system = (cpu1.system - cpu0.system) / requests;
        window.to = nowUs();
        console.log(`\n${p}  (${Math.round(res.requests.average)} req/s at 10 connections, non-2xx ${res.non2xx})`);
        console.log(
          `  server process CPU (from /proc) ${(user + system).toFixed(0)} µs per request (user ${user.toFixed(0)}, system ${system.toFixed(0)}): the steadiest figure`,
        );
      } finally {
        await s.stop();
      }
      const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
      if (!file) throw new Error('no profile written');
      // only the samples of the measured run count: start-up, seeding and warm-up are outside its window
      summarize(
        JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as TProfile,
        requests,
        window.from,
        window.to || nowUs(),
      );
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
