import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A TCP port free on 127.0.0.1 at this moment. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface TServer {
  url: string;
  /** the server's process id (benchmarks read its CPU time) */
  pid: number;
  dataDir: string;
  logs: string[];
  /** settles when the process ends, however it ends (a crash test kills it with SIGKILL) */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  stop(): Promise<void>;
}

/**
 * The real server as a person gets it from `npm start`: its own process on a fresh embedded database with the demo
 * data, serving the built web app (`npm run build` must have run). `web: false` starts the API alone (no build needed);
 * `web: 'development'` serves the development-like build (apps/web/dist-dev: React's and antd's development warnings
 * on, which the journeys fail on, browser.ts), made by the same `npm run build`.
 * `from` starts on a copy of that data directory instead of an empty one; `keep` leaves the directory when it stops;
 * `startSeconds` (120) is how long it may take to answer.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: {
    nodeArgs?: string[];
    web?: false | 'production' | 'development';
    from?: string;
    keep?: boolean;
    startSeconds?: number;
  } = {},
): Promise<TServer> {
  const webDist = path.join(root, opts.web === 'development' ? 'apps/web/dist-dev' : 'apps/web/dist');
  if (opts.web !== false && !fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error(`${path.relative(root, webDist)} is missing: run \`npm run build\` first`);
  // the production build made after the development-like one: the journeys would test the sources of before
  if (
    opts.web === 'development' &&
    fs.statSync(path.join(webDist, 'index.html')).mtimeMs <
      (fs.statSync(path.join(root, 'apps/web/dist/index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0)
  ) {
    throw new Error(
      'apps/web/dist-dev is older than apps/web/dist: run `npm run build` (or `npm run build:dev -w @jizu/web`)',
    );
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-e2e-'));
  // `from`: a copy of a data directory another server left (the seeded template of the journeys, e2e/support/template.ts)
  if (opts.from) fs.cpSync(opts.from, dataDir, { recursive: true });
  const logs: string[] = [];
  // JIZU_SERVER_DIST (npm test sets it once the build passed its check): the built server, as `npm start` runs it,
  // which loads in under a second; else the TypeScript source through tsx (5-7 s of transforming per start)
  const dist = process.env.JIZU_SERVER_DIST;
  const entry = dist
    ? ['--enable-source-maps', path.resolve(root, dist)]
    : ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')];
  const url = `http://127.0.0.1:${port}`;
  // PUBLIC_URL: the address the browser uses, so the payer pages' return links (built from it) come back to the origin
  // holding the session (the default, localhost, is another origin: a return there finds no session and asks to log in)
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      SMS_DEV_CODE: '123456',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      DATABASE_URL: '',
      WEB_DIST: webDist,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  child.stdout?.on('data', (d) => logs.push(String(d)));
  child.stderr?.on('data', (d) => logs.push(String(d)));
  const deadline = Date.now() + (opts.startSeconds ?? 120) * 1000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${logs.join('')}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      // not left running behind the error
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    logs,
    pid: child.pid ?? 0,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (!opts.keep) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
