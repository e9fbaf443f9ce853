import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import { auditEvents, companies } from '../../db/schema';
import { signFinNotify, signFinProdNotify } from '../../platform/finance';
import { addMember, seedUser, tableText } from '../../test/harness';
import { createFinanceTestApp, FINANCE_TEST_SECRET } from '../../test/finance';
import { seedConfirmedOrder } from '../../test/order';
import { loadReferenceData } from '../../seed/reference';
import { orderSettlements } from '../settle/settle.tables';
import { financeProductApps } from './finprod.tables';

const SECRET = FINANCE_TEST_SECRET;
let t: Awaited<ReturnType<typeof createFinanceTestApp>>;
beforeAll(async () => {
  t = await createFinanceTestApp();
  await loadReferenceData(t.db);
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
  ].join('\n');
const notify = (b: { no: string; result: 'PASS' | 'REFUSE'; reason?: string; ts?: number }, secret = SECRET) => {
  const body = { ...b, ts: b.ts ?? Date.now() };
  return t.app.inject({
    method: 'POST',
    url: '/api/company/finance/notify',
    payload: { ...body, sign: signFinProdNotify(secret, body) },
  });
};
const noOf = (url: string) => url.split('/').pop() ?? '';

const GATE = '您尚未通过第三方高级认证并开通金融产品，无法进行此项操作。';
const NEED_SUPER = '您的企业尚未通过第三方高级认证，请先完成高级认证再开通供应链金融产品';
const OPEN = '您的企业已开通供应链金融产品，无需重复申请';
const IN_PROGRESS = '您的企业已有开通供应链金融产品的申请正在审核中，请等待金融机构审核结果';
const MAIN_ONLY = '仅企业主账号可以执行此操作';

/** A verified provider with advanced verification but without the finance product. */
async function provider(opts: { super?: 0 | 1 } = {}) {
  const p = await seedUser(t.db, { companyName: `服务商${Math.random().toString(36).slice(2, 6)}有限公司` });
  await t.db
    .update(companies)
    .set({ status: 1, super: opts.super ?? 1, finance: 0 })
    .where(eq(companies.id, p.company.id));
  return p;
}
const finance = async (companyId: number) =>
  (await t.db.select({ f: companies.finance }).from(companies).where(eq(companies.id, companyId)))[0].f;

describe('the supply-chain finance product', () => {
  it('apply → the partner approves → finance 1 once; the settlement and payment gates that refused now pass', async () => {
    const s = await seedConfirmedOrder(t);
    const pc = s.provider.company.id;
    await t.db.update(companies).set({ finance: 0 }).where(eq(companies.id, pc));
    const [st] = await t.db
      .insert(orderSettlements)
      .values({
        sn: `JS${Math.random().toString().slice(2, 14)}`,
        orderId: s.order.id,
        tenantCompanyId: s.tenant.company.id,
        providerCompanyId: pc,
        settleSn: 'JS-F01',
        month: shanghaiDay(0).slice(0, 7),
        date: shanghaiDay(0),
        taxTotal: 1_000_000,
        serRatioBp: 200,
        serTotal: 20_000,
        providerTotal: 980_000,
        createdBy: s.tenant.user.id,
      })
      .returning();
    const h = s.provider.auth;
    expect((await post('/api/ep/st_checkok', h, { order_id: s.order.id, id: st.id })).json()).toMatchObject({
      status: 0,
      msg: GATE,
    });
    expect((await get(`/api/ep/orderpayment/info?order_id=${s.order.id}`, h)).json()).toMatchObject({
      status: 0,
      msg: GATE,
    });

    expect((await get('/api/company/finance/info', h)).json().data).toMatchObject({
      status: 0,
      status_v: '未开通',
      apply_flag: 1,
      super: 1,
      url: '',
    });
    const r = (await post('/api/company/finance/apply', h, {})).json();
    expect(r).toMatchObject({ status: 1, msg: '申请已提交，请在金融机构页面完成审核' });
    expect(r.data.url).toMatch(/^http:\/\/jizu\.test\/site\/finance\/sandbox\/KT[0-9a-f]+/);
    const no = noOf(r.data.url);
    expect((await get('/api/company/finance/info', h)).json().data).toMatchObject({
      status: 3,
      status_v: '审核中',
      apply_flag: 0,
      url: r.data.url,
    });

    // the partner's page, then its decision as a signed callback
    expect((await get(`/api/finance/sandbox-product/${no}`)).json().data).toMatchObject({
      no,
      state: 3,
      state_v: '审核中',
      company_name: s.provider.company.name,
    });
    const d = (await post(`/api/finance/sandbox-product/${no}/decide`, {}, { result: 'PASS' })).json();
    expect(d).toMatchObject({ status: 1, data: { state: 1, state_v: '已通过' } });
    expect(await finance(pc)).toBe(1);
    expect((await get('/api/company/finance/info', h)).json().data).toMatchObject({
      status: 1,
      status_v: '已开通',
      apply_flag: 0,
      url: '',
    });
    const app = (await t.db.select().from(financeProductApps).where(eq(financeProductApps.no, no)))[0];
    const appTrail = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'finance_product_app'), eq(auditEvents.entityId, app.id)));
    expect(appTrail.map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([
      ['apply', '0', '3'],
      ['approve', '3', '1'],
    ]);
    const coTrail = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entity, 'company'), eq(auditEvents.entityId, pc), eq(auditEvents.action, 'finance_open')),
      );
    expect(coTrail).toHaveLength(1);

    // the gates pass now
    expect((await get(`/api/ep/orderpayment/info?order_id=${s.order.id}`, h)).json().status).toBe(1);
    expect((await post('/api/ep/st_checkok', h, { order_id: s.order.id, id: st.id })).json().status).toBe(1);

    // a replayed approval, a late refusal, the sandbox deciding again, applying again: nothing changes
    const before = await tables();
    expect((await notify({ no, result: 'PASS' })).json()).toMatchObject({ status: 1, data: { state: 1 } });
    expect((await notify({ no, result: 'REFUSE', reason: '迟到' })).json()).toMatchObject({
      status: 1,
      data: { state: 1 },
    });
    expect((await post(`/api/finance/sandbox-product/${no}/decide`, {}, { result: 'REFUSE' })).json()).toMatchObject({
      status: 0,
      msg: '该申请已处理',
    });
    expect((await post('/api/company/finance/apply', h, {})).json()).toMatchObject({ status: 0, msg: OPEN });
    expect(await tables()).toBe(before);
  });

  it('a refusal keeps the reason; the company applies again; twenty clicks apply once', async () => {
    const p = await provider();
    const no = noOf((await post('/api/company/finance/apply', p.auth, {})).json().data.url);
    let before = await tables();
    expect((await post('/api/company/finance/apply', p.auth, {})).json()).toMatchObject({
      status: 0,
      msg: IN_PROGRESS,
    });
    expect(await tables()).toBe(before);
    expect(
      (await post(`/api/finance/sandbox-product/${no}/decide`, {}, { result: 'REFUSE', reason: '经营年限不足' })).json()
        .data,
    ).toMatchObject({
      state: 2,
      reason: '经营年限不足',
    });
    expect(await finance(p.company.id)).toBe(0);
    expect((await get('/api/company/finance/info', p.auth)).json().data).toMatchObject({
      status: 2,
      status_v: '未通过',
      reason: '经营年限不足',
      apply_flag: 1,
    });
    // a late approval of the refused application changes nothing
    before = await tables();
    expect((await notify({ no, result: 'PASS' })).json()).toMatchObject({ status: 1, data: { state: 2 } });
    expect(await tables()).toBe(before);

    const rs = await Promise.all(Array.from({ length: 20 }, () => post('/api/company/finance/apply', p.auth, {})));
    const oks = rs.filter((r) => r.json().status === 1);
    expect(oks).toHaveLength(1);
    for (const r of rs.filter((x) => x.json().status !== 1)) expect(r.json().msg).toBe(IN_PROGRESS);
    const apps = await t.db.select().from(financeProductApps).where(eq(financeProductApps.companyId, p.company.id));
    expect(apps.map((a) => a.state).sort()).toEqual([2, 3]);
    expect(
      (await post(`/api/finance/sandbox-product/${noOf(oks[0].json().data.url)}/decide`, {}, { result: 'PASS' })).json()
        .status,
    ).toBe(1);
    expect(await finance(p.company.id)).toBe(1);
  });

  it('refusals: not advanced verified, sub-user, stranger; nothing changes', async () => {
    const p = await provider({ super: 0 });
    const q = await provider();
    const sub = await seedUser(t.db);
    await addMember(t.db, q.company.id, sub.user.id);
    const other = await provider();
    const before = await tables();
    expect((await get('/api/company/finance/info', p.auth)).json().data).toMatchObject({
      status: 0,
      apply_flag: 0,
      super: 0,
    });
    const r = await post('/api/company/finance/apply', p.auth, {});
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ status: 0, msg: NEED_SUPER });

    expect((await get(`/api/company/finance/info?company_id=${q.company.id}`, sub.auth)).json().data).toMatchObject({
      status: 0,
      apply_flag: 0,
    });
    expect((await post('/api/company/finance/apply', sub.auth, { company_id: q.company.id })).json()).toMatchObject({
      status: 0,
      msg: MAIN_ONLY,
    });
    // another company's main account names q: not a member
    expect((await post('/api/company/finance/apply', other.auth, { company_id: q.company.id })).json().status).toBe(0);
    expect((await get(`/api/company/finance/info?company_id=${q.company.id}`, other.auth)).json().status).toBe(0);
    // a stranger
    const anon = await post('/api/company/finance/apply', {}, { company_id: q.company.id });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().status).toBe(-1);
    expect((await get(`/api/company/finance/info?company_id=${q.company.id}`)).json().status).toBe(-1);
    expect(await tables()).toBe(before);
  });

  it('a forged, late, financing-signed or unknown callback changes nothing', async () => {
    const p = await provider();
    const no = noOf((await post('/api/company/finance/apply', p.auth, {})).json().data.url);
    const before = await tables();
    const forged = await notify({ no, result: 'PASS' }, 'wrong-secret-0123456789');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ status: 0, msg: '回调签名校验失败' });
    expect((await notify({ no, result: 'PASS', ts: Date.now() - 11 * 60_000 })).json()).toMatchObject({
      status: 0,
      msg: '回调签名校验失败',
    });
    // the reason is signed: a refusal's reason cannot be swapped
    const ts = Date.now();
    const sign = signFinProdNotify(SECRET, { no, result: 'REFUSE', ts, reason: 'a' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/company/finance/notify',
          payload: { no, result: 'REFUSE', ts, reason: 'b', sign },
        })
      ).json().status,
    ).toBe(0);
    // a financing callback's signature does not pass for a product one
    const fs = signFinNotify(SECRET, { order_no: no, event: 'APPROVED', amount: 0, interest: 0, ts });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/company/finance/notify',
          payload: { no, result: 'PASS', ts, sign: fs },
        })
      ).json().status,
    ).toBe(0);
    expect((await notify({ no: 'KT0000000000unknown', result: 'PASS' })).json()).toMatchObject({
      status: 0,
      msg: '开通申请不存在',
    });
    expect(await tables()).toBe(before);
    expect(await finance(p.company.id)).toBe(0);
  });
});
