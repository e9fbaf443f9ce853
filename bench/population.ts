/**
 * The bench's own population, written beside the demo data by bulk SQL (INSERT … SELECT generate_series) against the
 * app's real tables: companies with their main accounts (half tenants, half providers), public listings, rental orders
 * with their lines, contracts, settlements and timeline (audit) events, and system messages, so that the mix
 * (bench/mix.ts) spreads its readers and writers over many companies, users and orders as real traffic does.
 *
 * Rows are copied from the demo data's own rows (a demo listing, order, line, settlement; the demo tenant's and
 * provider's companies and user) with the columns that must differ overridden, so that every column the app reads has
 * a value it wrote itself, and a column added later is copied without a change here. Encrypted columns are left null
 * (their key is the run's). The listings' public read model is written by the app's own function
 * (market.service syncMarketListings), in batches. `bench_accounts` (a table of the bench, not of the app) lists
 * each generated company and its main account, numbered per kind; sessions are made per run (bench/mix.ts).
 *
 * Sizes: POPULATION.demo (seconds, beside the demo data: `npm run bench`) and POPULATION.scale (≥ 100 k listings,
 * 10 k companies, 100 k orders: `npm run bench:scale`, a few minutes, kept between runs).
 */
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { syncMarketListings } from '../apps/server/src/modules/market/market.service';
import { adminQuery, databaseUrl, startBenchServer, withScratchDatabase } from './support';

export type TPopulation = { companies: number; listings: number; orders: number; messagesPerUser: number };

export const POPULATION = {
  demo: { companies: 400, listings: 2_000, orders: 4_000, messagesPerUser: 5 },
  scale: { companies: 10_000, listings: 100_000, orders: 100_000, messagesPerUser: 5 },
} satisfies Record<string, TPopulation>;

/** Phones of the generated main accounts: 19 + 9 digits (no demo phone starts so). */
const PHONE = (g: string) => `'19' || lpad((${g})::text, 9, '0')`;

/**
 * Copies rows of `table` chosen by `tplWhere` (the templates, in id order) once for each row of `source` (a SELECT
 * giving at least a column g = 1, 2, …): row g copies template g mod (number of templates); `overrides` give SQL
 * expressions over `s` (the source row) and `tpl` (the template) for the columns that differ. Returns the row count.
 */
async function cloneRows(
  c: pg.Client,
  table: string,
  tplWhere: string,
  source: string,
  overrides: Record<string, string>,
  opts: { noTriggers?: boolean } = {},
): Promise<number> {
  const cols = (
    await c.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 and column_name <> 'id' order by ordinal_position`,
      [table],
    )
  ).rows.map((r) => r.column_name);
  for (const k of Object.keys(overrides)) if (!cols.includes(k)) throw new Error(`${table}.${k}: no such column`);
  const exprs = cols.map((col) => overrides[col] ?? `tpl.${col}`);
  const templates = `(select row_number() over (order by id) - 1 as rn, t.* from ${table} t where ${tplWhere} and id <= $3)`;
  const maxId = Number((await c.query(`select coalesce(max(id), 0) as m from ${table}`)).rows[0].m);
  const nTemplates = Number((await c.query(`select count(*) as n from ${table} t where ${tplWhere}`)).rows[0].n);
  if (!nTemplates) throw new Error(`${table}: no template rows (${tplWhere})`);
  return chunked(
    c,
    source,
    (chunk) =>
      `insert into ${table} (${cols.map((x) => `"${x}"`).join(', ')}) select ${exprs.join(', ')} from ${chunk} s join ${templates} tpl on tpl.rn = s.g % ${nTemplates}`,
    [maxId],
    opts,
  );
}

/**
 * Runs `insert(chunk)` for each CHUNK rows of `source` (a SELECT giving a unique g = 1, 2, …), each in a transaction
 * of its own: a trigger that gathers its work until the commit (the order lists' versions) gathers a bounded amount.
 * `chunk` is the subquery of the chunk's rows; `more` are the statement's parameters after the chunk's bounds ($3…).
 */
async function chunked(
  c: pg.Client,
  source: string,
  insert: (chunk: string) => string,
  more: unknown[] = [],
  opts: { noTriggers?: boolean } = {},
): Promise<number> {
  const total = Number((await c.query(`select count(*) as n from (${source}) s`)).rows[0].n);
  let n = 0;
  if (opts.noTriggers) await c.query(`set session_replication_role = replica`);
  try {
    for (let lo = 0; lo < total; lo += CHUNK)
      n +=
        (
          await c.query(insert(`(select * from (${source}) s0 where s0.g > $1 and s0.g <= $2)`), [
            lo,
            lo + CHUNK,
            ...more,
          ])
        ).rowCount ?? 0;
  } finally {
    if (opts.noTriggers) await c.query(`set session_replication_role = origin`);
  }
  return n;
}

/**
 * The order's child rows are written with their triggers off (session_replication_role = replica; foreign keys are
 * not checked either: the rows are right by construction). Their triggers only raise the versions under which a
 * server holds pages (each line, contract, settlement and timeline event rewrote its order row: 360 000 events took
 * 11 minutes), and no server runs while the bench builds its data: the first server starts with nothing held.
 * Check this still holds when a trigger is added to these tables: `select tgname from pg_trigger where not tgisinternal`.
 */
const CHILD_ROWS = { noTriggers: true };

/** Rows a statement of the population writes at most (see cloneRows). */
const CHUNK = 5000;

const step = async (label: string, fn: () => Promise<number | void>) => {
  const t0 = Date.now();
  const n = await fn();
  console.log(
    `  ${label.padEnd(34)} ${n === undefined ? '' : String(n).padStart(8) + ' rows'}  ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
};

/** Writes the population `p` into the database `url` (migrated, with the demo data). */
export async function populate(url: string, p: TPopulation): Promise<void> {
  const c = new pg.Client({ connectionString: url, options: '-c TimeZone=UTC' });
  await c.connect();
  const t0 = Date.now();
  try {
    const demoCompanies = `id in (select m.company_id from company_members m join users u on u.id = m.user_id join companies co on co.id = m.company_id
                             where u.phone in ('13800000001', '13800000002') and m.master = 1 and co.type = 2)`;
    // the main accounts: copies of the demo tenant (its password, so a person can log in as one of them)
    await step('users', () =>
      cloneRows(c, 'users', `phone = '13800000001'`, `select g from generate_series(1, ${p.companies}) g`, {
        phone: PHONE('s.g'),
        username: `'压测用户' || s.g`,
        last_login_at: 'null',
      }),
    );
    // even g: a tenant (a copy of the demo tenant's company), odd g: a provider (of the demo provider's)
    await step('companies', () =>
      cloneRows(c, 'companies', demoCompanies, `select g from generate_series(1, ${p.companies}) g`, {
        name: `case when s.g % 2 = 0 then '压测建设工程有限公司' else '压测机械租赁有限公司' end || s.g`,
        regist_no: `'BENCH' || lpad(s.g::text, 13, '0')`,
        legal: `'压测法人' || s.g`,
        registrant: `'压测用户' || s.g`,
        tel: PHONE('s.g'),
      }),
    );
    await c.query(`drop table if exists bench_accounts`);
    await step('bench_accounts', async () => {
      const r = await c.query(
        `create table bench_accounts as
         select g, case when g % 2 = 0 then 'tenant' else 'provider' end as kind, row_number() over (partition by g % 2 order by g)::int as k,
                co.id as company_id, u.id as user_id
         from generate_series(1, ${p.companies}) g
         join users u on u.phone = ${PHONE('g')}
         join companies co on co.regist_no = 'BENCH' || lpad(g::text, 13, '0')`,
      );
      await c.query(`create index on bench_accounts (kind, k)`);
      await c.query(`create index on bench_accounts (company_id)`);
      await c.query(`analyze bench_accounts`);
      return r.rowCount ?? 0;
    });
    await step(
      'company_members',
      async () =>
        (
          await c.query(
            `insert into company_members (company_id, user_id, master, status, member_name) select a.company_id, a.user_id, 1, 1, '压测用户' || a.g from bench_accounts a`,
          )
        ).rowCount ?? 0,
    );
    const count = async (kind: string) =>
      Number((await c.query(`select count(*) from bench_accounts where kind = $1`, [kind])).rows[0].count);
    const tenants = await count('tenant');
    const providers = await count('provider');

    // a shop for each provider: copies of the demo's approved shops
    await step('shops', () =>
      cloneRows(
        c,
        'shops',
        `status = 2`,
        `select row_number() over (order by a.k) as g, a.company_id, a.user_id from bench_accounts a where a.kind = 'provider'`,
        {
          company_id: 's.company_id',
          shop_name: `'压测租赁' || s.g || '号店'`,
          created_by: 's.user_id',
        },
      ),
    );
    // listings: copies of the demo's public listings (their catalogue product, photos and region), each of a provider
    const listingIds: number[] = [];
    await step('equipment_listings', async () => {
      const n = await cloneRows(
        c,
        'equipment_listings',
        `deleted_at is null and review_status = 1 and on_sell = 1`,
        `select gs.g, a.company_id, a.user_id from generate_series(1, ${p.listings}) gs(g) join bench_accounts a on a.kind = 'provider' and a.k = 1 + gs.g % ${providers}`,
        {
          company_id: 's.company_id',
          user_id: 's.user_id',
          model: `tpl.model || '-' || (s.g % 97)`,
          monthly_rent: `(500000 + (s.g * 7919) % 14500000)`,
          serial_number: `'BSN' || s.g`,
          approved_at: `now() - make_interval(secs => s.g * 37)`,
          created_at: `now() - make_interval(secs => s.g * 37 + 3600)`,
          updated_at: `now() - make_interval(secs => s.g * 37)`,
        },
      );
      const ids = await c.query<{ id: number }>(
        `select l.id from equipment_listings l join bench_accounts a on a.company_id = l.company_id order by l.id`,
      );
      listingIds.push(...ids.rows.map((r) => r.id));
      return n;
    });
    // orders: copies of the demo orders, between a tenant and a provider of the population, in every status
    const orderStatus = `(array[0, 0, 1, 2, 2, 2, 2, 2, 3, 4])[1 + s.g % 10]`;
    await step('rental_orders', () =>
      cloneRows(
        c,
        'rental_orders',
        `true`,
        `select gs.g, t.company_id as tc, p.company_id as pc from generate_series(1, ${p.orders}) gs(g)
           join bench_accounts t on t.kind = 'tenant' and t.k = 1 + gs.g % ${tenants}
           join bench_accounts p on p.kind = 'provider' and p.k = 1 + (gs.g * 7919) % ${providers}`,
        {
          sn: `'BO' || lpad(s.g::text, 18, '0')`,
          bidding_id: 'null',
          offer_id: 'null',
          tenant_company_id: 's.tc',
          provider_company_id: 's.pc',
          status: orderStatus,
          provider_status: `case when ${orderStatus} in (2, 3) then 1 else 0 end`,
          project_name: `'压测项目' || s.g || '号工地设备租赁'`,
          reason: "''",
          return_reason: "''",
          inv_bank_no: "''",
          payee_bank_no: "''",
          created_at: `now() - make_interval(mins => s.g)`,
          updated_at: `now() - make_interval(mins => s.g)`,
          submitted_at: `case when ${orderStatus} > 0 then now() - make_interval(mins => s.g) end`,
          confirmed_at: `case when ${orderStatus} in (2, 3) then now() - make_interval(mins => s.g) end`,
          closed_at: `case when ${orderStatus} = 4 then now() - make_interval(mins => s.g) end`,
        },
      ),
    );
    // the population's orders (with their tenant's main account), numbered
    const bo = `select row_number() over (order by o.id) as g, o.id as oid, o.status, o.tenant_company_id as tc, o.provider_company_id as pc, a.user_id as tu
                from rental_orders o join bench_accounts a on a.company_id = o.tenant_company_id`;
    await step('rental_order_lines', () =>
      cloneRows(
        c,
        'rental_order_lines',
        `true`,
        `${bo} cross join generate_series(1, 2)`,
        {
          order_id: 's.oid',
          bidding_line_id: 'null',
          num: '1 + s.g % 3',
          price: '(100000 + (s.g * 104729) % 4900000)',
          tax_total: '((100000 + (s.g * 104729) % 4900000) * (100 + tpl.rate) / 100)',
          enter_date: `current_date - (s.g % 60)::int`,
          orig_enter_date: `current_date - (s.g % 60)::int`,
        },
        CHILD_ROWS,
      ),
    );
    await step('order_contracts', () =>
      chunked(
        c,
        `${bo} where o.status in (2, 3)`,
        (
          chunk,
        ) => `insert into order_contracts (order_id, tenant_company_id, provider_company_id, sn, name, date, file, file_sha256, status, provider_status, created_by, created_at, updated_at)
         select s.oid, s.tc, s.pc, 'BC' || lpad(s.oid::text, 18, '0'), '设备租赁合同', current_date - (s.g % 90)::int, '/uploads/contract/bench.pdf',
                md5(s.oid::text) || md5(s.oid::text), 1, 1, s.tu, now(), now()
         from ${chunk} s`,
        [],
        CHILD_ROWS,
      ),
    );
    await step('order_settlements', () =>
      cloneRows(
        c,
        'order_settlements',
        `true`,
        `${bo} cross join generate_series(1, 2) as m(k) where o.status in (2, 3)`,
        {
          sn: `'BS' || lpad(s.g::text, 18, '0')`,
          order_id: 's.oid',
          tenant_company_id: 's.tc',
          provider_company_id: 's.pc',
          settle_sn: `'PJ-' || s.g`,
          created_by: 's.tu',
          created_at: 'now() - make_interval(days => (s.g % 30)::int)',
          updated_at: 'now() - make_interval(days => (s.g % 30)::int)',
        },
        CHILD_ROWS,
      ),
    );
    await step('audit_events (order timeline)', () =>
      chunked(
        c,
        bo,
        (
          chunk,
        ) => `insert into audit_events (entity, entity_id, action, from_status, to_status, actor_id, company_id, ip, created_at)
         select 'rental_order', s.oid, e.action, e.f, e.t, s.tu, s.tc, '127.0.0.1', now() - make_interval(mins => (s.g + e.k)::int)
         from ${chunk} s
         cross join (values (1, 'create_draft', '', '0'), (2, 'submit', '0', '1'), (3, 'confirm', '1', '2'), (4, 'settle_create', '2', '2'), (5, 'machine_enter', '2', '2')) as e(k, action, f, t)
         where e.k = 1 or s.status > 0 and (e.k = 2 or s.status in (2, 3))`,
        [],
        CHILD_ROWS,
      ),
    );
    await step('system_messages', async () => {
      const r = await c.query(
        `insert into system_messages (user_id, title, body, open, kind, send_time)
         select a.user_id, '订单状态通知 ' || m, '您的订单状态已更新，请及时查看（压测消息 ' || m || '）。', 0, 'order', now() - make_interval(mins => (m * 7)::int)
         from bench_accounts a cross join generate_series(1, ${p.messagesPerUser}) m`,
      );
      return r.rowCount ?? 0;
    });
    // the listings' public read model, written by the app's own function, in batches
    await step("market read model (the app's sync)", async () => {
      const database = await openDatabase({ url, poolSize: 2 });
      try {
        for (let i = 0; i < listingIds.length; i += 1000)
          await database.db.transaction((tx) => syncMarketListings(tx, listingIds.slice(i, i + 1000)));
      } finally {
        await database.close();
      }
      return listingIds.length;
    });
    await step('vacuum analyze', async () => {
      await c.query('vacuum analyze');
    });
    console.log(`  population written in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await c.end();
  }
}

/** The demo data on the empty database `url`, written by the server itself (migrations, then the demo seed). */
async function seedDemo(url: string): Promise<void> {
  const s = await startBenchServer(url, { seed: true });
  await s.stop();
}

/**
 * Runs `fn` on a database with the demo data and the population of `size`. 'demo': a scratch database made for the
 * run and dropped after (BENCH_DB_NAME, else jizu_bench_<pid>). 'scale': a database kept between runs
 * (BENCH_SCALE_DB_NAME, default jizu_bench_scale), made when missing, incomplete or `rebuild` (its comment records
 * the population it holds once complete).
 */
export async function withBenchDatabase<T>(
  size: keyof typeof POPULATION,
  opts: { rebuild?: boolean },
  fn: (url: string) => Promise<T>,
): Promise<T> {
  if (size === 'demo') {
    return withScratchDatabase('jizu_bench', async (url) => {
      console.log('demo data and the population beside it:');
      await seedDemo(url);
      await populate(url, POPULATION.demo);
      return fn(url);
    });
  }
  const name = process.env.BENCH_SCALE_DB_NAME ?? 'jizu_bench_scale';
  const mark = JSON.stringify(POPULATION.scale);
  const url = databaseUrl(name);
  const have = await adminQuery<{ c: string | null }>(
    `select shobj_description(oid, 'pg_database') as c from pg_database where datname = $1`,
    [name],
  );
  if (opts.rebuild || !have.length || have[0].c !== mark) {
    console.log(
      `building the marketplace-scale database ${name} (${mark}; kept for the next runs, --rebuild to make it again):`,
    );
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${name}`);
    const t0 = Date.now();
    await seedDemo(url);
    await populate(url, POPULATION.scale);
    await adminQuery(`COMMENT ON DATABASE ${name} IS '${mark}'`);
    console.log(`  built in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } else console.log(`the marketplace-scale database ${name} exists (${mark}): reused (--rebuild to make it again)`);
  return fn(url);
}
