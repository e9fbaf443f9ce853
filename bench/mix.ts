/**
 * The mix: what a marketplace serves in a day, as one autocannon run whose every request is drawn at random from
 * weighted kinds (MIX_KINDS). Anonymous visitors search the market (varied keywords, filters, sorts and pages), open
 * listings, shops, the bidding, demand and labour halls and their details; logged-in tenants and providers read their
 * account card, messages, orders and biddings; about one request in six is a write on rows readers see (a favourite
 * added then removed, an order line of a draft saved, a message opened). Readers and writers are the population's
 * companies and main accounts (bench/population.ts), each with a session of its own made here, and their own orders:
 * the load is spread over many companies, users and orders, not one row.
 *
 * Each kind's answers are counted by HTTP status: a mix with errors is not a valid result (the bench prints them
 * and fails). Only HTTP and the session rows are used: nothing of the server's inside.
 */
import type autocannon from 'autocannon';
import pg from 'pg';
import { makeSessions, measureLoad, type TLoadRow } from './support';

type TAccount = { token: string; companyId: number; userId: number };
type TTenant = TAccount & {
  orders: number[];
  drafts: { order: number; line: number; date: string }[];
  messages: number[];
};
type TProvider = TAccount & { orders: number[] };

/** Everything the mix draws from: the population's sessions and their rows, and the public pages' ids. */
export type TMixData = {
  tenants: TTenant[];
  providers: TProvider[];
  listings: number[];
  shops: number[];
  biddings: number[];
  demands: number[];
  jobs: number[];
  hires: number[];
  categories: number[];
  provinces: number[];
};

/** The request of one kind, drawn afresh each time (ctx: the connection's own state, see the favourite kind). */
type TDraw = (d: TMixData, ctx: TConn) => { method?: 'GET' | 'POST'; path: string; token?: string; body?: unknown };
type TConn = { kind?: string; t0?: number; fav?: { token: string; id: number | null; pending?: boolean } };
export type TKind = { name: string; weight: number; write?: boolean; draw: TDraw };

const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)];
const enc = encodeURIComponent;
const KEYWORDS = [
  '挖掘',
  '挖掘机',
  '起重',
  '装载机',
  '压路',
  '泵车',
  '塔吊',
  '推土',
  '履带',
  '三一',
  '徐工',
  '卡特',
  '柳工',
  '叉车',
  'sy',
  '高空',
];
const SORTS = ['', '&sort=rent_asc', '&sort=rent_desc'];
const withDraft = (d: TMixData) => d.tenants.filter((t) => t.drafts.length);

/** The mix: weights out of 120, 20 of them writes (one in six). */
export const MIX_KINDS: TKind[] = [
  // anonymous visitors (56)
  {
    name: 'market search',
    weight: 16,
    draw: (d) => {
      const r = Math.random();
      const kw = r < 0.6 ? `&kw=${enc(pick(KEYWORDS))}` : '';
      const cat = Math.random() < 0.3 ? `&category=${pick(d.categories)}` : '';
      const prov = Math.random() < 0.3 ? `&province=${pick(d.provinces)}` : '';
      const rent = Math.random() < 0.15 ? '&rent_min=20000&rent_max=80000' : '';
      const page = Math.random() < 0.7 ? 1 : 2 + Math.floor(Math.random() * 9);
      return { path: `/api/site/market?page=${page}${kw}${cat}${prov}${rent}${pick(SORTS)}` };
    },
  },
  { name: 'market facets', weight: 2, draw: () => ({ path: '/api/site/market/facets' }) },
  { name: 'listing page', weight: 14, draw: (d) => ({ path: `/api/site/device/${pick(d.listings)}` }) },
  { name: 'shop page', weight: 3, draw: (d) => ({ path: `/api/site/shop/${pick(d.shops)}` }) },
  {
    name: 'bidding hall',
    weight: 5,
    draw: () => ({
      path: `/api/site/bidding?page=${1 + Math.floor(Math.random() * 3)}${Math.random() < 0.3 ? `&kw=${enc(pick(KEYWORDS))}` : ''}`,
    }),
  },
  { name: 'bidding detail', weight: 5, draw: (d) => ({ path: `/api/site/bidding/${pick(d.biddings)}` }) },
  {
    name: 'demand hall',
    weight: 4,
    draw: () => ({ path: `/api/site/demand?page=${1 + Math.floor(Math.random() * 2)}` }),
  },
  { name: 'demand detail', weight: 2, draw: (d) => ({ path: `/api/site/demand/${pick(d.demands)}` }) },
  {
    name: 'job halls',
    weight: 3,
    draw: () => ({ path: Math.random() < 0.5 ? '/api/site/job?page=1' : '/api/site/hire?page=1' }),
  },
  {
    name: 'job details',
    weight: 2,
    draw: (d) => ({ path: Math.random() < 0.5 ? `/api/site/job/${pick(d.jobs)}` : `/api/site/hire/${pick(d.hires)}` }),
  },
  // logged-in readers (44)
  {
    name: 'account card',
    weight: 10,
    draw: (d) => ({ path: '/api/index/info', token: pick(Math.random() < 0.5 ? d.tenants : d.providers).token }),
  },
  {
    name: 'messages',
    weight: 6,
    draw: (d) => ({
      path: `/api/index/message/lst?page=1&size=15&state=${Math.random() < 0.5 ? 0 : 1}`,
      token: pick(d.tenants).token,
    }),
  },
  {
    name: 'tenant orders',
    weight: 6,
    draw: (d) => ({
      path: `/api/rent/order/lst?page=${Math.random() < 0.8 ? 1 : 2}&size=5${Math.random() < 0.4 ? '&status=2' : ''}`,
      token: pick(d.tenants).token,
    }),
  },
  {
    name: 'tenant order detail',
    weight: 6,
    draw: (d) => {
      const t = pick(d.tenants);
      return { path: `/api/rent/order/detail?id=${pick(t.orders)}`, token: t.token };
    },
  },
  {
    name: 'provider orders',
    weight: 5,
    draw: (d) => ({ path: `/api/ep/order?page=1&size=5`, token: pick(d.providers).token }),
  },
  {
    name: 'provider order detail',
    weight: 4,
    draw: (d) => {
      const p = pick(d.providers);
      return { path: `/api/ep/detail_order?id=${pick(p.orders)}`, token: p.token };
    },
  },
  {
    name: 'tenant biddings',
    weight: 4,
    draw: (d) => ({ path: '/api/rent/bidding/lst?page=1&size=5', token: pick(d.tenants).token }),
  },
  {
    name: 'favourites list',
    weight: 3,
    draw: (d) => ({ path: '/api/index/favorite/lst?page=1&size=5&type=0', token: pick(d.tenants).token }),
  },
  // writes (20)
  {
    name: 'favourite add/remove',
    weight: 8,
    write: true,
    // a connection adds a favourite of a random user and listing, then removes it with the id the add answered
    draw: (d, ctx) => {
      if (ctx.fav?.id) {
        const f = ctx.fav;
        ctx.fav = undefined;
        return { method: 'POST', path: '/api/index/favorite/del', token: f.token, body: { id: f.id } };
      }
      const token = pick(Math.random() < 0.5 ? d.tenants : d.providers).token;
      ctx.fav = { token, id: null, pending: true };
      return { method: 'POST', path: '/api/index/favorite/add', token, body: { type: 0, target_id: pick(d.listings) } };
    },
  },
  {
    name: 'order line save',
    weight: 7,
    write: true,
    draw: (d) => {
      const t = pick(withDraft(d));
      const l = pick(t.drafts);
      return {
        method: 'POST',
        path: '/api/rent/order/saveReq',
        token: t.token,
        body: {
          id: l.line,
          num: 1 + Math.floor(Math.random() * 3),
          price: String(1000 + Math.floor(Math.random() * 40000)),
          rate: 13,
          enter_date: l.date,
        },
      };
    },
  },
  {
    name: 'message open',
    weight: 5,
    write: true,
    draw: (d) => {
      const t = pick(d.tenants.filter((x) => x.messages.length));
      return { method: 'POST', path: '/api/index/message/read', token: t.token, body: { id: pick(t.messages) } };
    },
  },
];

/** Per kind: answers, non-2xx answers and their statuses, and each answer's time (ms, from the request's drawing). */
export type TKindCounts = Record<string, { n: number; bad: number; statuses: Record<number, number>; ms: number[] }>;
export type TMixRow = TLoadRow & { kinds: TKindCounts; total: number };

/** The autocannon requests of the mix: one request whose setupRequest draws a kind, counting answers in `counts`. */
export function mixRequests(d: TMixData, counts: TKindCounts, kinds: TKind[] = MIX_KINDS): autocannon.Request[] {
  const total = kinds.reduce((s, k) => s + k.weight, 0);
  for (const k of kinds) counts[k.name] = { n: 0, bad: 0, statuses: {}, ms: [] };
  const draw = () => {
    let r = Math.random() * total;
    for (const k of kinds) if ((r -= k.weight) < 0) return k;
    return kinds[kinds.length - 1];
  };
  const request = {
    setupRequest: (req: autocannon.Request, context: TConn) => {
      // a pending favourite removal goes first on its connection
      const k = context.fav?.id ? kinds.find((x) => x.name === 'favourite add/remove')! : draw();
      const r = k.draw(d, context);
      context.kind = k.name;
      context.t0 = performance.now();
      const headers: Record<string, string> = {};
      if (r.token) headers.authorization = `Bearer ${r.token}`;
      if (r.body !== undefined) headers['content-type'] = 'application/json';
      return {
        ...req,
        method: r.method ?? 'GET',
        path: r.path,
        headers,
        body: r.body === undefined ? undefined : JSON.stringify(r.body),
      };
    },
    onResponse: (status: number, body: string, context: TConn) => {
      const c = counts[context.kind ?? ''];
      if (!c) return;
      c.n += 1;
      c.ms.push(performance.now() - (context.t0 ?? 0));
      if (status < 200 || status >= 300) {
        c.bad += 1;
        c.statuses[status] = (c.statuses[status] ?? 0) + 1;
      }
      if (context.fav?.pending) {
        // the add's answer: the favourite's id, removed by this connection's next favourite write
        try {
          context.fav.id = status === 200 ? ((JSON.parse(body) as { data?: { id?: number } }).data?.id ?? null) : null;
        } catch {
          context.fav.id = null;
        }
        context.fav.pending = false;
        if (!context.fav.id) context.fav = undefined;
      }
    },
  };
  return [request as unknown as autocannon.Request];
}

/** The mix on the server at `url` (process `pid`) with `connections` for `seconds` (after a 1 s warm-up). */
/**
 * One measured run of the mix (or of `kinds` alone), after a warm-up at the same number of connections (`warmup`
 * seconds, 1 unless told): a server that has been running has every statement prepared and planned on each pooled
 * connection, and the mix measures that server, not one minute old.
 */
export async function runMix(
  url: string,
  pid: number,
  d: TMixData,
  opts: { connections: number; seconds: number; warmup?: number; kinds?: TKind[] },
): Promise<TMixRow> {
  let counts: TKindCounts = {};
  const row = await measureLoad(url, pid, {
    connections: opts.connections,
    seconds: opts.seconds,
    warmup: opts.warmup,
    warmupConnections: opts.connections,
    requests: () => {
      counts = {};
      return mixRequests(d, counts, opts.kinds);
    },
  });
  return { ...row, kinds: counts, total: Object.values(counts).reduce((s, c) => s + c.n, 0) };
}

/** The kinds' answers and errors, one line each. */
export function printKinds(r: TMixRow) {
  const writes = MIX_KINDS.filter((k) => k.write).reduce((s, k) => s + (r.kinds[k.name]?.n ?? 0), 0);
  const other = otherErrors(r);
  console.log(
    `    ${r.total} answers, writes ${((100 * writes) / Math.max(r.total, 1)).toFixed(1)} %${other ? `; ${other} requests with no answer (timeouts, connection errors)` : ''}`,
  );
  console.log(`    ${'kind'.padEnd(24)} ${'answers'.padStart(8)} ${'mean ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  for (const k of MIX_KINDS) {
    const c = r.kinds[k.name];
    if (!c) continue;
    const sorted = [...c.ms].sort((a, b) => a - b);
    const mean = sorted.reduce((s, x) => s + x, 0) / Math.max(sorted.length, 1);
    const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
    const bad = c.bad
      ? `   NON-2XX ${c.bad} (${Object.entries(c.statuses)
          .map(([s, n]) => `${s}: ${n}`)
          .join(', ')})`
      : '';
    console.log(
      `    ${k.name.padEnd(24)} ${String(c.n).padStart(8)} ${mean.toFixed(0).padStart(8)} ${p99.toFixed(0).padStart(8)}${bad}`,
    );
  }
}

/** Requests of a mix run that got no answer (autocannon's timeouts and connection errors): its errors less non-2xx. */
export const otherErrors = (r: TMixRow) =>
  Math.max(0, r.errors - Object.values(r.kinds).reduce((s, c) => s + c.bad, 0));

/**
 * Sessions for up to `accounts` of the population's main accounts of each kind (new ones each run; the previous
 * run's are removed), and the rows the mix draws from. `url` is the running server (for the public pages' ids),
 * `dbUrl` its database.
 */
export async function prepareMix(url: string, dbUrl: string, opts: { accounts?: number } = {}): Promise<TMixData> {
  const per = opts.accounts ?? 1000;
  const c = new pg.Client({ connectionString: dbUrl, options: '-c TimeZone=UTC' });
  await c.connect();
  try {
    const accounts = (
      await c.query<{ kind: string; company_id: number; user_id: number }>(
        `select kind, company_id, user_id from bench_accounts where k <= $1 order by kind, k`,
        [per],
      )
    ).rows;
    await c.query(`delete from sessions where user_agent = 'jizu-bench'`);
    const tokens = await makeSessions(
      c,
      accounts.map((a) => a.user_id),
    );
    const byCompany = new Map<number, TAccount>(
      accounts.map((a, i) => [a.company_id, { token: tokens[i], companyId: a.company_id, userId: a.user_id }]),
    );
    const ids = accounts.map((a) => a.company_id);
    const tenantOrders = await c.query<{ c: number; id: number; status: number }>(
      `select tenant_company_id as c, id, status from rental_orders where tenant_company_id = any($1)`,
      [ids],
    );
    const providerOrders = await c.query<{ c: number; id: number }>(
      `select provider_company_id as c, id from rental_orders where provider_company_id = any($1) and status > 0`,
      [ids],
    );
    const drafts = await c.query<{ c: number; order: number; line: number; date: string }>(
      `select o.tenant_company_id as c, o.id as order, l.id as line, to_char(greatest(l.orig_enter_date, current_date) + 30, 'YYYY-MM-DD') as date
       from rental_orders o join rental_order_lines l on l.order_id = o.id where o.tenant_company_id = any($1) and o.status in (0, 5)`,
      [ids],
    );
    const messages = await c.query<{ u: number; id: number }>(
      `select user_id as u, id from system_messages where user_id = any($1)`,
      [accounts.map((a) => a.user_id)],
    );
    const tenants = new Map<number, TTenant>();
    const providers = new Map<number, TProvider>();
    for (const a of accounts) {
      const acc = byCompany.get(a.company_id)!;
      if (a.kind === 'tenant') tenants.set(a.company_id, { ...acc, orders: [], drafts: [], messages: [] });
      else providers.set(a.company_id, { ...acc, orders: [] });
    }
    for (const o of tenantOrders.rows) tenants.get(o.c)?.orders.push(o.id);
    for (const o of providerOrders.rows) providers.get(o.c)?.orders.push(o.id);
    for (const l of drafts.rows) tenants.get(l.c)?.drafts.push({ order: l.order, line: l.line, date: l.date });
    const byUser = new Map([...tenants.values()].map((t) => [t.userId, t]));
    for (const m of messages.rows) byUser.get(m.u)?.messages.push(m.id);
    const listings = (
      await c.query<{ id: number }>(
        `select id from equipment_listings where deleted_at is null and review_status = 1 and on_sell = 1 order by random() limit 20000`,
      )
    ).rows.map((r) => r.id);
    const shops = (
      await c.query<{ id: number }>(`select id from shops where status = 2 order by random() limit 5000`)
    ).rows.map((r) => r.id);
    const categories = (await c.query<{ id: number }>(`select id from equipment_categories`)).rows.map((r) => r.id);
    const provinces = (await c.query<{ p: number }>(`select distinct province as p from equipment_listings`)).rows.map(
      (r) => r.p,
    );
    // the halls' ids as the public pages list them
    const hall = async (path: string) => {
      const out: number[] = [];
      for (let page = 1; page <= 4; page++) {
        const j = (await (await fetch(`${url}${path}?page=${page}&size=50`)).json()) as {
          data?: { data?: { id: number }[] };
        };
        const rows = j.data?.data ?? [];
        out.push(...rows.map((r) => r.id));
        if (rows.length < 50) break;
      }
      return out;
    };
    const d: TMixData = {
      tenants: [...tenants.values()].filter((t) => t.orders.length),
      providers: [...providers.values()].filter((p) => p.orders.length),
      listings,
      shops,
      biddings: await hall('/api/site/bidding'),
      demands: await hall('/api/site/demand'),
      jobs: await hall('/api/site/job'),
      hires: await hall('/api/site/hire'),
      categories,
      provinces,
    };
    for (const [k, v] of Object.entries(d)) if (!v.length) throw new Error(`the mix has no ${k} to draw from`);
    if (!withDraft(d).length) throw new Error('the mix has no draft order line to save');
    return d;
  } finally {
    await c.end();
  }
}

/** One request of each kind, as the mix draws it: every kind must answer 2xx before a run counts. */
export async function probeMix(url: string, d: TMixData): Promise<string[]> {
  const failures: string[] = [];
  for (const k of MIX_KINDS) {
    const ctx: TConn = {};
    for (let i = 0; i < (k.name === 'favourite add/remove' ? 2 : 1); i++) {
      const r = k.draw(d, ctx);
      const res = await fetch(`${url}${r.path}`, {
        method: r.method ?? 'GET',
        headers: {
          ...(r.token ? { authorization: `Bearer ${r.token}` } : {}),
          ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: r.body === undefined ? undefined : JSON.stringify(r.body),
      });
      const text = await res.text();
      if (!res.ok) {
        failures.push(`${k.name}: ${r.method ?? 'GET'} ${r.path} answered ${res.status} ${text.slice(0, 200)}`);
        break;
      }
      if (ctx.fav?.pending) {
        ctx.fav.id = (JSON.parse(text) as { data?: { id?: number } }).data?.id ?? null;
        ctx.fav.pending = false;
      }
    }
  }
  return failures;
}
