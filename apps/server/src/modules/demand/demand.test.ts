import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { MENU } from '@jizu/shared/constants/menu';
import { auditEvents, equipmentGroups, equipmentProducts, systemMessages } from '../../db/schema';
import { addMember, createTestApp, seedUser } from '../../test/harness';
import { loadReferenceData } from '../../seed/reference';
import { startJobs } from '../../platform/jobs';
import { quickDemands } from './demand.tables';
import { endExpiredDemands } from './demand.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let product: { id: number; groupId: number; categoryId: number };
let staff: Awaited<ReturnType<typeof seedUser>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
  [product] = await t.db
    .select({ id: equipmentProducts.id, groupId: equipmentProducts.groupId, categoryId: equipmentGroups.categoryId })
    .from(equipmentProducts)
    .innerJoin(equipmentGroups, eq(equipmentGroups.id, equipmentProducts.groupId))
    .where(eq(equipmentProducts.isOther, false))
    .orderBy(asc(equipmentProducts.id))
    .limit(1);
  staff = await seedUser(t.db, { role: 'admin' });
});
afterAll(async () => t?.close());

type H = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H = {}, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const form = (over: object = {}) => ({
  province: 32,
  city: 3205,
  area: 320505,
  address: '星湖街328号',
  category: product.categoryId,
  group: product.groupId,
  product: product.id,
  num: '2',
  time: '30',
  real: 6,
  remark: '需要两台挖掘机，下周进场',
  ...over,
});
const rows = async (companyId: number) => t.db.select().from(quickDemands).where(eq(quickDemands.companyId, companyId));

describe('quick demands', () => {
  it('publish → review → hall → close; each op only from its states; the reason reaches the owner', async () => {
    const tenant = await seedUser(t.db, { companyName: `需求方${Math.random().toString(36).slice(2, 6)}公司` });
    const a = (await call('POST', '/api/demand/demand', tenant.auth, form())).json();
    expect(a).toMatchObject({ status: 1, msg: '发布成功' });
    const b = (await call('POST', '/api/demand/demand', tenant.auth, form({ real: undefined }))).json().data.id;
    expect((await t.db.select().from(quickDemands).where(eq(quickDemands.id, b)))[0].real).toBe(6);
    const list = (await call('GET', '/api/demand/demand?state=0', tenant.auth)).json().data;
    expect(list.total).toBe(2);
    expect((await call('GET', '/api/demand/demand?state=0&page=9', tenant.auth)).json().data).toMatchObject({
      total: 2,
      data: [],
    });
    expect(list.data[0]).toMatchObject({ state: 0, state_v: '未审核', op: ['修改', '关闭', '删除'] });
    expect((await call('GET', `/api/site/demand/${a.data.id}`)).json()).toMatchObject({
      status: 0,
      msg: '该需求未通过审核或已结束，暂不能查看',
    });
    expect(
      (await call('POST', `/api/admin/demands/${a.data.id}/review`, tenant.auth, { action: 'approve' })).statusCode,
    ).toBe(403);
    expect((await call('POST', `/api/admin/demands/${b}/review`, staff.auth, { action: 'reject' })).json().msg).toBe(
      '请填写驳回原因',
    );
    expect(
      (await call('POST', `/api/admin/demands/${a.data.id}/review`, staff.auth, { action: 'approve' })).json().status,
    ).toBe(1);
    expect(
      (
        await call('POST', `/api/admin/demands/${b}/review`, staff.auth, { action: 'reject', reason: '描述不清楚' })
      ).json().status,
    ).toBe(1);
    expect((await call('POST', `/api/admin/demands/${b}/review`, staff.auth, { action: 'approve' })).statusCode).toBe(
      409,
    );
    const rejected = (await call('GET', `/api/demand/demand/${b}`, tenant.auth)).json().data;
    expect(rejected).toMatchObject({ state: 1, no_lease_reason: '描述不清楚', op: ['修改', '删除'] });
    const inbox = await t.db.select().from(systemMessages).where(eq(systemMessages.userId, tenant.user.id));
    expect(inbox.map((m) => m.title).sort()).toEqual(['快速需求审核未通过', '快速需求审核通过']);
    // the hall: only passed ones; the phone masked for a stranger, whole for a member
    const hall = (await call('GET', '/api/site/demand?size=50')).json().data.data.map((r: { id: number }) => r.id);
    expect(hall).toContain(a.data.id);
    expect(hall).not.toContain(b);
    expect((await call('GET', `/api/site/demand/${a.data.id}`)).json().data.tel).toMatch(/\*\*\*\*/);
    expect((await call('GET', `/api/site/demand/${a.data.id}`, tenant.auth)).json().data.tel).not.toMatch(/\*/);
    // delete is not an op of a passed demand; close is
    expect((await call('DELETE', `/api/demand/demand/${a.data.id}`, tenant.auth)).statusCode).toBe(409);
    expect((await call('PUT', `/api/demand/demand/${a.data.id}`, tenant.auth, { op: 'close' })).json()).toMatchObject({
      status: 1,
      msg: '关闭成功',
    });
    expect((await call('PUT', `/api/demand/demand/${a.data.id}`, tenant.auth, { op: 'close' })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/demand/demand/${a.data.id}`, tenant.auth)).json()).toMatchObject({
      status: 1,
      msg: '删除成功',
    });
    // a rejected one corrected goes back to review
    expect(
      (await call('PUT', `/api/demand/demand/${b}`, tenant.auth, form({ remark: '需要两台22吨挖掘机' }))).json(),
    ).toMatchObject({
      status: 1,
      msg: '修改成功',
    });
    expect((await t.db.select().from(quickDemands).where(eq(quickDemands.id, b)))[0]).toMatchObject({
      state: 0,
      noLeaseReason: '',
    });
    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'quick_demand'), eq(auditEvents.entityId, b)));
    expect(trail.map((e) => e.action)).toEqual(['submit', 'reject', 'edit']);
  });

  const bad: [string, object, string][] = [
    ['no region', { province: undefined }, '请选择所在区域'],
    ['region not a chain', { area: 110101 }, '请选择所在区域'],
    ['no address', { address: '' }, '请填写地址'],
    ['no device type', { product: undefined }, '请选择设备类型'],
    ['quantity 0', { num: '0' }, '数量须为大于0的整数'],
    ['quantity not whole', { num: '1.5' }, '数量须为大于0的整数'],
    ['period missing', { time: '' }, '请填写工期'],
    ['period negative', { time: '-3' }, '工期须为大于0的整数'],
    ['valid days 7', { real: 7 }, '有效天数须为1至6天'],
    ['valid days 0', { real: 0 }, '有效天数须为1至6天'],
    ['no description', { remark: '' }, '请填写需求描述'],
    ['description over 200', { remark: '长'.repeat(201) }, '需求描述不能超过200个字'],
  ];
  it.each(bad)('refuses %s with the exact message and writes nothing', async (_c, over, msg) => {
    const tenant = await seedUser(t.db);
    const res = await call('POST', '/api/demand/demand', tenant.auth, form(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
    expect(await rows(tenant.company.id)).toHaveLength(0);
  });

  it("keeps the map point inside China's box: one outside is refused with its message and nothing is written", async () => {
    const tenant = await seedUser(t.db, { companyName: `坐标需求${Math.random().toString(36).slice(2, 6)}公司` });
    for (const [over, field] of [
      [{ lng: 151.21, lat: 31.3 }, 'lng'],
      [{ lng: 120.62, lat: 1.2 }, 'lat'],
      [{ lng: 'east', lat: 31.3 }, 'lng'],
    ] as const) {
      const res = await call('POST', '/api/demand/demand', tenant.auth, form(over));
      expect(res.statusCode).toBe(400);
      const msg = '地图位置不正确，请在地图上重新选择';
      expect(res.json()).toMatchObject({ status: 0, msg, errors: [{ field, msg }] });
    }
    expect(await rows(tenant.company.id)).toHaveLength(0);
    // a point inside is kept as sent, none is kept as none
    const ok = await call('POST', '/api/demand/demand', tenant.auth, form({ lng: 120.7383, lat: 31.2656 }));
    expect(ok.json().status).toBe(1);
    expect((await call('POST', '/api/demand/demand', tenant.auth, form({ lng: '', lat: null }))).json().status).toBe(1);
    const saved = (await rows(tenant.company.id)).map((r) => [r.lng, r.lat]);
    expect(saved).toEqual(
      expect.arrayContaining([
        [120.7383, 31.2656],
        [null, null],
      ]),
    );
  });

  it('boundaries: another company 404, a sub-user without 快速需求 403, a stranger 401', async () => {
    const tenant = await seedUser(t.db);
    const other = await seedUser(t.db);
    const id = (await call('POST', '/api/demand/demand', tenant.auth, form())).json().data.id;
    expect((await call('GET', `/api/demand/demand/${id}`, other.auth)).statusCode).toBe(404);
    expect((await call('PUT', `/api/demand/demand/${id}`, other.auth, { op: 'close' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/demand/demand/${id}`, other.auth)).statusCode).toBe(404);
    const sub = await seedUser(t.db);
    await addMember(t.db, tenant.company.id, sub.user.id, { master: 0, menus: [MENU.rentCompete] });
    expect((await call('GET', `/api/demand/demand?company_id=${tenant.company.id}`, sub.auth)).statusCode).toBe(403);
    expect((await call('POST', '/api/demand/demand', {}, form())).statusCode).toBe(401);
    expect((await rows(tenant.company.id))[0].state).toBe(0);
  });

  it('ends by itself after its valid days: reads at once, the job with no request', async () => {
    const tenant = await seedUser(t.db);
    const id = (await call('POST', '/api/demand/demand', tenant.auth, form({ real: 1 }))).json().data.id;
    await call('POST', `/api/admin/demands/${id}/review`, staff.auth, { action: 'approve' });
    await t.db
      .update(quickDemands)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quickDemands.id, id));
    expect((await call('GET', `/api/demand/demand/${id}`, tenant.auth)).json().data).toMatchObject({
      state: 3,
      state_v: '已结束',
    });
    expect((await call('GET', `/api/site/demand/${id}`)).statusCode).toBe(404);
    const stop = startJobs(
      [{ name: `demand-expiry-${id}`, everyMs: 60_000, run: () => endExpiredDemands(t.db) }],
      { error: () => {}, info: () => {} },
      t.db,
      {
        pollMs: 50,
      },
    );
    try {
      for (
        let i = 0;
        i < 100 && (await t.db.select().from(quickDemands).where(eq(quickDemands.id, id)))[0].state !== 3;
        i++
      )
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      stop();
    }
    expect((await t.db.select().from(quickDemands).where(eq(quickDemands.id, id)))[0].state).toBe(3);
  });

  it('the list by state as it reads (a passed demand past its days is ended), by province, city and category, with its names', async () => {
    const tenant = await seedUser(t.db);
    const ids: number[] = [];
    for (const over of [{}, {}, { province: 44, city: 4403, area: 440305 }])
      ids.push((await call('POST', '/api/demand/demand', tenant.auth, form(over))).json().data.id);
    for (const id of ids.slice(0, 2))
      await call('POST', `/api/admin/demands/${id}/review`, staff.auth, { action: 'approve' });
    await t.db
      .update(quickDemands)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quickDemands.id, ids[1]));
    const list = async (qs: string) =>
      (await call('GET', `/api/demand/demand?${qs}`, tenant.auth)).json().data as {
        total: number;
        data: { id: number; state: number; eq_name: string; label: string; region_v: string }[];
      };
    const idsOf = async (qs: string) => (await list(qs)).data.map((r) => r.id);
    expect(await idsOf('state=2')).toEqual([ids[0]]);
    expect(await list('state=3')).toMatchObject({ total: 1, data: [{ id: ids[1], state: 3 }] });
    expect(await idsOf('state=0')).toEqual([ids[2]]);
    expect(await idsOf('state=-1')).toEqual([...ids].reverse());
    expect(await idsOf('province=44')).toEqual([ids[2]]);
    expect(await idsOf('province=32&city=3205')).toEqual([ids[1], ids[0]]);
    expect(await idsOf('state=2&province=44')).toEqual([]);
    expect(await idsOf(`category=${product.categoryId}`)).toEqual([...ids].reverse());
    expect(await idsOf(`category=${product.categoryId + 100000}`)).toEqual([]);
    expect(await list('state=-1&size=1&page=2')).toMatchObject({ total: 3, data: [{ id: ids[1] }] });
    expect(await list('state=2&page=5')).toMatchObject({ total: 1, data: [] });
    const [names] = await t.db
      .select({ product: equipmentProducts.name })
      .from(equipmentProducts)
      .where(eq(equipmentProducts.id, product.id));
    const row = (await list('province=44')).data[0];
    expect(row.eq_name).toBe(names.product);
    expect(row.label).not.toBe('');
    expect(row.region_v).toMatch(/^广东省深圳市/);
  });

  it("the hall's total is exact up to five pages past the page asked and a lower bound beyond (total_capped)", async () => {
    const tenant = await seedUser(t.db, { companyName: `计数方${Math.random().toString(36).slice(2, 6)}公司` });
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      const id = (
        await call(
          'POST',
          '/api/demand/demand',
          tenant.auth,
          form({ province: 44, city: 4403, area: 440305, address: `科技园${i}号` }),
        )
      ).json().data.id as number;
      expect(
        (await call('POST', `/api/admin/demands/${id}/review`, staff.auth, { action: 'approve' })).json().status,
      ).toBe(1);
      ids.push(id);
    }
    const hall = async (qs: string) =>
      (await call('GET', `/api/site/demand?province=44&city=4403&${qs}`)).json().data as {
        data: { id: number }[];
        total: number;
        total_capped: boolean;
      };
    // size 1, page 1: counted up to 1 + 5 × 1 = 6 matches, reported as "at least 5 + this page"
    expect(await hall('size=1')).toMatchObject({ total: 5, total_capped: true, data: [{ id: ids[6] }] });
    expect(await hall('size=1&page=3')).toMatchObject({ total: 7, total_capped: false, data: [{ id: ids[4] }] });
    expect(await hall('size=10')).toMatchObject({ total: 7, total_capped: false });
    expect((await hall('size=10')).data.map((r) => r.id)).toEqual([...ids].reverse());
    // by province alone, the same rows
    expect((await call('GET', '/api/site/demand?province=44&size=10')).json().data).toMatchObject({
      total: 7,
      total_capped: false,
    });
    // a page past the end answers the total; a card names its company (a value of the page's one statement)
    expect(await hall('size=10&page=5')).toMatchObject({ total: 7, total_capped: false, data: [] });
    expect((await hall('size=1')).data[0]).toMatchObject({ id: ids[6], company_v: tenant.company.name });
  });
});
