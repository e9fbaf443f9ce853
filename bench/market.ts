/**
 * The public market's search at 10 k and at 1 M listings (issue 9 § Speed). On a scratch PostgreSQL database: loads N
 * rows of the market's read model (market_listings + market_cards, what GET /api/site/market reads; generated with
 * INSERT … SELECT generate_series from a dictionary of the real catalogue's products × brands × models, cities
 * weighted toward the big provinces, rents spread 5 000–150 000 yuan a month), starts the real server on it, and
 * measures each query shape of the issue through the HTTP route with autocannon, beside the floor of the stack
 * (bench/floor.ts). Then grows the table to 1 M and measures again: every request runs the search. Prints per shape
 * req/s, p99, the share of the floor's req/s and p99(1 M) / p99(10 k). Goals: p99(1 M) ≤ 1.5 × p99(10 k); every shape
 * ≥ 0.30 of the floor (ARCHITECTURE § Speed).
 * Usage: npm run bench:market [-- --seconds 5 --connections 50 --small 10000 --large 1000000 --explain --only kw]
 *   --explain  prints EXPLAIN (ANALYZE, BUFFERS) of each shape's statement at both sizes (of a named statement, the
 *              plan the server keeps after five executions, and how many of those were generic)
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { ZMarketQuery } from '@jizu/shared/schemas/market';
import { EQUIPMENT_CATALOGUE } from '../apps/server/src/data/equipment';
import { PG_SESSION_OPTIONS } from '../apps/server/src/db/client';
import { indexText } from '../apps/server/src/platform/grams';
import { searchStatement } from '../apps/server/src/modules/market/market.repo';
import { planKeyword, toSearch } from '../apps/server/src/modules/market/market.service';
import { startServer, type TServer } from '../e2e/support/server';
// the server's Fastify type augmentations (req.user, req.company, cookies) that its modules are typed with
import type {} from '../apps/server/src/app';
import {
  arg,
  argText,
  useBuiltServer,
  withScratchDatabase,
  measureFloor,
  measureLoad,
  sizeFigures,
  type TLoadRow,
} from './support';

const seconds = arg('seconds', 5);
const connections = arg('connections', 50);
const SMALL = arg('small', 10_000);
const LARGE = arg('large', 1_000_000);
const explain = process.argv.includes('--explain');
const only = argText('only');

const enc = encodeURIComponent;
/** The shapes of the issue: keyword; keyword + region + category; rent range; each sorted, page 1 and page 50. */
export const SHAPES: { name: string; qs: string }[] = [
  { name: 'all new p1', qs: '' },
  { name: 'all new size1', qs: 'size=1' },
  { name: 'kw new p1', qs: `kw=${enc('挖掘')}` },
  { name: 'kw new p50', qs: `kw=${enc('挖掘')}&page=50` },
  { name: 'kw rent_asc p1', qs: `kw=${enc('挖掘')}&sort=rent_asc` },
  { name: 'kw rent_asc p50', qs: `kw=${enc('挖掘')}&sort=rent_asc&page=50` },
  { name: 'kw+region+cat new p1', qs: `kw=${enc('挖掘')}&category=1&province=32` },
  { name: 'kw+region+cat new p50', qs: `kw=${enc('挖掘')}&category=1&province=32&page=50` },
  { name: 'kw+city+cat rent_desc p1', qs: `kw=${enc('挖掘')}&category=1&city=3205&sort=rent_desc` },
  { name: 'kw+city+cat rent_desc p50', qs: `kw=${enc('挖掘')}&category=1&city=3205&sort=rent_desc&page=50` },
  { name: 'rent range rent_asc p1', qs: 'rent_min=20000&rent_max=60000&sort=rent_asc' },
  { name: 'rent range rent_asc p50', qs: 'rent_min=20000&rent_max=60000&sort=rent_asc&page=50' },
  { name: 'rent range new p1', qs: 'rent_min=20000&rent_max=60000' },
  { name: 'rent range new p50', qs: 'rent_min=20000&rent_max=60000&page=50' },
  { name: 'model number new p1', qs: 'kw=sy365' },
].filter((s) => !only || s.name.startsWith(only));

type TRow = TLoadRow;

const load = (url: string, pid: number) => measureLoad(url, pid, { connections, seconds });

const print = (label: string, name: string, row: TRow, extra = '') =>
  console.log(
    `${label.padEnd(6)} ${name.padEnd(28)} ${String(row.rps).padStart(6)} req/s   p50 ${String(row.p50).padStart(3)} ms   p99 ${String(row.p99).padStart(4)} ms   CPU ${String(Math.round(row.cpu)).padStart(5)} µs/req   db ${String(Math.round(row.dbCpu)).padStart(5)} µs/req${extra}${row.errors ? `   non-2xx/errors ${row.errors}` : ''}`,
  );

const floorOf = (dbUrl: string) => measureFloor(dbUrl, { connections, seconds });

/** The dictionary the rows are drawn from: every product of the catalogue × a few brands × models, with its grams. */
function dictionary() {
  const BRANDS = [
    '三一重工',
    '徐工',
    '柳工',
    '卡特彼勒',
    '小松',
    '中联重科',
    '山推',
    '临工',
    '日立',
    '沃尔沃',
    '斗山',
    '山河智能',
  ];
  const rows: {
    category: number;
    group: number;
    product: number;
    name: string;
    groupName: string;
    categoryName: string;
    brand: string;
    model: string;
    body: string;
    grams: number[];
  }[] = [];
  for (const c of EQUIPMENT_CATALOGUE)
    for (const g of c.groups)
      for (const p of g.products) {
        if (p.isOther) continue;
        BRANDS.forEach((brand, bi) => {
          for (let m = 0; m < 4; m++) {
            const model = `${['SY', 'XE', 'CLG', 'PC', 'ZE', 'SD', 'LG', 'ZX'][(bi + m) % 8]}${[60, 135, 215, 365, 500][(p.id + m) % 5]}${['C', 'E', 'D', ''][m]}`;
            const { body, grams } = indexText([p.name, model, brand, g.name, c.name]);
            rows.push({
              category: c.id,
              group: g.id,
              product: p.id,
              name: p.name,
              groupName: g.name,
              categoryName: c.name,
              brand,
              model,
              body,
              grams,
            });
          }
        });
      }
  return rows;
}

/** Big provinces first: cities are drawn with a quadratic skew toward the head of this order. */
const PROVINCE_ORDER = [
  32, 44, 37, 33, 41, 51, 42, 43, 13, 34, 35, 36, 61, 50, 31, 11, 12, 21, 22, 23, 14, 15, 45, 52, 53, 62, 63, 64, 65,
  46, 54,
];

async function prepare(client: pg.Client) {
  const dict = dictionary();
  await client.query('drop table if exists bench_dict; drop table if exists bench_city');
  await client.query(
    'create table bench_dict (k int primary key, category_id int, group_id int, product_id int, name text, group_v text, category_v text, brand text, model text, body text, grams int4[])',
  );
  for (let i = 0; i < dict.length; i += 500) {
    const part = dict.slice(i, i + 500);
    const values: unknown[] = [];
    const rows = part.map((d, j) => {
      const base = values.length;
      values.push(
        i + j,
        d.category,
        d.group,
        d.product,
        d.name,
        d.groupName,
        d.categoryName,
        d.brand,
        d.model,
        d.body,
        `{${d.grams.join(',')}}`,
      );
      return `(${Array.from({ length: 11 }, (_, n) => `$${base + n + 1}`).join(',')})`;
    });
    await client.query(`insert into bench_dict values ${rows.join(',')}`, values);
  }
  await client.query(
    `create table bench_city as
    select (row_number() over (order by array_position($1::int[], p.id), c.id) - 1)::int as k, p.id as province, c.id as city, p.name as province_v, c.name as city_v
    from regions c join regions p on p.id = c.parent_id where c.level = 2 and p.parent_id = 1`,
    [`{${PROVINCE_ORDER.join(',')}}`],
  );
  await client.query('alter table bench_city add primary key (k)');
  return dict.length;
}

/** Rows [from, to] of the read model, drawn from the dictionary and the cities; pseudo-random but repeatable. */
async function fill(client: pg.Client, from: number, to: number, nDict: number) {
  const { rows } = await client.query('select count(*)::int as n from bench_city');
  const nCity = rows[0].n as number;
  const step = 100_000;
  for (let a = from; a <= to; a += step) {
    const b = Math.min(to, a + step - 1);
    await client.query(
      `with s as (
         select g, abs(hashint4(g)) % $3 as dk, floor(power((abs(hashint4(g * 7 + 1)) % 10000) / 10000.0, 2.2) * $4)::int as ck,
                (500000 + (abs(hashint4(g * 13 + 5)) % 14500000) / 100 * 100) as rent
         from generate_series($1::int, $2::int) g
       ), ins as (
         insert into market_listings (id, company_id, category_id, group_id, product_id, province, city, area, monthly_rent, sort_at, body, grams)
         select s.g, 1 + s.g % 5000, d.category_id, d.group_id, d.product_id, c.province, c.city, 0, s.rent, timestamptz '2024-01-01' + s.g * interval '30 seconds', d.body, d.grams
         from s join bench_dict d on d.k = s.dk join bench_city c on c.k = s.ck
         returning id
       )
       insert into market_cards (id, card)
       select s.g, row_to_json(r)::text
       from s join bench_dict d on d.k = s.dk join bench_city c on c.k = s.ck
       -- the card as the server stores it (JSON.stringify of a ZListingCard: its keys in order, no spaces; jsonb's text
       -- had a space after every colon and comma, some 9 % more bytes a page than a real market sends)
       cross join lateral (select s.g as id, 1 + s.g % 5000 as company_id, '/uploads/ep/2026/01/' || md5(s.dk::text) || '.jpg' as cover, d.name as product_name_v, d.group_v,
         d.category_v, d.model, d.brand, s.rent as monthly_rent, to_char(s.rent / 100, 'FM999,999,999') || '.00' as monthly_rent_v,
         s.rent / 20 as rent_rent, to_char(s.rent / 2000, 'FM999,999,999') || '.00' as rent_rent_v, s.rent / 200 as hourly_rent, to_char(s.rent / 20000, 'FM999,999,999') || '.00' as hourly_rent_v,
         c.province, c.city, 0 as area, c.province_v, c.city_v, '' as area_v, 1 as state, 1 as is_lease, 1 as on_sell, '/site/device/' || s.g as href) r`,
      [a, b, nDict, nCity],
    );
  }
}

/** Loads rows with the indexes dropped and rebuilt (as a bulk load should), then analyses. */
export async function grow(url: string, from: number, to: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    const nDict = await prepare(client);
    const { rows: idx } = await client.query(
      `select indexname, indexdef from pg_indexes where tablename in ('market_listings', 'market_pairs') and indexname <> 'market_listings_pkey'`,
    );
    for (const i of idx) await client.query(`drop index ${i.indexname}`);
    await client.query("set maintenance_work_mem = '256MB'");
    // a bulk load past the app: the read model's version triggers (migration 0038, one deferred event per row, some
    // 15 M for the pairs of 1 M listings) are off for this session, and the version is raised once at the end
    await client.query('set session_replication_role = replica');
    await fill(client, from, to, nDict);
    // the pair postings of the new rows, as market.repo writes them (a pair is outside the code points)
    await client.query(
      `insert into market_pairs (gram, sort_at, monthly_rent, id) select g, l.sort_at, l.monthly_rent, l.id from market_listings l cross join lateral unnest(l.grams) g where l.id between $1 and $2 and (g < 0 or g > 1114111)`,
      [from, to],
    );
    await client.query('set session_replication_role = origin');
    await client.query('update market_epoch set n = n + 1 where id = 1');
    for (const i of idx) await client.query(i.indexdef);
    for (const t of ['market_listings', 'market_cards', 'market_pairs']) await client.query(`vacuum analyze ${t}`);
    const { rows } = await client.query(
      `select count(*)::int as n, pg_size_pretty(pg_total_relation_size('market_listings')) as size, pg_size_pretty(pg_total_relation_size('market_cards')) as cards, pg_size_pretty(pg_total_relation_size('market_pairs')) as pairs from market_listings`,
    );
    console.log(
      `\n${rows[0].n} listings (market_listings ${rows[0].size}, market_cards ${rows[0].cards}, market_pairs ${rows[0].pairs}), loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.end();
  }
}

async function printPlans(url: string) {
  // the server's session settings (random_page_cost among them), so that the plans printed are the plans it runs
  const client = new pg.Client({ connectionString: url, options: PG_SESSION_OPTIONS });
  await client.connect();
  try {
    const { rows: stats } = await client.query(
      `select c.reltuples::float8 as n, s.most_common_elems::text::int4[] as elems, s.most_common_elem_freqs as freqs from pg_class c left join pg_stats s on s.tablename = 'market_listings' and s.attname = 'grams' where c.oid = 'market_listings'::regclass`,
    );
    const freq = new Map<number, number>(
      (stats[0]?.elems ?? []).map((e: number, i: number) => [e, Number(stats[0].freqs[i])]),
    );
    for (const s of SHAPES) {
      const q = ZMarketQuery.parse(Object.fromEntries(new URLSearchParams(s.qs)));
      const search = toSearch(q);
      if (search.grams.length) planKeyword(search, { rows: Number(stats[0]?.n ?? 0), freq });
      const st = searchStatement(search);
      let explained = `explain (analyze, buffers, costs off) ${st.text}`;
      let plan = '';
      if (st.name) {
        // a named statement runs the plan PostgreSQL keeps after five executions (its generic plan, if it is no dearer
        // than the plans for the values given): executed as the server does, then that plan explained
        for (let i = 0; i < 6; i++) await client.query({ name: st.name, text: st.text, values: st.values });
        const { rows: ps } = await client.query(
          'select generic_plans, custom_plans from pg_prepared_statements where name = $1',
          [st.name],
        );
        const lit = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
        explained = `explain (analyze, buffers, costs off) execute "${st.name}"(${st.values.map(lit).join(', ')})`;
        plan = `, statement ${st.name}: ${ps[0]?.generic_plans} generic and ${ps[0]?.custom_plans} custom plans in 6 executions`;
      }
      const { rows } = await client.query(explained, st.name ? [] : st.values);
      console.log(
        `\n--- ${s.name}: ${s.qs}${search.keywordPlan ? ` (keyword plan: ${search.keywordPlan})` : ''}${plan}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`,
      );
    }
  } finally {
    await client.end();
  }
}

async function measure(label: string, s: TServer, dbUrl: string): Promise<{ floor: TRow; rows: TRow[] }> {
  // every connection of the server's pool opened and every shape's statement prepared on it before the first shape
  // is measured (the per-shape warm-up runs 10 connections; the pool's other connections, new backends whose caches
  // are empty, used to be opened inside the first shape's measurement and doubled its CPU per request)
  for (const shape of SHAPES)
    await autocannon({ url: `${s.url}/api/site/market?${shape.qs}`, connections, amount: connections * 4 });
  const before = await floorOf(dbUrl);
  print(label, 'floor (bare Fastify + pg)', before);
  const rows: TRow[] = [];
  for (const shape of SHAPES) {
    const url = `${s.url}/api/site/market?${shape.qs}`;
    const probe = (await (await fetch(url)).json()) as {
      status: number;
      msg: string;
      data: { data: unknown[]; total: number; total_capped: boolean };
    };
    if (probe.status !== 1) throw new Error(`${shape.qs}: ${probe.msg}`);
    const row = await load(url, s.pid);
    print(
      label,
      shape.name,
      row,
      `   ${probe.data.data.length} cards, total ${probe.data.total}${probe.data.total_capped ? '+' : ''}`,
    );
    rows.push(row);
  }
  const after = await floorOf(dbUrl);
  print(label, 'floor (bare Fastify + pg)', after);
  const floor = {
    rps: (before.rps + after.rps) / 2,
    p50: (before.p50 + after.p50) / 2,
    p99: (before.p99 + after.p99) / 2,
    errors: 0,
    cpu: (before.cpu + after.cpu) / 2,
    dbCpu: (before.dbCpu + after.dbCpu) / 2,
  };
  return { floor, rows };
}

async function main() {
  await useBuiltServer();
  console.log(
    `market search: ${SHAPES.length} shapes at ${SMALL} and ${LARGE} listings, ${connections} connections, ${seconds} s each (after a 1 s warm-up)`,
  );
  const env = {
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SMS_CONSOLE_IN_PRODUCTION: '1',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_KEYS: randomBytes(32).toString('base64'),
    SEED_DEMO: '0',
  };
  await withScratchDatabase('jizu_market_bench', async (url) => {
    const run = async (label: string) => {
      const s = await startServer({ ...env, DATABASE_URL: url }, { web: false });
      try {
        if (explain) await printPlans(url);
        return await measure(label, s, url);
      } finally {
        await s.stop();
      }
    };
    // the server creates the tables and loads the regions
    const boot = await startServer({ ...env, DATABASE_URL: url }, { web: false });
    await boot.stop();
    await grow(url, 1, SMALL);
    const size = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
    const small = await run(size(SMALL));
    await grow(url, SMALL + 1, LARGE);
    const large = await run(size(LARGE));

    const table = (title: string, a0: typeof small, b0: typeof large, growth: boolean) => {
      console.log(
        `\n${title}\n${'shape'.padEnd(28)} ${'10k share'.padStart(9)} ${'1M share'.padStart(9)} ${'p99 10k'.padStart(8)} ${'p99 1M'.padStart(7)} ${'1M/10k'.padStart(7)}   CPU µs/req server+db 10k → 1M`,
      );
      let n = 0;
      SHAPES.forEach((shape, i) => {
        const a = a0.rows[i];
        const b = b0.rows[i];
        const { shareA, shareB, ratio } = sizeFigures(a, a0.floor, b, b0.floor);
        const miss = growth ? ratio > 1.5 : shareA < 0.3 || shareB < 0.3;
        if (miss) n += 1;
        console.log(
          `${shape.name.padEnd(28)} ${shareA.toFixed(2).padStart(9)} ${shareB.toFixed(2).padStart(9)} ${`${a.p99} ms`.padStart(8)} ${`${b.p99} ms`.padStart(7)} ${`${ratio.toFixed(2)}×`.padStart(7)}   ${`${Math.round(a.cpu)}+${Math.round(a.dbCpu)}`.padStart(10)} → ${`${Math.round(b.cpu)}+${Math.round(b.dbCpu)}`.padEnd(10)}${miss ? (growth ? '   grows (p99 1M/10k > 1.5×)' : '   below target (share ≥ 0.30)') : ''}`,
        );
      });
      console.log(
        `floor: 10k run ${Math.round(a0.floor.rps)} req/s p99 ${a0.floor.p99} ms CPU ${Math.round(a0.floor.cpu)}+${Math.round(a0.floor.dbCpu)} µs/req; 1M run ${Math.round(b0.floor.rps)} req/s p99 ${b0.floor.p99} ms CPU ${Math.round(b0.floor.cpu)}+${Math.round(b0.floor.dbCpu)} µs/req`,
      );
      return n;
    };
    const misses =
      table('the search as the table grows (target p99 1M/10k ≤ 1.5×)', small, large, true) +
      table('share of the floor (target ≥ 0.30)', small, large, false);
    console.log(
      misses
        ? `\n${misses} of ${SHAPES.length * 2} figures off target`
        : `\nall ${SHAPES.length} shapes within target, both tables`,
    );
  });
}

if (process.argv[1]?.endsWith('market.ts'))
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
