#!/usr/bin/env node
// npm test: everything, in order, failing on the first broken step's exit but running the suites it can.
// type check → lint → generated files up to date → build (web app, server) → the built server started once →
// first-load budgets → API tests on PGlite and on PostgreSQL (TEST_DATABASE_URL) side by side → browser journeys in
// Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-test-'));
const results = [];
let passed = 0;
let failed = 0;

function run(name, cmd, args, opts = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  const ok = r.status === 0;
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

function vitest(name, project, env = {}) {
  const out = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const ok = run(name, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { env });
  count(out, ok);
  return ok;
}

/** Adds a vitest JSON report's figures to the totals. */
function count(out, ok) {
  try {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
    if (!ok && j.numFailedTests === 0) failed += 1; // a suite that failed to load
  } catch {
    failed += 1;
  }
}

/** Runs `vitest --project api` once per database at the same time; prints each report when it ends. */
async function apiSuites() {
  const suites = [{ name: 'API tests on PGlite', env: { TEST_DATABASE_URL: '' } }];
  if (process.env.TEST_DATABASE_URL) suites.push({ name: 'API tests on PostgreSQL', env: {} });
  else console.log('\n(TEST_DATABASE_URL not set: the API suite on PostgreSQL is skipped)');
  await Promise.all(
    suites.map(
      (suite) =>
        new Promise((resolve) => {
          const started = Date.now();
          const out = path.join(tmp, `${suite.name.replace(/\W+/g, '-')}.json`);
          const log = path.join(tmp, `${suite.name.replace(/\W+/g, '-')}.log`);
          const fd = fs.openSync(log, 'w');
          console.log(`\n▶ ${suite.name} (report below when it ends)`);
          const child = spawn('npx', ['vitest', 'run', '--project', 'api', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
            cwd: root,
            stdio: ['ignore', fd, fd],
            env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...suite.env },
          });
          child.on('close', (code) => {
            fs.closeSync(fd);
            console.log(`\n▶ ${suite.name}`);
            process.stdout.write(fs.readFileSync(log, 'utf8'));
            results.push({ name: suite.name, ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
            count(out, code === 0);
            resolve();
          });
        }),
    ),
  );
}

/** Migrations and other generated files must match their sources (ARCHITECTURE § Style). */
function checkGenerated() {
  const mig = path.join(root, 'apps/server/src/db/migrations');
  const copy = path.join(tmp, 'migrations');
  fs.cpSync(mig, copy, { recursive: true });
  const r = spawnSync('npx', ['drizzle-kit', 'generate', '--dialect=postgresql', '--schema=./src/db/schema.ts', `--out=${copy}`], { cwd: path.join(root, 'apps/server'), encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    return false;
  }
  const list = (d) => fs.readdirSync(d, { recursive: true }).map(String).sort();
  const same = JSON.stringify(list(mig)) === JSON.stringify(list(copy)) && list(mig).every((f) => fs.statSync(path.join(mig, f)).isDirectory() || fs.readFileSync(path.join(mig, f)).equals(fs.readFileSync(path.join(copy, f))));
  if (!same) console.error('The Drizzle schema has changes without a committed migration: run `npm run db:generate` and commit the result.');
  else console.log('migrations match the schema');
  // regions.json against its generator is checked by apps/server/src/modules/region/region.data.test.ts
  return same;
}

const ci = !!process.env.CI;
run('browser and fonts', process.execPath, ['scripts/ensure-browser.mjs']);
run('type check', 'npm', ['run', '-s', 'typecheck']);
run('lint', 'npm', ['run', '-s', 'lint']);
{
  const started = Date.now();
  console.log('\n▶ generated files');
  results.push({ name: 'generated files', ok: checkGenerated(), seconds: ((Date.now() - started) / 1000).toFixed(1) });
}
// The build comes first: the API suite also checks how the server serves the web app. `npm run build` makes the web
// app and the server's bundle (apps/server/dist, what npm start runs; ~2 s), which is then started once on an empty
// database: it must migrate, answer, back up and stop (scripts/check-built-server.mjs).
const built = run('build (web app, server)', 'npm', ['run', '-s', 'build']);
const serverOk = built && run('built server', process.execPath, ['scripts/check-built-server.mjs']);
if (!built) results.push({ name: 'built server', ok: false, seconds: '0' });
// the suites' own servers (e2e/support/server.ts) are then the built one too: a start costs no TypeScript transform
if (serverOk) process.env.JIZU_SERVER_DIST = 'apps/server/dist/main.js';
// First-load budgets (bench/bundle.ts): the gzipped JavaScript of the user centre, /login, /site (≤ 200 KB each) and
// the admin console (≤ 300 KB), so that no later module pushes them back over. One server, one browser. It also prints
// the largest contentful paint at 4× CPU slowdown; that figure depends on how busy the machine is, so only the sizes
// (deterministic for a build) fail the step; one LCP load per page here keeps the step short.
if (built) run('first-load budgets', 'npx', ['tsx', 'bench/bundle.ts', '--lcp-runs=1']);
else results.push({ name: 'first-load budgets', ok: false, seconds: '0' });
// The two API suites run side by side: each runs its files one at a time (vitest's one worker on two cores), the PGlite
// suite on the node process alone, the PostgreSQL one largely in the database server; together they fill the machine.
// Each writes to a file of its own, printed whole when it ends, so the two reports never interleave.
await apiSuites();
if (built) vitest('browser journeys', 'e2e', { TEST_DATABASE_URL: '' });
else results.push({ name: 'browser journeys', ok: false, seconds: '0' });

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds} s)`);
const stepsFailed = results.filter((r) => !r.ok).length;
if (stepsFailed && failed === 0) failed = stepsFailed;
console.log(`\ntests: ${passed} passed, ${failed} failed`);
if (ci) fs.rmSync(tmp, { recursive: true, force: true });
process.exit(stepsFailed ? 1 : 0);
