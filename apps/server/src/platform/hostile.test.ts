import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { M } from '@jizu/shared/messages';
import { MONEY_MAX_KEY, MONEY_WHOLE_KEY, moneyTooLarge } from '@jizu/shared/schemas/money';
import { fenToYuanText } from '@jizu/shared/rules/money';
import sharp from 'sharp';
import { createTestApp, multipart, seedUser } from '../test/harness';
import { createSession } from './session';

/**
 * Hostile input against every route of the OpenAPI document (ARCHITECTURE § The HTTP API): values built from each
 * parameter's and body property's own JSON schema, one field at a time over an otherwise plausible request, then whole
 * bodies of the wrong shape. Routes are read from /api/docs/json, so a module is covered the day its routes are listed.
 * Every answer must be the envelope, below 500, with a Chinese message and no zod default text.
 */

type TSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  allOf?: TSchema[];
  properties?: Record<string, TSchema>;
  required?: string[];
  items?: TSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  additionalProperties?: boolean | TSchema;
  [MONEY_MAX_KEY]?: number;
  [MONEY_WHOLE_KEY]?: boolean;
};
type TParam = { in: 'query' | 'path' | 'header' | 'cookie'; name: string; required?: boolean; schema?: TSchema };
type TOperation = { parameters?: TParam[]; requestBody?: { content?: Record<string, { schema?: TSchema }> } };

const HAN = /[\u4e00-\u9fff]/;
/** zod's own default texts (English locale), and anything else English a validator may say */
const ENGLISH =
  /(Invalid|Expected|expected|received|Too (small|big)|Unrecognized|must (be|have|contain|match|start|end)|Required|Unexpected|Unsupported|is not|should|Bad Request)/;

/** Strings that satisfy the patterns our schemas use, tried in order for a pattern's plausible value. */
const PATTERN_SAMPLES = [
  '13800000001',
  '123456',
  '2026-01-01',
  'Abc12345',
  'abcdef0123456789abcdef0123456789',
  'ABCDEFGH12345678',
  '1380000',
  '12345678',
  'a',
];

/** The hostile values one field gets, whatever its declared type: numbers beyond every column, wrong types, controls. */
const HOSTILE_SCALARS: unknown[] = [
  2147483648,
  9007199254740992,
  -1,
  1.5,
  'NaN',
  '',
  '\u0000',
  'a\u001bb',
  '\ud800',
  '测'.repeat(20_000),
  null,
  [],
  {},
];
/** Query strings and path params only carry text (an array is a repeated key). */
const textOnly = (vs: unknown[]) =>
  vs.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String);
const HOSTILE_TEXT = textOnly(HOSTILE_SCALARS);
/** How many requests are in flight at once: enough to overlap the database's waits, few enough to stay readable. */
const PARALLEL = 8;

/**
 * The edges of the field's own schema: the largest and smallest numbers and the longest text it admits (which its
 * column must hold too), and one step beyond each.
 */
function edges(schema: TSchema | undefined): unknown[] {
  if (!schema) return [];
  const s = first(schema);
  const out: unknown[] = [];
  if (s.maximum !== undefined) out.push(s.maximum, s.maximum + 1);
  if (s.minimum !== undefined) out.push(s.minimum, s.minimum - 1);
  if (s.maxLength !== undefined && s.maxLength < 100_000)
    out.push('测'.repeat(s.maxLength), '9'.repeat(s.maxLength), 'x'.repeat(s.maxLength + 1));
  return out;
}

function first(s: TSchema): TSchema {
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return first(alts.find((a) => a.type !== 'null') ?? alts[0]);
  if (s.allOf?.length) return first(s.allOf[0]);
  return s;
}

/** A value the schema plausibly accepts, so that one hostile field is what the server has to deal with. */
function plausible(schema: TSchema | undefined, name: string, ctx: { companyId: number }): unknown {
  if (!schema) return undefined;
  const s = first(schema);
  if (name === 'company_id') return ctx.companyId;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return s.maximum !== undefined ? Math.min(min, s.maximum) : min;
    }
    case 'boolean':
      return true;
    case 'array': {
      const item = plausible(s.items, '', ctx);
      return s.minItems || item !== undefined ? [item] : [];
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, p] of Object.entries(s.properties ?? {})) out[k] = plausible(p, k, ctx);
      return out;
    }
    case 'string':
    default: {
      if (s.pattern) {
        const re = new RegExp(s.pattern);
        const hit = PATTERN_SAMPLES.find((x) => re.test(x));
        if (hit !== undefined) return hit;
      }
      if (s.format === 'date' || /(^|_)date$/.test(name)) return '2026-01-01';
      const len = Math.max(s.minLength ?? 1, Math.min(s.maxLength ?? 4, 4));
      return '测'.repeat(len);
    }
  }
}

/** Paths to every leaf of a body (objects and the first item of arrays), at most 3 levels deep. */
function leafPaths(s: TSchema | undefined, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (!s) return [];
  const f = first(s);
  if (depth > 0) {
    const out: (string | number)[][] = [prefix];
    if (depth < 3 && f.properties)
      for (const [k, p] of Object.entries(f.properties)) out.push(...leafPaths(p, [...prefix, k], depth + 1));
    if (depth < 3 && f.items) out.push(...leafPaths(f.items, [...prefix, 0], depth + 1));
    return out;
  }
  return Object.entries(f.properties ?? {}).flatMap(([k, p]) => leafPaths(p, [k], 1));
}

/** The schema of a body leaf. */
function schemaAt(s: TSchema | undefined, path: (string | number)[]): TSchema | undefined {
  let cur = s;
  for (const k of path) {
    if (!cur) return undefined;
    const f = first(cur);
    cur = typeof k === 'number' ? f.items : f.properties?.[k];
  }
  return cur;
}

function setPath(obj: unknown, path: (string | number)[], value: unknown): unknown {
  const root = structuredClone(obj) as Record<string | number, unknown>;
  let cur: Record<string | number, unknown> = root;
  for (let i = 0; i < path.length - 1; i++) {
    const k = path[i];
    if (cur[k] === null || typeof cur[k] !== 'object') cur[k] = typeof path[i + 1] === 'number' ? [] : {};
    cur = cur[k] as Record<string | number, unknown>;
  }
  cur[path[path.length - 1]] = value;
  return root;
}

const show = (v: unknown) => {
  const s = typeof v === 'string' ? JSON.stringify(v) : Buffer.isBuffer(v) ? `<${v.length} bytes>` : JSON.stringify(v);
  return s && s.length > 60 ? `${s.slice(0, 40)}…(${s.length} chars)` : s;
};

/** Percent-encoding; a lone surrogate (no UTF-8 form) goes as the bytes of its CESU-8 form, which no decoder accepts. */
const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return s
      .split('')
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
};

function qs(q: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v])
      parts.push(`${enc(k)}=${enc(typeof one === 'object' && one !== null ? JSON.stringify(one) : String(one))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

interface TCase {
  method: string;
  route: string;
  what: string;
  opts: InjectOptions;
  /** a money field at its ceiling (must not be refused for it) or one fen above (must be, with the ceiling's message) */
  money?: { field: string; max: number; above: boolean };
}

/** The ceiling (fen) a money input states in its schema (schemas/money.ts), and whether it takes whole yuan. */
function moneyCeiling(schema: TSchema | undefined): { max: number; whole: boolean } | null {
  if (!schema) return null;
  for (const s of [schema, first(schema)])
    if (typeof s[MONEY_MAX_KEY] === 'number')
      return { max: s[MONEY_MAX_KEY], whole: !!(s[MONEY_WHOLE_KEY] ?? first(schema)[MONEY_WHOLE_KEY]) };
  return null;
}
/** The yuan text of fen as a person types it (no separators; whole yuan when the field takes no decimals). */
const yuanText = (fen: number, whole: boolean) => (whole ? String(fen / 100) : fenToYuanText(fen).replace(/,/g, ''));

describe('hostile input against every route of the OpenAPI document', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Awaited<ReturnType<typeof seedUser>>;
  let token: string;
  const cases: TCase[] = [];
  let renewed = 0;

  beforeAll(async () => {
    t = await createTestApp();
    // staff, and main account of a company: the access layer lets every route through to its validation and handler
    admin = await seedUser(t.db, { role: 'admin', companyName: '测试建设有限公司' });
    token = admin.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function send(c: TCase): Promise<LightMyRequestResponse> {
    const headers = { ...(c.opts.headers ?? {}), authorization: `Bearer ${token}` };
    let res = await t.app.inject({ ...c.opts, headers });
    // a hostile call may have logged the user out (logout, password change): a new session, and the call again
    if (res.statusCode === 401) {
      renewed += 1;
      token = (await createSession(t.db, admin.user.id, { ip: '127.0.0.1', userAgent: 'test', days: 1 })).token;
      res = await t.app.inject({ ...c.opts, headers: { ...headers, authorization: `Bearer ${token}` } });
    }
    return res;
  }

  it('names each kind of refusal with its own catalogue code, status and message', async () => {
    const auth = () => ({ authorization: `Bearer ${token}` });
    const expectRefusal = async (opts: InjectOptions, http: number, code: string, msg: string, field?: string) => {
      const res = await t.app.inject({ ...opts, headers: { ...auth(), ...(opts.headers ?? {}) } });
      const body = res.json();
      expect(
        { http: res.statusCode, status: body.status, code: body.code, msg: body.msg, data: body.data },
        `${opts.method} ${opts.url}`,
      ).toEqual({
        http,
        status: 0,
        code,
        msg,
        data: null,
      });
      if (field) expect(body.errors?.[0]?.field).toBe(field);
    };
    const post = (url: string, payload: string, type = 'application/json'): InjectOptions => ({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': type },
    });
    await expectRefusal(post('/api/auth/login', '{"phone":'), 400, 'BAD_JSON', M.input.badJson);
    await expectRefusal(post('/api/auth/login', '{"__proto__":{"x":1}}'), 400, 'BAD_JSON', M.input.badJson);
    await expectRefusal(post('/api/auth/login', ''), 400, 'EMPTY_BODY', M.input.emptyJson);
    await expectRefusal(
      post('/api/auth/login', JSON.stringify({ phone: 'x'.repeat(1024 * 1024) })),
      413,
      'BODY_TOO_LARGE',
      M.input.bodyTooLarge,
    );
    await expectRefusal(
      post('/api/auth/login', '<phone/>', 'application/xml'),
      415,
      'BAD_MEDIA_TYPE',
      M.input.badMediaType,
    );
    // text/plain is parsed (as a string), and a string is not the object the route wants
    await expectRefusal(post('/api/auth/login', 'phone=1', 'text/plain'), 400, 'VALIDATION', M.input.typeObject);
    await expectRefusal({ method: 'GET', url: '/api/v1/city/%E0%A4%A' }, 400, 'BAD_URL', M.input.badUrl);
    await expectRefusal(
      { method: 'GET', url: `/api/v1/city/${'1'.repeat(101)}` },
      414,
      'PARAM_TOO_LONG',
      M.input.paramTooLong,
    );
    await expectRefusal(
      post('/api/index/upload/avatar', 'abc', 'multipart/form-data'),
      400,
      'BAD_MULTIPART',
      M.input.badMultipart,
    );
    // wrong shapes in Chinese, with the field
    await expectRefusal(post('/api/auth/login', '[]'), 400, 'VALIDATION', M.input.typeObject);
    await expectRefusal(
      post('/api/index/message/del', '{"id":{"a":1}}'),
      400,
      'VALIDATION',
      M.message.idsRequired,
      'id',
    );
    await expectRefusal(
      post('/api/admin/member/plan', '{"level":"AA","name":"x","price":1,"benefits":"x","for_sale":1}'),
      400,
      'VALIDATION',
      M.input.typeArray,
      'benefits',
    );
    // ids beyond PostgreSQL integer: refused before any query, like any bad id
    await expectRefusal(
      { method: 'GET', url: '/api/company/info?company_id=9007199254740992' },
      403,
      'NOT_MEMBER',
      M.company.notMember,
    );
    await expectRefusal(
      { method: 'GET', url: '/api/company/info', headers: { cookie: 'company_id=2147483648' } },
      403,
      'NOT_MEMBER',
      M.company.notMember,
    );
    await expectRefusal(
      post('/api/company/bank/del', '{"id":2147483648}'),
      400,
      'VALIDATION',
      M.common.validation,
      'id',
    );
    await expectRefusal(
      { method: 'GET', url: '/api/index/notice/2147483648' },
      400,
      'VALIDATION',
      M.common.validation,
      'id',
    );
    // control characters: refused at the edge, wherever they come from, and nothing is written
    await expectRefusal(
      post('/api/index/saveNickname', JSON.stringify({ nick_name: '张\u0000三' })),
      400,
      'CONTROL_CHARS',
      M.input.controlChars,
      'nick_name',
    );
    await expectRefusal(
      post(
        '/api/admin/member/plan',
        JSON.stringify({ level: 'AA', name: '黄金', price: 1, benefits: ['a', 'b\u0007'], for_sale: 1 }),
      ),
      400,
      'CONTROL_CHARS',
      M.input.controlChars,
      'benefits.1',
    );
    await expectRefusal(
      { method: 'GET', url: '/api/payment/query?order_sn=%00' },
      400,
      'CONTROL_CHARS',
      M.input.controlChars,
      'order_sn',
    );
    // a stranger still learns only that a login is needed: the guard stands behind the access layer
    const stranger = await t.app.inject({ method: 'GET', url: '/api/payment/query?order_sn=%00' });
    expect([stranger.statusCode, stranger.json().code]).toEqual([401, 'UNAUTHENTICATED']);
    await expectRefusal(
      { method: 'GET', url: '/api/admin/payments/%00' },
      400,
      'CONTROL_CHARS',
      M.input.controlChars,
      'order_sn',
    );
    await expectRefusal(
      post('/api/pay/notify/sandbox', JSON.stringify({ 'no\u0000': 1 })),
      400,
      'CONTROL_CHARS',
      M.input.controlChars,
      'no\u0000',
    );
    await expectRefusal(
      { method: 'GET', url: '/api/settings/public', headers: { 'user-agent': 'a\u007fb' } },
      400,
      'CONTROL_CHARS',
      M.input.controlChars,
      'user-agent',
    );
    // a real image whose file name carries a NUL (the name is stored with the upload)
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const form = await multipart([{ name: 'image', value: png, filename: 'a\u0000b.png', type: 'image/png' }]);
    await expectRefusal(
      { method: 'POST', url: '/api/index/upload/avatar', payload: form.payload, headers: form.headers },
      400,
      'CONTROL_CHARS',
      M.input.controlChars,
    );
    await expectRefusal(
      { method: 'GET', url: '/uploads/avatar/2026/01/%00.png' },
      400,
      'CONTROL_CHARS',
      M.input.controlChars,
      '*',
    );
    // the callbacks of the sandbox payment channel and verifier: signed, so anything odd is a bad signature or shape
    await expectRefusal(
      post(
        '/api/pay/notify/sandbox',
        JSON.stringify({ no: [], order_sn: 'x'.repeat(500), amount: 1e308, trade_no: {}, sign: null }),
      ),
      400,
      'PAY_BAD_SIGN',
      M.payment.badSign,
    );
    await expectRefusal(post('/api/pay/notify/sandbox', '[1,2]'), 400, 'VALIDATION', M.input.typeObject);
    await expectRefusal(
      post('/api/index/superAuth/notify', JSON.stringify({ no: 'x', result: 'PASS', ts: 9007199254740992, sign: 'x' })),
      400,
      'VALIDATION',
      M.common.validation,
      'ts',
    );
    await expectRefusal(
      post('/api/index/superAuth/notify', JSON.stringify({ no: 'x', result: 'MAYBE', ts: 1, sign: 'x' })),
      400,
      'VALIDATION',
      M.input.badOption,
      'result',
    );
    const info = (await t.app.inject({ method: 'GET', url: '/api/index/info', headers: auth() })).json();
    expect(info.data.username).toBe(admin.user.username);
    // what may pass: tabs and line breaks of multi-line text
    const notice = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notices',
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: JSON.stringify({ title: '停机\t维护', content: '第一行\r\n第二行', status: 0 }),
    });
    expect(notice.json()).toMatchObject({ status: 1 });
  });

  it('answers every hostile value with the Chinese envelope and never a 5xx', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, TOperation>>;
    };
    const ctx = { companyId: admin.company.id };
    let routes = 0;
    let bodyOver = false;
    for (const [template, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        routes += 1;
        const M = method.toUpperCase();
        const route = `${M} ${template}`;
        const params = op.parameters ?? [];
        const pathParams = params.filter((p) => p.in === 'path');
        const queryParams = params.filter((p) => p.in === 'query');
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        const baseQuery: Record<string, unknown> = {};
        for (const p of queryParams) baseQuery[p.name] = plausible(p.schema, p.name, ctx);
        const basePath: Record<string, string> = {};
        for (const p of pathParams) basePath[p.name] = String(plausible(p.schema, p.name, ctx) ?? '1');
        const baseBody = bodySchema ? plausible(bodySchema, '', ctx) : undefined;
        const url = (path: Record<string, string>, query: Record<string, unknown>) =>
          template.replace(/\{([^}]+)\}/g, (_, k: string) => enc(path[k] ?? '1')) + qs(query);
        const json = (payload: unknown, q = baseQuery, p = basePath): InjectOptions => ({
          method: M as InjectOptions['method'],
          url: url(p, q),
          ...(M === 'GET'
            ? {}
            : { payload: JSON.stringify(payload ?? {}), headers: { 'content-type': 'application/json' } }),
        });

        // the plausible request itself
        cases.push({ method: M, route, what: 'plausible request', opts: json(baseBody) });
        // one path param at a time
        for (const p of pathParams) {
          for (const v of [...HOSTILE_TEXT, ...textOnly(edges(p.schema))])
            cases.push({
              method: M,
              route,
              what: `path ${p.name}=${show(v)}`,
              opts: json(baseBody, baseQuery, { ...basePath, [p.name]: v }),
            });
        }
        // every money input at its ceiling and one fen (or, for whole yuan, one yuan) above it
        for (const p of queryParams) {
          const c = moneyCeiling(p.schema);
          if (!c) continue;
          const step = c.whole ? 100 : 1;
          cases.push({
            method: M,
            route,
            what: `query ${p.name} at its ceiling`,
            opts: json(baseBody, { ...baseQuery, [p.name]: yuanText(c.max, c.whole) }),
            money: { field: p.name, max: c.max, above: false },
          });
          cases.push({
            method: M,
            route,
            what: `query ${p.name} above its ceiling`,
            opts: json(baseBody, { ...baseQuery, [p.name]: yuanText(c.max + step, c.whole) }),
            money: { field: p.name, max: c.max, above: true },
          });
        }
        // one query param at a time; an array is the key repeated
        for (const p of [
          ...queryParams,
          ...(queryParams.some((q) => q.name === 'company_id') || M !== 'GET'
            ? []
            : [{ name: 'company_id' } as TParam]),
        ]) {
          for (const v of [...HOSTILE_TEXT, ...textOnly(edges(p.schema)), ['1', '2'], ['\u0000']]) {
            cases.push({
              method: M,
              route,
              what: `query ${p.name}=${show(v)}`,
              opts: json(baseBody, { ...baseQuery, [p.name]: v }),
            });
          }
        }
        // headers the server reads (the user agent is stored with a session)
        for (const [h, v] of [['user-agent', 'a\u0000b']]) {
          const base = json(baseBody);
          cases.push({
            method: M,
            route,
            what: `header ${h}=${show(v)}`,
            opts: { ...base, headers: { ...(base.headers ?? {}), [h]: v } },
          });
        }
        if (M === 'GET') {
          // the company cookie stands in for company_id
          for (const v of ['9007199254740992', '2147483648', 'abc']) {
            cases.push({
              method: M,
              route,
              what: `cookie company_id=${show(v)}`,
              opts: { method: 'GET', url: url(basePath, baseQuery), headers: { cookie: `company_id=${v}` } },
            });
          }
          // broken percent-encoding in the query and the path
          cases.push({
            method: M,
            route,
            what: 'query with broken %-encoding',
            opts: {
              method: 'GET',
              url: `${url(basePath, baseQuery)}${queryParams.length ? '&' : '?'}x=%E0%A4%A&company_id=%`,
            },
          });
          if (pathParams.length)
            cases.push({
              method: M,
              route,
              what: 'path with broken %-encoding',
              opts: { method: 'GET', url: template.replace(/\{[^}]+\}/g, '%E0%A4%A') },
            });
          continue;
        }
        // one body field at a time (nested fields too), the rest plausible
        const leaves = bodySchema ? leafPaths(bodySchema) : [];
        if (!leaves.some((l) => l.length === 1 && l[0] === 'company_id')) leaves.push(['company_id']);
        for (const leaf of leaves) {
          const c = moneyCeiling(schemaAt(bodySchema, leaf));
          if (c) {
            const field = leaf.join('.');
            const step = c.whole ? 100 : 1;
            cases.push({
              method: M,
              route,
              what: `body ${field} at its ceiling`,
              opts: json(setPath(baseBody ?? {}, leaf, yuanText(c.max, c.whole))),
              money: { field, max: c.max, above: false },
            });
            cases.push({
              method: M,
              route,
              what: `body ${field} above its ceiling`,
              opts: json(setPath(baseBody ?? {}, leaf, yuanText(c.max + step, c.whole))),
              money: { field, max: c.max, above: true },
            });
          }
          // company_id is read by the access layer too, which unwraps a multipart field's { value }
          const extra = leaf.join('.') === 'company_id' ? [{ value: 9007199254740992 }, true] : [];
          for (const v of [...HOSTILE_SCALARS, ...extra, ...edges(schemaAt(bodySchema, leaf))])
            cases.push({
              method: M,
              route,
              what: `body ${leaf.join('.')}=${show(v)}`,
              opts: json(setPath(baseBody ?? {}, leaf, v)),
            });
        }
        // whole bodies of the wrong shape
        const raw = (payload: string | Buffer, type = 'application/json'): InjectOptions => ({
          method: M as InjectOptions['method'],
          url: url(basePath, baseQuery),
          payload,
          headers: { 'content-type': type },
        });
        const wrong: [string, InjectOptions][] = [
          ['body []', raw('[]')],
          ['body 1', raw('1')],
          ['body "text"', raw('"text"')],
          ['body null', raw('null')],
          ['body {', raw('{')],
          ['empty body with JSON type', raw('')],
          [
            'broken multipart body',
            raw('--x\r\nContent-Disposition: form-data; name="image"\r\n\r\nabc', 'multipart/form-data; boundary=x'),
          ],
          ['multipart without a boundary', raw('abc', 'multipart/form-data')],
          [
            'multipart with a NUL field',
            raw(
              '--x\r\nContent-Disposition: form-data; name="company_id"\r\n\r\n\u0000\r\n--x--\r\n',
              'multipart/form-data; boundary=x',
            ),
          ],
          ['body with a NUL in a key', raw('{"a\\u0000b":1}')],
          ['deeply nested body', raw(`${'['.repeat(5000)}${']'.repeat(5000)}`)],
        ];
        if (!bodySchema) {
          // a form route (uploads): its plain field and its file name, as a browser would send them
          const part = (name: string, value: string, file = '') =>
            `--x\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: image/png` : ''}\r\n\r\n${value}\r\n`;
          wrong.push([
            'multipart with a huge company_id',
            raw(
              `${part('company_id', '9007199254740992')}${part('image', 'abc', 'a.png')}--x--\r\n`,
              'multipart/form-data; boundary=x',
            ),
          ]);
          wrong.push([
            'multipart with a NUL in the file name',
            raw(`${part('image', 'abc', 'a\u0000.png')}--x--\r\n`, 'multipart/form-data; boundary=x'),
          ]);
        }
        if (!bodyOver) {
          bodyOver = true;
          wrong.push(['body over the 1 MB limit', raw(JSON.stringify({ x: 'a'.repeat(1024 * 1024 + 10) }))]);
        }
        for (const [what, opts] of wrong) cases.push({ method: M, route, what, opts });
      }
    }

    const failures: string[] = [];
    const moneyTried = new Set<string>();
    const started = Date.now();
    let fiveHundreds = 0;
    let english = 0;
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < cases.length; i += PARALLEL)
      answers.push(...(await Promise.all(cases.slice(i, i + PARALLEL).map(send))));
    for (const [i, c] of cases.entries()) {
      const res = answers[i];
      const where = `${c.route} [${c.what}] → ${res.statusCode}`;
      if (res.statusCode >= 500) fiveHundreds += 1;
      const type = String(res.headers['content-type'] ?? '');
      // a success may be a file (the authorisation template PDF); anything else is the envelope
      if (res.statusCode < 300 && !type.includes('json')) continue;
      let body: { status?: unknown; msg?: unknown; data?: unknown; errors?: { msg?: unknown }[] } | null;
      try {
        body = res.json();
      } catch {
        body = null;
      }
      const texts = body ? [body.msg, ...(Array.isArray(body.errors) ? body.errors.map((e) => e.msg) : [])] : [];
      const isEnglish = texts.some((m) => typeof m === 'string' && ENGLISH.test(m));
      if (isEnglish) english += 1;
      if (res.statusCode >= 500) failures.push(`${where} 5xx: ${res.body.slice(0, 120)}`);
      else if (!body || typeof body.status !== 'number' || typeof body.msg !== 'string' || !('data' in body))
        failures.push(`${where} not the envelope: ${res.body.slice(0, 120)}`);
      else if (!texts.every((m) => typeof m === 'string' && HAN.test(m)))
        failures.push(`${where} not Chinese: ${JSON.stringify(texts).slice(0, 160)}`);
      else if (isEnglish) failures.push(`${where} English: ${JSON.stringify(texts).slice(0, 160)}`);
      else if (c.money) {
        const mine = (Array.isArray(body.errors) ? body.errors : []).filter(
          (e) => (e as { field?: unknown }).field === c.money!.field,
        );
        if (c.money.above) {
          moneyTried.add(`${c.route} ${c.money.field}`);
          if (res.statusCode !== 400 || !mine.some((e) => e.msg === moneyTooLarge(c.money!.max)))
            failures.push(`${where} above its ceiling, not refused with its message: ${res.body.slice(0, 160)}`);
        } else if (mine.length) failures.push(`${where} refused at its ceiling: ${JSON.stringify(mine)}`);
      }
    }
    if (failures.length) {
      // one line per kind of failure (the route and value stripped), with how often and a first example
      const kinds = new Map<string, { n: number; example: string }>();
      for (const f of failures) {
        // a 5xx is listed by route and field, the rest by what was answered
        const key = f.includes(' 5xx: ') ? f.replace(/=.*?\] → /, '] → ') : f.replace(/^.*?\] → /, '');
        const k = kinds.get(key) ?? { n: 0, example: f };
        k.n += 1;
        kinds.set(key, k);
      }
      console.warn(
        [...kinds.values()]
          .sort((a, b) => b.n - a.n)
          .map((k) => `${String(k.n).padStart(5)} × ${k.example}`)
          .join('\n'),
      );
    }
    console.warn(
      `hostile input: ${routes} routes, ${cases.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (${renewed} sessions renewed), ${fiveHundreds} answers ≥ 500, ${english} with English text, ${failures.length} failures`,
    );
    expect(routes).toBeGreaterThan(50);
    // the money inputs of the forms (offer, order line, settlement, invoice, payments, listing rents, bidding caps)
    console.warn(`money ceilings tried: ${[...moneyTried].join(', ')}`);
    expect(moneyTried.size).toBeGreaterThanOrEqual(12);
    expect(failures.slice(0, 80), `${failures.length} failures of ${cases.length} requests`).toEqual([]);
    // about 80 s alone; under npm test it runs niced beside the journeys and the PostgreSQL suite (scripts/test.mjs)
  }, 900_000);
});
