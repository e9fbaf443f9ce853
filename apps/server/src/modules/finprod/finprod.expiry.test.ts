import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, companies } from '../../db/schema';
import { signFinProdNotify } from '../../platform/finance';
import { startJobs } from '../../platform/jobs';
import { seedUser, tableText } from '../../test/harness';
import { createFinanceTestApp, FINANCE_TEST_SECRET } from '../../test/finance';
import { systemMessages } from '../message/message.tables';
import { financeProductApps } from './finprod.tables';
import { expireFinanceProductApps } from './finprod.service';

const SECRET = FINANCE_TEST_SECRET;
let t: Awaited<ReturnType<typeof createFinanceTestApp>>;
beforeAll(async () => {
  t = await createFinanceTestApp();
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const get = (url: string, h: THeaders = {}) => t.app.inject({ method: 'GET', url, headers: h });
const post = (url: string, h: THeaders, payload: object) => t.app.inject({ method: 'POST', url, headers: h, payload });
const tables = async () =>
  [
    await tableText(t.db, 'finance_product_apps'),
    await tableText(t.db, 'companies'),
    await tableText(t.db, 'audit_events'),
    await tableText(t.db, 'system_messages'),
  ].join('\n');
const notify = (b: { no: string; result: 'PASS' | 'REFUSE'; reason?: string }) => {
  const body = { ...b, ts: Date.now() };
  return t.app.inject({
    method: 'POST',
    url: '/api/company/finance/notify',
    payload: { ...body, sign: signFinProdNotify(SECRET, body) },
  });
};
const noOf = (url: string) => url.split('/').pop() ?? '';
const appOf = async (no: string) =>
  (await t.db.select().from(financeProductApps).where(eq(financeProductApps.no, no)))[0];
const appsOf = (companyId: number) =>
  t.db
    .select()
    .from(financeProductApps)
    .where(eq(financeProductApps.companyId, companyId))
    .orderBy(financeProductApps.id);
/** Moves an application's deadline into the past, as if the review period ran out. */
const overdue = (no: string) =>
  t.db
    .update(financeProductApps)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(financeProductApps.no, no));
const trail = async (id: number) =>
  (
    await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'finance_product_app'), eq(auditEvents.entityId, id)))
      .orderBy(auditEvents.id)
  ).map((e) => [e.action, e.fromStatus, e.toStatus, e.actorId]);
const finance = async (companyId: number) =>
  (await t.db.select({ f: companies.finance }).from(companies).where(eq(companies.id, companyId)))[0].f;

const IN_PROGRESS = '您的企业已有开通供应链金融产品的申请正在审核中，请等待金融机构审核结果';
const EXPIRED = '该开通申请已过期，金融机构的审核结果不再生效';
const CLOSED = '该开通申请已被平台关闭，金融机构的审核结果不再生效';
const DECIDED = '该申请已处理';

/** A verified provider with advanced verification but without the finance product, and its application. */
async function applied(name?: string) {
  const p = await seedUser(t.db, { companyName: name ?? `服务商${Math.random().toString(36).slice(2, 6)}有限公司` });
  await t.db.update(companies).set({ status: 1, super: 1, finance: 0 }).where(eq(companies.id, p.company.id));
  const r = (await post('/api/company/finance/apply', p.auth, {})).json();
  expect(r.status).toBe(1);
  return { ...p, no: noOf(r.data.url), url: r.data.url as string };
}

describe('finance-product applications expire', () => {
  it('an application gets the review period (7 days) as its deadline, shown while in review', async () => {
    const p = await applied();
    const app = await appOf(p.no);
    expect(app.expiresAt.getTime() - app.createdAt.getTime()).toBeGreaterThan(7 * 86_400_000 - 5_000);
    expect(app.expiresAt.getTime() - app.createdAt.getTime()).toBeLessThan(7 * 86_400_000 + 5_000);
    expect(app.companyName).toBe(p.company.name);
    const info = (await get('/api/company/finance/info', p.auth)).json().data;
    expect(info).toMatchObject({ status: 3, status_v: '审核中', reason: '' });
    expect(info.expire_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('by the read: past its deadline it reads as 已过期 at once, the partner can no longer decide it, a late callback is refused and changes nothing', async () => {
    const p = await applied();
    await overdue(p.no);
    const info = (await get('/api/company/finance/info', p.auth)).json().data;
    expect(info).toMatchObject({ status: 4, status_v: '已过期', apply_flag: 1, url: '', expire_time: '' });
    expect(info.reason).toMatch(
      /^金融机构未在审核期限（\d{4}-\d{2}-\d{2} \d{2}:\d{2}）前答复，申请已过期，可重新申请$/,
    );
    expect((await get(`/api/finance/sandbox-product/${p.no}`)).json().data).toMatchObject({
      state: 4,
      state_v: '已过期',
    });

    const before = await tables();
    for (const result of ['PASS', 'REFUSE'] as const) {
      const r = await notify({ no: p.no, result, reason: '迟到的结果' });
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ status: 0, msg: EXPIRED });
    }
    expect((await post(`/api/finance/sandbox-product/${p.no}/decide`, {}, { result: 'PASS' })).json()).toMatchObject({
      status: 0,
      msg: EXPIRED,
    });
    expect(await tables()).toBe(before);
    expect(await finance(p.company.id)).toBe(0);
    // the read changed nothing: the row is still in review until the job (or a new application) writes it down
    expect((await appOf(p.no)).state).toBe(3);
  });

  it('by the job: written down once (audit, a message to the applicant); a second run does nothing; a late callback is refused', async () => {
    const p = await applied();
    const q = await applied();
    await overdue(p.no);
    const id = (await appOf(p.no)).id;
    const stop = startJobs(
      [{ name: `finprod-expiry-${id}`, everyMs: 60_000, run: () => expireFinanceProductApps(t.db) }],
      { error: () => {}, info: () => {} },
      t.db,
      { pollMs: 50 },
    );
    try {
      for (let i = 0; i < 100 && (await appOf(p.no)).state !== 4; i++) await new Promise((r) => setTimeout(r, 50));
    } finally {
      stop();
    }
    expect(await appOf(p.no)).toMatchObject({ state: 4, decidedAt: expect.any(Date) });
    // the other application is within its period: untouched
    expect((await appOf(q.no)).state).toBe(3);
    expect(await trail(id)).toEqual([
      ['apply', '0', '3', p.user.id],
      ['expire', '3', '4', null],
    ]);
    const msgs = await t.db.select().from(systemMessages).where(eq(systemMessages.userId, p.user.id));
    expect(msgs.map((m) => m.title)).toEqual(['供应链金融产品开通申请已过期']);
    expect(msgs[0].body).toContain(p.company.name);

    const before = await tables();
    expect(await expireFinanceProductApps(t.db)).toBe(0);
    expect((await notify({ no: p.no, result: 'PASS' })).json()).toMatchObject({ status: 0, msg: EXPIRED });
    expect(await tables()).toBe(before);
    expect((await get('/api/company/finance/info', p.auth)).json().data).toMatchObject({ status: 4, apply_flag: 1 });
  });

  it('the company applies again after the expiry; twenty applies at once leave one live application', async () => {
    const p = await applied();
    await overdue(p.no);
    const rs = await Promise.all(Array.from({ length: 20 }, () => post('/api/company/finance/apply', p.auth, {})));
    const oks = rs.filter((r) => r.json().status === 1);
    expect(oks).toHaveLength(1);
    for (const r of rs.filter((x) => x.json().status !== 1)) expect(r.json().msg).toBe(IN_PROGRESS);
    const apps = await appsOf(p.company.id);
    expect(apps.map((a) => [a.no === p.no, a.state])).toEqual([
      [true, 4],
      [false, 3],
    ]);
    // the new application wrote the old one's expiry down first (once), with its message
    expect(await trail(apps[0].id)).toEqual([
      ['apply', '0', '3', p.user.id],
      ['expire', '3', '4', null],
    ]);
    expect(await trail(apps[1].id)).toEqual([['apply', '4', '3', p.user.id]]);
    expect((await get('/api/company/finance/info', p.auth)).json().data).toMatchObject({
      status: 3,
      url: oks[0].json().data.url,
    });
    // the new one is decided as usual, the old one stays expired
    expect(
      (await post(`/api/finance/sandbox-product/${noOf(oks[0].json().data.url)}/decide`, {}, { result: 'PASS' })).json()
        .data,
    ).toMatchObject({ state: 1 });
    expect(await finance(p.company.id)).toBe(1);
    expect((await appOf(p.no)).state).toBe(4);
  });
});

describe('the console: finance-product applications', () => {
  it('staff list by state and company name, paginated; a normal user and a stranger are refused', async () => {
    const tag = Math.random().toString(36).slice(2, 6);
    const a = await applied(`江苏${tag}机械租赁有限公司`);
    const b = await applied(`浙江${tag}建机有限公司`);
    await overdue(b.no);
    const c = await applied(`安徽${tag}工程机械有限公司`);
    expect(
      (
        await post(`/api/finance/sandbox-product/${c.no}/decide`, {}, { result: 'REFUSE', reason: '经营年限不足' })
      ).json().status,
    ).toBe(1);
    const staff = await seedUser(t.db, { role: 'admin' });
    const list = async (qs: string) => (await get(`/api/admin/finance-products?${qs}`, staff.auth)).json().data;

    const all = await list(`company=${encodeURIComponent(tag)}`);
    expect(all.total).toBe(3);
    expect(all.data.map((r: { no: string }) => r.no)).toEqual([c.no, b.no, a.no]);
    expect(all.data[0]).toMatchObject({
      company_name: c.company.name,
      applicant: c.user.username,
      applicant_phone: c.phone,
      state: 2,
      state_v: '已拒绝',
      reason: '经营年限不足',
      actions: [],
    });
    // in review past the deadline: listed as expired, not in review
    expect(all.data[1]).toMatchObject({ state: 4, state_v: '已过期', actions: [] });
    expect(all.data[1].reason).toMatch(/^金融机构未在审核期限/);
    expect(all.data[2]).toMatchObject({ state: 3, state_v: '审核中', actions: ['close'], decide_time: '' });
    expect((await list(`company=${encodeURIComponent(tag)}&state=3`)).data.map((r: { no: string }) => r.no)).toEqual([
      a.no,
    ]);
    expect((await list(`company=${encodeURIComponent(tag)}&state=4`)).data.map((r: { no: string }) => r.no)).toEqual([
      b.no,
    ]);
    expect((await list(`company=${encodeURIComponent(`浙江${tag}`)}`)).data.map((r: { no: string }) => r.no)).toEqual([
      b.no,
    ]);
    // every term must match: two names, no company
    expect((await list(`company=${encodeURIComponent(`浙江${tag} 安徽`)}`)).total).toBe(0);
    const p1 = await list(`company=${encodeURIComponent(tag)}&size=2`);
    const p2 = await list(`company=${encodeURIComponent(tag)}&size=2&page=2`);
    expect([p1.total, p1.data.length, p2.data.length]).toEqual([3, 2, 1]);
    expect(p2.data[0].no).toBe(a.no);

    // a normal user (even a main account), a stranger; a bad filter
    const r = await get('/api/admin/finance-products', a.auth);
    expect(r.statusCode).toBe(403);
    expect(r.json().status).toBe(0);
    const anon = await get('/api/admin/finance-products');
    expect(anon.statusCode).toBe(401);
    expect(anon.json().status).toBe(-1);
    expect((await get('/api/admin/finance-products?state=9', staff.auth)).statusCode).toBe(400);
    expect((await get(`/api/admin/finance-products/${a.no}/trail`, staff.auth)).statusCode).toBe(400);
  });

  it('staff close a stuck application with a reason: audited, the applicant told, the dashboard shows it, a late callback is refused; the company applies again', async () => {
    const p = await applied();
    const staff = await seedUser(t.db, { role: 'admin' });
    const id = (await appOf(p.no)).id;
    let before = await tables();
    expect(
      (await post(`/api/admin/finance-products/${id}/close`, p.auth, { reason: '金融机构系统故障' })).statusCode,
    ).toBe(403);
    expect((await post(`/api/admin/finance-products/${id}/close`, {}, { reason: '金融机构系统故障' })).statusCode).toBe(
      401,
    );
    expect((await post(`/api/admin/finance-products/${id}/close`, staff.auth, { reason: ' ' })).json()).toMatchObject({
      status: 0,
      msg: '请填写关闭原因',
    });
    expect(
      (await post(`/api/admin/finance-products/${id}/close`, staff.auth, { reason: '长'.repeat(101) })).json(),
    ).toMatchObject({
      status: 0,
      msg: '关闭原因不能超过100个字',
    });
    expect((await post('/api/admin/finance-products/999999/close', staff.auth, { reason: '无' })).statusCode).toBe(404);
    expect(await tables()).toBe(before);

    const rs = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(`/api/admin/finance-products/${id}/close`, staff.auth, { reason: '金融机构系统故障，申请长时间未处理' }),
      ),
    );
    expect(rs.filter((r) => r.json().status === 1)).toHaveLength(1);
    for (const r of rs.filter((x) => x.json().status !== 1)) expect(r.json().msg).toBe(DECIDED);
    expect(await appOf(p.no)).toMatchObject({ state: 5, reason: '金融机构系统故障，申请长时间未处理' });
    expect(await trail(id)).toEqual([
      ['apply', '0', '3', p.user.id],
      ['close', '3', '5', staff.user.id],
    ]);
    const msgs = await t.db.select().from(systemMessages).where(eq(systemMessages.userId, p.user.id));
    expect(msgs.map((m) => m.title)).toEqual(['供应链金融产品开通申请已关闭']);
    expect(msgs[0].body).toContain('金融机构系统故障，申请长时间未处理');
    expect((await get('/api/company/finance/info', p.auth)).json().data).toMatchObject({
      status: 5,
      status_v: '已关闭',
      reason: '金融机构系统故障，申请长时间未处理',
      apply_flag: 1,
      url: '',
    });
    const tr = (await get(`/api/admin/finance-products/${id}/trail`, staff.auth)).json().data;
    expect(tr.map((r: { action_v: string; to: string; actor: string }) => [r.action_v, r.to, r.actor])).toEqual([
      ['提交申请', '审核中', p.user.username],
      ['平台关闭', '已关闭', staff.user.username],
    ]);
    expect((await get(`/api/admin/finance-products/${id}/trail`, p.auth)).statusCode).toBe(403);

    before = await tables();
    expect((await notify({ no: p.no, result: 'PASS' })).json()).toMatchObject({ status: 0, msg: CLOSED });
    expect((await post(`/api/finance/sandbox-product/${p.no}/decide`, {}, { result: 'PASS' })).json()).toMatchObject({
      status: 0,
      msg: CLOSED,
    });
    expect(await tables()).toBe(before);
    expect(await finance(p.company.id)).toBe(0);

    // an expired one is not closed (it is expired already); a decided one neither
    const e = await applied();
    await overdue(e.no);
    const eid = (await appOf(e.no)).id;
    before = await tables();
    expect((await post(`/api/admin/finance-products/${eid}/close`, staff.auth, { reason: '无' })).json()).toMatchObject(
      {
        status: 0,
        msg: EXPIRED,
      },
    );
    expect(await tables()).toBe(before);

    const again = (await post('/api/company/finance/apply', p.auth, {})).json();
    expect(again.status).toBe(1);
    expect((await get('/api/company/finance/info', p.auth)).json().data).toMatchObject({ status: 3 });
  });
});
