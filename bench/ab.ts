/**
 * Two servers side by side on one seeded PostgreSQL database, under the same load in alternating rounds (A B, B A,
 * A B …): each one's req/s, p99, server CPU and database CPU per request, the median of its rounds, and B / A. On a
 * shared machine, where one run's req/s moves by a tenth and more, the two see the same neighbours round by round,
 * so their ratio holds still where each absolute figure does not.
 *
 * The two servers are two builds (--a / --b: folders of a server build; `npm run build` writes apps/server/dist;
 * copy it to keep a build, at the same depth so that its node_modules resolve, e.g. `cp -r apps/server/dist
 * apps/server/dist-a`), or one build with two environments (--env-a / --env-b K=V[,K=V…], each flag repeatable): the
 * way to weigh a speed mechanism that has a switch (ARCHITECTURE § Speed: each must be worth ≥ 10 % on the mix).
 *
 * The load is the mix (--mix: bench/mix.ts, on the demo data and the bench's population, or --scale on the
 * marketplace-scale database) or one call (--path, as the demo tenant; {order} is its order in progress).
 * Usage: npm run bench:ab -- --mix --env-a FUSED_READS=1 --env-b FUSED_READS=0 [--rounds 6 --seconds 10 --connections 50 --warmup 10]
 *        npm run bench:ab -- --mix --a apps/server/dist-a --b apps/server/dist
 *        npm run bench:ab -- --a apps/server/dist-a --path '/api/rent/order/detail?id={order}' [--connections 10]
 * Takes rounds × 2 × (seconds + 1) s, plus a minute of seeding (--mix: 6 rounds of 10 s, about 3 minutes).
 */
import path from 'node:path';
import type { TServer } from '../e2e/support/server';
import { prepareMix, probeMix, runMix, type TMixData } from './mix';
import { withBenchDatabase } from './population';
import { arg, argText, loginDemoTenant, measureLoad, startBenchServer, useBuiltServer, type TLoadRow } from './support';

const mix = process.argv.includes('--mix');
const rounds = arg('rounds', 6);
const seconds = arg('seconds', mix ? 10 : 3);
const connections = arg('connections', mix ? 50 : 10);
const given = argText('path');
/** each server's first round warms up this long first (its pooled connections' statements prepared and planned) */
const warmup = arg('warmup', 10);

/** Every value of a repeatable option `--name K=V[,K=V]`, as an environment. */
function envOf(name: string): Record<string, string> {
  const env: Record<string, string> = {};
  process.argv.forEach((a, i) => {
    if (a !== `--${name}`) return;
    for (const kv of (process.argv[i + 1] ?? '').split(',')) {
      const eq = kv.indexOf('=');
      if (eq > 0) env[kv.slice(0, eq)] = kv.slice(eq + 1);
    }
  });
  return env;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

async function main() {
  const envs = [envOf('env-a'), envOf('env-b')];
  const dists = [argText('a'), argText('b')];
  if (!mix && !given)
    throw new Error(
      "usage: npm run bench:ab -- (--mix | --path '/api/…') (--a DIST_A [--b DIST_B] | --env-a K=V --env-b K=V)",
    );
  if (!dists[0] && !Object.keys(envs[0]).length && !Object.keys(envs[1]).length)
    throw new Error('A and B are the same: give --a (and --b) or --env-a / --env-b');
  if (!dists[0] || !dists[1]) await useBuiltServer();
  const distOf = (k: number) => path.join(dists[k] ?? 'apps/server/dist', 'main.js');
  const label = (k: number) =>
    `${'AB'[k]}: ${dists[k] ?? 'apps/server/dist'}${
      Object.keys(envs[k]).length
        ? ` with ${Object.entries(envs[k])
            .map(([x, v]) => `${x}=${v}`)
            .join(' ')}`
        : ''
    }`;
  console.log(`${label(0)}\n${label(1)}\n`);
  await withBenchDatabase(
    process.argv.includes('--scale') ? 'scale' : 'demo',
    { rebuild: process.argv.includes('--rebuild') },
    async (url) => {
      const servers: TServer[] = [];
      try {
        for (const k of [0, 1]) {
          process.env.JIZU_SERVER_DIST = distOf(k);
          servers.push(await startBenchServer(url, { env: envs[k] }));
        }
        let load: (k: number, warm: number) => Promise<TLoadRow>;
        if (mix) {
          const d: TMixData = await prepareMix(servers[0].url, url);
          for (const s of servers) {
            const failures = await probeMix(s.url, d);
            if (failures.length) throw new Error(`the mix's probe failed on ${s.url}:\n${failures.join('\n')}`);
          }
          console.log(`the mix, ${connections} connections, ${seconds} s a round`);
          load = (k, warm) => runMix(servers[k].url, servers[k].pid, d, { connections, seconds, warmup: warm });
        } else {
          const token = await loginDemoTenant(servers[0].url);
          const headers = { authorization: `Bearer ${token}` };
          const inProgress = (await (
            await fetch(`${servers[0].url}/api/rent/order/lst?status=2`, { headers })
          ).json()) as {
            data: { data: { id: number }[] };
          };
          const p = given!.replace('{order}', String(inProgress.data.data[0]?.id ?? 0));
          const answers = await Promise.all(
            servers.map(async (s) => (await fetch(`${s.url}${p}`, { headers })).text()),
          );
          console.log(
            `${p}: answers ${answers[0] === answers[1] ? 'identical' : 'DIFFER'} (${answers[0].length} and ${answers[1].length} characters)`,
          );
          load = (k, warm) =>
            measureLoad(`${servers[k].url}${p}`, servers[k].pid, {
              connections,
              seconds,
              headers,
              warmup: warm,
              warmupConnections: connections,
            });
        }
        const rows: TLoadRow[][] = [[], []];
        for (let i = 0; i < rounds; i++) {
          // A B, then B A: neither always runs first after the other's load
          for (const k of i % 2 ? [1, 0] : [0, 1]) {
            const r = await load(k, i === 0 ? warmup : 1);
            rows[k].push(r);
            console.log(
              `  round ${i + 1} ${'AB'[k]}  ${String(r.rps).padStart(6)} req/s  p99 ${String(r.p99).padStart(5)} ms  CPU ${String(Math.round(r.cpu)).padStart(5)} µs/req  database ${String(Math.round(r.dbCpu)).padStart(5)} µs/req${r.errors ? `  NON-2XX/ERRORS ${r.errors}` : ''}`,
            );
          }
        }
        const m = rows.map((rs) => ({
          rps: median(rs.map((r) => r.rps)),
          p99: median(rs.map((r) => r.p99)),
          cpu: median(rs.map((r) => r.cpu)),
          db: median(rs.map((r) => r.dbCpu)),
          errors: rs.reduce((s, r) => s + r.errors, 0),
        }));
        console.log(`\nmedians      req/s     p99 ms   CPU µs/req   database µs/req   errors`);
        m.forEach((x, k) =>
          console.log(
            `  ${'AB'[k]}  ${String(x.rps).padStart(10)} ${String(x.p99).padStart(10)}   ${String(Math.round(x.cpu)).padStart(10)}   ${String(Math.round(x.db)).padStart(15)}   ${x.errors}`,
          ),
        );
        const ratio = (b: number, a: number) => `${(b / Math.max(a, 1e-9)).toFixed(2)}×`;
        console.log(
          `  B/A  ${ratio(m[1].rps, m[0].rps).padStart(9)} ${ratio(m[1].p99, m[0].p99).padStart(10)}   ${ratio(m[1].cpu, m[0].cpu).padStart(10)}   ${ratio(m[1].db, m[0].db).padStart(15)}`,
        );
        if (m[0].errors || m[1].errors) {
          console.log('\nINVALID: non-2xx answers or errors (see the rounds)');
          process.exitCode = 1;
        }
      } finally {
        for (const s of servers) await s.stop();
      }
    },
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
