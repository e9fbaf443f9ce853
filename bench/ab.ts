/**
 * Two builds of the server, side by side on one seeded PostgreSQL database, under the same call in alternating rounds
 * (A B B A A B …): each build's server CPU and database CPU per request, the median of its rounds, and B / A. On a
 * shared machine, where one run's req/s moves by a tenth and more, the two builds see the same neighbours round by
 * round, so their ratio holds still where each absolute figure does not.
 * Usage: npm run bench:ab -- --a apps/server/dist-a --b apps/server/dist --path '/api/rent/order/detail?id={order}'
 *        [--rounds 6 --seconds 3 --connections 10]
 *   --a / --b  folders of a server build (`npm run build` writes apps/server/dist; copy it to keep a build, at the
 *              same depth so that its node_modules resolve, e.g. `cp -r apps/server/dist apps/server/dist-a`)
 *   {order} in the path is the demo tenant's order in progress, as in bench/api-load.ts
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startServer, type TServer } from '../e2e/support/server';
import { arg, argText, loginDemoTenant, measureLoad, withScratchDatabase, type TLoadRow } from './support';

const rounds = arg('rounds', 6);
const seconds = arg('seconds', 3);
const connections = arg('connections', 10);
const a = argText('a');
const b = argText('b') ?? 'apps/server/dist';
const given = argText('path');

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

async function main() {
  if (!a || !given) throw new Error("usage: npm run bench:ab -- --a DIST_A --b DIST_B --path '/api/…'");
  const env = { LOG_LEVEL: 'warn', NODE_ENV: 'production', SMS_CONSOLE_IN_PRODUCTION: '1', PUBLIC_URL: 'http://127.0.0.1', DATA_KEYS: randomBytes(32).toString('base64') };
  await withScratchDatabase('jizu_ab', async (url) => {
    const start = (dist: string, seed: boolean) => {
      process.env.JIZU_SERVER_DIST = path.join(dist, 'main.js');
      return startServer({ ...env, DATABASE_URL: url, SEED_DEMO: seed ? '1' : '' });
    };
    const servers: TServer[] = [];
    try {
      servers.push(await start(a, true));
      servers.push(await start(b, false));
      const token = await loginDemoTenant(servers[0].url);
      const headers = { authorization: `Bearer ${token}` };
      const inProgress = (await (await fetch(`${servers[0].url}/api/rent/order/lst?status=2`, { headers })).json()) as { data: { data: { id: number }[] } };
      const p = given.replace('{order}', String(inProgress.data.data[0]?.id ?? 0));
      const answers = await Promise.all(servers.map(async (s) => (await fetch(`${s.url}${p}`, { headers })).text()));
      console.log(`${p}: answers ${answers[0] === answers[1] ? 'identical' : 'DIFFER'} (${answers[0].length} and ${answers[1].length} characters)`);
      const rows: TLoadRow[][] = [[], []];
      for (let i = 0; i < rounds; i++) {
        // A B, then B A: neither build always runs first after the other's load
        for (const k of i % 2 ? [1, 0] : [0, 1]) {
          const r = await measureLoad(`${servers[k].url}${p}`, servers[k].pid, { connections, seconds, headers });
          rows[k].push(r);
          console.log(`  round ${i + 1} ${'AB'[k]}  ${String(r.rps).padStart(6)} req/s  CPU ${String(Math.round(r.cpu)).padStart(5)} µs/req  database ${String(Math.round(r.dbCpu)).padStart(5)} µs/req${r.errors ? `  errors ${r.errors}` : ''}`);
        }
      }
      const m = rows.map((rs) => ({ rps: median(rs.map((r) => r.rps)), cpu: median(rs.map((r) => r.cpu)), db: median(rs.map((r) => r.dbCpu)) }));
      console.log(`\nmedians      req/s   CPU µs/req   database µs/req`);
      m.forEach((x, k) => console.log(`  ${'AB'[k]}  ${String(x.rps).padStart(10)}   ${String(Math.round(x.cpu)).padStart(10)}   ${String(Math.round(x.db)).padStart(15)}`));
      console.log(`  B/A  ${(m[1].rps / m[0].rps).toFixed(2).padStart(9)}×  ${(m[1].cpu / m[0].cpu).toFixed(2).padStart(10)}×  ${(m[1].db / m[0].db).toFixed(2).padStart(15)}×`);
    } finally {
      for (const s of servers) await s.stop();
    }
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
