#!/usr/bin/env node
// npm test's check of the build that npm start runs (apps/server/dist): started with plain node on an empty data
// directory, it must migrate, load the regions, answer /api/health, serve the web app's page when one is built, make
// a backup, and stop cleanly. The API tests and the journeys run the TypeScript sources; this catches what only the
// bundle can get wrong (a file read at run time that the build did not copy, a package that does not load as ESM).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverDist } from '../apps/server/scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-built-'));
const noteFile = path.join(dataDir, 'server.json');
const logs = [];
const started = Date.now();

function fail(msg) {
  console.error(`✗ ${msg}\n${logs.join('').slice(-4000)}`);
  process.exitCode = 1;
}

await buildServer({ ifStale: true });
const child = spawn(process.execPath, [path.join(serverDist, 'main.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.on('data', (d) => logs.push(String(d)));
child.stderr.on('data', (d) => logs.push(String(d)));
const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

try {
  // PORT=0: the server's note in DATA_DIR says where it listens once it does
  let url = null;
  while (!url) {
    if (child.exitCode !== null) throw new Error('the built server exited at start');
    if (Date.now() - started > 120_000) throw new Error('the built server did not listen within 120 s');
    try {
      url = JSON.parse(fs.readFileSync(noteFile, 'utf8')).url ?? null;
    } catch {
      /* not yet */
    }
    if (!url) await new Promise((r) => setTimeout(r, 200));
  }
  const health = await fetch(`${url}/api/health`);
  if (health.status !== 200) throw new Error(`/api/health answered ${health.status}`);
  const provinces = await (await fetch(`${url}/api/index/area?pid=1`)).json();
  if (!(provinces.data?.length >= 31))
    throw new Error(`the regions did not load: ${JSON.stringify(provinces).slice(0, 200)}`);
  if (fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    const page = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
    if (page.status !== 200 || !(await page.text()).includes('<div id="root">'))
      throw new Error(`the web app's page answered ${page.status}`);
  }
  const backup = path.join(dataDir, 'check.tar.gz');
  const b = spawn(process.execPath, [path.join(serverDist, 'backup.js'), 'backup', backup], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  b.stdout.on('data', (d) => logs.push(String(d)));
  b.stderr.on('data', (d) => logs.push(String(d)));
  const bCode = await new Promise((resolve) => b.once('exit', resolve));
  if (bCode !== 0 || !fs.existsSync(backup)) throw new Error('npm run backup from the running built server failed');
  child.kill('SIGTERM');
  const { code } = await exited;
  if (code !== 0) throw new Error(`the built server stopped with exit code ${code}`);
  if (fs.existsSync(noteFile)) throw new Error('the built server left DATA_DIR/server.json behind at a clean stop');
  console.log(
    `✓ the built server migrated, answered, made a backup and stopped cleanly (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
  if (child.exitCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
