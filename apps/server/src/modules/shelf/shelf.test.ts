import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { MENU } from '@jizu/shared/constants/menu';
import { auditEvents, equipmentListings, payOrders, shelfOrders, shelves, systemMessages } from '../../db/schema';
import { SandboxChannel } from '../../platform/payment';
import { addMember, createTestApp, seedUser } from '../../test/harness';
import { seedListing } from '../../test/listing';
import { loadReferenceData } from '../../seed/reference';

let t: Awaited<ReturnType<typeof createTestApp>>;
let channel: SandboxChannel;
let admin: Awaited<ReturnType<typeof seedUser>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
  // the sandbox posts its notify over HTTP to the server's own address
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  channel = new SandboxChannel(t.config.payment.sandboxSecret, t.config.publicUrl);
  admin = await seedUser(t.db, { role: 'admin' });
});
afterAll(async () => t?.close());

type H = Record<string, string>;
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const noOf = (codeUrl: string) => codeUrl.split('/').pop() as string;
const ordersOf = (companyId: number) =>
  t.db
    .select()
    .from(shelfOrders)
    .where(and(eq(shelfOrders.companyId, companyId), isNull(shelfOrders.deletedAt)));
const shelvesOf = (companyId: number) =>
  t.db.select().from(shelves).where(eq(shelves.companyId, companyId)).orderBy(shelves.id);
const terms = { month_rent: 1_500_000, lease_term: 24, selling_price: 20_000_000 };

async function apply(u: { auth: H; company: { id: number } }, num: number) {
  const res = await req('POST', '/api/ep/shelf', u.auth, { company_id: u.company.id, num, pay_type: 'wx' });
  expect(res.json()).toMatchObject({ status: 1, msg: '货架申请已提交，请完成支付' });
  return res.json().data as {
    order: { id: number; sn: string; status: number };
    pay: { order_sn: string; code_url: string; amount: number };
  };
}
async function pay(codeUrl: string) {
  const r = await req('POST', `/api/pay/sandbox/${noOf(codeUrl)}/pay`, {}, {});
  expect(r.json().data.state).toBe('SUCCESS');
}
/** A company with an effective order of `num` shelves (applied, paid, approved). */
async function withShelves(num: number, name: string) {
  const u = await seedUser(t.db, { companyName: name });
  const a = await apply(u, num);
  await pay(a.pay.code_url);
  const ok = await req('POST', `/api/admin/shelf-orders/${a.order.id}/approve`, admin.auth, {});
  expect(ok.json().status).toBe(1);
  return { u, order: a.order, shelves: await shelvesOf(u.company.id) };
}

describe('shelf orders', () => {
  it('a stranger gets 401; a sub-user without the shelf grant 403, without the rent-to-own grant 403 on /epRent', async () => {
    expect((await req('GET', '/api/ep/shelf')).statusCode).toBe(401);
    expect((await req('GET', '/api/site/rentbuy')).statusCode).toBe(200);
    const owner = await seedUser(t.db, { companyName: '货架权限有限公司' });
    const sub = await seedUser(t.db);
    await addMember(t.db, owner.company.id, sub.user.id, { menus: [MENU.deviceRent] });
    for (const [m, url, body] of [
      ['GET', `/api/ep/shelf?company_id=${owner.company.id}`],
      ['POST', '/api/ep/shelf', { company_id: owner.company.id, num: 1 }],
      ['GET', `/api/ep/shelf/order?company_id=${owner.company.id}`],
      ['GET', `/api/epRent/equipment?company_id=${owner.company.id}`],
      ['POST', '/api/epRent/index', { company_id: owner.company.id, shelf_id: 1, product_id: 1, ...terms }],
    ] as const) {
      const r = await req(m, url, sub.auth, body as object | undefined);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().status).toBe(0);
    }
    expect(await ordersOf(owner.company.id)).toHaveLength(0);
    const granted = await seedUser(t.db);
    await addMember(t.db, owner.company.id, granted.user.id, { menus: [MENU.shelf] });
    expect((await req('GET', `/api/ep/shelf?company_id=${owner.company.id}`, granted.auth)).json()).toMatchObject({
      status: 1,
      data: { data: [], total: 0 },
    });
  });

  it('refuses 0, 6 and no shelves with the messages; nothing is ordered', async () => {
    const u = await seedUser(t.db, { companyName: '货架数量有限公司' });
    for (const [num, msg] of [
      [0, '货架数量须为1至5个'],
      [6, '货架数量须为1至5个'],
      [1.5, '货架数量须为1至5个'],
      [undefined, '请输入货架数量'],
    ] as const) {
      const r = await req('POST', '/api/ep/shelf', u.auth, { company_id: u.company.id, num, pay_type: 'wx' });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ status: 0, msg });
    }
    expect(await ordersOf(u.company.id)).toHaveLength(0);
    expect(await t.db.select().from(payOrders).where(eq(payOrders.userId, u.user.id))).toHaveLength(0);
  });

  it('applies (awaiting payment), pays once however often the notify comes, then staff approve: shelves valid 100 days; under review (tab 0) it cannot be deleted, in force (tab 1) it can', async () => {
    const u = await seedUser(t.db, { companyName: '货架支付有限公司' });
    const a = await apply(u, 2);
    expect(a.order).toMatchObject({ status: -1, num: 2 });
    expect(a.pay.amount).toBe(20_000);
    // awaiting payment: in the unpaid tab, not under review
    expect(
      (await req('GET', `/api/ep/shelf/order?company_id=${u.company.id}&status=-1`, u.auth)).json().data.total,
    ).toBe(1);
    await pay(a.pay.code_url);
    // the channel repeats its notify: acknowledged, nothing moves twice
    const dup = await req(
      'POST',
      '/api/pay/notify/sandbox',
      {},
      channel.notifyBody(noOf(a.pay.code_url), a.pay.order_sn, 20_000, 'SBXretry'),
    );
    expect(dup.json().data.result).toBe('duplicate');
    const rows = await ordersOf(u.company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 0, num: 2 });
    expect(
      await t.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.entity, 'shelf_order'),
            eq(auditEvents.entityId, rows[0].id),
            eq(auditEvents.action, 'pay'),
          ),
        ),
    ).toHaveLength(1);
    const review = (await req('GET', `/api/ep/shelf/order?company_id=${u.company.id}&status=0`, u.auth)).json().data;
    expect(review).toMatchObject({ total: 1, data: [{ status: 0, status_v: '审核中', can_delete: false }] });

    // tab 0: an order under review (paid, awaiting staff) cannot be deleted; nothing changes
    const del = await req('DELETE', `/api/ep/shelf/${a.order.id}?company_id=${u.company.id}`, u.auth);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({
      status: 0,
      msg: '审核中的货架订单不能删除：订单已支付，平台审核通过后开通货架，驳回后原路退款',
      code: 'SHELF_ORDER_NOT_DELETABLE',
    });
    expect(await ordersOf(u.company.id)).toMatchObject([{ id: a.order.id, status: 0, deletedAt: null }]);
    expect(
      await t.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.entity, 'shelf_order'),
            eq(auditEvents.entityId, a.order.id),
            eq(auditEvents.action, 'delete'),
          ),
        ),
    ).toHaveLength(0);

    // the console's queue shows it; approve makes 2 empty shelves ending 100 days later; a second decision is refused
    const queue = (await req('GET', '/api/admin/shelf-orders?status=0', admin.auth)).json().data;
    expect(queue.data.some((o: { id: number }) => o.id === a.order.id)).toBe(true);
    const before = Date.now();
    expect((await req('POST', `/api/admin/shelf-orders/${a.order.id}/approve`, admin.auth, {})).json().status).toBe(1);
    const again = await req('POST', `/api/admin/shelf-orders/${a.order.id}/reject`, admin.auth, { reason: '重复' });
    expect(again.json()).toMatchObject({ status: 0, msg: '该货架订单已审核' });
    const made = await shelvesOf(u.company.id);
    expect(made).toHaveLength(2);
    for (const s of made) {
      expect(s.state).toBe(0);
      expect(Math.abs(s.finishTime.getTime() - before - 100 * 86_400_000)).toBeLessThan(60_000);
    }
    const msgs = await t.db.select().from(systemMessages).where(eq(systemMessages.userId, u.user.id));
    expect(msgs.some((m) => m.title === '货架订单审核通过')).toBe(true);
    const mine = (await req('GET', `/api/ep/shelf?company_id=${u.company.id}`, u.auth)).json().data;
    expect(mine).toMatchObject({
      total: 2,
      data: [{ state: 0, expired: false, actions: ['put'], equipment_rentbuy: null }, { state: 0 }],
    });

    // tab 1: an order in force can be deleted (spec/3): it leaves the company's list; its shelves stay, staff keep it
    const effective = (await req('GET', `/api/ep/shelf/order?company_id=${u.company.id}&status=1`, u.auth)).json().data;
    expect(effective).toMatchObject({ total: 1, data: [{ id: a.order.id, status: 1, can_delete: true }] });
    expect(
      (await req('DELETE', `/api/ep/shelf/${a.order.id}?company_id=${u.company.id}`, u.auth)).json(),
    ).toMatchObject({
      status: 1,
      msg: '删除成功',
    });
    expect(await ordersOf(u.company.id)).toHaveLength(0);
    expect(
      (await req('GET', `/api/ep/shelf/order?company_id=${u.company.id}&status=1`, u.auth)).json().data.total,
    ).toBe(0);
    expect(await shelvesOf(u.company.id)).toHaveLength(2);
    expect((await req('GET', `/api/ep/shelf?company_id=${u.company.id}`, u.auth)).json().data.total).toBe(2);
    const books = (await req('GET', '/api/admin/shelf-orders?status=1', admin.auth)).json().data;
    expect(books.data.some((o: { id: number }) => o.id === a.order.id)).toBe(true);
    // a second delete finds nothing
    expect((await req('DELETE', `/api/ep/shelf/${a.order.id}?company_id=${u.company.id}`, u.auth)).statusCode).toBe(
      404,
    );
  });

  it('rejecting a paid order marks it for refund and tells the company why; unpaid and rejected orders can be deleted', async () => {
    const u = await seedUser(t.db, { companyName: '货架驳回有限公司' });
    const a = await apply(u, 1);
    await pay(a.pay.code_url);
    const noReason = await req('POST', `/api/admin/shelf-orders/${a.order.id}/reject`, admin.auth, { reason: ' ' });
    expect(noReason.json()).toMatchObject({ status: 0, msg: '请填写驳回原因' });
    expect((await ordersOf(u.company.id))[0].status).toBe(0);
    expect(
      (
        await req('POST', `/api/admin/shelf-orders/${a.order.id}/reject`, admin.auth, { reason: '企业信息不完整' })
      ).json().status,
    ).toBe(1);
    const [o] = await ordersOf(u.company.id);
    expect(o).toMatchObject({ status: 2, refund: 1, reason: '企业信息不完整' });
    expect(await shelvesOf(u.company.id)).toHaveLength(0);
    const msgs = await t.db.select().from(systemMessages).where(eq(systemMessages.userId, u.user.id));
    expect(msgs.find((m) => m.title === '货架订单未通过审核')?.body).toContain(
      '原因：企业信息不完整。已支付的 100.00 元将由平台原路退回',
    );
    // the platform pays it back and says so; a second mark is refused
    expect((await req('POST', `/api/admin/shelf-orders/${o.id}/refunded`, admin.auth, {})).json().status).toBe(1);
    expect((await req('POST', `/api/admin/shelf-orders/${o.id}/refunded`, admin.auth, {})).json()).toMatchObject({
      status: 0,
      msg: '该订单无待退款项',
    });
    expect((await ordersOf(u.company.id))[0].refund).toBe(2);
    expect(
      await t.db
        .select()
        .from(systemMessages)
        .where(and(eq(systemMessages.userId, u.user.id), eq(systemMessages.title, '货架订单已退款'))),
    ).toHaveLength(1);
    expect((await req('DELETE', `/api/ep/shelf/${o.id}?company_id=${u.company.id}`, u.auth)).json()).toMatchObject({
      status: 1,
      msg: '删除成功',
    });
    // off the company's list, still on the platform's books
    expect(
      (await req('GET', `/api/ep/shelf/order?company_id=${u.company.id}&status=2`, u.auth)).json().data.total,
    ).toBe(0);
    expect(
      (await req('GET', '/api/admin/shelf-orders?status=2', admin.auth))
        .json()
        .data.data.some((x: { id: number }) => x.id === o.id),
    ).toBe(true);
    const b = await apply(u, 3);
    // another company's order answers 404
    const other = await seedUser(t.db, { companyName: '别家货架有限公司' });
    expect(
      (await req('DELETE', `/api/ep/shelf/${b.order.id}?company_id=${other.company.id}`, other.auth)).statusCode,
    ).toBe(404);
    expect((await req('DELETE', `/api/ep/shelf/${b.order.id}?company_id=${u.company.id}`, u.auth)).json().status).toBe(
      1,
    );
    expect(await ordersOf(u.company.id)).toHaveLength(0);
  });
});

describe('devices on shelves', () => {
  it('puts an approved device on an empty shelf, modifies it, shows it publicly, takes it down', async () => {
    const {
      u,
      shelves: [s1, s2],
    } = await withShelves(2, '货架设备有限公司');
    const listing = await seedListing(t.db, u.company.id, u.user.id);
    const pick = (await req('GET', `/api/epRent/equipment?company_id=${u.company.id}`, u.auth)).json().data;
    expect(pick).toMatchObject({ total: 1, data: [{ id: listing.id, shelf_id: 0, province_v: expect.any(String) }] });
    const add = await req('POST', '/api/epRent/index', u.auth, {
      company_id: u.company.id,
      shelf_id: s1.id,
      product_id: listing.id,
      ...terms,
    });
    expect(add.json()).toMatchObject({
      status: 1,
      msg: '添加成功',
      data: {
        id: s1.id,
        state: 1,
        actions: ['modify', 'takeDown'],
        equipment_rentbuy: {
          product_id: listing.id,
          month_rent: 1_500_000,
          month_rent_v: '15,000.00',
          lease_term: 24,
          selling_price_v: '200,000.00',
        },
      },
    });
    // the same device on a second shelf, or a second device on a filled shelf, is refused
    const twice = await req('POST', '/api/epRent/index', u.auth, {
      company_id: u.company.id,
      shelf_id: s2.id,
      product_id: listing.id,
      ...terms,
    });
    expect(twice.json()).toMatchObject({ status: 0, msg: '该设备已在其他货架上' });
    const filled = await req('POST', '/api/epRent/index', u.auth, {
      company_id: u.company.id,
      shelf_id: s1.id,
      product_id: listing.id,
      ...terms,
    });
    expect(filled.json()).toMatchObject({ status: 0, msg: '该货架已有设备，请先下架' });
    expect((await shelvesOf(u.company.id))[1]).toMatchObject({ state: 0, listingId: null });

    const pub = (await req('GET', '/api/site/rentbuy')).json().data;
    expect(pub.data.find((c: { shelf_id: number }) => c.shelf_id === s1.id)).toMatchObject({
      id: listing.id,
      month_rent_v: '15,000.00',
      lease_term: 24,
      href: `/site/device/${listing.id}`,
    });

    const mod = await req('PUT', `/api/epRent/index/${s1.id}`, u.auth, {
      company_id: u.company.id,
      product_id: listing.id,
      month_rent: 1_200_000,
      lease_term: 36,
      selling_price: 18_000_000,
    });
    expect(mod.json()).toMatchObject({
      status: 1,
      msg: '修改成功',
      data: { equipment_rentbuy: { month_rent: 1_200_000, lease_term: 36 } },
    });
    expect((await req('GET', `/api/epRent/index?company_id=${u.company.id}`, u.auth)).json().data.total).toBe(1);

    // a delisted listing leaves the public list
    await t.db.update(equipmentListings).set({ onSell: 2 }).where(eq(equipmentListings.id, listing.id));
    expect(
      (await req('GET', '/api/site/rentbuy')).json().data.data.some((c: { shelf_id: number }) => c.shelf_id === s1.id),
    ).toBe(false);

    const down = await req('DELETE', `/api/epRent/index/${s1.id}?company_id=${u.company.id}`, u.auth);
    expect(down.json()).toMatchObject({ status: 1, msg: '下架成功' });
    expect((await shelvesOf(u.company.id))[0]).toMatchObject({ state: 0, listingId: null, monthRent: 0 });
    const downAgain = await req('DELETE', `/api/epRent/index/${s1.id}?company_id=${u.company.id}`, u.auth);
    expect(downAgain.json()).toMatchObject({ status: 0, msg: '该货架上没有设备' });
    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'shelf'), eq(auditEvents.entityId, s1.id)));
    expect(trail.map((r) => r.action)).toEqual(['create', 'put', 'modify', 'takeDown']);
  });

  it('refuses missing terms, a non-approved or another company listing, another company shelf and an expired shelf; nothing changes', async () => {
    const {
      u,
      shelves: [s1],
    } = await withShelves(1, '货架规则有限公司');
    const listing = await seedListing(t.db, u.company.id, u.user.id);
    const pending = await seedListing(t.db, u.company.id, u.user.id, { reviewStatus: 0, approvedAt: null });
    const other = await seedUser(t.db, { companyName: '别家设备有限公司' });
    const foreign = await seedListing(t.db, other.company.id, other.user.id);
    const base = { company_id: u.company.id, shelf_id: s1.id, product_id: listing.id, ...terms };
    for (const [body, msg] of [
      [{ ...base, month_rent: undefined }, '请输入月租金'],
      [{ ...base, lease_term: undefined }, '请输入租期（月）'],
      [{ ...base, selling_price: undefined }, '请输入期满转让价'],
      [{ ...base, month_rent: 0 }, '月租金须为大于0的金额'],
      [{ ...base, lease_term: 121 }, '租期须为1至120个月的整数'],
      [{ ...base, product_id: undefined }, '请选择设备'],
    ] as const) {
      const r = await req('POST', '/api/epRent/index', u.auth, body);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ status: 0, msg });
    }
    for (const id of [pending.id, foreign.id]) {
      const r = await req('POST', '/api/epRent/index', u.auth, { ...base, product_id: id });
      expect(r.statusCode).toBe(404);
    }
    // a delisted machine would sit on a shelf nobody sees: refused, and not offered by the picker
    const delisted = await seedListing(t.db, u.company.id, u.user.id, { onSell: 2 });
    const off = await req('POST', '/api/epRent/index', u.auth, { ...base, product_id: delisted.id });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ status: 0, msg: '该设备已下架，请先上架后再放入货架' });
    const picker = (await req('GET', `/api/epRent/equipment?company_id=${u.company.id}`, u.auth)).json().data;
    expect(picker.data.map((d: { id: number }) => d.id)).toEqual([listing.id]);
    // another company's shelf answers 404 to them
    const theirs = await req('POST', '/api/epRent/index', other.auth, {
      ...base,
      company_id: other.company.id,
      product_id: foreign.id,
    });
    expect(theirs.statusCode).toBe(404);
    expect(
      (await req('DELETE', `/api/epRent/index/${s1.id}?company_id=${other.company.id}`, other.auth)).statusCode,
    ).toBe(404);
    // an expired shelf takes no device
    await t.db
      .update(shelves)
      .set({ finishTime: new Date(Date.now() - 1000) })
      .where(eq(shelves.id, s1.id));
    const expired = await req('POST', '/api/epRent/index', u.auth, base);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ status: 0, msg: '货架已过期，不能上架设备' });
    expect((await req('GET', `/api/ep/shelf?company_id=${u.company.id}`, u.auth)).json().data.data[0]).toMatchObject({
      expired: true,
      state_v: '已过期',
      actions: [],
    });
    expect(await shelvesOf(u.company.id)).toMatchObject([{ state: 0, listingId: null, monthRent: 0 }]);
    expect(
      await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'shelf'), eq(auditEvents.entityId, s1.id), eq(auditEvents.action, 'put'))),
    ).toHaveLength(0);
  });

  it('two devices put on one empty shelf at once: one lands, the other is refused', async () => {
    const {
      u,
      shelves: [s1],
    } = await withShelves(1, '货架并发有限公司');
    const [a, b] = [await seedListing(t.db, u.company.id, u.user.id), await seedListing(t.db, u.company.id, u.user.id)];
    const res = await Promise.all(
      [a.id, b.id].map((product_id) =>
        req('POST', '/api/epRent/index', u.auth, { company_id: u.company.id, shelf_id: s1.id, product_id, ...terms }),
      ),
    );
    expect(res.filter((r) => r.json().status === 1)).toHaveLength(1);
    expect(res.find((r) => r.json().status !== 1)?.json()).toMatchObject({
      status: 0,
      msg: '该货架已有设备，请先下架',
    });
    expect(
      await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'shelf'), eq(auditEvents.entityId, s1.id), eq(auditEvents.action, 'put'))),
    ).toHaveLength(1);
  });

  it('an unpaid order whose payment closed reads as closed and can be deleted', async () => {
    const u = await seedUser(t.db, { companyName: '货架过期有限公司' });
    const a = await apply(u, 1);
    await t.db
      .update(payOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payOrders.orderSn, a.pay.order_sn));
    const q = await req('GET', `/api/payment/query?order_sn=${a.pay.order_sn}`, u.auth);
    expect(q.json().data.state).toBe('CLOSED');
    expect(
      (await req('GET', `/api/ep/shelf/order?company_id=${u.company.id}&status=-1`, u.auth)).json().data.data[0],
    ).toMatchObject({
      status_v: '已关闭',
      can_delete: true,
    });
  });

  it('the admin sets the shelf price; new orders use it', async () => {
    const bad = await req('POST', '/api/admin/shelf/setting', admin.auth, { price: 0, days: 100 });
    expect(bad.json()).toMatchObject({ status: 0, msg: '货架单价须为大于0的金额' });
    expect(
      (await req('POST', '/api/admin/shelf/setting', admin.auth, { price: 15_000, days: 100 })).json().status,
    ).toBe(1);
    const u = await seedUser(t.db, { companyName: '货架价格有限公司' });
    expect((await apply(u, 2)).pay.amount).toBe(30_000);
    expect(
      (await req('POST', '/api/admin/shelf/setting', admin.auth, { price: 10_000, days: 100 })).json().status,
    ).toBe(1);
  });
});
