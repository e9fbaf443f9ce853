import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createScratchDatabase } from '../test/scratch-db';
import { openDatabase, type TDatabase } from './client';
import { users } from './schema';

/**
 * db/client.ts NamingClient: every parameterised statement is named (parsed and planned once per connection), the
 * others go as they were; with namedStatements false nothing is named. PostgreSQL only (PGlite runs in the process).
 */
const baseUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!baseUrl)('named statements on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const opened: TDatabase[] = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl!, 'jizu_named');
  }, 120_000);
  afterAll(async () => {
    for (const d of opened) await d.close();
    await scratch?.drop();
  });

  /** The statements prepared on the pool's one connection, with their texts. */
  const prepared = async (d: TDatabase) =>
    (
      (await d.db.execute(sql.raw('select name, statement from pg_prepared_statements order by name'))) as unknown as {
        rows: { name: string; statement: string }[];
      }
    ).rows;

  it('names a read with parameters, in and out of a transaction, once per text; leaves a statement without parameters unnamed', async () => {
    const d = await openDatabase({ url: scratch.url, poolSize: 1 });
    opened.push(d);
    for (let i = 0; i < 3; i++)
      await d.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, i + 1));
    await d.db.transaction(async (tx) => {
      await tx.select({ phone: users.phone }).from(users).where(eq(users.phone, '13800000000'));
    });
    await d.db.execute(sql.raw('select 1 as one'));
    const named = await prepared(d);
    const reads = named.filter((p) => p.statement.includes('"users"'));
    expect(reads).toHaveLength(2); // one per text, however many calls
    expect(reads.every((p) => /^jz\d+$/.test(p.name))).toBe(true);
    expect(named.some((p) => p.statement.includes('select 1 as one'))).toBe(false);
  });

  it('with namedStatements false, nothing is named', async () => {
    const d = await openDatabase({ url: scratch.url, poolSize: 1, namedStatements: false });
    opened.push(d);
    await d.db.select({ id: users.id }).from(users).where(eq(users.id, 1));
    expect((await prepared(d)).filter((p) => p.statement.includes('"users"'))).toEqual([]);
  });
});
