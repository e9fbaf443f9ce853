/**
 * Reads a process holds under a mark of the rows they were made from, and uses again while the mark read now is the
 * same: the page's heavy statement runs only when a row under it changed.
 *
 * The mark is made of `xmin`s, the transaction that wrote each row's current version: the outer row's, then those of
 * the other rows the read depends on, in one list. A transaction that committed after the mark was read wrote no row
 * the mark saw, so a row it inserted or updated brings an xmin the list did not have, and a row it deleted leaves the
 * list one shorter; a lock alone (FOR UPDATE) leaves xmin as it is. So an equal list means the same rows (a list in
 * another order only costs a fresh read). The mark is read in the request's own snapshot, so a change committed
 * before the request shows on it, on every process, with no lock taken by writers. Rows that change for reasons the
 * read does not show only cost a fresh read. What a held read shows must depend on nothing else than the marked rows
 * and its key (the time goes into the key when the read depends on the date).
 */
export type TMarkPart =
  /**
   * the outer row itself, by its alias; `touchedBy`: tables whose every write writes a new version of this row in the
   * same transaction (a trigger), so that this row's xmin marks their rows too
   */
  | { row: string; table: string; touchedBy?: readonly string[] }
  /** the rows of `table` (unaliased) that `where` selects; `where` may name the outer row's alias */
  | { table: string; where: string };

/** The SQL of a mark over `parts`: one text, compared as is (the other rows' xmins in one subquery: one aggregate). */
export function markSql(parts: readonly TMarkPart[]): string {
  const rows = parts.flatMap((p) => ('row' in p ? [`${p.row}.xmin::text`] : []));
  const sets = parts.flatMap((p) => ('where' in p ? [`select xmin as x from ${p.table} where ${p.where}`] : []));
  if (sets.length) rows.push(`(select count(*) || ':' || coalesce(string_agg(u.x::text, ','), '') from (${sets.join(' union all ')}) u)`);
  return `concat_ws('|', ${rows.join(', ')})`;
}

/**
 * Reference data: the equipment catalogue (written only by the reference loader at start, region.service
 * loadReference) and the regions. A held read may show them without a mark, as the process holds their names anyway.
 */
export const REFERENCE_TABLES: readonly string[] = ['equipment_products', 'equipment_groups', 'equipment_categories', 'regions'];

/** The tables a mark covers (its tests check that a read names no other). */
export const markTables = (parts: readonly TMarkPart[]) => new Set(parts.flatMap((p) => [p.table, ...('touchedBy' in p ? (p.touchedBy ?? []) : [])]));

/**
 * The tables a statement reads (`from` / `join` a plain name), for the test that a held read's mark covers each of
 * them: a table added to the statement later and forgotten in the mark would show stale rows.
 */
export function statementTables(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\b(?:from|join)\s+([a-z_][a-z0-9_]*)\b/gi)) if (m[1].toLowerCase() !== 'select') out.add(m[1]);
  return out;
}

/**
 * Held values per database handle (a test's database is its own) and key, the oldest dropped past `max`. A held value
 * is given to every reader: it must not be changed.
 */
export class HeldReads<V> {
  private readonly byDb = new WeakMap<object, Map<string, { mark: string; value: V }>>();
  constructor(private readonly max: number) {}

  get(db: object, key: string): { mark: string; value: V } | undefined {
    return this.byDb.get(db)?.get(key);
  }

  set(db: object, key: string, mark: string, value: V) {
    let m = this.byDb.get(db);
    if (!m) this.byDb.set(db, (m = new Map()));
    m.delete(key);
    if (m.size >= this.max) m.delete(m.keys().next().value as string);
    m.set(key, { mark, value });
  }

  /** Drops one held value (its record is gone). */
  drop(db: object, key: string) {
    this.byDb.get(db)?.delete(key);
  }

  forget(db: object) {
    this.byDb.delete(db);
  }
}
