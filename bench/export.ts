/**
 * The Excel exports at 10 k and at 100 k rows (issue 11 § Export: "memory flat at 100 k rows"; issue 29 §3: every
 * working list, memory growth ≤ 50 MB at 100 k). On a scratch PostgreSQL database with the demo data, for each list
 * of `--list` (orders: the tenant's GET /api/rent/order/export, one line each; listings: the provider's device list,
 * GET /api/ep/index/export, read in keyset batches by platform/export.ts): adds N rows with SQL, starts a fresh
 * server process, downloads the export while sampling the server's resident memory every 50 ms, then
 * grows to 100 k and does the same in a new process. Prints rows, bytes, seconds, rows/s and the peak RSS during each
 * download with its rise over the RSS before it; and the ratio of the rises (100 k / 10 k: a buffered export grows
 * with the rows, ~10×; a streamed one stays near 1 once the garbage collector's heap has reached its working size).
 * Checks the file: the ZIP's CRCs and the row count (test/xlsx.ts reads it).
 * Usage: npm run bench:export [-- --small 10000 --large 100000 --heap 128 --list orders,listings]
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { startServer } from '../e2e/support/server';
import { readXlsx } from '../apps/server/src/test/xlsx';
import { arg, argText, DEMO_LOGINS, login, useBuiltServer, withScratchDatabase } from './support';

const small = arg('small', 10_000);
const large = arg('large', 100_000);
/**
 * --heap MB (default 128; 0 = none) caps the server's old generation: without a cap V8 lets its heap grow with the
 * garbage of a long export before it collects, which reads like growth; under the cap an export that kept its rows
 * would run out of memory, a streamed one finishes with the same small rise at every size.
 */
const heap = arg('heap', 128);
const lists = (argText('list') ?? 'orders,listings').split(',') as ('orders' | 'listings')[];
const GOAL_MB = 50;

const rssKb = (pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS') => {
  const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`));
  return m ? Number(m[1]) : 0;
};

async function addOrders(db: pg.Client, tenant: number, provider: number, product: number, from: number, to: number) {
  await db.query(
    `insert into rental_orders (sn, classify, tenant_company_id, provider_company_id, status, provider_status, project_name, project_type, project_address, payment_type, submitted_at, created_at, updated_at)
     select 'BX' || g, 1, $1, $2, g % 5, 0, '压测项目第' || g || '号地块土方工程', 2, '上海市浦东新区测试路' || g || '号', 2, now(), now() - g * interval '1 second', now()
     from generate_series($3::int, $4::int) g`,
    [tenant, provider, from, to],
  );
  await db.query(
    `insert into rental_order_lines (order_id, product_id, model, num, unit, price, rate, tax_total, enter_date, orig_enter_date)
     select o.id, $1, 'SY215C', 6, 1, 2800000, 13, 3164000, current_date, current_date from rental_orders o
     where o.sn between 'BX' || $2::text and 'BX' || $3::text and o.sn like 'BX%' and not exists (select 1 from rental_order_lines l where l.order_id = o.id)`,
    [product, String(from), String(to)],
  );
}

/** Copies of the provider's first demo listing, models BX<from>…BX<to> (the list's own table; nothing else reads them). */
async function addListings(db: pg.Client, provider: number, from: number, to: number) {
  const cols = (
    await db.query<{ c: string }>(
      `select column_name as c from information_schema.columns where table_name = 'equipment_listings' and column_name not in ('id', 'model') order by ordinal_position`,
    )
  ).rows.map((r) => `"${r.c}"`);
  await db.query(
    `insert into equipment_listings (${cols.join(', ')}, model)
     select ${cols.map((c) => `l.${c}`).join(', ')}, 'BX' || g from generate_series($2::int, $3::int) g
     cross join (select * from equipment_listings where company_id = $1 order by id limit 1) l`,
    [provider, from, to],
  );
}

async function download(url: string, path: string, token: string, pid: number) {
  const before = rssKb(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 50);
  const t0 = performance.now();
  const res = await fetch(`${url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const chunks: Buffer[] = [];
  for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(c));
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, rssKb(pid));
  const file = Buffer.concat(chunks);
  const rows = readXlsx(file).rows.length - 1;
  return { rows, bytes: file.length, seconds, before, peak, rise: peak - before };
}

await useBuiltServer();
await withScratchDatabase('jizu_export', async (url) => {
  // the first start loads the demo data; each size is then measured in a process of its own
  // one data key for every process: the demo's encrypted numbers must stay readable
  const env = { DATABASE_URL: url, DATA_KEYS: randomBytes(32).toString('base64') };
  await (await startServer({ ...env, SEED_DEMO: '1' }, { web: false })).stop();
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const who = async (phone: string) =>
      (
        await db.query(
          `select m.company_id from company_members m join users u on u.id = m.user_id join companies c on c.id = m.company_id where u.phone = $1 and m.master = 1 and c.type = 2 order by m.id limit 1`,
          [phone],
        )
      ).rows[0].company_id as number;
    const tenant = await who('13800000001');
    const provider = await who('13800000002');
    const product = (await db.query('select id from equipment_products order by id limit 1')).rows[0].id as number;
    const growths: string[] = [];
    for (const list of lists) {
      const spec =
        list === 'orders'
          ? {
              path: '/rent/order/export',
              who: DEMO_LOGINS.tenant,
              add: (from: number, to: number) => addOrders(db, tenant, provider, product, from, to),
              analyze: 'analyze rental_orders; analyze rental_order_lines',
            }
          : {
              path: '/ep/index/export?tab=all',
              who: DEMO_LOGINS.provider,
              add: (from: number, to: number) => addListings(db, provider, from, to),
              analyze: 'analyze equipment_listings',
            };
      console.log(`\n${list}: GET /api${spec.path}`);
      const results: Awaited<ReturnType<typeof download>>[] = [];
      let have = 0;
      for (const n of [small, large]) {
        await spec.add(have + 1, n);
        have = n;
        await db.query(spec.analyze);
        const server = await startServer(env, { web: false, nodeArgs: heap ? [`--max-old-space-size=${heap}`] : [] });
        const token = await login(server.url, spec.who.phone, spec.who.password);
        const r = await download(server.url, spec.path, token, server.pid);
        await server.stop();
        results.push(r);
        console.log(
          `${String(r.rows).padStart(7)} rows  ${(r.bytes / 1e6).toFixed(1).padStart(6)} MB  ${r.seconds.toFixed(1).padStart(6)} s  ${Math.round(
            r.rows / r.seconds,
          )
            .toString()
            .padStart(
              6,
            )} rows/s   server RSS ${(r.before / 1024).toFixed(0)} → peak ${(r.peak / 1024).toFixed(0)} MB (+${(r.rise / 1024).toFixed(1)} MB)`,
        );
      }
      const [a, b] = results;
      console.log(
        `rows ×${(b.rows / Math.max(a.rows, 1)).toFixed(1)}; memory rise ×${(b.rise / Math.max(a.rise, 1024)).toFixed(2)} (flat ⇒ about 1); time ×${(b.seconds / a.seconds).toFixed(1)}`,
      );
      growths.push(
        `${list}: +${(b.rise / 1024).toFixed(1)} MB at ${b.rows} rows (goal ≤ ${GOAL_MB} MB: ${b.rise / 1024 <= GOAL_MB ? 'met' : 'NOT met'})`,
      );
    }
    console.log(`\nprocess memory growth during the largest export: ${growths.join('; ')}`);
  } finally {
    await db.end();
  }
});
