#!/usr/bin/env node
// npm run dev: one address for the browser, http://localhost:$PORT (3000 by default), for the whole development loop.
// - Vite's dev server answers there: the web app's modules with hot reload (an edited component updates in place).
// - The API server runs on an internal port from a development bundle of its sources (esbuild in watch mode, as
//   npm start's build but kept up to date on every save: it loads in well under a second where tsx took several), and
//   restarts when one of its files, a file of packages/shared or a migration changes; Return in the terminal restarts
//   it too. Vite proxies to it /api, /uploads, /sitemap.xml and every page address (a browser navigation), so the
//   server still writes the public pages' own title, description and canonical link into the HTML
//   (modules/market/site.routes.ts); the server takes that HTML from Vite (WEB_DEV_URL), hot-reload client included.
// - Logs: readable lines in a terminal, JSON when the output goes to a pipe or a file (scripts/logs.mjs).
// The data directory is the same as npm start's (DATA_DIR, ./data by default).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { createServer } from 'vite';
import { serverBuildOptions } from '../apps/server/scripts/build.mjs';
import { pipeLogs, prettyLogs } from './logs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || 'localhost';
const browserUrl = `http://localhost:${port}`;

/** A TCP port free on 127.0.0.1 now: the API's, for the whole session (restarts keep it, so the proxy stays right). */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port: p } = s.address();
      s.close(() => resolve(p));
    });
    s.on('error', reject);
  });
}

const apiPort = await freePort();
const apiUrl = `http://127.0.0.1:${apiPort}`;

/** A page the browser navigates to (not a module, a style or a fetch of Vite's own): the server renders its HTML. */
const isPageLoad = (req) =>
  (req.method === 'GET' || req.method === 'HEAD') &&
  /\btext\/html\b/.test(req.headers.accept ?? '') &&
  req.headers['sec-fetch-dest'] !== 'script';

/**
 * While the API restarts its port refuses connections: answer 503 (the web app's client shows its error message) and
 * say so in one line every few seconds, instead of Vite's stack trace for every refused request.
 */
let lastRefusal = 0;
function quietWhileRestarting(proxy) {
  const emit = proxy.emit.bind(proxy);
  proxy.emit = (event, err, req, res, ...rest) => {
    if (event !== 'error' || err?.code !== 'ECONNREFUSED' || !res || typeof res.writeHead !== 'function')
      return emit(event, err, req, res, ...rest);
    if (Date.now() - lastRefusal > 5000)
      console.log(`  (the API is starting or restarting: ${req.method} ${req.url} answered 503)`);
    lastRefusal = Date.now();
    if (!res.headersSent) res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' });
    res.end('The API server is starting or restarting; try again in a moment.');
    return true;
  };
}

const toApi = { target: apiUrl, changeOrigin: false, xfwd: true, configure: quietWhileRestarting };
// Vite ends the process by itself on SIGTERM, and when stdin closes (its way of noticing that a parent went away):
// here SIGINT and SIGTERM stop everything, the API too (stop() below), and a closed stdin (a run in the background) is
// no reason to stop. Its listeners are the ones createServer adds.
const sigtermBefore = new Set(process.listeners('SIGTERM'));
const stdinEndBefore = new Set(process.stdin.listeners('end'));
let vite;
try {
  vite = await createServer({
    root: path.join(root, 'apps/web'),
    configFile: path.join(root, 'apps/web/vite.config.ts'),
    clearScreen: false,
    server: {
      port,
      host,
      strictPort: true,
      proxy: {
        '/api': toApi,
        '/uploads': toApi,
        '/sitemap.xml': toApi,
        // every other address: pages to the server, everything else (modules, assets, HMR) stays with Vite
        '^/(?!@|src/|node_modules/|__)': { ...toApi, bypass: (req) => (isPageLoad(req) ? undefined : req.url) },
      },
    },
  });
  await vite.listen();
  for (const l of process.listeners('SIGTERM')) if (!sigtermBefore.has(l)) process.off('SIGTERM', l);
  for (const l of process.stdin.listeners('end')) if (!stdinEndBefore.has(l)) process.stdin.off('end', l);
} catch (e) {
  console.error(
    `The web dev server could not start on port ${port}: ${e instanceof Error ? e.message : e} (another server on it? PORT=… npm run dev)`,
  );
  process.exit(1);
}

const format = await prettyLogs();
const src = path.join(root, 'apps/server/src');
// inside node_modules (a cache, like Vite's): the bundle's imports of packages resolve as from apps/server
const devOut = path.join(root, 'apps/server/node_modules/.cache/jizu-dev');
const serverEnv = {
  ...process.env,
  PORT: String(apiPort),
  HOST: '127.0.0.1',
  PUBLIC_URL: process.env.PUBLIC_URL || browserUrl,
  WEB_DEV_URL: `http://localhost:${port}`,
};

let api = null;
let stopping = false;

function startApi() {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(devOut, 'main.js')], {
    cwd: root,
    stdio: ['ignore', format ? 'pipe' : 'inherit', 'inherit'],
    env: serverEnv,
  });
  const output = format ? pipeLogs(child.stdout, format) : Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  api = { child, exited: exited.then((how) => output.then(() => how)) };
  const mine = api;
  void mine.exited.then((how) => {
    if (api === mine && !stopping)
      console.log(`  API stopped (${how}): it starts again at the next change, or press Return`);
  });
}

async function stopApi() {
  const current = api;
  api = null;
  if (!current) return;
  if (current.child.exitCode === null && current.child.signalCode === null) current.child.kill('SIGTERM');
  // main.ts gives up a shutdown after 10 s by itself; this is for a process that does not even get there
  const force = setTimeout(() => current.child.kill('SIGKILL'), 15_000);
  await current.exited;
  clearTimeout(force);
}

// one restart at a time; changes arriving meanwhile make one more, not one each
let queue = Promise.resolve();
let pending = false;
function restartApi(why) {
  if (pending || stopping) return;
  pending = true;
  queue = queue.then(async () => {
    pending = false;
    if (stopping) return;
    console.log(`  API: ${why}, restarting`);
    await stopApi();
    startApi();
  });
}

let firstBuild = true;
let buildStarted = 0;
const ctx = await esbuild.context({
  ...serverBuildOptions(devOut, { dev: true }),
  logLevel: 'silent',
  plugins: [
    ...serverBuildOptions(devOut, { dev: true }).plugins,
    {
      name: 'restart-api',
      setup(build) {
        build.onStart(() => {
          buildStarted = Date.now();
        });
        build.onEnd((result) => {
          if (result.errors.length) {
            console.log(
              esbuild.formatMessagesSync(result.errors, { kind: 'error', color: !!process.stdout.isTTY }).join('\n'),
            );
            console.log(
              `  API ${firstBuild ? 'not started' : 'not restarted (the running one is the last good build)'}: fix the error above`,
            );
            return;
          }
          if (firstBuild) {
            firstBuild = false;
            startApi();
          } else restartApi(`a source changed (rebuilt in ${Date.now() - buildStarted} ms)`);
        });
      },
    },
  ],
});
await ctx.watch();

// files the server reads at run time are not in the bundle: a new migration or new regions restart it too
const watchers = [];
for (const [file, what] of [
  [path.join(src, 'db/migrations'), 'the migrations changed'],
  [path.join(src, 'data/regions.json'), 'regions.json changed'],
]) {
  let timer;
  watchers.push(
    fs.watch(file, { recursive: fs.statSync(file).isDirectory() }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => restartApi(what), 300);
    }),
  );
}
if (process.stdin.isTTY) process.stdin.on('data', () => restartApi('Return pressed'));

console.log(
  `\n  jizu (development): ${browserUrl} — web app with hot reload; API on ${apiUrl}, restarting when its sources change (Return: restart now)\n`,
);

async function stop() {
  if (stopping) return;
  stopping = true;
  for (const w of watchers) w.close();
  await Promise.all([ctx.dispose(), vite.close(), queue.then(stopApi)]);
  process.exit(0);
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void stop());
