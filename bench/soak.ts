/**
 * The soak: the mix (bench/mix.ts) for 30 minutes at 100 connections on the demo data and the bench's population,
 * printing every minute the server process's resident memory (RSS, from /proc), its V8 heap in use (GET /metrics,
 * nodejs_heap_size_used_bytes; every bench server has the bench's METRICS_TOKEN), the minute's
 * req/s and p99, and its non-2xx answers. At the end: the errors, and the growth of RSS from the end of the fifth
 * minute to the end; PASS when no request failed and RSS grew less than 10 %. Not part of npm test.
 * Usage: npm run bench:soak [-- --minutes 30 --connections 100 --scale]
 *   --scale  on the marketplace-scale database (bench/population.ts, kept between runs) instead of a scratch one
 * Takes --minutes plus about a minute of seeding.
 */
import { otherErrors, prepareMix, probeMix, runMix, type TMixRow } from './mix';
import { withBenchDatabase } from './population';
import { arg, metricOf, rssBytes, startBenchServer, useBuiltServer } from './support';

const minutes = arg('minutes', 30);
const connections = arg('connections', 100);
const settle = Math.min(5, Math.max(0, minutes - 1));

const mb = (b: number) => `${(b / 1048576).toFixed(0)} MB`;

/** The V8 heap in use, when the server's /metrics says it (null: not exposed). */
const heapUsed = (url: string) => metricOf(url, 'nodejs_heap_size_used_bytes');

async function main() {
  await useBuiltServer();
  const ok = await withBenchDatabase(
    process.argv.includes('--scale') ? 'scale' : 'demo',
    { rebuild: process.argv.includes('--rebuild') },
    async (dbUrl) => {
      const s = await startBenchServer(dbUrl);
      try {
        const d = await prepareMix(s.url, dbUrl);
        const failures = await probeMix(s.url, d);
        if (failures.length) {
          for (const f of failures) console.log(`probe failed: ${f}`);
          return false;
        }
        console.log(
          `\nThe soak: the mix at ${connections} connections for ${minutes} minutes; RSS growth measured from the end of minute ${settle}\n`,
        );
        console.log(' min     req/s   p99 ms        RSS       heap   non-2xx/errors');
        let errors = 0;
        let rssAtSettle = 0;
        let rss = 0;
        for (let m = 1; m <= minutes; m++) {
          // one autocannon run a minute (no warm-up after the first): the server never rests between them
          const r: TMixRow = await runMix(s.url, s.pid, d, { connections, seconds: 60, warmup: m === 1 ? 1 : 0 });
          rss = rssBytes(s.pid);
          const heap = await heapUsed(s.url);
          errors += r.errors;
          if (m === settle) rssAtSettle = rss;
          const bad = [
            ...Object.entries(r.kinds)
              .filter(([, c]) => c.bad)
              .map(([k, c]) => `${k} ${c.bad}`),
            ...(otherErrors(r) ? [`no answer ${otherErrors(r)}`] : []),
          ].join(', ');
          console.log(
            `${String(m).padStart(4)}  ${String(r.rps).padStart(8)}  ${String(r.p99).padStart(7)}  ${mb(rss).padStart(9)}  ${(heap === null ? '–' : mb(heap)).padStart(9)}   ${r.errors}${bad ? ` (${bad})` : ''}`,
          );
          if (!s.alive()) throw new Error('the server died');
        }
        const base = rssAtSettle || rss;
        const growth = (rss - base) / Math.max(base, 1);
        const pass = errors === 0 && growth < 0.1;
        console.log(
          `\nSoak: ${errors} errors; RSS ${mb(base)} after minute ${settle} → ${mb(rss)} at the end: growth ${(growth * 100).toFixed(1)} % (target < 10 %, no error): ${pass ? 'PASS' : 'FAIL'}`,
        );
        return pass;
      } finally {
        await s.stop();
      }
    },
  );
  if (!ok) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
