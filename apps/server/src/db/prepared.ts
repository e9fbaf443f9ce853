import pg from 'pg';
import { Column, fillPlaceholders, is, SQL, Subquery } from 'drizzle-orm';
import type { DB, Executor } from './client';
import { objectOf } from './shape';

/**
 * Prepared statements for the hot reads (npm run bench:profile). Building a query with Drizzle's builder costs about
 * 120 µs of CPU per call on these machines, three times what the query itself costs in the driver; a prepared query is
 * built once per database handle and, on PostgreSQL, parsed and planned once per connection (a named statement).
 *
 * `prepared(db, name, build)` caches what `build(db)` returns (a Drizzle `.prepare(name)`) per database handle. Inside
 * a transaction the query is built as usual: a transaction is short-lived and its statements must run on its own
 * connection. Names must be unique across the app: use `<module>.<query>`.
 */
const cache = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: Executor, name: string, build: (db: Executor) => T): T {
  if (!isDatabase(db)) return build(db);
  let m = cache.get(db);
  if (!m) cache.set(db, (m = new Map()));
  let q = m.get(name) as T | undefined;
  if (q === undefined) m.set(name, (q = lean(build(db))));
  return q;
}

/** What a Drizzle prepared select on node-postgres holds (drizzle-orm/node-postgres/session.js NodePgPreparedQuery). */
interface TNodePgPrepared {
  client: unknown;
  queryConfig?: { name?: string; text: string };
  params: unknown[];
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: unknown;
  execute: (values?: Record<string, unknown>) => Promise<unknown[]>;
}

/** Drizzle's own parsers for node-postgres: dates, timestamps and intervals (and their arrays) stay text for its columns to map. */
const asText = (v: string) => v;
const RAW_TYPES = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
const DRIVER_TYPES = { getTypeParser: (id: number, format?: 'text' | 'binary') => (RAW_TYPES.has(id) ? asText : pg.types.getTypeParser(id, format)) };

/**
 * A prepared select of flat fields on PostgreSQL, executed without Drizzle's per-call layers: its execute wraps the
 * driver's call in three async layers (tracing, a no-op cache) and maps each value of each row through a generic walk
 * that asks every field what it is (`is()`, a prototype walk) again on every row. Here each field's decoder is found
 * once, a row is one loop, and the driver gets the same statement (name, text, array rows, Drizzle's type parsers).
 * Anything else (PGlite, nested fields of joins, a relational query's mapper) keeps Drizzle's execute.
 */
function lean<T>(q: T): T {
  const p = q as unknown as TNodePgPrepared;
  if (!p || typeof p !== 'object' || !(p.client instanceof pg.Pool) || !p.queryConfig || !Array.isArray(p.fields) || p.customResultMapper) return q;
  if (!p.fields.every((f) => f.path.length === 1)) return q;
  const keys = p.fields.map((f) => f.path[0]);
  const decoders = p.fields.map(({ field }) => decoderOf(field));
  const n = keys.length;
  const make = objectOf(keys);
  // the driver's row array is this read's own: decoded in place, then made into the row object in one literal
  const map = (row: unknown[]) => {
    for (let i = 0; i < n; i++) {
      const v = row[i];
      row[i] = v === null ? null : decoders[i].mapFromDriverValue(v);
    }
    return make(row);
  };
  const cfg = { name: p.queryConfig.name, text: p.queryConfig.text, rowMode: 'array', types: DRIVER_TYPES };
  const client = p.client as pg.Pool;
  const params = p.params;
  p.execute = async (values = {}) => (await client.query<unknown[]>(cfg as pg.QueryArrayConfig, fillPlaceholders(params, values))).rows.map(map);
  return q;
}

type TDecoder = { mapFromDriverValue: (v: unknown) => unknown };
/** The decoder Drizzle's mapResultRow uses for a selected field (a SQL's decoder is internal to Drizzle's types). */
function decoderOf(field: unknown): TDecoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: TDecoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: TDecoder } } })._.sql.decoder;
  return (field as { sql: { decoder: TDecoder } }).sql.decoder;
}
/** The database handle (not a transaction): only it carries the driver's client. */
function isDatabase(db: Executor): db is DB {
  return '$client' in db && !!(db as { $client?: unknown }).$client;
}

/**
 * One platform-level SQL statement with parameters, named on PostgreSQL (parsed and planned once per connection), for
 * the few reads on every request's path where even a prepared Drizzle query's result mapping shows in the profile
 * (the session lookup). Rows come back as the driver parses them.
 */
export async function namedRows<T>(db: DB, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | { query: (t: string, v: unknown[]) => Promise<{ rows: unknown[] }> } }).$client;
  if (client instanceof pg.Pool) return (await client.query({ name, text, values })).rows as T[];
  return (await client.query(text, values)).rows as T[];
}

/**
 * The total of a page read with `count(*) over ()` beside its rows (one statement for a list instead of two): the
 * rows carry it; an empty page past the first asks `count` (a page beyond the end is rare).
 */
export async function pageTotal(rows: readonly { total: number | string }[], offset: number, count: () => Promise<number>): Promise<number> {
  if (rows.length) return Number(rows[0].total);
  return offset > 0 ? count() : 0;
}
