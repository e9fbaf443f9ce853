import { beforeAll, describe, expect, it } from 'vitest';
import { eq, getTableColumns, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { demoApp } from '../test/demo';
import * as schema from './schema';
import { rowWhere, rowsWhere, wholeRow } from './rows';

// the demo seeded on an empty database (test/demo.ts): rows of nearly every table, on PGlite or TEST_DATABASE_URL
const d = demoApp();
let t: typeof d.t;
beforeAll(() => {
  t = d.t;
});

const tables = Object.entries(schema as Record<string, unknown>).filter((e): e is [string, PgTable] =>
  is(e[1], PgTable),
);

describe('whole rows as one JSON value (db/rows.ts)', () => {
  it('reads every table of the schema exactly as a select of every column does, in and out of a transaction', async () => {
    const typesOf = (tb: PgTable) => Object.values(getTableColumns(tb)).map((c) => c.columnType);
    const compared = new Set<string>();
    let rows = 0;
    for (const [name, table] of tables) {
      const order = [sql`ctid`];
      const plain = await t.db
        .select()
        .from(table)
        .orderBy(...order)
        .limit(40);
      const json = await rowsWhere(t.db, table, undefined, { orderBy: order, limit: 40 });
      expect(json, name).toEqual(plain);
      const inTx = await t.db.transaction((tx) => rowsWhere(tx, table, undefined, { orderBy: order, limit: 40 }));
      expect(inTx, name).toEqual(plain);
      rows += plain.length;
      if (plain.length) for (const k of typesOf(table)) compared.add(k);
    }
    // the demo fills most tables: every column type of the schema was compared on real rows
    expect(rows).toBeGreaterThan(200);
    expect([...new Set(tables.flatMap(([, tb]) => typesOf(tb)))].filter((k) => !compared.has(k))).toEqual([]);
  });

  it('keeps where, order, offset and the row lock; rowWhere answers the first row or undefined', async () => {
    const { users } = schema;
    const all = await t.db.select().from(users).orderBy(users.id);
    expect(await rowsWhere(t.db, users, undefined, { orderBy: [users.id], offset: 1, limit: 2 })).toEqual(
      all.slice(1, 3),
    );
    expect(await rowWhere(t.db, users, eq(users.id, all[0].id))).toEqual(all[0]);
    expect(await rowWhere(t.db, users, eq(users.id, -1))).toBeUndefined();
    const locked = await t.db.transaction((tx) => rowWhere(tx, users, eq(users.id, all[0].id), { lock: 'update' }));
    expect(locked).toEqual(all[0]);
    // a whole row beside other fields of a select
    const [both] = await t.db
      .select({ u: wholeRow(users), id: users.id })
      .from(users)
      .where(eq(users.id, all[0].id));
    expect(both).toEqual({ u: all[0], id: all[0].id });
  });
});
