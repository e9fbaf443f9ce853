import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { MemoryStore } from './object-store';
import { createTestApp, multipart, seedUser } from '../test/harness';
import { nonceScripts, pageCsp, PERMISSIONS_POLICY } from './security-headers';

let t: Awaited<ReturnType<typeof createTestApp>>;
let https: Awaited<ReturnType<typeof createTestApp>>;
let map: Awaited<ReturnType<typeof createTestApp>>;
const AMAP = { AMAP_KEY: '0123456789abcdef0123456789abcdef', AMAP_SECURITY_CODE: 'fedcba9876543210fedcba9876543210' };
beforeAll(async () => {
  [t, https, map] = await Promise.all([
    createTestApp({}, { store: new MemoryStore() }),
    createTestApp({ PUBLIC_URL: 'https://jizu.example.com' }, { store: new MemoryStore() }),
    createTestApp(AMAP, { store: new MemoryStore() }),
  ]);
});
afterAll(async () => Promise.all([t?.close(), https?.close(), map?.close()]));

const STRICT = "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'";

/** The headers every answer carries, whatever it is. */
function expectCommon(res: LightMyRequestResponse, what: string) {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['permissions-policy'], what).toBe(PERMISSIONS_POLICY);
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function upload(app: typeof t, url: string, file: Buffer, filename: string, token: string) {
  const body = await multipart([{ name: 'image', value: file, filename }]);
  const res = await app.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { path: string } }).data.path;
}

describe('security headers', () => {
  it('an API answer: the strict policy (nothing runs or loads in it), framed by nobody, no HSTS over plain http', async () => {
    const u = await seedUser(t.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/index/info', headers: u.auth });
    expect(res.statusCode).toBe(200);
    expectCommon(res, 'api');
    expect(res.headers['content-security-policy']).toBe(STRICT);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('error answers carry them too: 401, 400, 404, a broken %-encoding, a refused cross-site write', async () => {
    const u = await seedUser(t.db);
    const answers = [
      ['401', await t.app.inject({ method: 'GET', url: '/api/index/info' }), 401],
      [
        '400',
        await t.app.inject({
          method: 'POST',
          url: '/api/index/saveNickname',
          headers: u.auth,
          payload: { nick_name: '' },
        }),
        400,
      ],
      ['404', await t.app.inject({ method: 'GET', url: '/api/no/such/route' }), 404],
      ['bad encoding', await t.app.inject({ method: 'GET', url: '/api/market/%E0%A4%A' }), 400],
      [
        'cookie write without X-Requested-With',
        await t.app.inject({
          method: 'POST',
          url: '/api/index/saveNickname',
          headers: { cookie: `jizu_token=${u.token}` },
          payload: { nick_name: '某人' },
        }),
        403,
      ],
    ] as const;
    for (const [what, res, code] of answers) {
      expect(res.statusCode, what).toBe(code);
      expectCommon(res, what);
      expect(res.headers['content-security-policy'], what).toBe(STRICT);
      expect(res.headers['x-frame-options'], what).toBe('DENY');
    }
  });

  it('an upload: an image gets the strict policy; a PDF only frame-ancestors self (Chrome shows PDFs in a page of its own)', async () => {
    const u = await seedUser(t.db);
    const img = await t.app.inject({
      method: 'GET',
      url: await upload(
        t,
        '/api/index/upload/avatar',
        await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1f6feb' } })
          .png()
          .toBuffer(),
        'a.png',
        u.token,
      ),
    });
    expect(img.statusCode).toBe(200);
    expectCommon(img, 'image');
    expect(img.headers['content-security-policy']).toBe(STRICT);
    const pdf = await t.app.inject({
      method: 'GET',
      url: await upload(t, '/api/index/upload/contract', PDF, 'c.pdf', u.token),
      headers: u.auth,
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expectCommon(pdf, 'pdf');
    expect(pdf.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(pdf.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('a page: a policy of its own with a fresh nonce per answer, no unsafe-inline or unsafe-eval for scripts', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      // a public page of the site (here a listing that does not exist: its page answers 404 with a generic title)
      const res = await t.app.inject({ method: 'GET', url: '/site/device/999999999' });
      expect(res.headers['content-type']).toContain('text/html');
      expectCommon(res, 'page');
      const csp = String(res.headers['content-security-policy']);
      const script = /(?:^|; )script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(script).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]{22}==' *$/);
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("connect-src 'self';");
      expect(csp).not.toContain('ws:');
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-frame-options']).toBe('DENY');
      nonces.add(script);
    }
    expect(nonces.size).toBe(2);
  });

  it('with AMAP_KEY a page allows exactly the hosts AMap JS API 2.0 loads from, and the public settings give the key', async () => {
    const res = await map.app.inject({ method: 'GET', url: '/site/device/999999999' });
    const csp = String(res.headers['content-security-policy']);
    const dir = (name: string) => new RegExp(`(?:^|; )${name} ([^;]*)`).exec(csp)?.[1] ?? '';
    expect(dir('script-src')).toMatch(
      /^'self' 'nonce-[A-Za-z0-9+/]{22}==' https:\/\/webapi\.amap\.com https:\/\/restapi\.amap\.com$/,
    );
    expect(dir('style-src')).toBe("'self' 'unsafe-inline' https://webapi.amap.com");
    expect(dir('img-src')).toBe(
      "'self' data: blob: https://webapi.amap.com https://a.amap.com https://vdata.amap.com https://*.is.autonavi.com",
    );
    expect(dir('connect-src')).toBe(
      "'self' https://webapi.amap.com https://restapi.amap.com https://vdata.amap.com https://*.is.autonavi.com",
    );
    expect(dir('worker-src')).toBe("'self' blob:");
    expect(csp).not.toContain('unsafe-eval');
    const settings = await map.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(settings.json().data.amap).toEqual({ key: AMAP.AMAP_KEY, security_code: AMAP.AMAP_SECURITY_CODE });
    // without a key: no AMap host anywhere in the policy, and no map in the settings
    const plain = await t.app.inject({ method: 'GET', url: '/site/device/999999999' });
    expect(String(plain.headers['content-security-policy'])).not.toMatch(/amap|autonavi|worker-src/);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json().data.amap).toBeNull();
  });

  it('over https (PUBLIC_URL): HSTS for a year with subdomains, and a page upgrades its subresources', async () => {
    const api = await https.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const page = await https.app.inject({ method: 'GET', url: '/site/device/999999999' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('the API documents page keeps its own policy (its scripts are files of its own), framed by nobody', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'[^;]*;/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });
});

describe('nonceScripts', () => {
  it('gives every script element of a template the nonce, and nothing else', () => {
    const html =
      '<head><script>early()</script><script type="module" crossorigin src="/assets/a.js"></script><noscript>x</noscript><scripts></scripts></head>';
    expect(nonceScripts(html, 'N0')).toBe(
      '<head><script nonce="N0">early()</script><script nonce="N0" type="module" crossorigin src="/assets/a.js"></script><noscript>x</noscript><scripts></scripts></head>',
    );
  });

  it('under npm run dev the page may open the hot-reload WebSocket; scripts stay nonce-only', () => {
    const dev = pageCsp({ dev: true, https: false, amap: false }, 'abc');
    expect(dev).toContain("connect-src 'self' ws: wss:");
    expect(dev).toContain("script-src 'self' 'nonce-abc';");
  });
});
