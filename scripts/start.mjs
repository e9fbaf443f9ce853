#!/usr/bin/env node
// npm start: builds the web app and the server when their sources changed, then runs the built server (JavaScript,
// no TypeScript compiler at run time), which serves web + API (migrations and demo data at start).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverDist } from '../apps/server/scripts/build.mjs';
import { pipeLogs, prettyLogs } from './logs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // dist, dist-dev (the journeys' development-like build) and .prerender (the pre-render step's own build) are
    // outputs: counting them rebuilt at every start
    if (
      entry.name === 'node_modules' ||
      entry.name === 'dist' ||
      entry.name === 'dist-dev' ||
      entry.name === '.prerender'
    )
      continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestMtime(path.join(root, 'apps/web')), newestMtime(path.join(root, 'packages/shared/src')));
if (!fs.existsSync(dist) || fs.statSync(dist).mtimeMs < sources) {
  console.log('Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@jizu/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
try {
  await buildServer({ ifStale: true });
} catch (e) {
  console.error(`The server did not build: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}

// PDFs with Chinese text (contracts, the bidding report, the demo's signed contract) need Debian's fonts-noto-cjk
spawnSync(process.execPath, [path.join(root, 'scripts/ensure-browser.mjs'), '--font-only'], {
  cwd: root,
  stdio: 'inherit',
});

const format = await prettyLogs();
const child = spawn(process.execPath, ['--enable-source-maps', path.join(serverDist, 'main.js')], {
  cwd: root,
  stdio: ['inherit', format ? 'pipe' : 'inherit', 'inherit'],
  env: process.env,
});
const output = format ? pipeLogs(child.stdout, format) : Promise.resolve();
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => void output.then(() => process.exit(code ?? (signal ? 1 : 0))));
