import { getTableColumns, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import type { Executor } from './client';
import { namedRows } from './prepared';

/**
 * Views read in one statement (ARCHITECTURE § Speed): a detail page or a list page whose parts (lines, names, trail,
 * counts) are subqueries of one SQL text, each part a JSON value (`to_json(t)` of a table's row, `json_agg` of several).
 * The text is fixed, so on PostgreSQL it is a named statement, parsed and planned once per connection, and the request
 * builds no query at all; JSON travels the same on PostgreSQL and PGlite (no driver type parsers in the way: dates as
 * strings, timestamps with their offset), and `rowDecoder` turns a row's JSON into what Drizzle would have returned.
 */

/** Rows of one named read; inside a transaction (its own connection) through Drizzle with the same text. */
export async function readRows<T>(db: Executor, name: string, text: string, values: unknown[]): Promise<T[]> {
  if ('$client' in db && (db as { $client?: unknown }).$client) return namedRows<T>(db as never, name, text, values);
  const res = await (db as Executor).execute(sqlFromText(text, values));
  return (res as unknown as { rows: T[] }).rows;
}

/** SQL text with $1… parameters as a Drizzle fragment: one condition written once, for named reads and Drizzle queries. */
export function sqlFromText(text: string, values: unknown[]): SQL {
  return sql.join(text.split(/\$(\d+)/).map((p, i) => (i % 2 ? sql`${values[Number(p) - 1]}` : sql.raw(p))));
}

/**
 * `to_json(t)` of a table's row (keys: column names) → the row as Drizzle maps it (keys: the table's property names;
 * timestamps as Date, dates as strings), with each column's own mapping.
 */
export function rowDecoder<T extends Table>(table: T): (j: Record<string, unknown>) => T['$inferSelect'] {
  // JSON already holds most columns as Drizzle returns them: only a timestamp (text → Date) and a value of another
  // type than JSON gives it (a number as text…) go through the column's own mapping (a call per column shows in the
  // profile of a detail page)
  const kindOf = (c: Column) =>
    TEXTS.has(c.columnType)
      ? 3
      : PLAIN.has(c.columnType)
        ? 1
        : c.columnType === 'PgTimestamp' && (c as unknown as { withTimezone: boolean }).withTimezone
          ? 2
          : 0;
  const cols = Object.entries(getTableColumns(table)).map(([key, c]) => ({ key, name: c.name, c, kind: kindOf(c) }));
  return (j) => {
    const row: Record<string, unknown> = {};
    for (const { key, name, c, kind } of cols) {
      const v = j[name];
      row[key] =
        v === null || v === undefined
          ? null
          : kind === 3 || (kind === 1 && typeof v !== 'string')
            ? v
            : kind === 2
              ? new Date(v as string)
              : c.mapFromDriverValue(v);
    }
    return row as T['$inferSelect'];
  };
}
/** columns whose JSON value (when not a text) is the value Drizzle maps it to; a text goes through the column's mapping */
const TEXTS = new Set(['PgVarchar', 'PgText', 'PgChar', 'PgDateString']);
const PLAIN = new Set([
  'PgInteger',
  'PgSmallInt',
  'PgSerial',
  'PgBoolean',
  'PgDoublePrecision',
  'PgJsonb',
  'PgBigSerial53',
  'PgBigInt53',
]);

/**
 * A list row read as a JSON array of its columns (`json_build_array(<sql>)` in the caller's statement): PostgreSQL's
 * json_build_object and to_json look up each value's type output on every value and write every key, so a page that
 * carries only the values its view shows, without keys, costs the database least. `columns` names each field once,
 * beside its SQL, in the array's order; `of` makes the row from the array read back.
 */
export function arrayRow<T extends Record<string, unknown>>(columns: { [K in keyof T]: string }) {
  const keys = Object.keys(columns);
  const of = (r: readonly unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) row[keys[i]] = r[i];
    return row as T;
  };
  return { sql: keys.map((k) => columns[k as keyof T]).join(', '), size: keys.length, of };
}
