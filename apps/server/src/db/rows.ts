import { sql, type SQL, type Table } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { rowDecoder } from './json-rows';

/**
 * Whole rows read as one JSON value each (`to_json(t)`), decoded as Drizzle maps the row (json-rows.ts rowDecoder).
 * Drizzle builds a select of every column at every call, one chunk per column with its class checks, and maps every
 * column of every row back; the driver describes and parses every column. Measured on a table of 43 columns
 * (rental_orders, `npm run bench:rows`), one row by id: 500–850 µs of the server's CPU built at the call against
 * 230 µs as one JSON value, PostgreSQL's CPU the same (100 µs). For a page of 20 rows
 * the server saves about 350 µs and PostgreSQL spends about 270 µs more on the JSON; a prepared statement, built once,
 * keeps its columns (its page costs PostgreSQL less than the JSON). Lint `jizu/no-whole-select` refuses `.select()` of
 * every column built at a call: read whole rows with `rowsWhere` / `rowWhere`, or select `wholeRow(t)`.
 */
const fields = new WeakMap<Table, SQL>();

/** A table's whole row as one field of a select: `db.select({ o: wholeRow(orders), … })`. */
export function wholeRow<T extends Table>(table: T): SQL<T['$inferSelect']> {
  let f = fields.get(table);
  if (!f) {
    const decode = rowDecoder(table);
    f = sql`to_json(${table})`.mapWith((v: unknown) =>
      decode((typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>),
    );
    fields.set(table, f);
  }
  return f as SQL<T['$inferSelect']>;
}

export type TRowsOptions = {
  orderBy?: (SQL | PgColumn | SQL.Aliased)[];
  limit?: number;
  offset?: number;
  /** `for update` / `for share` of the rows read (inside a transaction) */
  lock?: 'update' | 'share';
};

/** The whole rows of `table` matching `where` (every row without it), as `db.select().from(table)` returns them. */
export async function rowsWhere<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  opts: TRowsOptions = {},
): Promise<T['$inferSelect'][]> {
  const t = table as PgTable;
  let q = db
    .select({ r: wholeRow(t) })
    .from(t)
    .where(where)
    .$dynamic();
  if (opts.orderBy?.length) q = q.orderBy(...(opts.orderBy as SQL[]));
  if (opts.limit !== undefined) q = q.limit(opts.limit);
  if (opts.offset) q = q.offset(opts.offset);
  if (opts.lock) q = q.for(opts.lock);
  return (await q).map((x) => x.r as T['$inferSelect']);
}

/** The first whole row of `table` matching `where` (in `orderBy`), or undefined. */
export async function rowWhere<T extends PgTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  opts: Omit<TRowsOptions, 'limit' | 'offset'> = {},
): Promise<T['$inferSelect'] | undefined> {
  return (await rowsWhere(db, table, where, { ...opts, limit: 1 }))[0];
}
