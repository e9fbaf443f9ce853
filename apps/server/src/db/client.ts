import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { migrationsFolder } from '../paths';
import { copyPgliteTemplate } from './template';

/** The committed migrations (src/paths.ts), applied at start. */
export { migrationsFolder };

export type TSchema = typeof schema;
export type DB = PgDatabase<PgQueryResultHKT, TSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;
/** What a repo takes: the database or a transaction. */
export type Executor = DB | Tx;

/**
 * Settings of every PostgreSQL session: timestamps travel as UTC (the display layer converts to Asia/Shanghai); and
 * random_page_cost 1.1 instead of the default 4 (a value for spinning disks): the working set is in memory or on SSD,
 * and at 4 the planner prefers a bitmap of every match plus a sort to walking a partial index in page order and
 * stopping at the page (the halls at 1 M rows: 300 ms against 8 ms; bench/hall.ts).
 */
export const PG_SESSION_OPTIONS = '-c TimeZone=UTC -c random_page_cost=1.1';

export interface TDatabase {
  db: DB;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** the connections now, for GET /metrics */
  stats(): TPoolStats;
  /** where lost connections are reported (the server's logger once it exists; stderr before) */
  setLogger(log: TConnLogger): void;
  /** PGlite in a data directory: a consistent copy of it as a tarball (npm run backup, platform/backup.ts) */
  dumpDataDir?: () => Promise<Blob>;
}

export interface TPoolStats {
  kind: 'pglite' | 'postgres';
  /** connections open, and of them idle; PGlite is one connection in the process */
  total: number;
  idle: number;
  /** calls waiting for a connection (PostgreSQL: the pool is exhausted; PGlite: its one connection is busy) */
  waiting: number;
  max: number;
  /** statements sent since the process started (PostgreSQL: every query of the pool's clients; PGlite: its query and
   * transaction calls): a benchmark reads statements per request from two readings of GET /metrics */
  statements: number;
}

export interface TConnLogger {
  warn(obj: object, msg: string): void;
}

/**
 * Opens PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory when dataDir is null, empty or from
 * `loadDataDir`), and applies the committed migrations. A new PGlite directory is filled from the template of the
 * migrated empty database when there is one (db/template.ts; `template: false`: not, as when making the template).
 *
 * PostgreSQL goes away (restart, fail-over, pg_terminate_backend, a cut network) without the process dying
 * (ARCHITECTURE § Resilience): every pooled client has an 'error' listener for its whole life, not only while idle
 * (pg-pool listens only on idle clients, and a client checked out for a transaction whose backend is terminated
 * between two statements emits 'error' with nobody listening, which kills the process); a connect gives up after
 * `connectTimeoutMs`, so calls answer 503 at once instead of queueing while the server is unreachable; TCP
 * keep-alive finds half-open connections of a dead peer. A broken client leaves the pool when released, and the next
 * call opens a new connection: service resumes by itself as soon as the server answers again.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  poolSize?: number;
  connectTimeoutMs?: number;
  template?: boolean;
  loadDataDir?: Blob;
  /** PostgreSQL: name every parameterised statement (NamingClient); false sends them unnamed (A/B in a benchmark) */
  namedStatements?: boolean;
}): Promise<TDatabase> {
  if (opts.url) {
    let log: TConnLogger = { warn: (obj, msg) => console.warn(`${msg}: ${JSON.stringify(obj)}`) };
    const report = (err: Error & { code?: string }) =>
      log.warn({ code: err.code, message: err.message }, 'database connection lost');
    // PG_SESSION_OPTIONS: set as startup parameters of each connection, not by a query on 'connect' (that raced the
    // pool's first query on the same client).
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 20,
      options: PG_SESSION_OPTIONS,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 3000,
      idleTimeoutMillis: 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      Client: (opts.namedStatements === false ? CountingClient : NamingClient) as unknown as typeof pg.Client,
    });
    // The client's own listener (below) reports every error, idle or checked out; the pool re-emits an idle client's
    // error and needs a listener of its own, or it would throw.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', report));
    const db = drizzlePg({ client: pool, schema }) as unknown as DB;
    try {
      await migrateLocked(opts.url, opts.connectTimeoutMs ?? 3000, () => migratePg(db as never, { migrationsFolder }));
    } catch (e) {
      // PostgreSQL unreachable at start: end this pool, the caller may try again with a new one
      await pool.end().catch(() => {});
      throw e;
    }
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      stats: () => ({
        kind: 'postgres',
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max ?? 10,
        statements: sent.statements,
      }),
      setLogger: (l) => {
        log = l;
      },
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pg');
    fs.mkdirSync(opts.dataDir, { recursive: true });
    // a new directory starts as a copy of the migrated empty database when the build made one (db/template.ts)
    if (opts.template === false || !copyPgliteTemplate(dir)) fs.mkdirSync(dir, { recursive: true });
  }
  // loadDataDir (in memory only): start from a copy of another PGlite's dumpDataDir (the tests' migrated image,
  // src/test/harness.ts); the migrations below then find nothing left to apply
  const client = await PGlite.create(
    dir ? { dataDir: dir } : opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {},
  );
  await client.exec("SET TIME ZONE 'UTC'");
  const busy = countBusy(client);
  const db = drizzlePglite({ client, schema }) as unknown as DB;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    stats: () => ({
      kind: 'pglite',
      total: 1,
      idle: busy.n ? 0 : 1,
      waiting: Math.max(0, busy.n - 1),
      max: 1,
      statements: busy.calls,
    }),
    setLogger: () => {},
    dumpDataDir: dir ? () => dumpPglite(client) : undefined,
  };
}

/**
 * Every parameterised statement named, so that PostgreSQL parses and plans it once per connection instead of at every
 * call (a one-row read of a few joins plans in about 3× the time it runs). Generic: the statements' texts are the
 * code's own (values travel as parameters), so their number is bounded by the code; a name is given to the first
 * STATEMENT_NAMES_MAX texts of the process and later ones go unnamed as before. A text with parameters is always one
 * statement (PostgreSQL refuses parameters with several), so naming changes nothing but the reuse of its parse and
 * plan. Given to the pool through its documented `Client` option; nothing of pg is replaced. Caveat for operators:
 * a connection pooler in transaction mode (PgBouncer before 1.21) must not sit between the server and PostgreSQL.
 */
const statementNames = new Map<string, string>();
export const STATEMENT_NAMES_MAX = 5_000;
export function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < STATEMENT_NAMES_MAX)
    statementNames.set(text, (name = `jz${statementNames.size}`));
  return name;
}
type TQueryArgs = [config: unknown, values?: unknown, callback?: unknown];
/** Statements sent by this process's PostgreSQL clients (TPoolStats.statements). */
const sent = { statements: 0 };

/** A pooled client that counts its statements; nothing else of pg's query is changed. */
class CountingClient extends pg.Client {
  // @ts-expect-error pg's overloads of query cannot be restated one by one; the arguments are passed on unchanged
  override query(...args: TQueryArgs) {
    sent.statements += 1;
    return (super.query as (...a: TQueryArgs) => unknown)(...args);
  }
}

export class NamingClient extends CountingClient {
  // the arguments are passed on unchanged but for the name
  override query(...args: TQueryArgs) {
    const [config, values] = args;
    const params = Array.isArray(values) ? values : (config as { values?: unknown[] } | null)?.values;
    if (params?.length) {
      if (typeof config === 'string') {
        const name = statementName(config);
        if (name) args[0] = { text: config, name };
      } else if (
        config &&
        typeof config === 'object' &&
        !('submit' in config) &&
        typeof (config as { text?: unknown }).text === 'string' &&
        !(config as { name?: string }).name
      ) {
        const name = statementName((config as { text: string }).text);
        if (name) args[0] = { ...config, name };
      }
    }
    return (super.query as (...a: TQueryArgs) => unknown)(...args);
  }
}

/**
 * PGlite runs one query (or one transaction) at a time; the calls given to it meanwhile wait their turn inside it.
 * Counting the calls under way (drizzle uses query and transaction) tells whether it is busy and how many wait.
 * The original promise is handed back: nothing is added to a query but two increments.
 */
function countBusy(client: PGlite): { n: number; calls: number } {
  const busy = { n: 0, calls: 0 };
  const done = () => {
    busy.n -= 1;
  };
  for (const name of ['query', 'transaction'] as const) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      busy.n += 1;
      busy.calls += 1;
      const p = original(...args);
      p.then(done, done);
      return p;
    };
  }
  return busy;
}

/**
 * A copy of a PGlite data directory that restores to a consistent database: taken after a checkpoint (little WAL to
 * replay when the copy opens) and under PGlite's transaction lock, which every statement and transaction takes, so no
 * transaction is half done in the copy. Calls wait for the copy meanwhile.
 */
export async function dumpPglite(client: PGlite): Promise<Blob> {
  await client.exec('CHECKPOINT');
  // dumpDataDir takes only the statement lock: under the transaction lock it cannot wait for itself
  return client._runExclusiveTransaction(() => client.dumpDataDir('none'));
}

/**
 * Several processes may start at once on one database (replicas of a deployment): each migrates under a session
 * advisory lock on a connection of its own, so one applies the migrations and the others then find nothing to do.
 */
async function migrateLocked(url: string, connectTimeoutMs: number, migrate: () => Promise<void>) {
  // the same connect timeout as the pool's: a server that swallows connections must fail this start, so that the
  // caller's retry (main.ts) tries again, rather than hang it for ever
  const lock = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs, keepAlive: true });
  lock.on('error', () => {}); // a cut connection only releases the lock; the migration's own queries report errors
  await lock.connect();
  try {
    await lock.query(`select pg_advisory_lock(hashtext('jizu:migrate'))`);
    await migrate();
  } finally {
    await lock.end().catch(() => {});
  }
}

/** The one transaction helper. Services open transactions; repos take the executor they are given. */
export function inTx<T>(db: DB, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}
