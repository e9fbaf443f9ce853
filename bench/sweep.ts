/**
 * The sweep: every GET route of the server's OpenAPI document (/api/docs/json), its required parameters filled from the
 * data (the demo data and the bench's population, bench/population.ts), each called as the user whose page calls it.
 *
 * Filling is by probing, not by a list to keep in step with the routes: for each route, the candidate values of each
 * required parameter come from the rows of the entity the parameter names (ENTITY_OF: by the route's path and the
 * parameter's name), the rows of the personas' own companies first; the personas are tried in the order the route's
 * area suggests (PERSONA_ORDER), then every other one; the first combination answering status 1 (or, for a route
 * answering a file, HTTP 2xx) is the route's call. A route no combination fills is reported as "not filled" with the
 * last answer: never skipped in silence. Routes answering something else than JSON (files, PDFs, QR codes, exports:
 * the OpenAPI document gives them no JSON response) are listed apart.
 */
import pg from 'pg';
import { DEMO_LOGINS, login, makeSessions } from './support';

export type TPersona = 'anonymous' | 'tenant' | 'provider' | 'operator' | 'admin' | 'bench tenant' | 'bench provider';
type TParam = { name: string; in: 'query' | 'path'; required: boolean; schema?: { type?: string; enum?: string[] } };
export type TRoute = { path: string; params: TParam[]; json: boolean };
export type TFilled =
  | { route: TRoute; ok: true; url: string; persona: TPersona; token: string | null }
  | { route: TRoute; ok: false; reason: string };

/** The GET routes of the OpenAPI document, in its order. */
export async function readRoutes(url: string): Promise<TRoute[]> {
  const doc = (await (await fetch(`${url}/api/docs/json`)).json()) as {
    paths: Record<
      string,
      { get?: { parameters?: TParam[]; responses?: Record<string, { content?: Record<string, unknown> }> } }
    >;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) => {
    const g = ops.get;
    if (!g) return [];
    const json = Object.keys(g.responses?.['200']?.content ?? {}).some((t) => t.includes('json'));
    return [{ path, params: g.parameters ?? [], json }];
  });
}

/** GET routes that change state (measuring them under load would flip a row back and forth): reported, not measured. */
export const CHANGES_STATE: Record<string, string> = {
  '/api/ep/state/': 'a GET that puts a listing on or off sale',
};

/** The personas' sessions and companies: the demo accounts (logged in) and a tenant and provider of the population. */
export async function sweepPersonas(
  url: string,
  c: pg.Client,
): Promise<{ tokens: Record<TPersona, string | null>; companies: number[] }> {
  const tokens = { anonymous: null } as Record<TPersona, string | null>;
  for (const k of ['tenant', 'provider', 'operator', 'admin'] as const)
    tokens[k] = await login(url, DEMO_LOGINS[k].phone, DEMO_LOGINS[k].password);
  // the population's parties of an order in progress (with contracts and settlements: the demo's tenant has none)
  const o = (
    await c.query<{ tu: number; pu: number; tc: number; pc: number }>(
      `select t.user_id as tu, p.user_id as pu, t.company_id as tc, p.company_id as pc from rental_orders o
       join bench_accounts t on t.company_id = o.tenant_company_id join bench_accounts p on p.company_id = o.provider_company_id
       where o.status = 2 and exists (select 1 from order_contracts x where x.order_id = o.id) order by o.id limit 1`,
    )
  ).rows[0];
  const companies = (
    await c.query<{ id: number }>(
      `select m.company_id as id from company_members m join users u on u.id = m.user_id where u.phone in ('13800000001', '13800000002', '13800000003') and m.master = 1`,
    )
  ).rows.map((r) => r.id);
  if (o) {
    [tokens['bench tenant'], tokens['bench provider']] = await makeSessions(c, [o.tu, o.pu]);
    companies.push(o.tc, o.pc);
  } else tokens['bench tenant'] = tokens['bench provider'] = null;
  return { tokens, companies };
}

/** The personas to try for a route, the likeliest first. */
function personaOrder(path: string): TPersona[] {
  const first: TPersona[] =
    path.startsWith('/api/site/') ||
    path.startsWith('/api/v1/') ||
    path.startsWith('/api/health') ||
    path === '/api/settings/public'
      ? ['anonymous']
      : path.startsWith('/api/admin/')
        ? ['admin']
        : /^\/api\/(ep|shop|epRent)\b/.test(path) || path.startsWith('/api/talk/receive')
          ? ['provider', 'bench provider']
          : /^\/api\/recruit\/(card|comment|applyo)/.test(path)
            ? ['operator']
            : ['tenant', 'bench tenant'];
  const all: TPersona[] = ['tenant', 'provider', 'bench tenant', 'bench provider', 'operator', 'admin', 'anonymous'];
  return [...first, ...all.filter((p) => !first.includes(p))];
}

type TAssign = Record<string, string | number>;

/** An entity's candidate rows: SQL giving the parameter values, with `own` the owner's place among the personas' companies (null: none of theirs). */
const ENTITIES: Record<string, string> = {
  listing: `select id, array_position($1::int[], company_id) as own from equipment_listings where deleted_at is null`,
  shop: `select id, array_position($1::int[], company_id) as own from shops`,
  bidding: `select id, id as bid, array_position($1::int[], company_id) as own from biddings`,
  offer: `select id, bidding_id as bid, array_position($1::int[], company_id) as own from bidding_offers`,
  biddingLine: `select l.id as rid, l.bidding_id as bid, array_position($1::int[], b.company_id) as own from bidding_lines l join biddings b on b.id = l.bidding_id`,
  offerLine: `select ol.id as id, ol.bidding_id as bid, ol.line_id as rid, array_position($1::int[], b.company_id) as own from bidding_offer_lines ol join biddings b on b.id = ol.bidding_id`,
  demand: `select id, array_position($1::int[], company_id) as own from quick_demands`,
  order: `select id, coalesce(array_position($1::int[], tenant_company_id), array_position($1::int[], provider_company_id)) as own from rental_orders`,
  orderRef: `select id as order_id, coalesce(array_position($1::int[], tenant_company_id), array_position($1::int[], provider_company_id)) as own from rental_orders`,
  contract: `select id, order_id, coalesce(array_position($1::int[], tenant_company_id), array_position($1::int[], provider_company_id)) as own from order_contracts`,
  settlement: `select id, order_id, coalesce(array_position($1::int[], tenant_company_id), array_position($1::int[], provider_company_id)) as own from order_settlements`,
  inquiry: `select id, 1 as own from inquiries`,
  notice: `select id, 1 as own from notices`,
  member: `select id as member_id, case when master = 0 then array_position($1::int[], company_id) end as own from company_members`,
  recruit: `select id, 1 as own from recruits`,
  jobCard: `select id, case when user_id = (select id from users where phone = '13800000003') then 0 else 1 end as own from job_cards`,
  financeApp: `select id, no, 1 as own from finance_product_apps`,
  payOrder: `select order_sn, array_position($1::int[], company_id) as own from pay_order`,
  trainingOrder: `select pay_order_sn as order_sn, 1 as own from training_enrolments where pay_order_sn is not null`,
  advancedAuth: `select no, 1 as own from advanced_auths`,
  sandboxPayment: `select no, 1 as own from sandbox_payment`,
  financing: `select order_no as no, 1 as own from payment_financings`,
  category: `select id, 1 as own from equipment_categories`,
  group: `select id, 1 as own from equipment_groups`,
  province: `select 32 as id, 1 as own`,
};

/** The entity whose rows fill the required parameters of `path` (null: no id to fill, or a fixed value below). */
function entityOf(path: string, names: string[]): string | string[] | null {
  const has = (n: string) => names.includes(n);
  if (names.length === 0) return null;
  if (path === '/api/v1/city/{id}') return 'province';
  if (path === '/api/v1/egroup/{id}') return 'category';
  if (path === '/api/v1/epro/{id}') return 'group';
  if (path.includes('/sandbox-product/') || path.includes('/finance-products/')) return 'financeApp';
  if (path.startsWith('/api/verify/sandbox')) return 'advancedAuth';
  if (path.startsWith('/api/pay/sandbox')) return 'sandboxPayment';
  if (path.startsWith('/api/finance/sandbox')) return 'financing';
  if (has('order_sn')) return path.startsWith('/api/recruit/') ? 'trainingOrder' : 'payOrder';
  if (has('member_id')) return 'member';
  if (has('rid') && has('bid')) return 'offerLine';
  if (has('rid')) return 'biddingLine';
  if (has('bid')) return 'bidding';
  if (has('order_id') && has('id')) return /contract/.test(path) ? 'contract' : 'settlement';
  if (has('order_id')) return 'orderRef';
  if (path === '/api/rent/settle/info') return ['settlement', 'order'];
  if (path === '/api/rent/contract/info') return ['contract', 'order'];
  if (/\/notice\//.test(path)) return 'notice';
  if (/device|\/ep\/index|\/ep\/state|talk\/listing|nameplate|admin\/equipment/.test(path)) return 'listing';
  if (/shop/.test(path)) return 'shop';
  if (/talk\/info/.test(path)) return 'inquiry';
  if (/admin\/offer|\/ep\/offer\/\{id\}/.test(path)) return 'offer';
  if (/bidding|ep\/offer\/create/.test(path)) return 'bidding';
  if (/demand/.test(path)) return 'demand';
  if (/hire|recruit\/recruit/.test(path)) return 'recruit';
  if (/\/job\/|card/.test(path)) return 'jobCard';
  if (/order|contract|settle|eplst|ct_|st_panel|payment/.test(path)) return 'order';
  return null;
}

/** Optional parameters a route needs to answer anything but 404 (a project's offer without the project). */
const ALSO_FILL: Record<string, string[]> = { '/api/ep/offer/detail': ['bid'] };

/** Fixed values of parameters that are not ids. */
const FIXED: Record<string, (string | number)[]> = { level: ['AA', 'AAA', 'A'], type: [] };

/** Candidate assignments of the route's required parameters (at most 12, the personas' own rows first). */
async function assignments(c: pg.Client, route: TRoute, companies: number[]): Promise<TAssign[] | string> {
  const req = route.params.filter((p) => p.required || ALSO_FILL[route.path]?.includes(p.name));
  const names = req.map((p) => p.name);
  // enumerated parameters (type: card/recruit, category/dage; favourite type 0/1) are crossed with the entity's rows
  const enumOf = (p: TParam) => p.schema?.enum ?? (p.name === 'level' ? FIXED.level : null);
  let base: TAssign[] = [{}];
  for (const p of req) {
    const e = enumOf(p);
    if (e) base = base.flatMap((a) => e.map((v) => ({ ...a, [p.name]: v })));
  }
  const idNames = req.filter((p) => !enumOf(p)).map((p) => p.name);
  if (route.path === '/api/index/favorite/state') {
    const rows = (
      await c.query<{ id: number }>(
        `select id from equipment_listings where deleted_at is null and review_status = 1 and on_sell = 1 order by id limit 3`,
      )
    ).rows;
    return rows.map((r) => ({ type: 0, target_id: r.id }));
  }
  if (/\/site\/labour\/|card|recruit/.test(route.path) && names.includes('type') && idNames.length) {
    const cards = (await c.query<{ id: number }>(`select id from job_cards order by id limit 3`)).rows;
    const recruits = (await c.query<{ id: number }>(`select id from recruits order by id limit 3`)).rows;
    return [...cards.map((r) => ({ type: 'card', id: r.id })), ...recruits.map((r) => ({ type: 'recruit', id: r.id }))];
  }
  if (!idNames.length) return base;
  const entity = entityOf(route.path, idNames);
  if (!entity) return `no data source for ${idNames.join(', ')}`;
  const rows: Record<string, unknown>[] = [];
  for (const e of [entity].flat())
    rows.push(
      ...(
        await c.query<Record<string, unknown>>(
          `select * from (select x.*, row_number() over (partition by own order by 1 desc) as n from (${ENTITIES[e]}) x) y where n <= 4 order by own nulls last, n limit 12`,
          ENTITIES[e].includes('$1') ? [companies] : [],
        )
      ).rows,
    );
  if (!rows.length) return `no ${[entity].flat().join(' or ')} row in the data`;
  return rows.flatMap((r) => {
    const a: TAssign = {};
    for (const n of idNames) {
      const v = r[n] ?? (n === 'id' ? r.id : undefined);
      if (v === undefined || v === null) return [];
      a[n] = v as string | number;
    }
    return base.map((b) => ({ ...b, ...a }));
  });
}

/** The route's address with `a` filled in (path parameters in the path, the rest as the query). */
function address(route: TRoute, a: TAssign): string {
  let p = route.path;
  const q: string[] = [];
  for (const [k, v] of Object.entries(a)) {
    if (p.includes(`{${k}}`)) p = p.replace(`{${k}}`, encodeURIComponent(String(v)));
    else q.push(`${k}=${encodeURIComponent(String(v))}`);
  }
  return q.length ? `${p}?${q.join('&')}` : p;
}

/** Each route filled by probing (see the top of this file). */
export async function fillRoutes(url: string, dbUrl: string, routes: TRoute[]): Promise<TFilled[]> {
  const c = new pg.Client({ connectionString: dbUrl, options: '-c TimeZone=UTC' });
  await c.connect();
  try {
    const { tokens, companies } = await sweepPersonas(url, c);
    const out: TFilled[] = [];
    for (const route of routes) {
      const as = await assignments(c, route, companies);
      if (typeof as === 'string') {
        out.push({ route, ok: false, reason: as });
        continue;
      }
      // the reason reported: the last answer to the likeliest persona (the first tried)
      let last = '';
      let reason = '';
      let found: TFilled | null = null;
      search: for (const persona of personaOrder(route.path)) {
        if (last && !reason) reason = last;
        const token = tokens[persona];
        if (token === null && persona !== 'anonymous') continue;
        for (const a of as) {
          const u = address(route, a);
          const res = await fetch(`${url}${u}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
          const body = Buffer.from(await res.arrayBuffer());
          const type = res.headers.get('content-type') ?? '';
          let okAnswer = res.ok;
          if (type.includes('json')) {
            try {
              const j = JSON.parse(body.toString('utf8')) as { status?: number; msg?: string };
              okAnswer = res.ok && j.status === 1;
              if (!okAnswer) last = `${persona} ${u}: ${res.status} ${j.msg ?? ''}`;
            } catch {
              okAnswer = false;
              last = `${persona} ${u}: ${res.status} unparsable JSON`;
            }
          } else if (!res.ok) last = `${persona} ${u}: ${res.status} ${type}`;
          if (okAnswer) {
            found = { route, ok: true, url: u, persona, token };
            break search;
          }
        }
      }
      out.push(found ?? { route, ok: false, reason: reason || last || 'no candidate value to try' });
    }
    return out;
  } finally {
    await c.end();
  }
}
