import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/**
 * Fault injection for the resilience tests: a database of the test's own on the server of TEST_DATABASE_URL, a TCP
 * proxy in front of PostgreSQL that the test cuts and restores, and a private Redis it kills and restarts. Never the
 * machine's PostgreSQL or Redis themselves: other suites run on them at the same time.
 */

export { freePort } from '../../../../e2e/support/server';
export { createScratchDatabase } from './scratch-db';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A TCP proxy between the server and PostgreSQL. `refuse()`: the address refuses connections (PostgreSQL down,
 * restarting); `blackhole()`: connections are accepted and never answered (a cut network, a fail-over in progress);
 * both end every open connection first. `restore()` brings it back on the same port.
 */
export class TcpProxy {
  port = 0;
  /** connections accepted so far (in any mode) */
  accepted = 0;
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private mode: 'up' | 'blackhole' = 'up';

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start() {
    this.server = net.createServer((c) => this.accept(c));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  private track(s: net.Socket) {
    this.sockets.add(s);
    s.on('close', () => this.sockets.delete(s));
    s.on('error', () => s.destroy());
  }

  private accept(client: net.Socket) {
    this.accepted += 1;
    this.track(client);
    if (this.mode === 'blackhole') return;
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  }

  cutConnections() {
    for (const s of this.sockets) s.destroy();
  }

  async refuse() {
    this.cutConnections();
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((r) => s.close(() => r()));
  }

  blackhole() {
    this.mode = 'blackhole';
    this.cutConnections();
  }

  async restore() {
    this.mode = 'up';
    if (!this.server) await this.start();
  }

  async stop() {
    await this.refuse();
  }
}

/** A private redis-server on its own port, without persistence, that the test kills and restarts. */
export class PrivateRedis {
  private proc: ChildProcess | null = null;
  constructor(readonly port: number) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    this.proc = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    for (let i = 0; i < 100; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const s = net.connect(this.port, '127.0.0.1', () => {
          s.destroy();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      });
      if (up) return this;
      await sleep(50);
    }
    throw new Error('redis-server did not start');
  }

  async kill() {
    const p = this.proc;
    this.proc = null;
    if (!p || p.exitCode !== null) return;
    const gone = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await gone;
  }
}
