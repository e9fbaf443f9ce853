/**
 * The public halls at 10 k and at 1 M rows (ARCHITECTURE § Speed: "a benchmark at 1 M rows proves it for the market and
 * the halls"). On a scratch PostgreSQL database: loads N bidding projects with their request lines and N quick demands
 * with INSERT … SELECT generate_series, starts the real server on it, and measures each query shape of the bidding hall
 * (GET /api/site/bidding) and of the demand hall (GET /api/site/demand) through HTTP with autocannon, beside the floor
 * of the stack (bench/floor.ts). Then grows both tables to 1 M and measures again. Prints per shape req/s, p99, the
 * share of the floor's req/s and p99(1 M) / p99(10 k), and the database's own time for the shape's two statements (median
 * of EXPLAIN ANALYZE execution times) at both sizes. Goals: every shape ≥ 0.5 of the floor; p99(1 M) ≤ 1.5 × p99(10 k).
 *
 * The rows, drawn pseudo-randomly (repeatable) and spread evenly over the ids:
 * - biddings: names from a dictionary of real-looking builders × projects × the machines they ask for, 1–3 request
 *   lines from the real catalogue (excavation machines the commonest, as on the platform), search_body / search_grams
 *   computed with platform/grams.ts indexText from the name, the lines' product names and models exactly as
 *   refreshBiddingSearch does; cities weighted toward the big provinces. Status mix, as a platform a few years old has
 *   it: 52 % completed, 16 % cut-off, 15 % closed, 10 % responding (status 1, the hall's rows, deadlines in the next
 *   30 days so that the cut-off job leaves them alone), 3 % in review, 4 % rejected.
 * - quick demands: a product of the catalogue (same weights), the same cities; 80 % ended, 12 % passed (valid for
 *   1–6 more days, the hall's rows), 3 % unreviewed, 5 % rejected.
 * Usage: npm run bench:hall [-- --seconds 5 --connections 50 --small 10000 --large 1000000 --explain --only bid]
 *   --explain  prints EXPLAIN (ANALYZE, BUFFERS) of each shape's statements (page, count) at both sizes
 *   --only p   measures the shapes whose name starts with p
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ZHallQuery } from '@jizu/shared/schemas/bidding';
import { ZDemandHallQuery } from '@jizu/shared/schemas/demand';
import { EQUIPMENT_CATALOGUE } from '../apps/server/src/data/equipment';
import * as schema from '../apps/server/src/db/schema';
import { PG_SESSION_OPTIONS, type DB } from '../apps/server/src/db/client';
import { indexText } from '../apps/server/src/platform/grams';
import { hallStatements as biddingHall } from '../apps/server/src/modules/bidding/bidding.hall.service';
import { hallStatements as demandHall } from '../apps/server/src/modules/demand/demand.hall.service';
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
const KW = enc('挖掘');
/** The shapes of the halls, as their pages ask them (10 a page; a city comes with its province). */
type TShape = { name: string; hall: 'bidding' | 'demand'; qs: string };
const ALL_SHAPES: TShape[] = [
  { name: 'bid all p1', hall: 'bidding', qs: 'size=10' },
  { name: 'bid all p50', hall: 'bidding', qs: 'size=10&page=50' },
  { name: 'bid kw p1', hall: 'bidding', qs: `size=10&kw=${KW}` },
  { name: 'bid kw p50', hall: 'bidding', qs: `size=10&kw=${KW}&page=50` },
  { name: 'bid kw+prov+cat p1', hall: 'bidding', qs: `size=10&kw=${KW}&province=32&category=1` },
  { name: 'bid kw+prov+cat p50', hall: 'bidding', qs: `size=10&kw=${KW}&province=32&category=1&page=50` },
  { name: 'bid city p1', hall: 'bidding', qs: 'size=10&province=32&city=3205' },
  { name: 'bid city p50', hall: 'bidding', qs: 'size=10&province=32&city=3205&page=50' },
  { name: 'bid cat p1', hall: 'bidding', qs: 'size=10&category=3' },
  { name: 'bid cat p50', hall: 'bidding', qs: 'size=10&category=3&page=50' },
  { name: 'dem all p1', hall: 'demand', qs: 'size=10' },
  { name: 'dem all p50', hall: 'demand', qs: 'size=10&page=50' },
  { name: 'dem prov p1', hall: 'demand', qs: 'size=10&province=32' },
  { name: 'dem prov p50', hall: 'demand', qs: 'size=10&province=32&page=50' },
  { name: 'dem city p1', hall: 'demand', qs: 'size=10&province=32&city=3205' },
  { name: 'dem city p50', hall: 'demand', qs: 'size=10&province=32&city=3205&page=50' },
  { name: 'dem cat p1', hall: 'demand', qs: 'size=10&category=1' },
  { name: 'dem cat p50', hall: 'demand', qs: 'size=10&category=1&page=50' },
];
const SHAPES = ALL_SHAPES.filter((s) => !only || s.name.startsWith(only));

type TRow = TLoadRow;

const loadAvg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const load = (url: string, pid: number) => measureLoad(url, pid, { connections, seconds });

const print = (label: string, name: string, row: TRow, extra = '') =>
  console.log(
    `${label.padEnd(6)} ${name.padEnd(26)} ${String(row.rps).padStart(6)} req/s   p50 ${String(row.p50).padStart(3)} ms   p99 ${String(row.p99).padStart(4)} ms   CPU ${String(Math.round(row.cpu)).padStart(5)} µs/req${extra}${row.errors ? `   non-2xx/errors ${row.errors}` : ''}`,
  );

const floorOf = (dbUrl: string) => measureFloor(dbUrl, { connections, seconds });

/** A small repeatable generator (mulberry32). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Share of the platform's requests per category (1 挖掘机械 … 10 运输车辆): excavation and lifting first. */
const CATEGORY_WEIGHT = [30, 14, 15, 8, 8, 5, 8, 6, 3, 3];

type TProduct = { category: number; group: number; product: number; name: string };
function products(): TProduct[] {
  const out: TProduct[] = [];
  for (const c of EQUIPMENT_CATALOGUE)
    for (const g of c.groups)
      for (const p of g.products)
        if (!p.isOther) out.push({ category: c.id, group: g.id, product: p.id, name: p.name });
  return out;
}

/** A product drawn with the categories' weights. */
function picker(all: TProduct[], r: () => number) {
  const byCat = new Map<number, TProduct[]>();
  for (const p of all) byCat.set(p.category, [...(byCat.get(p.category) ?? []), p]);
  const cats = [...byCat.keys()].sort((a, b) => a - b);
  const sum = CATEGORY_WEIGHT.reduce((a, b) => a + b, 0);
  return () => {
    let x = r() * sum;
    let i = 0;
    while (i < cats.length - 1 && x >= CATEGORY_WEIGHT[i]) x -= CATEGORY_WEIGHT[i++];
    const list = byCat.get(cats[i])!;
    return list[Math.floor(r() * list.length)];
  };
}

const BUILDERS = [
  '中建三局',
  '中铁十四局',
  '中交二航局',
  '江苏华建',
  '苏州城建',
  '浙江交工',
  '广东建工',
  '山东路桥',
  '河南五建',
  '四川路桥',
  '湖北工建',
  '上海隧道',
  '北京城建',
  '陕西建工',
  '安徽水安',
  '福建一建',
];
const PROJECTS = [
  '地铁5号线土建施工',
  '厂房基础土方开挖',
  '高速公路路基工程',
  '市政道路改造工程',
  '跨江大桥桩基施工',
  '住宅小区主体施工',
  '河道清淤整治工程',
  '物流园场地平整',
  '污水处理厂扩建',
  '光伏电站场平工程',
  '隧道掘进工程',
  '机场跑道扩建',
  '产业园配套道路',
  '学校新建工程',
  '医院综合楼施工',
  '码头堆场改造',
];
const MODELS = ['SY', 'XE', 'CLG', 'PC', 'ZE', 'SD', 'LG', 'ZX', 'QY', 'STC'];

/** Bidding projects to draw from: a name, 1–3 lines, and the search text refreshBiddingSearch would write. */
function biddingDictionary(n: number) {
  const r = rng(20260101);
  const pick = picker(products(), r);
  const rows: { name: string; body: string; grams: number[]; lines: (TProduct & { model: string })[] }[] = [];
  for (let k = 0; k < n; k++) {
    const nLines = 1 + Math.floor(r() * r() * 3);
    const lines = Array.from({ length: nLines }, () => {
      const p = pick();
      const model =
        r() < 0.3
          ? ''
          : `${MODELS[Math.floor(r() * MODELS.length)]}${[60, 75, 135, 215, 365, 500][Math.floor(r() * 6)]}${['', 'C', 'E', 'H'][Math.floor(r() * 4)]}`;
      return { ...p, model };
    });
    const name =
      `${BUILDERS[Math.floor(r() * BUILDERS.length)]}${PROJECTS[Math.floor(r() * PROJECTS.length)]}${lines[0].name}租赁`.slice(
        0,
        50,
      );
    const { body, grams } = indexText([name, ...lines.flatMap((l) => [l.name, l.model])]);
    rows.push({ name, body, grams, lines });
  }
  return rows;
}

/** Big provinces first: cities are drawn with a quadratic skew toward the head of this order (as bench/market.ts). */
const PROVINCE_ORDER = [
  32, 44, 37, 33, 41, 51, 42, 43, 13, 34, 35, 36, 61, 50, 31, 11, 12, 21, 22, 23, 14, 15, 45, 52, 53, 62, 63, 64, 65,
  46, 54,
];
const N_DICT = 4000;

async function insertRows(client: pg.Client, table: string, cols: number, rows: unknown[][]) {
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500);
    const values: unknown[] = [];
    const tuples = part.map((row) => {
      const base = values.length;
      values.push(...row);
      return `(${Array.from({ length: cols }, (_, n) => `$${base + n + 1}`).join(',')})`;
    });
    await client.query(`insert into ${table} values ${tuples.join(',')}`, values);
  }
}

async function prepare(client: pg.Client) {
  const dict = biddingDictionary(N_DICT);
  await client.query(
    'drop table if exists bench_bdict; drop table if exists bench_bline; drop table if exists bench_product; drop table if exists bench_city',
  );
  await client.query('create table bench_bdict (k int primary key, name text, body text, grams int4[])');
  await client.query(
    'create table bench_bline (k int, no int, category_id int, group_id int, product_id int, model text, primary key (k, no))',
  );
  await client.query('create table bench_product (k int primary key, category_id int, group_id int, product_id int)');
  await insertRows(
    client,
    'bench_bdict',
    4,
    dict.map((d, k) => [k, d.name, d.body, `{${d.grams.join(',')}}`]),
  );
  await insertRows(
    client,
    'bench_bline',
    6,
    dict.flatMap((d, k) => d.lines.map((l, no) => [k, no + 1, l.category, l.group, l.product, l.model])),
  );
  const pick = picker(products(), rng(7));
  await insertRows(
    client,
    'bench_product',
    4,
    Array.from({ length: N_DICT }, (_, k) => {
      const p = pick();
      return [k, p.category, p.group, p.product];
    }),
  );
  await client.query(
    `create table bench_city as
    select (row_number() over (order by array_position($1::int[], p.id), c.id) - 1)::int as k, p.id as province, c.id as city
    from regions c join regions p on p.id = c.parent_id where c.level = 2 and p.parent_id = 1`,
    [`{${PROVINCE_ORDER.join(',')}}`],
  );
  await client.query('alter table bench_city add primary key (k)');
  const { rows } = await client.query('select count(*)::int as n from bench_city');
  return rows[0].n as number;
}

/** Rows [from, to] of biddings (+ lines) and of quick demands; pseudo-random but repeatable. */
async function fill(client: pg.Client, from: number, to: number, nCity: number) {
  const step = 100_000;
  for (let a = from; a <= to; a += step) {
    const b = Math.min(to, a + step - 1);
    await client.query(
      `with s as (
         select g, abs(hashint4(g)) % $3 as dk, floor(power((abs(hashint4(g * 7 + 1)) % 10000) / 10000.0, 2.2) * $4)::int as ck,
                case when abs(hashint4(g * 11 + 3)) % 100 < 10 then 1 when abs(hashint4(g * 11 + 3)) % 100 < 62 then 3 when abs(hashint4(g * 11 + 3)) % 100 < 78 then 2
                     when abs(hashint4(g * 11 + 3)) % 100 < 93 then 4 when abs(hashint4(g * 11 + 3)) % 100 < 96 then 5 else 6 end as status
         from generate_series($1::int, $2::int) g
       ), ins as (
         insert into biddings (id, sn, company_id, user_id, classify, name, contacts, tel, show, end_time, type, payment_type, province, city, area, address, lng, lat, remark,
                               invoice_type, registered_assets, status, search_body, search_grams, created_at, updated_at)
         select s.g, 'JJ' || lpad(s.g::text, 12, '0'), 1 + s.g % 5000, 1 + s.g % 5000, 1, d.name, '张工', '13800000000', 1 + (s.g % 5 = 0)::int,
                case when s.status = 1 then current_date + 1 + s.g % 30 else date '2023-01-01' + s.g / 1000 end, 1, 1, c.province, c.city, 0, '工地现场', 120.6, 31.3,
                '项目工期紧张，要求设备按时进场，车况良好，操作手持证上岗，按月结算租金，报价含税含操作手。', 1, 1, s.status, d.body, d.grams,
                timestamptz '2023-01-01' + s.g * interval '60 seconds', timestamptz '2023-01-01' + s.g * interval '60 seconds'
         from s join bench_bdict d on d.k = s.dk join bench_city c on c.k = s.ck
         returning id
       )
       insert into bidding_lines (bidding_id, no, category_id, group_id, product_id, model, eq_num, payment_type, num, unit)
       select s.g, l.no, l.category_id, l.group_id, l.product_id, l.model, 1 + s.g % 3, 1, 1 + s.g % 6, 1
       from s join bench_bline l on l.k = s.dk`,
      [a, b, N_DICT, nCity],
    );
    await client.query(
      `with s as (
         select g, abs(hashint4(g * 3 + 1)) % $3 as pk, floor(power((abs(hashint4(g * 5 + 2)) % 10000) / 10000.0, 2.2) * $4)::int as ck,
                case when abs(hashint4(g * 17 + 9)) % 100 < 12 then 2 when abs(hashint4(g * 17 + 9)) % 100 < 92 then 3 when abs(hashint4(g * 17 + 9)) % 100 < 95 then 0 else 1 end as state
         from generate_series($1::int, $2::int) g
       )
       insert into quick_demands (id, company_id, user_id, category_id, group_id, product_id, num, time, real, remark, province, city, area, address, contacts, tel, state,
                                  approved_at, expires_at, created_at, updated_at)
       select s.g, 1 + s.g % 5000, 1 + s.g % 5000, p.category_id, p.group_id, p.product_id, 1 + s.g % 4, 10 + s.g % 80, 6, '需要车况良好的设备，带操作手，尽快进场。', c.province, c.city, 0, '工地现场',
              '李工', '13900000000', s.state,
              case when s.state in (2, 3) then timestamptz '2023-01-01' + s.g * interval '60 seconds' end,
              case when s.state = 2 then now() + (1 + s.g % 6) * interval '1 day' when s.state = 3 then timestamptz '2023-01-07' + s.g * interval '60 seconds' end,
              timestamptz '2023-01-01' + s.g * interval '60 seconds', timestamptz '2023-01-01' + s.g * interval '60 seconds'
       from s join bench_product p on p.k = s.pk join bench_city c on c.k = s.ck`,
      [a, b, N_DICT, nCity],
    );
  }
}

const TABLES = ['biddings', 'bidding_lines', 'quick_demands'];

/** Loads rows with the indexes dropped and rebuilt (as a bulk load should), then analyses. */
export async function grow(url: string, from: number, to: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    const nCity = await prepare(client);
    const { rows: idx } = await client.query(
      `select indexname, indexdef from pg_indexes where tablename = any($1) and indexname not like '%_pkey'`,
      [TABLES],
    );
    for (const i of idx) await client.query(`drop index ${i.indexname}`);
    await client.query("set maintenance_work_mem = '256MB'");
    await fill(client, from, to, nCity);
    for (const i of idx) await client.query(i.indexdef);
    await client.query(
      "select setval('biddings_id_seq', (select max(id) from biddings)), setval('quick_demands_id_seq', (select max(id) from quick_demands))",
    );
    for (const t of TABLES) await client.query(`vacuum analyze ${t}`);
    const { rows } = await client.query(
      `select (select count(*) from biddings)::int as b, (select count(*) from biddings where status = 1)::int as b1, (select count(*) from bidding_lines)::int as l,
              (select count(*) from quick_demands)::int as d, (select count(*) from quick_demands where state = 2)::int as d2,
              pg_size_pretty(pg_total_relation_size('biddings')) as bs, pg_size_pretty(pg_total_relation_size('bidding_lines')) as ls, pg_size_pretty(pg_total_relation_size('quick_demands')) as ds`,
    );
    const r = rows[0];
    console.log(
      `\n${r.b} biddings (${r.b1} responding; ${r.bs}), ${r.l} lines (${r.ls}), ${r.d} quick demands (${r.d2} passed; ${r.ds}), loaded in ${((Date.now() - started) / 1000).toFixed(1)} s; load average ${loadAvg()}`,
    );
  } finally {
    await client.end();
  }
}

/** Each shape's two statements as the server sends them (drizzle's SQL and parameters). */
function statementsOf(db: DB, s: TShape) {
  const params = Object.fromEntries(new URLSearchParams(s.qs));
  const st =
    s.hall === 'bidding' ? biddingHall(db, ZHallQuery.parse(params)) : demandHall(db, ZDemandHallQuery.parse(params));
  return [
    ['rows', st.rows.toSQL()],
    ['count', st.count.toSQL()],
  ] as const;
}

/**
 * The database's own time per shape: the median over 5 runs of the two statements' EXPLAIN ANALYZE execution times,
 * in ms. Free of the HTTP stack and steadier than p99 on a shared machine (the other engineers' load moves it less).
 */
async function dbTimes(url: string): Promise<number[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1, options: PG_SESSION_OPTIONS });
  const db = drizzle({ client: pool, schema }) as unknown as DB;
  try {
    const out: number[] = [];
    for (const s of SHAPES) {
      const runs: number[] = [];
      for (let i = 0; i < 6; i++) {
        let ms = 0;
        for (const [, q] of statementsOf(db, s)) {
          const { rows } = await pool.query(`explain (analyze, format json) ${q.sql}`, q.params);
          ms += Number(rows[0]['QUERY PLAN'][0]['Execution Time']);
        }
        if (i > 0) runs.push(ms); // the first run warms the cache
      }
      runs.sort((a, b) => a - b);
      out.push(runs[Math.floor(runs.length / 2)]);
    }
    return out;
  } finally {
    await pool.end();
  }
}

export async function printPlans(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2, options: PG_SESSION_OPTIONS });
  const db = drizzle({ client: pool, schema }) as unknown as DB;
  try {
    for (const s of SHAPES) {
      for (const [part, { sql, params: values }] of statementsOf(db, s)) {
        const { rows } = await pool.query(`explain (analyze, buffers, costs off) ${sql}`, values);
        console.log(
          `\n--- ${s.name} (${part}): ${decodeURIComponent(s.qs)}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`,
        );
      }
    }
  } finally {
    await pool.end();
  }
}

async function measure(label: string, s: TServer, dbUrl: string): Promise<{ floor: TRow; rows: TRow[]; db: number[] }> {
  console.log(`\n${label}: load average ${loadAvg()}`);
  const before = await floorOf(dbUrl);
  print(label, 'floor (bare Fastify + pg)', before);
  const rows: TRow[] = [];
  for (const shape of SHAPES) {
    const url = `${s.url}/api/site/${shape.hall}?${shape.qs}`;
    const probe = (await (await fetch(url)).json()) as {
      status: number;
      msg: string;
      data: { data: unknown[]; total: number; total_capped?: boolean };
    };
    if (probe.status !== 1) throw new Error(`${shape.qs}: ${probe.msg}`);
    const row = await load(url, s.pid);
    print(
      label,
      shape.name,
      row,
      `   ${probe.data.data.length} rows, total ${probe.data.total}${probe.data.total_capped ? '+' : ''}`,
    );
    rows.push(row);
  }
  const after = await floorOf(dbUrl);
  print(label, 'floor (bare Fastify + pg)', after);
  console.log(`${label}: load average ${loadAvg()}`);
  const floor = {
    rps: (before.rps + after.rps) / 2,
    p50: (before.p50 + after.p50) / 2,
    p99: (before.p99 + after.p99) / 2,
    errors: 0,
    cpu: (before.cpu + after.cpu) / 2,
    dbCpu: (before.dbCpu + after.dbCpu) / 2,
  };
  const db = await dbTimes(dbUrl);
  return { floor, rows, db };
}

async function main() {
  await useBuiltServer();
  console.log(
    `halls: ${SHAPES.length} shapes at ${SMALL} and ${LARGE} rows, ${connections} connections, ${seconds} s each (after a 1 s warm-up); ${os.cpus().length} cores, load average ${loadAvg()}`,
  );
  const env = {
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SMS_CONSOLE_IN_PRODUCTION: '1',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_KEYS: randomBytes(32).toString('base64'),
    SEED_DEMO: '0',
  };
  await withScratchDatabase('jizu_hall_bench', async (url) => {
    const run = async (label: string) => {
      const s = await startServer({ ...env, DATABASE_URL: url });
      try {
        if (explain) await printPlans(url);
        return await measure(label, s, url);
      } finally {
        await s.stop();
      }
    };
    // the server creates the tables and loads the regions
    const boot = await startServer({ ...env, DATABASE_URL: url });
    await boot.stop();
    await grow(url, 1, SMALL);
    const size = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
    const small = await run(size(SMALL));
    await grow(url, SMALL + 1, LARGE);
    const large = await run(size(LARGE));
    const [S, L] = [size(SMALL), size(LARGE)];

    console.log(
      `\n${'shape'.padEnd(26)} ${`${S} share`.padStart(9)} ${`${L} share`.padStart(9)} ${`p99 ${S}`.padStart(8)} ${`p99 ${L}`.padStart(7)} ${`${L}/${S}`.padStart(7)} ${`db ${S}`.padStart(9)} ${`db ${L}`.padStart(9)} ${`db ${L}/${S}`.padStart(9)}`,
    );
    let misses = 0;
    SHAPES.forEach((shape, i) => {
      const a = small.rows[i];
      const b = large.rows[i];
      const { shareA, shareB, ratio } = sizeFigures(a, small.floor, b, large.floor);
      const miss = shareA < 0.5 || shareB < 0.5 || ratio > 1.5;
      if (miss) misses += 1;
      console.log(
        `${shape.name.padEnd(26)} ${shareA.toFixed(2).padStart(9)} ${shareB.toFixed(2).padStart(9)} ${`${a.p99} ms`.padStart(8)} ${`${b.p99} ms`.padStart(7)} ${`${ratio.toFixed(2)}×`.padStart(7)} ${`${small.db[i].toFixed(2)} ms`.padStart(9)} ${`${large.db[i].toFixed(2)} ms`.padStart(9)} ${`${(large.db[i] / Math.max(small.db[i], 0.001)).toFixed(1)}×`.padStart(9)}${miss ? `   below target (share ≥ 0.50, p99 ${L}/${S} ≤ 1.5×)` : ''}`,
      );
    });
    console.log(
      `floor: ${S} run ${Math.round(small.floor.rps)} req/s p99 ${small.floor.p99} ms; ${L} run ${Math.round(large.floor.rps)} req/s p99 ${large.floor.p99} ms; load average now ${loadAvg()}`,
    );
    console.log(
      misses ? `\n${misses} of ${SHAPES.length} shapes below target` : `\nall ${SHAPES.length} shapes within target`,
    );
  });
}

if (process.argv[1]?.endsWith('hall.ts'))
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
