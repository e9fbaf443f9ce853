import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../test/harness';
import { HeldReads, markSql, statementTables, type TMarkPart } from './held';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql.raw('create table held_p (id int primary key, v text not null)'));
  await t.db.execute(sql.raw('create table held_c (id int primary key, p_id int not null, v text not null)'));
  await t.db.execute(sql.raw(`insert into held_p values (1, 'a'), (2, 'b')`));
  await t.db.execute(sql.raw(`insert into held_c values (1, 1, 'x'), (2, 1, 'y'), (3, 2, 'z')`));
});
afterAll(async () => t?.close());

const PARTS: TMarkPart[] = [
  { row: 'p', table: 'held_p' },
  { table: 'held_c', where: 'p_id = p.id' },
];
const mark = async (id = 1): Promise<string> => {
  const r = (await t.db.execute(sql.raw(`select ${markSql(PARTS)} as mark from held_p p where p.id = ${id}`))) as unknown as { rows: { mark: string }[] };
  return r.rows[0].mark;
};
const run = (text: string) => t.db.execute(sql.raw(text));

describe('the mark of the rows under a held read', () => {
  it('changes with every insert, update and delete of a marked row, and only then', async () => {
    const seen = new Set([await mark()]);
    expect(await mark()).toBe([...seen][0]);
    // a lock alone, a change of another parent's rows and a change of nothing leave it as it is
    await t.db.transaction(async (tx) => {
      await tx.execute(sql.raw('select * from held_c where p_id = 1 for update'));
    });
    await run(`update held_c set v = 'z2' where id = 3`);
    await run(`update held_p set v = 'b2' where id = 2`);
    await run(`update held_c set v = 'x' where id = 999`);
    expect(seen.has(await mark())).toBe(true);
    const steps = [
      `update held_c set v = 'x2' where id = 1`,
      `update held_c set v = 'x2' where id = 1`, // the same value again: a new row version all the same
      `insert into held_c values (4, 1, 'w')`,
      `delete from held_c where id = 2`,
      `update held_p set v = 'a2' where id = 1`,
      `update held_c set p_id = 2 where id = 4`, // moved away from the parent
      `update held_c set p_id = 1 where id = 4`, // and back, in a later transaction
    ];
    for (const s of steps) {
      await run(s);
      const m = await mark();
      expect(seen.has(m), s).toBe(false);
      seen.add(m);
    }
  });

  it('a delete and an insert in one transaction (the count unchanged) still change it; a rolled back change does not', async () => {
    const before = await mark();
    await t.db.transaction(async (tx) => {
      await tx.execute(sql.raw('delete from held_c where id = 4'));
      await tx.execute(sql.raw(`insert into held_c values (5, 1, 'v')`));
    });
    const after = await mark();
    expect(after).not.toBe(before);
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`update held_c set v = 'gone' where id = 5`));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await mark()).toBe(after);
  });

  it('names the tables of a statement; a held value is kept per database and key, the oldest dropped past the bound', () => {
    expect([...statementTables(`select to_json(o) as o, (select count(*) from a_t x join b_t y on y.id = x.id) from rental_orders o where exists (select 1 from (select * from c_t) z)`)].sort()).toEqual(['a_t', 'b_t', 'c_t', 'rental_orders']);
    const held = new HeldReads<number>(2);
    const one = {};
    const two = {};
    held.set(one, 'a', 'm1', 1);
    held.set(one, 'b', 'm2', 2);
    held.set(two, 'a', 'm9', 9);
    expect(held.get(one, 'a')).toEqual({ mark: 'm1', value: 1 });
    expect(held.get(two, 'a')).toEqual({ mark: 'm9', value: 9 });
    held.set(one, 'a', 'm3', 3); // kept anew: now the newest
    held.set(one, 'c', 'm4', 4);
    expect(held.get(one, 'b')).toBeUndefined();
    expect(held.get(one, 'a')).toEqual({ mark: 'm3', value: 3 });
    held.forget(one);
    expect(held.get(one, 'c')).toBeUndefined();
    expect(held.get(two, 'a')).toEqual({ mark: 'm9', value: 9 });
  });
});
