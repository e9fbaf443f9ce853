// npm test: everything, failing on the first broken step's exit but running the suites it can. Two lanes at once
// (the CI machine has two cores):
//   checks (niced: they take what the other lane leaves): type check → lint → formatting (prettier) → unused code (knip) → dependency audit →
//   generated files up to date;
//   builds and suites: build (web app, server) → the built server started once → the journeys' data template →
//   first-load budgets → the API tests on PGlite and on PostgreSQL (TEST_DATABASE_URL) side by side → the browser
//   journeys in Debian's Chromium, two files at a time.
// The journeys run last, without the API suites: beside them, pages waited past their time limits (a modal, a toast)
// for CPU the suites held. A journey mostly waits (for its server, its browser, its pages): one file at a time used a
// quarter of the two cores (808 s, 2026-11-28), two at a time 510 s with every journey passing. Each step writes to a
// file of its own, printed whole when it ends, so that reports never interleave; the Summary lists every step in the
// same order.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-test-'));
const results = new Map();
const t0 = Date.now();
let passed = 0;
let failed = 0;

/** The lower priority of the CPU-bound steps (type check, lint, API suites); JIZU_TEST_NICE=0 runs them at the usual one. */
const NICE = Number(process.env.JIZU_TEST_NICE ?? 5);

/** Where a step's output goes: its own file under tmp, printed when the step ends. */
const slug = (name) => name.replace(/\W+/g, '-');

/**
 * Runs one step as a child process, its output to a file printed whole when it ends; `nice` lowers its priority (and
 * its children's) so that the browser journeys keep theirs.
 */
function run(name, cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const log = path.join(tmp, `${slug(name)}.log`);
    const fd = fs.openSync(log, 'w');
    console.log(`▶ ${name} (at ${((started - t0) / 1000).toFixed(0)} s; report below when it ends)`);
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['ignore', fd, fd],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...opts.env },
    });
    if (opts.nice && NICE) {
      try {
        os.setPriority(child.pid, NICE);
      } catch {
        /* not allowed here: the step runs at the usual priority */
      }
    }
    const done = (ok) => {
      fs.closeSync(fd);
      console.log(`\n▶ ${name}`);
      process.stdout.write(fs.readFileSync(log, 'utf8'));
      results.set(name, { name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
      resolve(ok);
    };
    child.on('error', (e) => {
      fs.writeSync(fd, String(e));
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

/** A step that could not run because an earlier one failed. */
function skipped(name) {
  results.set(name, { name, ok: false, seconds: '0' });
  return false;
}

/** A vitest project run with its JSON report added to the totals. */
async function vitest(name, project, opts = {}) {
  const out = path.join(tmp, `${slug(name)}.json`);
  const ok = await run(
    name,
    'npx',
    ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    opts,
  );
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

/** Migrations and other generated files must match their sources (ARCHITECTURE § Style). */
async function checkGenerated() {
  const mig = path.join(root, 'apps/server/src/db/migrations');
  const copy = path.join(tmp, 'migrations');
  fs.cpSync(mig, copy, { recursive: true });
  // not spawnSync: the other lane's steps are reported while this one runs
  const r = await new Promise((resolve) => {
    const out = { status: null, stdout: '', stderr: '' };
    const child = spawn(
      'npx',
      ['drizzle-kit', 'generate', '--dialect=postgresql', '--schema=./src/db/schema.ts', `--out=${copy}`],
      {
        cwd: path.join(root, 'apps/server'),
      },
    );
    child.stdout.on('data', (d) => (out.stdout += d));
    child.stderr.on('data', (d) => (out.stderr += d));
    child.on('error', (e) => resolve({ ...out, stderr: out.stderr + String(e) }));
    child.on('close', (status) => resolve({ ...out, status }));
  });
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    return false;
  }
  const list = (d) => fs.readdirSync(d, { recursive: true }).map(String).sort();
  const same =
    JSON.stringify(list(mig)) === JSON.stringify(list(copy)) &&
    list(mig).every(
      (f) =>
        fs.statSync(path.join(mig, f)).isDirectory() ||
        fs.readFileSync(path.join(mig, f)).equals(fs.readFileSync(path.join(copy, f))),
    );
  if (!same)
    console.error(
      'The Drizzle schema has changes without a committed migration: run `npm run db:generate` and commit the result.',
    );
  else console.log('migrations match the schema');
  // regions.json against its generator is checked by apps/server/src/modules/region/region.data.test.ts
  return same;
}

const ci = !!process.env.CI;
const ORDER = [
  'browser and fonts',
  'type check',
  'lint',
  'formatting',
  'unused code',
  'dependency audit',
  'generated files',
  'build (web app, server)',
  'built server',
  "journeys' template",
  'first-load budgets',
  'API tests on PGlite',
  'API tests on PostgreSQL',
  'browser journeys',
];
await run('browser and fonts', process.execPath, ['scripts/ensure-browser.mjs']);

// lane 1: the checks of the sources
const checks = (async () => {
  await run('type check', 'npm', ['run', '-s', 'typecheck'], { nice: true });
  await run('lint', 'npm', ['run', '-s', 'lint'], { nice: true });
  // .prettierrc.json: every source at the formatter's width (npm run format writes them so)
  await run('formatting', 'npm', ['run', '-s', 'format:check'], { nice: true });
  // knip.jsonc: an unused file, export or dependency fails, and (--production) an export only tests use unless @internal
  await run('unused code', 'npm', ['run', '-s', 'knip'], { nice: true });
  // npm audit --omit=dev at high or above, less audit-allow.json's unexpired entries (scripts/audit.mjs, README § Security)
  await run('dependency audit', process.execPath, ['scripts/audit.mjs']);
  const started = Date.now();
  console.log('▶ generated files');
  const ok = await checkGenerated();
  results.set('generated files', { name: 'generated files', ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
})();

// lane 2: the build first: the API suite also checks how the server serves the web app. `npm run build` makes the web
// app (apps/web/dist, and apps/web/dist-dev: the development-like build the journeys serve, whose React and antd
// warnings fail them) and the server's bundle (apps/server/dist, what npm start runs; ~2 s), which is then started
// once on an empty database: it must migrate, answer, back up and stop (scripts/check-built-server.mjs).
const suites = (async () => {
  const built = await run('build (web app, server)', 'npm', ['run', '-s', 'build']);
  const serverOk = built
    ? await run('built server', process.execPath, ['scripts/check-built-server.mjs'])
    : skipped('built server');
  // the suites' own servers (e2e/support/server.ts) are then the built one too: a start costs no TypeScript transform
  if (serverOk) process.env.JIZU_SERVER_DIST = 'apps/server/dist/main.js';
  const steps = [];
  // The journeys' template (e2e/support/template.ts: a data directory with the demo data seeded, a copy per file),
  // made before the suites start: a seeding start is the heaviest, and it has its deadline.
  if (serverOk) {
    const out = path.join(tmp, 'e2e-template.out');
    const made = await run(
      "journeys' template",
      'sh',
      ['-c', `npx tsx e2e/support/make-template.ts > ${JSON.stringify(out)}`],
      {
        env: { TEST_DATABASE_URL: '' },
      },
    );
    const dir = made ? fs.readFileSync(out, 'utf8').trim().split('\n').pop() : '';
    if (dir && fs.existsSync(dir)) {
      process.env.JIZU_E2E_TEMPLATE = dir;
      process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    }
  }
  // First-load budgets (bench/bundle.ts): the gzipped JavaScript of the user centre, /login, /site (≤ 200 KB each) and
  // the admin console (≤ 300 KB), so that no later module pushes them back over. One server, one browser. It also
  // prints the largest contentful paint at 4× CPU slowdown; that figure depends on how busy the machine is, so only
  // the sizes (deterministic for a build) fail the step; one LCP load per page here keeps the step short.
  if (built) await run('first-load budgets', 'npx', ['tsx', 'bench/bundle.ts', '--lcp-runs=1']);
  else skipped('first-load budgets');
  // The API suite once per database, side by side, each a file at a time: on PGlite all on the node process, on
  // PostgreSQL largely in the database server.
  steps.push(vitest('API tests on PGlite', 'api', { env: { TEST_DATABASE_URL: '' } }));
  if (process.env.TEST_DATABASE_URL) steps.push(vitest('API tests on PostgreSQL', 'api'));
  else console.log('\n(TEST_DATABASE_URL not set: the API suite on PostgreSQL is skipped)');
  await Promise.all(steps);
  // The journeys after them, two files at a time (JIZU_E2E_WORKERS sets another number, vitest.config.ts): beside the
  // API suites on two cores, pages waited past their time limits (a modal, a toast) for CPU the suites held.
  if (built)
    await vitest('browser journeys', 'e2e', {
      env: { TEST_DATABASE_URL: '', JIZU_E2E_WORKERS: process.env.JIZU_E2E_WORKERS ?? '2' },
    });
  else skipped('browser journeys');
})();
await Promise.all([checks, suites]);

console.log('\nSummary');
for (const name of ORDER) {
  const r = results.get(name);
  if (r) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds} s)`);
}
console.log(`  total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
const stepsFailed = [...results.values()].filter((r) => !r.ok).length;
if (stepsFailed && failed === 0) failed = stepsFailed;
console.log(`\ntests: ${passed} passed, ${failed} failed`);
if (ci) fs.rmSync(tmp, { recursive: true, force: true });
process.exit(stepsFailed ? 1 : 0);
