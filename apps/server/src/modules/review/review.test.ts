import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MENU } from '@jizu/shared/constants/menu';
import { auditEvents, liveEvents, reports, rentalOrders, systemMessages } from '../../db/schema';
import { addMember, captureStatements, createTestApp, seedUser, tableText } from '../../test/harness';
import { seedConfirmedOrder } from '../../test/order';
import { loadReferenceData } from '../../seed/reference';
import { orderReviews } from './review.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof seedUser>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
  admin = await seedUser(t.db, { role: 'admin' });
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const get = (url: string, h: THeaders = {}) => t.app.inject({ method: 'GET', url, headers: h });
const post = (url: string, h: THeaders, payload: object) => t.app.inject({ method: 'POST', url, headers: h, payload });
const reviewsOf = (orderId: number) =>
  t.db.select().from(orderReviews).where(eq(orderReviews.orderId, orderId)).orderBy(orderReviews.side);
const TENANT = '/api/rent/order/review';
const PROVIDER = '/api/ep/order/review';
const tenantBody = (id: number, over: object = {}) => ({
  id,
  equipment: 5,
  punctual: 4,
  service: 3,
  content: '设备车况良好，进场准时',
  ...over,
});
const providerBody = (id: number, over: object = {}) => ({ id, payment: 4, cooperation: 5, content: '', ...over });

/** A completed order (2 → 3 through the tenant's own call) and its parties. */
async function completedOrder() {
  const s = await seedConfirmedOrder(t);
  const r = (await post('/api/rent/order/complete', s.tenant.auth, { id: s.order.id })).json();
  expect(r.status).toBe(1);
  return s;
}

describe('reviewing a completed order', () => {
  it('before completion refused; each side once; hidden from the other until both have written; then on the shop page', async () => {
    const s = await seedConfirmedOrder(t);
    const { tenant, provider, order } = s;
    // in progress: refused, nothing stored
    expect((await post(TENANT, tenant.auth, tenantBody(order.id))).json()).toMatchObject({
      status: 0,
      msg: '订单完成后才能评价',
    });
    expect((await post(PROVIDER, provider.auth, providerBody(order.id))).json().msg).toBe('订单完成后才能评价');
    expect(await reviewsOf(order.id)).toEqual([]);
    expect((await get(`${TENANT}?id=${order.id}`, tenant.auth)).json().data).toMatchObject({
      can_review: 0,
      deadline: '',
      mine: null,
    });

    await post('/api/rent/order/complete', tenant.auth, { id: order.id });
    const [o] = await t.db.select().from(rentalOrders).where(eq(rentalOrders.id, order.id));
    expect(o.completedAt).toBeInstanceOf(Date);
    expect((await get(`${TENANT}?id=${order.id}`, tenant.auth)).json().data).toMatchObject({ can_review: 1 });

    const ok = (await post(TENANT, tenant.auth, tenantBody(order.id))).json();
    expect(ok).toMatchObject({ status: 1, msg: '评价已提交，双方均评价或评价期结束后公开' });
    // twice: refused, still one row
    const again = await post(TENANT, tenant.auth, tenantBody(order.id, { equipment: 1 }));
    expect([again.statusCode, again.json().msg]).toEqual([409, '您已评价过该订单，每个订单只能评价一次']);
    const one = await reviewsOf(order.id);
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ side: 0, score1: 5, score2: 4, score3: 3, targetCompanyId: provider.company.id });

    // the provider knows a review exists, not what it says; the public sees nothing yet
    const seen = (await get(`${PROVIDER}?id=${order.id}`, provider.auth)).json().data;
    expect(seen).toMatchObject({ can_review: 1, published: 0, theirs: null, theirs_done: 1, mine: null });
    const mine = (await get(`${TENANT}?id=${order.id}`, tenant.auth)).json().data;
    expect(mine).toMatchObject({ can_review: 0, published: 0, theirs: null, theirs_done: 0 });
    expect(mine.mine.scores.map((c: { label: string; score: number }) => [c.label, c.score])).toEqual([
      ['设备状况', 5],
      ['准时进场', 4],
      ['服务沟通', 3],
    ]);
    expect((await get(`/api/site/review/shop?company_id=${provider.company.id}`)).json().data).toMatchObject({
      count: 0,
      latest: [],
    });

    // the second review publishes both at once
    expect((await post(PROVIDER, provider.auth, providerBody(order.id))).json().status).toBe(1);
    const pub = (await get(`${PROVIDER}?id=${order.id}`, provider.auth)).json().data;
    expect(pub).toMatchObject({ can_review: 0, published: 1, theirs: { content: '设备车况良好，进场准时' } });
    expect(pub.mine.scores.map((c: { label: string }) => c.label)).toEqual(['付款及时', '现场配合']);
    const tv = (await get(`${TENANT}?id=${order.id}`, tenant.auth)).json().data;
    expect(tv.theirs.scores.map((c: { score: number }) => c.score)).toEqual([4, 5]);
    // the order's company card: both parties' published averages
    expect(tv.provider_card).toMatchObject({ company_id: provider.company.id, count: 1, overall: 4 });
    expect(tv.tenant_card).toMatchObject({ company_id: tenant.company.id, count: 1, overall: 4.5 });

    const shop = (await get(`/api/site/review/shop?company_id=${provider.company.id}`)).json().data;
    expect(shop).toMatchObject({ company_id: provider.company.id, count: 1, overall: 4 });
    expect(shop.scores.map((c: { label: string; score: number }) => [c.label, c.score])).toEqual([
      ['设备状况', 5],
      ['准时进场', 4],
      ['服务沟通', 3],
    ]);
    expect(shop.latest).toHaveLength(1);
    expect(shop.latest[0].content).toBe('设备车况良好，进场准时');
    expect(shop.latest[0].author).toMatch(/\*\*\*$/);

    // the quote table's and the order card's batch read: both roles, in the order asked, unknown ids with 0
    const cards = (await get(`/api/site/review/scores?ids=${provider.company.id},${tenant.company.id}`)).json().data;
    expect(cards.map((c: { count: number }) => c.count)).toEqual([1, 0]);
    const asTenant = (await get(`/api/site/review/scores?role=tenant&ids=${tenant.company.id}`)).json().data;
    expect(asTenant[0]).toMatchObject({ count: 1, overall: 4.5 });
    expect((await get('/api/site/review/scores?ids=1,x')).json()).toMatchObject({ status: 0, msg: '公司编号不正确' });

    const trail = await t.db.select().from(auditEvents).where(eq(auditEvents.entity, 'review'));
    expect(trail.filter((a) => a.action === 'submit').length).toBeGreaterThanOrEqual(2);
    // each reviewed company was told live, through its order menu
    const told = await t.db.select().from(liveEvents).where(eq(liveEvents.type, 'review'));
    expect(told.map((e) => [e.companyId, e.menu])).toEqual(
      expect.arrayContaining([
        [provider.company.id, MENU.leaseOrder],
        [tenant.company.id, MENU.rentOrder],
      ]),
    );
  });

  it('refuses bad stars and texts with their messages and stores nothing', async () => {
    const { tenant, provider, order } = await completedOrder();
    const cases: [string, THeaders, object, string][] = [
      [TENANT, tenant.auth, tenantBody(order.id, { equipment: 0 }), '请为每一项打分（1–5星）'],
      [TENANT, tenant.auth, tenantBody(order.id, { service: 6 }), '请为每一项打分（1–5星）'],
      [TENANT, tenant.auth, { id: order.id, equipment: 5, punctual: 5 }, '请为每一项打分（1–5星）'],
      [TENANT, tenant.auth, tenantBody(order.id, { content: '好'.repeat(201) }), '评价内容不能超过200个字'],
      [
        TENANT,
        tenant.auth,
        tenantBody(order.id, { content: '有事打我电话 138 0013 8000' }),
        '评价内容不能包含手机号、微信、QQ、邮箱等联系方式',
      ],
      [
        PROVIDER,
        provider.auth,
        providerBody(order.id, { content: '加微信 abc_12345 细聊' }),
        '评价内容不能包含手机号、微信、QQ、邮箱等联系方式',
      ],
      [PROVIDER, provider.auth, providerBody(order.id, { cooperation: 2.5 }), '请为每一项打分（1–5星）'],
    ];
    for (const [url, h, body, msg] of cases) {
      const res = await post(url, h, body);
      expect([res.statusCode, res.json().msg], JSON.stringify(body)).toEqual([400, msg]);
    }
    expect(await reviewsOf(order.id)).toEqual([]);
    // 200 characters and no text at all are fine
    expect((await post(TENANT, tenant.auth, tenantBody(order.id, { content: '好'.repeat(200) }))).json().status).toBe(
      1,
    );
    expect((await post(PROVIDER, provider.auth, { id: order.id, payment: 1, cooperation: 1 })).json().status).toBe(1);
  });

  it('after the window: refused; a lone review is published when the window closes', async () => {
    const { tenant, provider, order } = await completedOrder();
    expect((await post(TENANT, tenant.auth, tenantBody(order.id))).json().status).toBe(1);
    const shop = `/api/site/review/shop?company_id=${provider.company.id}`;
    expect((await get(shop)).json().data.count).toBe(0);
    // 31 days later: the provider may no longer review, and the tenant's review is public
    const past = new Date(Date.now() - 31 * 86_400_000);
    await t.db.update(rentalOrders).set({ completedAt: past }).where(eq(rentalOrders.id, order.id));
    await t.db
      .update(orderReviews)
      .set({ publishAt: new Date(past.getTime() + 30 * 86_400_000) })
      .where(eq(orderReviews.orderId, order.id));
    const late = await post(PROVIDER, provider.auth, providerBody(order.id));
    expect([late.statusCode, late.json().msg]).toEqual([409, '评价期已结束（订单完成后30天内可评价）']);
    expect(await reviewsOf(order.id)).toHaveLength(1);
    expect((await get(`${PROVIDER}?id=${order.id}`, provider.auth)).json().data).toMatchObject({
      can_review: 0,
      published: 1,
      theirs: { content: '设备车况良好，进场准时' },
    });
    expect((await get(shop)).json().data.count).toBe(1);
  });
});

describe('who may review', () => {
  it('another company, the wrong side, a sub-user without the grant and a stranger are refused; a granted sub-user may', async () => {
    const { tenant, provider, order } = await completedOrder();
    const before = await tableText(t.db, 'order_reviews');
    const other = await seedUser(t.db, { companyName: '无关建设有限公司' });
    for (const [url, body] of [
      [TENANT, tenantBody(order.id)],
      [PROVIDER, providerBody(order.id)],
    ] as const) {
      const res = await post(url, other.auth, body);
      expect([res.statusCode, res.json().msg]).toEqual([404, '订单不存在或已删除']);
    }
    expect((await get(`${TENANT}?id=${order.id}`, other.auth)).statusCode).toBe(404);
    // the provider is not the tenant: the tenant's path does not know its order, and the reverse
    expect((await post(TENANT, provider.auth, tenantBody(order.id))).statusCode).toBe(404);
    expect((await post(PROVIDER, tenant.auth, providerBody(order.id))).statusCode).toBe(404);
    // a sub-user without 租入订单 / 租出订单
    const bare = await seedUser(t.db);
    await addMember(t.db, tenant.company.id, bare.user.id, { menus: [MENU.rentCompete] });
    const refused = await post(TENANT, bare.auth, { ...tenantBody(order.id), company_id: tenant.company.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status).toBe(0);
    const provBare = await seedUser(t.db);
    await addMember(t.db, provider.company.id, provBare.user.id, { menus: [MENU.response] });
    expect(
      (await post(PROVIDER, provBare.auth, { ...providerBody(order.id), company_id: provider.company.id })).statusCode,
    ).toBe(403);
    // a stranger
    const anon = await post(TENANT, {}, tenantBody(order.id));
    expect([anon.statusCode, anon.json().status]).toEqual([401, -1]);
    expect(await tableText(t.db, 'order_reviews')).toBe(before);

    const granted = await seedUser(t.db);
    await addMember(t.db, tenant.company.id, granted.user.id, { menus: [MENU.rentOrder] });
    expect(
      (await post(TENANT, granted.auth, { ...tenantBody(order.id), company_id: tenant.company.id })).json().status,
    ).toBe(1);
    const [r] = await reviewsOf(order.id);
    expect(r).toMatchObject({ authorCompanyId: tenant.company.id, authorUserId: granted.user.id });
  });
});

describe('the console and reports', () => {
  it('staff list and hide a review with a reason; the author is told; it leaves the shop page; reports reach the queue', async () => {
    const { tenant, provider, order } = await completedOrder();
    await post(TENANT, tenant.auth, tenantBody(order.id, { content: '态度恶劣' }));
    // not yet public: cannot be reported
    const early = await post('/api/index/report/add', provider.auth, {
      type: 2,
      target_id: (await reviewsOf(order.id))[0].id,
      report_type: 1,
      remarks: '不实评价',
    });
    expect([early.statusCode, early.json().msg]).toEqual([409, '该评价不存在或尚未公开']);
    await post(PROVIDER, provider.auth, providerBody(order.id));
    const [tr] = await reviewsOf(order.id);

    // a report on the published review goes to the report queue
    const rep = await post('/api/index/report/add', provider.auth, {
      type: 2,
      target_id: tr.id,
      report_type: 1,
      remarks: '不实评价',
    });
    expect(rep.json().status).toBe(1);
    const queue = (await get('/api/admin/reports?status=0&size=50', admin.auth)).json().data.data;
    const row = queue.find((q: { target_id: number; type: number }) => q.type === 2 && q.target_id === tr.id);
    expect(row.target_name).toContain('态度恶劣');
    expect(row.review.href).toBe('/admin/reviews');

    // the console's list; a non-staff user is refused
    expect((await get('/api/admin/reviews', tenant.auth)).statusCode).toBe(403);
    const list = (await get('/api/admin/reviews?status=0&size=50', admin.auth)).json().data;
    expect(list.total).toBeGreaterThanOrEqual(2);
    expect(list.data.find((x: { id: number }) => x.id === tr.id)).toMatchObject({
      order_sn: order.sn,
      author: tenant.company.name,
      target: provider.company.name,
      status_v: '展示中',
      published: 1,
    });

    // hide: a reason is required; the author gets a system message; the shop page no longer counts it
    const noReason = await post(`/api/admin/reviews/${tr.id}/hide`, admin.auth, { reason: ' ' });
    expect([noReason.statusCode, noReason.json().msg]).toEqual([400, '请填写隐藏原因']);
    expect((await post(`/api/admin/reviews/${tr.id}/hide`, tenant.auth, { reason: '越权' })).statusCode).toBe(403);
    expect((await reviewsOf(order.id))[0].status).toBe(0);
    const hid = (await post(`/api/admin/reviews/${tr.id}/hide`, admin.auth, { reason: '含有侮辱性言论' })).json();
    expect(hid).toMatchObject({ status: 1, msg: '评价已隐藏，已通知评价人' });
    const twice = await post(`/api/admin/reviews/${tr.id}/hide`, admin.auth, { reason: '再次' });
    expect([twice.statusCode, twice.json().msg]).toEqual([409, '该评价已隐藏']);
    const missing = await post('/api/admin/reviews/2147483647/hide', admin.auth, { reason: '无' });
    expect([missing.statusCode, missing.json().msg]).toEqual([404, '评价不存在或已删除']);
    const inbox = await t.db.select().from(systemMessages).where(eq(systemMessages.userId, tenant.user.id));
    expect(inbox.map((m) => [m.title, m.body])).toContainEqual([
      '您的评价已被平台隐藏',
      `您对订单 ${order.sn}（${provider.company.name}）的评价已被平台隐藏。原因：含有侮辱性言论`,
    ]);
    expect((await get(`/api/site/review/shop?company_id=${provider.company.id}`)).json().data.count).toBe(0);
    // the provider no longer reads the hidden text on its order
    expect((await get(`${PROVIDER}?id=${order.id}`, provider.auth)).json().data.theirs).toBeNull();
    const hidden = (await get('/api/admin/reviews?status=1', admin.auth)).json().data.data;
    expect(hidden[0]).toMatchObject({ id: tr.id, hide_reason: '含有侮辱性言论', status_v: '已隐藏' });
    expect((await t.db.select().from(reports).where(eq(reports.targetId, tr.id))).length).toBe(1);
  });

  it('the shop page and the quote table each read in one statement', async () => {
    const { provider, tenant } = await completedOrder();
    const cap = captureStatements(t.db);
    await get(`/api/site/review/shop?company_id=${provider.company.id}`);
    expect(cap.take().filter((q) => q.includes('order_reviews'))).toHaveLength(1);
    expect(cap.take()).toEqual([]);
    await get(`/api/site/review/scores?ids=${provider.company.id},${tenant.company.id}`);
    expect(cap.take()).toHaveLength(1);
  });
});
