import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { openDatabase, type TDatabase } from '../../db/client';
import { sessions } from '../../db/schema';
import { createScratchDatabase } from '../../test/scratch-db';
import { databaseImage, seedUser, testConfig, testPhone } from '../../test/harness';
import { MemoryStore } from '../../platform/object-store';
import { describeAgent } from './devices.service';

/**
 * Two app instances on one database, as two processes behind a load balancer: on PostgreSQL (TEST_DATABASE_URL) two
 * pools on one scratch database; on PGlite (one process's alone) two apps on the one embedded database. A session
 * ended on A must answer 401 on B at the very next request: nothing of a session may be remembered by a process.
 */
type TApp = Awaited<ReturnType<typeof buildApp>>;
let a: TApp;
let b: TApp;
let dbs: TDatabase[] = [];
let drop: (() => Promise<void>) | null = null;

beforeAll(async () => {
  const image = await databaseImage('migrated');
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const scratch = await createScratchDatabase(url, 'jizu_t', image.template);
    drop = scratch.drop;
    dbs = [
      await openDatabase({ url: scratch.url, poolSize: 5 }),
      await openDatabase({ url: scratch.url, poolSize: 5 }),
    ];
  } else {
    const one = await openDatabase({ dataDir: null, loadDataDir: image.pglite });
    dbs = [one, one];
  }
  const config = testConfig({ SMS_RESEND_SECONDS: '0' });
  [a, b] = await Promise.all(
    dbs.map((database) => buildApp({ config, database, overrides: { store: new MemoryStore() }, logger: false })),
  );
  await Promise.all([a.ready(), b.ready()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  for (const d of new Set(dbs)) await d.close();
  if (drop) await drop();
});

const db = () => dbs[0].db;
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 13; V2219A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F37) WeChat/arm64';

type TRes = { status: number; msg: string; data: unknown; code?: string };
type TDevice = {
  id: number;
  type: string;
  device: string;
  browser: string;
  os: string;
  ip: string;
  created_at: string;
  last_seen_at: string;
  current: boolean;
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Logs in by password through app `on`, from a browser and an address of its own: the session's token. */
async function login(on: TApp, phone: string, ua: string, ip: string) {
  const res = await on.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': ua },
    remoteAddress: ip,
    payload: { phone, password: 'Test@2026' },
  });
  expect(res.json()).toMatchObject({ status: 1 });
  return (res.json() as { data: { token: string } }).data.token;
}
async function call(on: TApp, method: 'GET' | 'POST', url: string, token: string | null, payload?: object) {
  const res = await on.inject({ method, url, headers: token ? bearer(token) : {}, payload });
  return { code: res.statusCode, body: res.json() as TRes };
}
const list = async (on: TApp, token: string) => {
  const r = await call(on, 'GET', '/api/index/devices', token);
  expect(r.code).toBe(200);
  return r.body.data as { data: TDevice[]; total: number };
};
const alive = async (on: TApp, token: string) => (await call(on, 'GET', '/api/index/info', token)).code;
const rowsOf = async (userId: number) =>
  db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));

describe('login devices', () => {
  it('answers 401 to strangers on every call', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/index/devices', undefined],
      ['POST', '/api/index/devices/logout', { id: 1 }],
      ['POST', '/api/index/devices/logoutOthers', {}],
    ] as const) {
      const r = await call(a, method, url, null, payload);
      expect(r.code, url).toBe(401);
      expect(r.body).toMatchObject({ status: -1, msg: '登录已过期，请重新登录' });
    }
  });

  it("lists the account's own valid sessions, newest use first, this one marked, with device, browser, IP and times", async () => {
    const u = await seedUser(db());
    const pc = await login(a, u.phone, WINDOWS_CHROME, '203.0.113.7');
    const phone = await login(b, u.phone, IPHONE_SAFARI, '198.51.100.20');
    // an expired session and another account's are not listed
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        eq(sessions.tokenHash, (await db().select().from(sessions).where(eq(sessions.userId, u.user.id)))[0].tokenHash),
      );
    await seedUser(db());
    const seen = await list(b, pc);
    expect(seen.total).toBe(2);
    // the phone logged in last
    expect(seen.data.map((d) => d.current)).toEqual([false, true]);
    const mine = seen.data.find((d) => d.current)!;
    const other = seen.data.find((d) => !d.current)!;
    expect(mine).toMatchObject({ type: 'desktop', browser: 'Chrome 131', os: 'Windows 10', ip: '203.0.113.7' });
    expect(other).toMatchObject({
      type: 'mobile',
      device: 'Apple iPhone',
      browser: 'Safari 17',
      os: 'iOS 17',
      ip: '198.51.100.20',
    });
    expect(mine.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(mine.last_seen_at >= mine.created_at).toBe(true);
    // the phone sees the same two, its own marked
    expect((await list(a, phone)).data.filter((d) => d.current).map((d) => d.id)).toEqual([other.id]);
  });

  it('退出该设备: ends that session, which answers 401 at the very next request on the other process', async () => {
    const u = await seedUser(db());
    const pc = await login(a, u.phone, WINDOWS_CHROME, '203.0.113.8');
    const phone = await login(a, u.phone, IPHONE_SAFARI, '198.51.100.21');
    // B has just served the phone, as a process that saw it a moment ago would
    expect(await alive(b, phone)).toBe(200);
    const target = (await list(a, pc)).data.find((d) => d.ip === '198.51.100.21')!;
    const r = await call(a, 'POST', '/api/index/devices/logout', pc, { id: target.id });
    expect(r).toMatchObject({ code: 200, body: { status: 1, msg: '已退出该设备', data: { ended: 1 } } });
    expect(await alive(b, phone)).toBe(401);
    expect(await alive(a, phone)).toBe(401);
    expect(await alive(b, pc)).toBe(200);
    // ending it again: it is gone
    expect(await call(b, 'POST', '/api/index/devices/logout', pc, { id: target.id })).toMatchObject({
      code: 404,
      body: { status: 0, msg: '该设备已退出或不存在', code: 'DEVICE_NOT_FOUND' },
    });
  });

  it("refuses to end another account's session (404, it stays) or this one (409: that is logging out)", async () => {
    const me = await seedUser(db());
    const them = await seedUser(db());
    const theirs = (await list(a, them.token)).data[0];
    let r = await call(a, 'POST', '/api/index/devices/logout', me.token, { id: theirs.id });
    expect(r).toMatchObject({ code: 404, body: { status: 0, code: 'DEVICE_NOT_FOUND' } });
    expect(await alive(b, them.token)).toBe(200);
    const mine = (await list(a, me.token)).data[0];
    r = await call(a, 'POST', '/api/index/devices/logout', me.token, { id: mine.id });
    expect(r).toMatchObject({
      code: 409,
      body: { status: 0, msg: '当前设备请通过“退出登录”退出', code: 'DEVICE_CURRENT' },
    });
    expect(await alive(b, me.token)).toBe(200);
    // a malformed id is refused by the schema
    r = await call(a, 'POST', '/api/index/devices/logout', me.token, { id: 'abc' });
    expect(r.code).toBe(400);
    expect(await rowsOf(me.user.id)).toHaveLength(1);
  });

  it("退出其他设备: every other session ends (401 on both processes), this one and other accounts' stay", async () => {
    const u = await seedUser(db());
    const stranger = await seedUser(db());
    const others = [
      await login(a, u.phone, IPHONE_SAFARI, '198.51.100.30'),
      await login(b, u.phone, ANDROID_WECHAT, '198.51.100.31'),
    ];
    const r = await call(b, 'POST', '/api/index/devices/logoutOthers', u.token, {});
    expect(r).toMatchObject({ code: 200, body: { status: 1, msg: '已退出其他设备', data: { ended: 2 } } });
    for (const t of others) for (const on of [a, b]) expect(await alive(on, t)).toBe(401);
    expect(await alive(a, u.token)).toBe(200);
    expect(await alive(a, stranger.token)).toBe(200);
    expect((await list(a, u.token)).data.map((d) => d.current)).toEqual([true]);
    // nothing left to end: it says so with 0
    expect((await call(a, 'POST', '/api/index/devices/logoutOthers', u.token, {})).body.data).toEqual({ ended: 0 });
  });

  it('a password change on A ends the other sessions: 401 on B at once; the changing one stays', async () => {
    const u = await seedUser(db());
    const other = await login(b, u.phone, IPHONE_SAFARI, '198.51.100.40');
    expect(await alive(b, other)).toBe(200);
    const r = await call(a, 'POST', '/api/index/passwd', u.token, {
      oldpassword: 'Test@2026',
      password: 'NewPass99',
      repassword: 'NewPass99',
    });
    expect(r.body.status).toBe(1);
    expect(await alive(b, other)).toBe(401);
    expect(await alive(b, u.token)).toBe(200);
    expect((await list(b, u.token)).total).toBe(1);
  });

  it('a phone change on B ends the other sessions: 401 on A at once; the changing one stays', async () => {
    const u = await seedUser(db());
    const other = await login(a, u.phone, WINDOWS_CHROME, '198.51.100.41');
    const next = testPhone();
    await call(b, 'POST', '/api/sms/oldMobile', u.token, {});
    await call(b, 'POST', '/api/sms/newMobile', u.token, { phone: next });
    const r = await call(b, 'POST', '/api/index/changeMobile', u.token, {
      code: '123456',
      phone: next,
      vcode: '123456',
    });
    expect(r.body.status).toBe(1);
    expect(await alive(a, other)).toBe(401);
    expect(await alive(a, u.token)).toBe(200);
    expect((await list(a, u.token)).total).toBe(1);
  });
});

describe('describeAgent', () => {
  it('names browser, system and device of common agents, and nothing of an unknown or empty one', () => {
    expect(describeAgent(WINDOWS_CHROME)).toEqual({
      type: 'desktop',
      device: '',
      browser: 'Chrome 131',
      os: 'Windows 10',
    });
    expect(describeAgent(ANDROID_WECHAT)).toMatchObject({ type: 'mobile', browser: 'WeChat 8', os: 'Android 13' });
    expect(describeAgent('')).toEqual({ type: '', device: '', browser: '', os: '' });
    expect(describeAgent('test').browser).toBe('');
  });
});
