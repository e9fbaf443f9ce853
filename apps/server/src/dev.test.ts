import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run dev` (scripts/dev.mjs) as a developer runs it: one port for the browser, where Vite serves the web app with
 * its hot-reload client and passes the API to a server that restarts when a server source changes; stopping it leaves
 * no process behind. It runs the real script on an empty data directory (no demo data: the API is ready at once).
 * The embedded database only: the PostgreSQL run skips it.
 */
const root = path.resolve(import.meta.dirname, '../../..');
/** a file of the server's bundle: touching it (its time, not its text) is a change esbuild's watch rebuilds for */
const SOURCE = path.join(root, 'apps/server/src/modules/health/health.routes.ts');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Every process below `pid` now (children, their children…), from /proc. */
function descendants(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* ended meanwhile */
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, pp] of parent) {
      if (pp !== p) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(pid);
  return out;
}

const cmdline = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return null;
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined> | T | null | undefined,
  ms: number,
  out: () => string,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`npm run dev: ${what} not within ${ms / 1000} s\n${out().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const get = async (url: string, headers: Record<string, string> = {}) => {
  try {
    const r = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
    return {
      status: r.status,
      text: await r.text(),
      type: r.headers.get('content-type') ?? '',
      csp: r.headers.get('content-security-policy') ?? '',
    };
  } catch {
    return { status: 0, text: '', type: '', csp: '' };
  }
};

describe.skipIf(!!process.env.TEST_DATABASE_URL)('npm run dev', () => {
  let dev: ChildProcess | null = null;
  let dataDir = '';
  const sourceTimes = fs.statSync(SOURCE);
  /** the processes seen under npm run dev, with their command lines: a failed test ends those still there */
  const seen = new Map<number, string>();
  const record = () => {
    for (const pid of [dev!.pid!, ...descendants(dev!.pid!)]) seen.set(pid, cmdline(pid) ?? '');
  };
  afterAll(() => {
    if (dev?.pid && alive(dev.pid)) record();
    for (const [pid, line] of seen) if (line && cmdline(pid) === line) process.kill(pid, 'SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    // the source's own times back, so that the change leaves no trace (npm start would rebuild for it)
    fs.utimesSync(SOURCE, sourceTimes.atime, sourceTimes.mtime);
  });

  it('serves the web app with hot reload and the API on one port, restarts the API when a server source changes, and stops leaving no process', async () => {
    const port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-dev-'));
    const env: Record<string, string | undefined> = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DEV_URL: '',
      PUBLIC_URL: '',
    };
    for (const k of Object.keys(env)) if (k.startsWith('VITEST') || k === 'TEST' || k === 'NODE_OPTIONS') delete env[k];
    const out: string[] = [];
    const log = () => out.join('');
    dev = spawn(process.execPath, [path.join(root, 'scripts/dev.mjs')], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    dev.stdout!.on('data', (d) => out.push(String(d)));
    dev.stderr!.on('data', (d) => out.push(String(d)));
    const exited = new Promise<number | null>((resolve) => dev!.once('exit', (code) => resolve(code)));
    const base = `http://localhost:${port}`;
    /** the API processes so far, by the pid of their "jizu on" line (the log is JSON lines through a pipe) */
    const apiPids = () =>
      log()
        .split('\n')
        .flatMap((l) => {
          try {
            const j = JSON.parse(l) as { msg?: string; pid?: number };
            return j.msg?.startsWith('jizu on ') && j.pid ? [j.pid] : [];
          } catch {
            return [];
          }
        });

    // the API through the browser's port (Vite proxies /api), ready
    await until('GET /api/health 200', async () => (await get(`${base}/api/health`)).status === 200, 90_000, log);
    const first = await until('the API’s "jizu on" line', () => apiPids()[0], 30_000, log);
    record();
    expect(descendants(dev.pid!)).toContain(first);

    // a page, as a browser navigates to it: the server's HTML made from Vite's, with the hot-reload client in it
    const page = await get(`${base}/login`, { accept: 'text/html', 'sec-fetch-dest': 'document' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    expect(page.text).toContain('/@vite/client');
    expect(page.text).toMatch(/<title>[^<]+<\/title>/);
    // under the page policy (platform/security-headers.ts): each script, Vite's inline preamble too, with the answer's
    // nonce, and the hot-reload WebSocket allowed
    const nonce = /'nonce-([^']+)'/.exec(page.csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.csp).toContain("connect-src 'self' ws: wss:");
    const tags = page.text.match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(1);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    // the hot-reload client and the app's modules come from Vite, transformed
    const client = await get(`${base}/@vite/client`);
    expect([client.status, client.type]).toEqual([200, expect.stringContaining('javascript')]);
    expect(client.text).toContain('[vite] connecting...');
    const entry = /<script\b[^>]* type="module" src="(\/src\/[^"]+)"/.exec(page.text)?.[1];
    expect(entry).toBeTruthy();
    const mod = await get(`${base}${entry}`);
    expect(mod.status).toBe(200);
    expect(mod.text).toContain('/node_modules/.vite/deps/'); // bare imports rewritten to Vite's pre-bundled dependencies

    // a server source changes: esbuild rebuilds, the API restarts as a new process and answers again
    const now = new Date();
    fs.utimesSync(SOURCE, now, now);
    await until('the restart line', () => log().includes('API: a source changed'), 60_000, log);
    const second = await until('a new API process', () => apiPids().find((p) => p !== first), 60_000, log);
    expect(alive(first)).toBe(false);
    await until(
      'GET /api/health 200 after the restart',
      async () => (await get(`${base}/api/health`)).status === 200,
      60_000,
      log,
    );
    record();
    expect(descendants(dev.pid!)).toContain(second);

    // stopped as a service manager stops it: everything it started ends with it, and the port is free
    const started = descendants(dev.pid!);
    expect(started.length).toBeGreaterThan(0);
    dev.kill('SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise((r) => setTimeout(() => r('still running after 30 s'), 30_000)),
    ]);
    expect(code, log().slice(-2000)).toBe(0);
    await until(
      'every process it started to end',
      () => started.every((p) => !alive(p)),
      10_000,
      () => `left: ${started.filter(alive).join(', ')}\n${log()}`,
    );
    expect((await get(`${base}/api/health`)).status).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.json'))).toBe(false);
  }, 240_000);
});
