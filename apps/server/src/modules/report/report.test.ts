import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, reports, systemMessages } from '../../db/schema';
import { createTestApp, seedUser } from '../../test/harness';
import { seedListing } from '../../test/listing';
import { loadReferenceData } from '../../seed/reference';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof seedUser>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
  admin = await seedUser(t.db, { role: 'admin' });
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const get = (url: string, headers: THeaders) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: THeaders, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const rowsOf = (userId: number) => t.db.select().from(reports).where(eq(reports.userId, userId));

async function setup() {
  const provider = await seedUser(t.db, { companyName: `举报对象${Math.random().toString(36).slice(2, 8)}有限公司` });
  const listing = await seedListing(t.db, provider.company.id, provider.user.id);
  const me = await seedUser(t.db);
  return { provider, listing, me };
}

describe('reports', () => {
  it('lists the report types', async () => {
    const types = (await get('/api/index/report/types', {})).json().data;
    expect(types.map((x: { label: string }) => x.label)).toEqual([
      '虚假信息',
      '价格欺诈',
      '设备不存在',
      '联系方式无效',
      '图片盗用',
      '其他',
    ]);
  });

  it('reports a public listing once while pending; staff handle it and the reporter is told', async () => {
    const { listing, me } = await setup();
    const res = await post('/api/index/report/add', me.auth, {
      type: 0,
      target_id: listing.id,
      report_type: 2,
      remarks: '实际报价比页面高一倍',
    });
    expect(res.json()).toMatchObject({
      status: 1,
      msg: '举报已提交，平台将尽快处理',
      data: { type_v: '价格欺诈', status: 0, status_v: '待处理', phone: me.phone, shop: null },
    });
    expect(res.json().data.sn).toMatch(/^JB/);
    const dup = await post('/api/index/report/add', me.auth, {
      type: 0,
      target_id: listing.id,
      report_type: 1,
      remarks: '再举报一次',
    });
    expect([dup.statusCode, dup.json().msg]).toEqual([409, '您已举报过该对象，请等待平台处理']);
    expect(await rowsOf(me.user.id)).toHaveLength(1);

    const mine = (await get('/api/index/report/lst', me.auth)).json().data;
    expect(mine.total).toBe(1);
    expect(mine.data[0]).toMatchObject({
      remarks: '实际报价比页面高一倍',
      result: '',
      equipment: { href: `/site/device/${listing.id}`, cover: listing.cover },
    });

    const id = res.json().data.id;
    const queue = (await get('/api/admin/reports?status=0', admin.auth)).json().data;
    expect(queue.data.find((r: { id: number }) => r.id === id)).toMatchObject({ reporter: me.phone, status: 0 });
    for (const [body, msg] of [
      [{ status: 1, result: '' }, '请填写处理结果'],
      [{ status: 1, result: '果'.repeat(201) }, '处理结果不能超过200个字'],
      [{ status: 0, result: '好' }, '请选择处理方式'],
    ] as const)
      expect((await post(`/api/admin/reports/${id}/handle`, admin.auth, body)).json().msg).toBe(msg);
    expect((await rowsOf(me.user.id))[0].status).toBe(0);
    expect((await post(`/api/admin/reports/${id}/handle`, me.auth, { status: 1, result: 'x' })).statusCode).toBe(403);
    expect(
      (
        await post(`/api/admin/reports/${id}/handle`, admin.auth, { status: 1, result: '已核实，已要求出租方修正报价' })
      ).json().status,
    ).toBe(1);
    expect(
      (await post(`/api/admin/reports/${id}/handle`, admin.auth, { status: 2, result: 'x' })).json(),
    ).toMatchObject({
      status: 0,
      msg: '该举报已处理',
    });
    expect((await get('/api/index/report/lst', me.auth)).json().data.data[0]).toMatchObject({
      status: 1,
      status_v: '已处理',
      result: '已核实，已要求出租方修正报价',
    });
    const inbox = await t.db.select().from(systemMessages).where(eq(systemMessages.userId, me.user.id));
    expect(inbox.map((m) => m.title)).toEqual(['您的举报已有处理结果']);
    expect(inbox[0].body).toContain('已核实，已要求出租方修正报价');
    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'report'), eq(auditEvents.entityId, id)));
    expect(trail.map((a) => [a.action, a.fromStatus, a.toStatus])).toEqual([
      ['submit', '', '0'],
      ['handle', '0', '1'],
    ]);
    // once decided, the same target may be reported again
    expect(
      (
        await post('/api/index/report/add', me.auth, {
          type: 0,
          target_id: listing.id,
          report_type: 3,
          remarks: '设备已不在场',
        })
      ).json().status,
    ).toBe(1);
  });

  it('refuses bad reports with their messages and stores nothing', async () => {
    const { provider, listing, me } = await setup();
    const hidden = await seedListing(t.db, provider.company.id, provider.user.id, { reviewStatus: 2 });
    const cases: [object, string, number][] = [
      [{ type: 0, target_id: listing.id, report_type: 2, remarks: '' }, '请填写举报说明', 400],
      [{ type: 0, target_id: listing.id, report_type: 2, remarks: '说'.repeat(201) }, '举报说明不能超过200个字', 400],
      [{ type: 0, target_id: listing.id, report_type: 8, remarks: '说明' }, '请选择举报类型', 400],
      [{ type: 3, target_id: listing.id, report_type: 2, remarks: '说明' }, '举报对象类型不正确', 400],
      // type 2 is a review (modules/review): one that is not public cannot be reported
      [{ type: 2, target_id: 2147483647, report_type: 2, remarks: '说明' }, '该评价不存在或尚未公开', 409],
      [{ type: 0, target_id: hidden.id, report_type: 2, remarks: '说明' }, '该设备已下架或尚未审核通过', 409],
      [{ type: 1, target_id: 1, report_type: 2, remarks: '说明' }, '该店铺暂未开放', 409],
    ];
    for (const [body, msg, code] of cases) {
      const res = await post('/api/index/report/add', me.auth, body);
      expect([res.statusCode, res.json().msg]).toEqual([code, msg]);
    }
    expect(await rowsOf(me.user.id)).toHaveLength(0);
    expect(
      (await post('/api/index/report/add', {}, { type: 0, target_id: listing.id, report_type: 2, remarks: '说明' }))
        .statusCode,
    ).toBe(401);
    expect((await get('/api/index/report/lst', {})).statusCode).toBe(401);
    expect((await get('/api/admin/reports', me.auth)).statusCode).toBe(403);
  });
});
