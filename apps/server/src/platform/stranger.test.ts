import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { M } from '@jizu/shared/messages';
import { createTestApp, seedUser } from '../test/harness';
import { createSession } from './session';

/**
 * A caller without a session learns only that a login is needed: every route that is not public answers 401 with
 * status -1 before anything of the request is looked at, whatever its query, path or body. The routes come from the
 * OpenAPI document, where each operation carries the access declared beside it (x-access), so a new route is swept
 * the day it is added.
 */

type TOperation = { 'x-access'?: string; parameters?: { in: string; name: string }[]; requestBody?: unknown };

const UNSAFE_BODIES: [string, string | Buffer, string][] = [
  ['a body of the wrong shape', '[1]', 'application/json'],
  ['broken JSON', '{"a":', 'application/json'],
  ['an empty JSON body', '', 'application/json'],
  ['a NUL in a key', '{"a\\u0000b":1}', 'application/json'],
  ['an unsupported media type', '<a/>', 'application/xml'],
  [
    'broken multipart',
    '--x\r\nContent-Disposition: form-data; name="image"\r\n\r\nabc',
    'multipart/form-data; boundary=x',
  ],
  ['multipart without a boundary', 'abc', 'multipart/form-data'],
];

describe('a caller without a session, on every route that is not public', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let doc: { paths: Record<string, Record<string, TOperation>> };
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(async () => t?.close());

  it('the document says who may call every operation', () => {
    const ops = Object.entries(doc.paths).flatMap(([p, o]) =>
      Object.entries(o).map(([m, op]) => ({ route: `${m.toUpperCase()} ${p}`, access: op['x-access'] })),
    );
    expect(ops.length).toBeGreaterThan(200);
    expect(
      ops
        .filter((o) => !['none', 'public', 'user', 'company', 'main', 'staff'].includes(String(o.access)))
        .map((o) => o.route),
    ).toEqual([]);
  });

  it('a caller with a session is told what is wrong with the body; the reads of the public site stay public', async () => {
    const u = await seedUser(t.db);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/index/message/del',
      payload: '{"id":',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
    });
    expect([bad.statusCode, bad.json().code, bad.json().msg]).toEqual([400, 'BAD_JSON', M.input.badJson]);
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/index/message/del',
      payload: '{"id":',
      headers: { 'content-type': 'application/json' },
    });
    expect([stranger.statusCode, stranger.json().status, stranger.json().code]).toEqual([401, -1, 'UNAUTHENTICATED']);
    // what anonymous visitors of the public site read (listing and shop pages' favourite count, a completed bidding's
    // QR code, the hiring hall's categories, a job card's or hiring demand's comments and counters): public by design,
    // so a bad query is answered as such
    for (const route of [
      '/api/index/favorite/state',
      '/api/rent/bidding/qrcode',
      '/api/recruit/options',
      '/api/site/labour/comment',
      '/api/site/labour/stat',
    ]) {
      expect(doc.paths[route]?.get?.['x-access'], route).toBe('public');
      const res = await t.app.inject({ method: 'GET', url: `${route}?type=x&id=x&target_id=x` });
      expect([res.statusCode, res.json().status, res.json().code], route).toEqual([400, 0, 'VALIDATION']);
    }
  });

  it('answers 401 with status -1 before any validation, with no session, an unknown one or an expired one', async () => {
    const u = await seedUser(t.db);
    const expired = await createSession(t.db, u.user.id, { ip: '127.0.0.1', userAgent: 'test', days: -1 });
    const callers: [string, Record<string, string>][] = [
      ['no session', {}],
      ['an unknown bearer token', { authorization: 'Bearer nope' }],
      ['an unknown session cookie', { cookie: 'jizu_token=nope', 'x-requested-with': 'XMLHttpRequest' }],
      ['an expired session', { authorization: `Bearer ${expired.token}` }],
    ];
    const cases: { route: string; what: string; opts: InjectOptions }[] = [];
    let routes = 0;
    for (const [template, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const access = op['x-access'];
        if (access === 'none' || access === 'public') continue;
        routes += 1;
        const route = `${method.toUpperCase()} ${template}`;
        const M = method.toUpperCase() as InjectOptions['method'];
        const path = template.replace(/\{[^}]+\}/g, 'x');
        // every query parameter (and company_id) of the wrong type, out of range, or with a control character
        const names = [
          ...new Set([...(op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name), 'company_id']),
        ];
        const queries = [
          names.map((n) => `${n}=x`).join('&'),
          names.map((n) => `${n}=-99999999999`).join('&'),
          names.map((n) => `${n}=%00`).join('&'),
        ];
        for (const [who, headers] of callers) {
          for (const q of queries)
            cases.push({ route, what: `${who}, query ${q}`, opts: { method: M, url: `${path}?${q}`, headers } });
          // (a path whose %-encoding is broken, or a parameter over the router's length, is refused by the router before
          // any route is found, so before anyone knows whether the route is public: the same 400/414 for everyone)
          cases.push({
            route,
            what: `${who}, path parameters of the wrong type`,
            opts: { method: M, url: template.replace(/\{[^}]+\}/g, '-1.5'), headers },
          });
          if (M === 'GET' || M === 'DELETE') continue;
          for (const [what, payload, type] of UNSAFE_BODIES)
            cases.push({
              route,
              what: `${who}, ${what}`,
              opts: { method: M, url: path, payload, headers: { ...headers, 'content-type': type } },
            });
        }
      }
    }
    expect(routes).toBeGreaterThan(150);
    const failures: string[] = [];
    for (let i = 0; i < cases.length; i += 8) {
      const batch = cases.slice(i, i + 8);
      const answers = await Promise.all(batch.map((c) => t.app.inject(c.opts)));
      answers.forEach((res, j) => {
        let body: { status?: unknown; msg?: unknown; data?: unknown } | null;
        try {
          body = res.json();
        } catch {
          body = null;
        }
        if (res.statusCode !== 401 || body?.status !== -1 || body?.msg !== M.auth.expired || body?.data !== null) {
          failures.push(`${batch[j].route} [${batch[j].what}] → ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      });
    }
    console.warn(`strangers: ${routes} routes, ${cases.length} requests, ${failures.length} not 401`);
    expect(failures.slice(0, 60), `${failures.length} of ${cases.length}`).toEqual([]);
  }, 300_000);
});
