#!/usr/bin/env node
// npm run cold-start: how long the built server (what npm start runs) takes from its process start to its first
// answers on an empty data directory, as on a fresh clone's first `npm start`: migrations on the embedded PGlite,
// the demo data (SEED_DEMO, on by default without DATABASE_URL), then the web app and the API.
//
//   npm run cold-start                   one start (builds the server first when its sources changed)
//   npm run cold-start -- --runs=3       three starts, each on a new empty directory: figures of each and the median
//   npm run cold-start -- --budget=15    exits 1 when the median of "ready" is over 15 s
//
// Prints, per start: the time to the first 200 of GET /api/health/live, of GET /api/health/ready (the demo data is in)
// and of GET / (the web app's page, when apps/web/dist is built), the server's own phases (its "jizu on …" line) and
// the machine's load average (the figures depend on it: 2 cores shared by several people here).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverDist } from '../apps/server/scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : dflt;
};
const runs = Number(arg('runs', '1'));
const verbose = process.argv.includes('--verbose');
const budget = arg('budget', '') ? Number(arg('budget', '')) : null;
const withWeb = fs.existsSync(path.join(root, 'apps/web/dist/index.html'));

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * The CPU time (user + system) a process has used so far, in ms, of all its threads or (`thread`) of its main thread
 * alone (JavaScript and PGlite; libvips, argon2 and file writes run on others); null where /proc is not there.
 */
function cpuSeconds(pid, thread = false) {
  try {
    const fields = fs
      .readFileSync(thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8')
      .split(') ')[1]
      .split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / 100) * 1000; // utime, stime in clock ticks (100 a second)
  } catch {
    return null;
  }
}

async function status(url, headers = {}) {
  try {
    const r = await fetch(url, { headers, signal: AbortSignal.timeout(5000) });
    await r.arrayBuffer();
    return r.status;
  } catch {
    return 0;
  }
}

async function oneStart() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-cold-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const load = os.loadavg()[0];
  const lines = [];
  const t0 = performance.now();
  // the environment of a fresh clone's npm start: no DATABASE_URL, no Redis, SEED_DEMO and NODE_ENV left unset
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'SEED_DEMO', 'NODE_ENV', 'JIZU_DEFER_DEMO_FILES']) delete env[k];
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(serverDist, 'main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buf = '';
  child.stdout.on('data', (d) => {
    buf += d;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      lines.push({ at: performance.now() - t0, line: buf.slice(0, i) });
      buf = buf.slice(i + 1);
    }
  });
  const errs = [];
  child.stderr.on('data', (d) => {
    errs.push(String(d));
    if (verbose) process.stderr.write(d);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const first = { live: null, ready: null, web: null };
  let cpuAtReady = null;
  const targets = {
    live: () => status(`${base}/api/health/live`),
    ready: () => status(`${base}/api/health/ready`),
    ...(withWeb ? { web: () => status(`${base}/`, { accept: 'text/html' }) } : {}),
  };
  try {
    while (Object.keys(targets).some((k) => first[k] === null)) {
      if (child.exitCode !== null)
        throw new Error(`the server exited (${child.exitCode}):\n${errs.join('').slice(-2000)}`);
      if (performance.now() - t0 > 180_000) throw new Error('no answer within 180 s');
      await Promise.all(
        Object.entries(targets).map(async ([k, probe]) => {
          if (first[k] !== null) return;
          if ((await probe()) === 200) {
            first[k] = performance.now() - t0;
            if (k === 'ready') cpuAtReady = { all: cpuSeconds(child.pid), main: cpuSeconds(child.pid, true) };
          }
        }),
      );
      await new Promise((r) => setTimeout(r, 50));
    }
    // the demo's contract PDFs may be written after the server answers: wait for that line too, for the record
    const until = performance.now() + 60_000;
    while (
      !lines.some((l) => /demo files written/.test(l.line)) &&
      lines.some((l) => /demo files are being written/.test(l.line)) &&
      performance.now() < until
    )
      await new Promise((r) => setTimeout(r, 100));
  } finally {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  let phases = null;
  let filesMs = null;
  for (const { at, line } of lines) {
    try {
      const j = JSON.parse(line);
      if (j.phases) phases = j.phases;
      if (/demo files written/.test(j.msg ?? '')) filesMs = j.ms ?? Math.round(at);
    } catch {
      /* not JSON */
    }
  }
  return { load, ...first, phases, filesMs, cpu: cpuAtReady?.all ?? null, mainCpu: cpuAtReady?.main ?? null };
}

await buildServer({ ifStale: true });
const s = (ms) => (ms === null || ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`);
const results = [];
for (let i = 0; i < runs; i++) {
  const r = await oneStart();
  results.push(r);
  const phases = r.phases
    ? Object.entries(r.phases)
        .map(([k, v]) => `${k} ${s(v)}`)
        .join(', ')
    : 'no phases logged';
  console.log(
    `start ${i + 1}/${runs} (load ${r.load.toFixed(1)} on ${os.cpus().length} cores): live ${s(r.live)}, ready ${s(r.ready)}, web page ${withWeb ? s(r.web) : 'not built'}; CPU time to ready ${s(r.cpu)} (main thread ${s(r.mainCpu)})${r.filesMs !== null ? `, demo files in the background ${s(r.filesMs)}` : ''}`,
  );
  console.log(`  server phases: ${phases}`);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const readyMedian = median(results.map((r) => Math.max(r.ready, r.web ?? 0)));
if (runs > 1) console.log(`median to ready and the web page: ${s(readyMedian)} over ${runs} starts`);
if (budget !== null && readyMedian > budget * 1000) {
  console.error(`✗ over the budget of ${budget} s`);
  process.exit(1);
}
