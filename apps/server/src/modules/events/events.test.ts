import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MENU } from '@jizu/shared/constants/menu';
import { EVENTS_LIMITS } from '@jizu/shared/constants/events';
import { buildApp } from '../../app';
import { inTx, openDatabase, type TDatabase } from '../../db/client';
import { liveEvents, sessions } from '../../db/schema';
import { createSession, sha256 } from '../../platform/session';
import { createScratchDatabase } from '../../test/scratch-db';
import { addMember, databaseImage, seedUser, testConfig } from '../../test/harness';
import { openSse, type TSse } from '../../test/sse';
import { orderSubmitBody, seedCompletedBidding } from '../../test/order';
import { loadReferenceData } from '../../seed/reference';
import { MemoryStore } from '../../platform/object-store';
import { createMessage } from '../message/message.service';
import { publishEvent, purgeOldEvents } from './events.service';

/**
 * Two app instances on one database, as two server processes behind a load balancer: on PostgreSQL
 * (TEST_DATABASE_URL) two pools and two LISTEN connections on one scratch database; on PGlite two apps on the one
 * embedded database. Each listens on a port of its own; the streams are read over real HTTP.
 */
type TApp = Awaited<ReturnType<typeof buildApp>>;
let a: TApp;
let b: TApp;
let urlA = '';
let urlB = '';
let dbs: TDatabase[] = [];
let drop: (() => Promise<void>) | null = null;
const open: TSse[] = [];

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
  const config = testConfig();
  [a, b] = await Promise.all(
    dbs.map((database) => buildApp({ config, database, overrides: { store: new MemoryStore() }, logger: false })),
  );
  urlA = await a.listen({ port: 0, host: '127.0.0.1' });
  urlB = await b.listen({ port: 0, host: '127.0.0.1' });
  await loadReferenceData(db());
}, 120_000);
afterAll(async () => {
  for (const s of open) s.close();
  await Promise.all([a?.close(), b?.close()]);
  for (const d of new Set(dbs)) await d.close();
  if (drop) await drop();
});

const db = () => dbs[0].db;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
type TUser = Awaited<ReturnType<typeof seedUser>>;

/** A stream of `u` in its own company (or `companyId`) on server `base`. */
async function stream(base: string, u: TUser, opts: { companyId?: number; lastId?: number | string } = {}) {
  const h: Record<string, string> = bearer(u.token);
  if (opts.lastId !== undefined) h['last-event-id'] = String(opts.lastId);
  const s = await openSse(`${base}/api/events?company_id=${opts.companyId ?? u.company.id}`, h);
  open.push(s);
  // the stream is registered before its first bytes: the retry line tells it is ready
  for (let i = 0; i < 200 && !s.text().includes('retry:'); i++) await sleep(10);
  return s;
}

const forCompany = (companyId: number, sn: string) =>
  publishEvent(db(), { type: 'order_submit', companyId, link: '/rent-order', vars: { sn } });
const bodies = (s: TSse) => s.frames.map((f) => (f.data as { body: string }).body);

describe('GET /api/events', () => {
  it('answers a stream with the security headers, unbuffered and uncompressed; a stranger gets the 401 envelope', async () => {
    const u = await seedUser(db());
    const s = await stream(urlA, u);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(s.headers.get('content-encoding')).toBeNull();
    expect(s.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(s.headers.get('x-content-type-options')).toBe('nosniff');
    expect(s.text()).toBe(`retry: ${EVENTS_LIMITS.retryMs}\n\n`);
    s.close();

    const res = await fetch(`${urlA}/api/events`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status: -1, msg: '登录已过期，请重新登录' });
    // a company the user is no member of: refused before any stream
    const other = await seedUser(db());
    const no = await fetch(`${urlA}/api/events?company_id=${other.company.id}`, { headers: bearer(u.token) });
    expect(no.status).toBe(403);
    // a request that does not ask for the stream gets the envelope at once, not an answer that never ends
    const plain = await fetch(`${urlA}/api/events`, { headers: bearer(u.token) });
    expect(plain.status).toBe(406);
    expect(await plain.json()).toMatchObject({
      status: 0,
      msg: '实时通知须以事件流方式连接（Accept: text/event-stream）',
    });
  });

  it('a system message reaches its user at the commit, never for a transaction rolled back', async () => {
    const u = await seedUser(db());
    const s = await stream(urlA, u);
    await expect(
      inTx(db(), async (tx) => {
        await createMessage(tx, { userId: u.user.id, title: '回滚的消息', content: '' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await inTx(db(), async (tx) => {
      await createMessage(tx, { userId: u.user.id, title: '提交的消息', content: '' });
      // not before the commit
      await sleep(100);
      expect(s.frames).toEqual([]);
    });
    const [f] = await s.waitFrames(1);
    expect(f.data).toMatchObject({
      type: 'message',
      title: '新的系统消息',
      body: '提交的消息',
      link: '/dashboard/message',
    });
    expect(f.id).toBe(String((f.data as { id: number }).id));
    await sleep(200);
    expect(bodies(s)).toEqual(['提交的消息']);
    const kept = await db().select().from(liveEvents).where(eq(liveEvents.userId, u.user.id));
    expect(kept.map((e) => e.body)).toEqual(['提交的消息']);
  });

  it("another company's events never reach a user; a sub-user gets the company's events of its grants only", async () => {
    const main = await seedUser(db(), { companyName: '事件甲建设有限公司' });
    const stranger = await seedUser(db(), { companyName: '事件乙建设有限公司' });
    const sub = await seedUser(db());
    await addMember(db(), main.company.id, sub.user.id, { menus: [MENU.rentOrder] });
    const sMain = await stream(urlA, main);
    const sStranger = await stream(urlA, stranger);
    // the sub-user in its own personal company, and in the main account's company
    const sSubOwn = await stream(urlA, sub);
    const sSub = await stream(urlB, sub, { companyId: main.company.id });
    await forCompany(main.company.id, 'A-ALL');
    await publishEvent(db(), {
      type: 'order_submit',
      companyId: main.company.id,
      menu: MENU.leaseOrder,
      link: '/rent-order',
      vars: { sn: 'A-LEASE' },
    });
    await publishEvent(db(), {
      type: 'order_confirm',
      companyId: main.company.id,
      menu: MENU.rentOrder,
      link: '/rent/order',
      vars: { sn: 'A-RENT' },
    });
    // for the sub-user while in the main account's company only
    await publishEvent(db(), {
      type: 'review',
      userId: sub.user.id,
      companyId: main.company.id,
      link: '/rent/order',
      vars: { from: '某公司', sn: 'A-SUB' },
    });
    await forCompany(stranger.company.id, 'B-ALL');
    await sMain.waitFrames(3);
    await sSub.waitFrames(3);
    await sStranger.waitFrames(1);
    await sleep(200);
    expect(bodies(sMain)).toEqual([
      '订单A-ALL已由承租方提交，请确认',
      '订单A-LEASE已由承租方提交，请确认',
      '订单A-RENT已由服务商确认',
    ]);
    expect(bodies(sSub)).toEqual([
      '订单A-ALL已由承租方提交，请确认',
      '订单A-RENT已由服务商确认',
      '某公司对订单A-SUB作出了评价',
    ]);
    expect(bodies(sStranger)).toEqual(['订单B-ALL已由承租方提交，请确认']);
    expect(sSubOwn.frames).toEqual([]);
  });

  it('an order submitted through the API tells the provider, on the other server', async () => {
    const s = await seedCompletedBidding(db(), { providers: 1 });
    const provider = s.providers[0];
    const sp = await stream(urlB, provider);
    const st = await stream(urlA, s.tenant);
    const post = async (path: string, token: string, body: object) =>
      (
        await fetch(`${urlA}${path}`, {
          method: 'POST',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json() as Promise<{ status: number; data: { orders: { id: number; sn: string }[] } }>;
    const [o] = (await post('/api/rent/order/createOk', s.tenant.token, { bid: s.bidding.id })).data.orders;
    expect((await post('/api/rent/order/save', s.tenant.token, orderSubmitBody(o.id))).status).toBe(1);
    const [f] = await sp.waitFrames(1);
    expect(f.data).toMatchObject({
      type: 'order_submit',
      title: '订单待确认',
      body: `订单${o.sn}已由承租方提交，请确认`,
      link: `/rent-order/confirm/${o.id}`,
    });
    await sleep(200);
    // the side that moved is not told of its own move
    expect(st.frames).toEqual([]);
  });

  it('Last-Event-ID resumes without loss or duplicates; events older than the window are neither replayed nor kept', async () => {
    const u = await seedUser(db(), { companyName: '事件续传建设有限公司' });
    const s1 = await stream(urlA, u);
    await forCompany(u.company.id, 'R1');
    await forCompany(u.company.id, 'R2');
    const got = await s1.waitFrames(2);
    const last = got[1].id!;
    s1.close();
    await sleep(50);
    // missed while away, on the other server
    await forCompany(u.company.id, 'R3');
    await forCompany(u.company.id, 'R4');
    const s2 = await stream(urlB, u, { lastId: last });
    await s2.waitFrames(2);
    await forCompany(u.company.id, 'R5');
    await s2.waitFrames(3);
    await sleep(200);
    expect(bodies(s2).map((t) => t.slice(2, 4))).toEqual(['R3', 'R4', 'R5']);
    const ids = s2.frames.map((f) => Number(f.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(Math.min(...ids)).toBeGreaterThan(Number(last));
    // a new stream without Last-Event-ID starts from now
    const s3 = await stream(urlA, u);
    await sleep(200);
    expect(s3.frames).toEqual([]);

    // older than the window: not replayed, and the upkeep deletes it
    await db()
      .update(liveEvents)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(liveEvents.id, Number(got[0].id)));
    const s4 = await stream(urlA, u, { lastId: 0 });
    await s4.waitFrames(4);
    await sleep(100);
    expect(bodies(s4).map((t) => t.slice(2, 4))).toEqual(['R2', 'R3', 'R4', 'R5']);
    expect(await purgeOldEvents(db())).toBeGreaterThanOrEqual(1);
    expect(
      await db()
        .select()
        .from(liveEvents)
        .where(eq(liveEvents.id, Number(got[0].id))),
    ).toEqual([]);
  });

  it('logout on one server ends the streams of that session on both at once; other sessions stay', async () => {
    const u = await seedUser(db());
    const other = await seedUser(db(), { phone: undefined });
    const sa = await stream(urlA, u);
    const sb = await stream(urlB, u);
    const so = await stream(urlA, other);
    const res = await fetch(`${urlB}/api/auth/logout`, { method: 'POST', headers: bearer(u.token) });
    expect((await res.json()).status).toBe(1);
    await sa.waitEnd(3000);
    await sb.waitEnd(3000);
    expect(so.ended()).toBe(false);
    // and the token no longer opens one
    expect((await fetch(`${urlA}/api/events`, { headers: bearer(u.token) })).status).toBe(401);
  });

  it("ending another device ends that session's streams; ending all other devices keeps the current one", async () => {
    const u = await seedUser(db());
    const second = await createSession(db(), u.user.id, { ip: '127.0.0.1', userAgent: 'test', days: 1 });
    const third = await createSession(db(), u.user.id, { ip: '127.0.0.1', userAgent: 'test', days: 1 });
    const mine = await stream(urlA, u);
    const s2 = await stream(urlB, { ...u, token: second.token });
    const s3 = await stream(urlA, { ...u, token: third.token });
    const [row] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(second.token)));
    const one = await fetch(`${urlB}/api/index/devices/logout`, {
      method: 'POST',
      headers: { ...bearer(u.token), 'content-type': 'application/json' },
      body: JSON.stringify({ id: row.id }),
    });
    expect((await one.json()).status).toBe(1);
    await s2.waitEnd(3000);
    expect(s3.ended()).toBe(false);
    const all = await fetch(`${urlA}/api/index/devices/logoutOthers`, {
      method: 'POST',
      headers: { ...bearer(u.token), 'content-type': 'application/json' },
      body: '{}',
    });
    expect((await all.json()).status).toBe(1);
    await s3.waitEnd(3000);
    await sleep(100);
    expect(mine.ended()).toBe(false);
  });

  it('a member switched off ends its streams in that company at once; its own company stays open', async () => {
    const main = await seedUser(db(), { companyName: '事件停用建设有限公司' });
    const sub = await seedUser(db());
    const m = await addMember(db(), main.company.id, sub.user.id, { menus: [MENU.rentOrder] });
    const inMain = await stream(urlA, sub, { companyId: main.company.id });
    const inOwn = await stream(urlA, sub);
    const res = await fetch(`${urlB}/api/company/user/on`, {
      method: 'POST',
      headers: { ...bearer(main.token), 'content-type': 'application/json' },
      body: JSON.stringify({ company_id: main.company.id, id: m.id, status: 0 }),
    });
    expect((await res.json()).status).toBe(1);
    await inMain.waitEnd(3000);
    expect(inOwn.ended()).toBe(false);
    const again = await fetch(`${urlA}/api/events?company_id=${main.company.id}`, { headers: bearer(sub.token) });
    expect(again.status).toBe(403);
  });

  it('refuses a user more streams than the limit on one server, in Chinese', async () => {
    const u = await seedUser(db());
    for (let i = 0; i < EVENTS_LIMITS.perUser; i++) await stream(urlA, u);
    const res = await fetch(`${urlA}/api/events`, { headers: { ...bearer(u.token), accept: 'text/event-stream' } });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ status: 0, msg: '打开的实时通知连接过多，请关闭部分页面后重试' });
    // the other server has its own count
    expect((await stream(urlB, u)).status).toBe(200);
  });
});
