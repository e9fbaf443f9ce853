import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addMember, createTestApp, seedUser } from '../../test/harness';
import { buildApp } from '../../app';
import type { TDatabase } from '../../db/client';
import type { TStartup } from '../../platform/deps';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('platform', () => {
  it('answers health with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 1,
      msg: '服务正常',
      data: { db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', database: 'up', redis: 'off' },
    });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers live and ready: live checks nothing, ready is the health of the dependencies', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({
      status: 1,
      msg: '服务正常',
      data: { time: expect.any(String), uptime: expect.any(Number) },
    });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 1,
      msg: '服务正常',
      data: { db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', database: 'up', redis: 'off' },
    });
  });

  it('with the database away: ready and health answer 503 with its name, live still 200, even for a caller with a session', async () => {
    // once cut, every use of the database fails as a refused connection does; a session sent is not looked up (it
    // would fail too)
    const away = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    let cut = false;
    const db = new Proxy(t.db, {
      get: (real, prop) => {
        const v = Reflect.get(real, prop) as unknown;
        if (!cut || prop === 'then') return typeof v === 'function' ? v.bind(real) : v;
        if (prop === 'execute') return () => Promise.reject(away);
        return () => {
          throw away;
        };
      },
    });
    const database = {
      db,
      kind: 'pglite',
      close: async () => {},
      stats: () => ({ kind: 'pglite', total: 1, idle: 1, waiting: 0, max: 1, statements: 0 }),
      setLogger: () => {},
    } satisfies TDatabase;
    const down = await buildApp({ config: t.config, database, logger: false });
    cut = true;
    try {
      const session = { authorization: `Bearer ${'x'.repeat(43)}`, cookie: `jizu_token=${'y'.repeat(43)}` };
      for (const url of ['/api/health/ready', '/api/health']) {
        const res = await down.inject({ method: 'GET', url, headers: session });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          status: 0,
          msg: '服务暂不可用：数据库连接中断',
          code: 'SERVICE_UNAVAILABLE',
          data: { database: 'down', redis: 'off' },
        });
      }
      const live = await down.inject({ method: 'GET', url: '/api/health/live', headers: session });
      expect(live.statusCode).toBe(200);
      expect(live.json().status).toBe(1);
    } finally {
      await down.close();
    }
  });

  it('while the server is still starting (the demo data of a first start): ready 503 saying so, live 200; then ready 200', async () => {
    const startup: TStartup = { pending: '正在载入演示数据' };
    const starting = await buildApp({
      config: t.config,
      database: {
        db: t.db,
        kind: 'pglite',
        close: async () => {},
        stats: () => ({ kind: 'pglite', total: 1, idle: 1, waiting: 0, max: 1, statements: 0 }),
        setLogger: () => {},
      },
      logger: false,
      startup,
    });
    try {
      for (const url of ['/api/health/ready', '/api/health']) {
        const res = await starting.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(503);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.json()).toMatchObject({
          status: 0,
          msg: '服务正在启动（正在载入演示数据），请稍候',
          code: 'SERVICE_UNAVAILABLE',
          data: { starting: '正在载入演示数据', redis: 'off' },
        });
      }
      expect((await starting.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      startup.pending = null;
      const ready = await starting.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().data).not.toHaveProperty('starting');
    } finally {
      await starting.close();
    }
  });

  it('talks to the database in UTC on every connection (dates are shown in Asia/Shanghai by the server)', async () => {
    // several at once, so the pool opens more than one connection
    const zones = await Promise.all(
      Array.from({ length: 4 }, () => t.db.execute(sql`select current_setting('TimeZone') as tz`)),
    );
    for (const r of zones) {
      const rows = (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as { tz: string }[];
      expect(rows[0].tz).toBe('UTC');
    }
  });

  it('answers an unknown API path with the 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 0, msg: '请求的接口不存在', data: null, code: 'ROUTE_NOT_FOUND' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    for (const p of ['/api/health', '/api/health/live', '/api/health/ready']) expect(res.json().paths[p]).toBeTruthy();
  });
});

describe('web app serving', () => {
  it('serves the built page for app routes, never cached, and keeps /api and /uploads out of the fallback', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dist = path.resolve(import.meta.dirname, '../../../../web/dist/index.html');
    if (!fs.existsSync(dist)) return; // the web build runs before the journeys in npm test; API-only runs have no dist
    for (const url of ['/login', '/dashboard/index?tab=1', '/index.html']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
    expect((await t.app.inject({ url: '/api/zzz' })).json().code).toBe('ROUTE_NOT_FOUND');
    expect((await t.app.inject({ url: '/uploads/zzz.png' })).statusCode).toBe(404);
  });

  it('sends the pages rendered at build time at their addresses, and only there', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const login = path.resolve(import.meta.dirname, '../../../../web/dist/prerendered/login.html');
    if (!fs.existsSync(login)) return; // no web build (API-only runs)
    for (const url of ['/login', '/login?redirect=%2Fcompany%2Finfo', '/site', '/site/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root"><div data-prerendered');
    }
    // the account home without a session: its chunks preloaded, no content (it is the visitor's own data)
    const home = await t.app.inject({ url: '/dashboard/index' });
    expect(home.body).toContain('<div id="root"></div>');
    // chunks are named by hash (apps/web/vite.config.ts): the dashboard page's file from the build's manifest
    const manifest = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../../../web/dist/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string; name?: string }>;
    const page = Object.values(manifest).find((c) => c.name === 'DashboardPage');
    expect(page).toBeDefined();
    expect(home.body).toContain(`<link rel="modulepreload" crossorigin href="/${page?.file}"`);
    // other pages get the plain index.html (its preloads only the entry's own imports, as the bundler writes them:
    // its runtime chunk, shared with a lazy CommonJS package); the copies are no files of their own
    const entry = Object.values(manifest).find((c) => (c as { isEntry?: boolean }).isEntry) as
      { imports?: string[] } | undefined;
    const own = new Set((entry?.imports ?? []).map((k) => `/${manifest[k]?.file}`));
    for (const url of ['/register', '/prerendered/login.html', '/site/market']) {
      const res = await t.app.inject({ url });
      expect(res.body).toContain('<div id="root"></div>');
      const preloads = [...res.body.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
      expect(
        preloads.filter((f) => !own.has(f)),
        url,
      ).toEqual([]);
      expect(res.body).not.toContain(page!.file);
    }
  });

  it('renders the account home for the visitor: their own card and menu in the HTML and its head, private; anyone else gets the page as built', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const web = path.resolve(import.meta.dirname, '../../../../web');
    if (
      !fs.existsSync(path.join(web, 'dist/prerendered/dashboard_index.ssr.html')) ||
      !fs.existsSync(path.join(web, '.prerender/prerender.js'))
    )
      return; // no web build
    // a name that tries to end the page's script: it stays text
    const a = await seedUser(t.db, { name: '甲</script><script>x()', companyName: '甲公司有限公司' });
    const b = await seedUser(t.db, { name: '乙用户' });
    const other = await seedUser(t.db, { companyName: '丙公司有限公司' });
    await addMember(t.db, other.company.id, a.user.id, { master: 0 });
    const page = (token: string, company?: number) =>
      t.app.inject({
        url: '/dashboard/index',
        headers: { cookie: `jizu_token=${token}${company ? `; company_id=${company}` : ''}` },
      });

    const mine = await page(a.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.body).toContain('<div id="root"><div data-prerendered inert');
    // the card, the current company and the menu are in the markup, escaped
    expect(mine.body).toContain('甲&lt;/script&gt;&lt;script&gt;x()');
    expect(mine.body).toContain('甲公司有限公司');
    expect(mine.body).toContain('账户首页');
    expect(mine.body.match(/<\/script>/g)?.length).toBe(mine.body.match(/<script/g)?.length);
    // both answers for the head's early fetch, at the addresses it asks for
    const answers = /window\.__jizuAnswers=(\{.*?\});<\/script>/.exec(mine.body);
    expect(answers).not.toBeNull();
    const given = JSON.parse(answers![1]) as Record<string, string>;
    expect(Object.keys(given)).toEqual(['/api/index/info', '/api/index/menu']);
    expect(JSON.parse(given['/api/index/info'])).toMatchObject({
      status: 1,
      data: { username: '甲</script><script>x()', company_id: a.company.id },
    });
    expect(JSON.parse(given['/api/index/menu']).status).toBe(1);

    // in the other company (its cookie): that company's card, and the early fetch's address with it
    const there = await page(a.token, other.company.id);
    expect(there.body).toContain('丙公司有限公司');
    expect(there.body).toContain(`"/api/index/info?company_id=${other.company.id}"`);

    // another visitor sees their own, never the first one's
    const theirs = await page(b.token);
    expect(theirs.body).toContain('乙用户');
    expect(theirs.body).not.toContain('甲公司有限公司');

    // no session, a wrong one, a company the visitor is not in: the page as built (no one's data), cacheable as before
    for (const res of [
      await t.app.inject({ url: '/dashboard/index' }),
      await page('x'.repeat(43)),
      await page(b.token, other.company.id),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('__jizuAnswers=');
    }
    // a logged-out session: the page as built too, and its cookies go (its app then asks nothing that answers 401)
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `jizu_token=${b.token}`, 'x-requested-with': 'XMLHttpRequest' },
    });
    const ended = await page(b.token);
    expect(ended.body).not.toContain('乙用户');
    expect(ended.cookies.find((c) => c.name === 'jizu_token')).toMatchObject({ value: '' });
    expect(ended.cookies.find((c) => c.name === 'jizu_in')).toMatchObject({ value: '' });
  });
});
