import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { M } from '@jizu/shared/messages';
import { ConfigError, loadConfig } from './config';
import type { TStartup } from './platform/deps';
import { DataKeyError, vaultOf } from './platform/crypto';
import { protectStoredNumbers } from './db/protected';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { loadReferenceData } from './seed/reference';
import { seedDemoIfEmpty } from './seed/demo';
import { startJobs } from './platform/jobs';
import { backfillBiddingSearch } from './modules/bidding/bidding.service';
import { isDependencyDown } from './platform/dependency';
import { backfillFinanceProductSearch } from './modules/finprod/finprod.service';
import { upkeepJobs } from './upkeep';
import { removeServerNote, writeServerNote } from './platform/backup';

/**
 * How long each step of the start took (ms; boot: loading the code, ready: from the process start to ready), logged
 * with the "ready" line: scripts/cold-start.mjs prints them. The demo data (seed) loads beside app and listen.
 */
const phases: Record<string, number> = {};
let phaseStart = performance.now();
function phase(name: string) {
  const now = performance.now();
  phases[name] = Math.round(now - phaseStart);
  phaseStart = now;
}

async function main() {
  phases.boot = Math.round(performance.now());
  phaseStart = performance.now();
  let config;
  let vault;
  try {
    config = loadConfig();
    // the data keys load (or the development key file is made) before anything else: a missing key stops here
    vault = vaultOf(config);
  } catch (e) {
    if (e instanceof ConfigError || e instanceof DataKeyError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  // the embedded database is this process's alone: say so in DATA_DIR before opening it (npm run backup and restore
  // read the note, platform/backup.ts), and remove the note at a clean stop
  const embedded = !config.databaseUrl;
  if (embedded) writeServerNote(config.dataDir);
  const database = await openDatabaseWhenReachable(config);
  phase('migrations');
  await loadReferenceData(database.db);
  phase('reference');
  // ID-card and bank numbers: plain rows encrypted, rows under an older key re-encrypted (rotation); an unknown key stops
  let protectedNow;
  try {
    protectedNow = await protectStoredNumbers(database.db, vault);
  } catch (e) {
    if (!(e instanceof DataKeyError)) throw e;
    console.error(`Cannot read the stored ID-card and bank numbers: ${e.message}`);
    await database.close();
    if (embedded) removeServerNote(config.dataDir);
    process.exit(1);
  }
  phase('protect');
  // The demo data of a first start (an empty database) loads while the HTTP server comes up: /api/health/live and the
  // web app answer meanwhile, /api/health/ready answers 503 until it is in (deps.startup), and the jobs start after
  // it. It is one transaction: on the embedded database every other query waits for it, so nobody reads half of it.
  const startup: TStartup = { pending: null };
  let seeding: Promise<unknown> = Promise.resolve();
  if (config.seedDemo) {
    startup.pending = M.platform.startingDemo;
    const seedStarted = performance.now();
    seeding = seedDemoIfEmpty(database.db, config).then((r) => {
      phases.seed = Math.round(performance.now() - seedStarted);
      return r;
    });
    // handled where it is awaited; this keeps a failure meanwhile from counting as unhandled
    seeding.catch(() => {});
  }
  const backupToken = database.dumpDataDir ? randomBytes(32).toString('base64url') : undefined;
  const app = await buildApp({ config, database, backupToken, startup });
  phase('app');
  database.setLogger(app.log);
  if (Object.values(protectedNow).some((n) => n > 0))
    app.log.info({ changed: protectedNow }, `stored ID-card and bank numbers brought to data key ${vault.primaryId}`);

  // A lost connection must never end the process (ARCHITECTURE § Resilience): every pool and client has its own
  // 'error' handler; this is the last net for a promise someone forgot, logged so that it gets fixed, not fatal.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled promise rejection'));

  const channels = app.deps.payments;
  let stopJobs = () => {};
  let closing = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      stopJobs();
      await app.close();
      // the demo data's transaction ends (or fails) before its database closes
      await seeding.catch(() => {});
      await database.close();
      if (embedded) removeServerNote(config.dataDir);
      clearTimeout(force);
      process.exit(exitCode);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  phase('listen');
  app.log.info(`jizu on ${config.publicUrl} (${database.kind})${startup.pending ? `: ${startup.pending}` : ''}`);
  if (backupToken)
    writeServerNote(config.dataDir, {
      url: `http://${loopbackOf(config.host)}:${(app.server.address() as AddressInfo).port}`,
      token: backupToken,
    });

  try {
    await seeding;
  } catch (err) {
    app.log.fatal({ err }, 'the demo data did not load');
    void shutdown('demo data failed', 1);
    return;
  }
  if (closing) return;
  const waited = performance.now();
  // bidding projects written before the hall searched by character grams get their search text (none: one query)
  const searchFilled = await backfillBiddingSearch(database.db);
  await backfillFinanceProductSearch(database.db);
  if (searchFilled) app.log.info({ biddings: searchFilled }, 'search text of earlier bidding projects filled in');
  phases.ready = Math.round(performance.now());
  phases.backfill = Math.round(performance.now() - waited);
  startup.pending = null;
  app.log.info({ phases }, 'ready');

  // Jobs start once the server is ready (they read what the demo data writes) and listens: the sandbox channel posts
  // its notifies to this server.
  const notifyUrl =
    config.payment.notifyUrl ??
    `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/pay/notify/${channels.sandbox.name}`;
  stopJobs = startJobs(
    upkeepJobs({
      db: database.db,
      channels,
      reconcileAfterSeconds: config.payment.reconcileAfterSeconds,
      notifyUrl,
      log: app.log,
    }),
    app.log,
    database.db,
    { pollMs: config.jobPollSeconds * 1000 },
  );
}

/** How a command on this machine reaches a server listening on `host`. */
function loopbackOf(host: string) {
  if (host === '0.0.0.0' || host === '::' || host === '' || host === 'localhost') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * PostgreSQL may be away when the server starts as well (both restarted together, a fail-over in progress): wait
 * for it, retrying with back-off, rather than exit. Any other failure (a bad migration, a bad URL) stops the start.
 */
async function openDatabaseWhenReachable(config: ReturnType<typeof loadConfig>) {
  const open = () =>
    openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      connectTimeoutMs: config.dbConnectTimeoutMs,
      poolSize: config.dbPoolSize,
      namedStatements: config.namedStatements,
    });
  for (let wait = 500; ; wait = Math.min(wait * 2, 5000)) {
    try {
      return await open();
    } catch (e) {
      if (!config.databaseUrl || !isDependencyDown(e)) throw e;
      const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } };
      console.error(
        `PostgreSQL is not reachable (${err.code ?? err.cause?.code ?? err.cause?.message ?? err.message}); trying again in ${wait} ms`,
      );
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

void main();
