import pg from 'pg';
import { count, lt, sql, type AnyColumn, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DB, Executor } from './client';

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
  if (q === undefined) m.set(name, (q = build(db)));
  return q;
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
  const client = (
    db as unknown as { $client: pg.Pool | { query: (t: string, v: unknown[]) => Promise<{ rows: unknown[] }> } }
  ).$client;
  if (client instanceof pg.Pool) return (await client.query({ name, text, values })).rows as T[];
  return (await client.query(text, values)).rows as T[];
}

/**
 * The total of a page read with `count(*) over ()` beside its rows (one statement for a list instead of two): the
 * rows carry it; an empty page past the first asks `count` (a page beyond the end is rare).
 */
export async function pageTotal(
  rows: readonly { total: number | string }[],
  offset: number,
  count: () => Promise<number>,
): Promise<number> {
  if (rows.length) return Number(rows[0].total);
  return offset > 0 ? count() : 0;
}

/**
 * The page's total as a column of its own select (`db.select({ ...getTableColumns(t), total: totalOver() })`), read
 * back by pageTotal: a list and its total in one statement. Lint `jizu/one-statement-page` refuses a page and its
 * count sent side by side (`Promise.all([… .limit(…), … count()])`).
 */
export const totalOver = () => sql<number>`(count(*) over ())::int`.mapWith(Number);

/**
 * A page of a table's rows (whole rows, the table's order) and its total in one statement: the common list of a
 * module's own table. A read with joins or chosen columns selects `total: totalOver()` itself.
 */
export async function pageOf<T extends PgTable>(
  db: Executor,
  table: T,
  q: { where?: SQL; orderBy: (SQL | PgColumn)[]; offset: number; limit: number },
): Promise<{ rows: InferSelectModel<T>[]; total: number }> {
  const t = table as PgTable;
  const got = (await db
    .select({ r: t, total: totalOver() })
    .from(t)
    .where(q.where)
    .orderBy(...q.orderBy)
    .limit(q.limit)
    .offset(q.offset)) as unknown as { r: InferSelectModel<T>; total: number }[];
  const total = await pageTotal(got, q.offset, async () =>
    Number((await db.select({ n: count() }).from(t).where(q.where))[0]?.n ?? 0),
  );
  return { rows: got.map((g) => g.r), total };
}

/**
 * `column = any($ids)` with the ids as one array parameter (`sql.placeholder(name)`): the condition of a prepared
 * read of several rows, whose text is the same whatever the number of ids (an `inArray` is built at every call).
 */
export const anyOf = (column: AnyColumn, name = 'ids'): SQL => sql`${column} = any(${sql.placeholder(name)}::int4[])`;

/** The distinct integer ids of a list, as the array parameter of `anyOf`. */
export const idsOf = (ids: readonly number[]): number[] => [...new Set(ids.map((n) => Math.trunc(n)))];

/**
 * A hall's total, counted up to `cap` (hallCountCap): from its page, whose every row carries the capped count as a
 * value of the page's one statement, or for a page past the end from `count`. At the cap the total is a lower bound.
 */
export async function cappedTotal(
  rows: readonly { total: number | string }[],
  cap: number,
  count: () => Promise<number>,
): Promise<{ total: number; total_capped: boolean }> {
  const n = rows.length ? Number(rows[0].total) : await count();
  return n >= cap ? { total: cap - 1, total_capped: true } : { total: n, total_capped: false };
}

/**
 * The keyset condition of a list read whole by an export (platform/export.ts keysetPages): its rows below the id
 * `before`; nothing on the list's own pages (no `before`). A list ordered by id descending adds it to its where.
 */
export const belowId = (column: AnyColumn, before?: number): SQL | undefined =>
  before ? lt(column, before) : undefined;
