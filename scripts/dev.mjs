#!/usr/bin/env node
// npm run dev: one address for the browser, http://localhost:$PORT (3000 by default), for the whole development loop.
// - Vite's dev server answers there: the web app's modules with hot reload (an edited component updates in place).
// - The API server runs from its TypeScript sources under `tsx watch` on an internal port, and restarts when one of
//   its files (or a file of packages/shared) changes; Return in the terminal restarts it too. Vite proxies to it
//   /api, /uploads, /sitemap.xml and every page address (a browser navigation), so the server still writes the public
//   pages' own title, description and canonical link into the HTML (modules/market/site.routes.ts); the server takes
//   that HTML from Vite (WEB_DEV_URL), hot-reload client included.
// - Logs: readable lines in a terminal, JSON when the output goes to a pipe or a file (scripts/logs.mjs).
// The data directory is the same as npm start's (DATA_DIR, ./data by default).
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
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
const api = `http://127.0.0.1:${apiPort}`;

/** A page the browser navigates to (not a module, a style or a fetch of Vite's own): the server renders its HTML. */
const isPageLoad = (req) => (req.method === 'GET' || req.method === 'HEAD') && /\btext\/html\b/.test(req.headers.accept ?? '') && req.headers['sec-fetch-dest'] !== 'script';

/**
 * While the API restarts its port refuses connections: answer 503 (the web app's client shows its error message) and
 * say so in one line every few seconds, instead of Vite's stack trace for every refused request.
 */
let lastRefusal = 0;
function quietWhileRestarting(proxy) {
  const emit = proxy.emit.bind(proxy);
  proxy.emit = (event, err, req, res, ...rest) => {
    if (event !== 'error' || err?.code !== 'ECONNREFUSED' || !res || typeof res.writeHead !== 'function') return emit(event, err, req, res, ...rest);
    if (Date.now() - lastRefusal > 5000) console.log(`  (the API is starting or restarting: ${req.method} ${req.url} answered 503)`);
    lastRefusal = Date.now();
    if (!res.headersSent) res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' });
    res.end('The API server is starting or restarting; try again in a moment.');
    return true;
  };
}

const toApi = { target: api, changeOrigin: false, xfwd: true, configure: quietWhileRestarting };
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
} catch (e) {
  console.error(`The web dev server could not start on port ${port}: ${e instanceof Error ? e.message : e} (another server on it? PORT=… npm run dev)`);
  process.exit(1);
}

const format = await prettyLogs();
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const server = spawn(process.execPath, [tsx, 'watch', '--clear-screen=false', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: ['inherit', format ? 'pipe' : 'inherit', 'inherit'],
  env: {
    ...process.env,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: process.env.PUBLIC_URL || browserUrl,
    WEB_DEV_URL: `http://localhost:${port}`,
  },
});
const output = format ? pipeLogs(server.stdout, format) : Promise.resolve();
console.log(`\n  jizu (development): ${browserUrl} — web app with hot reload; API on ${api}, restarting when its sources change\n`);

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  await Promise.all([vite.close(), new Promise((r) => (server.exitCode !== null || server.signalCode !== null ? r() : server.once('exit', r))), output]);
  process.exit(code);
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void stop(0));
server.on('exit', (code) => void stop(code ?? 1));
