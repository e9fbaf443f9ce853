import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

export type TSchema = typeof schema;
export type DB = PgDatabase<PgQueryResultHKT, TSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;
/** What a repo takes: the database or a transaction. */
export type Executor = DB | Tx;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface TDatabase {
  db: DB;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Opens PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory when dataDir is null), and applies
 * the committed migrations.
 */
export async function openDatabase(opts: { url?: string; dataDir?: string | null; poolSize?: number }): Promise<TDatabase> {
  if (opts.url) {
    // Timestamps travel as UTC; the display layer converts to Asia/Shanghai. Set as a startup parameter of each
    // connection, not by a query on 'connect' (that raced the pool's first query on the same client).
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 20, options: '-c TimeZone=UTC' });
    const db = drizzlePg({ client: pool, schema }) as unknown as DB;
    await migrateLocked(opts.url, () => migratePg(db as never, { migrationsFolder }));
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pg');
    fs.mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir ? { dataDir: dir } : {});
  await client.exec("SET TIME ZONE 'UTC'");
  const db = drizzlePglite({ client, schema }) as unknown as DB;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/**
 * Several processes may start at once on one database (replicas of a deployment): each migrates under a session
 * advisory lock on a connection of its own, so one applies the migrations and the others then find nothing to do.
 */
async function migrateLocked(url: string, migrate: () => Promise<void>) {
  const lock = new pg.Client({ connectionString: url });
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
