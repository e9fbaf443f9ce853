/**
 * Whole rows read through Drizzle (db/rows.ts): a select of every column against the row as one JSON value
 * (`wholeRow`), each built at the call and prepared, for one row by id and a page of 20, on the 43 columns of
 * rental_orders. On a scratch PostgreSQL database with the demo data and its population (bench/population.ts), the
 * app's own database handle (db/client.ts, named statements), 4 reads at a time; prints per read the bench process's
 * CPU (the server's part: building, the driver, the mapping) and PostgreSQL's, after checking both ways read the same.
 * Usage: npm run bench:rows [-- --reads 3000]
 */
import { desc, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { wholeRow } from '../apps/server/src/db/rows';
import { rentalOrders } from '../apps/server/src/db/schema';
import { withBenchDatabase } from './population';
import { arg, postgresCpuUs } from './support';

const reads = arg('reads', 3000);

await withBenchDatabase('demo', {}, async (url) => {
  const { db, close } = await openDatabase({ url, poolSize: 4 });
  const t = rentalOrders;
  const ids = (await db.select({ id: t.id }).from(t).limit(2000)).map((r) => r.id);
  const companies = (await db.selectDistinct({ c: t.tenantCompanyId }).from(t).limit(50)).map((r) => r.c);
  const id = (i: number) => ids[i % ids.length];
  const company = (i: number) => companies[i % companies.length];
  // each read written once: with a value it is built at the call, with a placeholder it is prepared
  type TParam = number | ReturnType<typeof sql.placeholder>;
  const oneColumns = (v: TParam) =>
    db
      .select()
      .from(t)
      .where(eq(t.id, v as number))
      .limit(1);
  const oneJson = (v: TParam) =>
    db
      .select({ r: wholeRow(t) })
      .from(t)
      .where(eq(t.id, v as number))
      .limit(1);
  const pageColumns = (v: TParam) =>
    db
      .select()
      .from(t)
      .where(eq(t.tenantCompanyId, v as number))
      .orderBy(desc(t.id))
      .limit(20);
  const pageJson = (v: TParam) =>
    db
      .select({ r: wholeRow(t) })
      .from(t)
      .where(eq(t.tenantCompanyId, v as number))
      .orderBy(desc(t.id))
      .limit(20);
  const one = {
    columns: oneColumns(sql.placeholder('v')).prepare('rows.columns1'),
    json: oneJson(sql.placeholder('v')).prepare('rows.json1'),
  };
  const page = {
    columns: pageColumns(sql.placeholder('v')).prepare('rows.columns20'),
    json: pageJson(sql.placeholder('v')).prepare('rows.json20'),
  };
  const variants: [string, (i: number) => Promise<unknown>][] = [
    ['one row, every column, built', (i) => oneColumns(id(i))],
    ['one row, wholeRow, built', (i) => oneJson(id(i))],
    ['one row, every column, prepared', (i) => one.columns.execute({ v: id(i) })],
    ['one row, wholeRow, prepared', (i) => one.json.execute({ v: id(i) })],
    ['20 rows, every column, built', (i) => pageColumns(company(i))],
    ['20 rows, wholeRow, built', (i) => pageJson(company(i))],
    ['20 rows, every column, prepared', (i) => page.columns.execute({ v: company(i) })],
    ['20 rows, wholeRow, prepared', (i) => page.json.execute({ v: company(i) })],
  ];
  // both ways read the same rows
  const a = await one.columns.execute({ v: id(1) });
  const b = await one.json.execute({ v: id(1) });
  if (JSON.stringify(a) !== JSON.stringify(b.map((x) => x.r))) throw new Error('wholeRow read another row');
  console.log(`\n${reads} reads each, 4 at a time (CPU per read: this process / PostgreSQL)`);
  for (const [name, f] of variants) {
    for (let i = 0; i < 300; i++) await f(i); // warm-up: JIT, named statements on each connection
    const c0 = process.cpuUsage();
    const d0 = postgresCpuUs();
    for (let i = 0; i < reads; i += 4) await Promise.all([f(i), f(i + 1), f(i + 2), f(i + 3)]);
    const c = process.cpuUsage(c0);
    const d = postgresCpuUs() - d0;
    console.log(
      `  ${name.padEnd(34)} ${((c.user + c.system) / reads).toFixed(0).padStart(5)} µs  ${(d / reads).toFixed(0).padStart(5)} µs`,
    );
  }
  await close();
});
