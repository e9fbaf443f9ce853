import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MENU } from '@jizu/shared/constants/menu';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import { companies } from '../../db/schema';
import { addMember, createTestApp, multipart, seedUser, tableText } from '../../test/harness';
import { seedConfirmedOrder } from '../../test/order';
import { seedListing } from '../../test/listing';
import { loadReferenceData } from '../../seed/reference';
import { rentalOrders } from '../order/order.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const get = (url: string, h: THeaders = {}) => t.app.inject({ method: 'GET', url, headers: h });
const post = (url: string, h: THeaders, payload: object) => t.app.inject({ method: 'POST', url, headers: h, payload });

async function setup() {
  const s = await seedConfirmedOrder(t);
  const l1 = await seedListing(t.db, s.provider.company.id, s.provider.user.id, { model: 'SY215C' });
  const l2 = await seedListing(t.db, s.provider.company.id, s.provider.user.id, { model: 'XE60DA' });
  return { ...s, l1, l2 };
}

describe('machines on site', () => {
  it('entry: device and date required, not in the future; one site at a time; exit not before entry; work days; delete only while working', async () => {
    const s = await setup();
    const o = s.order.id;
    const pending = await seedListing(t.db, s.provider.company.id, s.provider.user.id, { reviewStatus: 0 });
    const choices = (await get(`/api/ep/ct_epok?id=${o}`, s.provider.auth))
      .json()
      .data.map((d: { id: number }) => d.id);
    expect(choices).toEqual(expect.arrayContaining([s.l1.id, s.l2.id]));
    expect(choices).not.toContain(pending.id);
    const before = await tableText(t.db, 'order_machines');
    const bad = async (payload: object, msg: string) =>
      expect(
        (
          await post('/api/ep/ct_epin', s.provider.auth, {
            order_id: o,
            eid: s.l1.id,
            enter_date: shanghaiDay(-5),
            ...payload,
          })
        ).json(),
      ).toMatchObject({ status: 0, msg });
    await bad({ eid: undefined }, '请选择设备');
    await bad({ enter_date: '' }, '请选择进场日期');
    await bad({ enter_date: shanghaiDay(1) }, '进场日期不能晚于今天');
    await bad({ enter_hours: '12.34' }, '小时表读数须为不小于0的数字，最多一位小数');
    await bad({ eid: pending.id }, '请选择本企业审核通过的设备');
    const others = await seedUser(t.db, { companyName: '别家租赁有限公司' });
    await bad({ eid: (await seedListing(t.db, others.company.id, others.user.id)).id }, '请选择本企业审核通过的设备');
    expect(await tableText(t.db, 'order_machines')).toBe(before);

    // a photo of the hour meter: the provider's own upload, shared with the tenant
    const { payload, headers } = await multipart([
      {
        name: 'image',
        value: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#345' } })
          .jpeg()
          .toBuffer(),
        filename: 'h.jpg',
        type: 'image/jpeg',
      },
    ]);
    const photo = (
      await t.app.inject({
        method: 'POST',
        url: `/api/index/upload/inout?company_id=${s.provider.company.id}`,
        headers: { ...s.provider.auth, ...headers },
        payload,
      })
    ).json().data.url as string;
    const m1 = (
      await post('/api/ep/ct_epin', s.provider.auth, {
        order_id: o,
        eid: s.l1.id,
        enter_date: shanghaiDay(-5),
        enter_hours: '1234.5',
        enter_photos: [photo],
      })
    ).json();
    expect(m1).toMatchObject({ status: 1, msg: '添加成功!' });
    const m2 = (
      await post('/api/ep/ct_epin', s.provider.auth, { order_id: o, eid: s.l2.id, enter_date: shanghaiDay(-3) })
    ).json().data;
    // the same machine cannot work on two sites
    expect(
      (
        await post('/api/ep/ct_epin', s.provider.auth, { order_id: o, eid: s.l1.id, enter_date: shanghaiDay(-1) })
      ).json(),
    ).toMatchObject({
      status: 0,
      msg: '该设备正在其他订单施工中，退场后才能再次进场',
    });
    expect(
      (await get(`/api/ep/ct_epok?id=${o}`, s.provider.auth)).json().data.map((d: { id: number }) => d.id),
    ).not.toContain(s.l1.id);

    const list = (await get(`/api/ep/ct_eplst?id=${o}`, s.provider.auth)).json().data;
    expect(list).toMatchObject({ total: 2, equip_num: 2, equip_out_num: 0 });
    // pages newest first, a page past the end keeps the total, a tab counts its own status
    expect((await get(`/api/ep/ct_eplst?id=${o}&page=2&size=1`, s.provider.auth)).json().data).toMatchObject({
      total: 2,
      equip_num: 2,
      data: [{ id: m1.data.id }],
    });
    expect((await get(`/api/rent/order/eplst?id=${o}&page=3&size=1`, s.tenant.auth)).json().data).toMatchObject({
      total: 2,
      data: [],
    });
    expect((await get(`/api/rent/order/eplst?id=${o}&status=1`, s.tenant.auth)).json().data).toMatchObject({
      total: 0,
      equip_num: 2,
      equip_out_num: 0,
      data: [],
    });
    const r1 = list.data.find((r: { id: number }) => r.id === m1.data.id);
    expect(r1).toMatchObject({
      eq_id: s.l1.id,
      eq_model: 'SY215C',
      enter_date: shanghaiDay(-5),
      exit_date: '',
      work_day: 6,
      status: 0,
      status_v: '施工中',
      enter_hours: '1234.5',
      actions: ['exit', 'delete'],
    });
    // the tenant reads the same list, without actions, and may open the shared photo
    const tl = (await get(`/api/rent/order/eplst?id=${o}`, s.tenant.auth)).json().data;
    expect(tl.data.find((r: { id: number }) => r.id === m1.data.id).actions).toEqual([]);
    const photoPath = r1.enter_photos[0] as string;
    expect((await get(photoPath, s.tenant.auth)).statusCode).toBe(200);
    const stranger = await seedUser(t.db, { companyName: '无关建设有限公司' });
    expect((await get(photoPath, stranger.auth)).statusCode).toBe(404);
    expect((await get(`/api/rent/order/eplst?id=${o}`, stranger.auth)).statusCode).toBe(404);

    // exit: not before entry, not in the future
    const exitBad = async (exit_date: string, msg: string) =>
      expect((await post('/api/ep/ct_epout', s.provider.auth, { id: m1.data.id, exit_date })).json()).toMatchObject({
        status: 0,
        msg,
      });
    await exitBad(shanghaiDay(-6), '退场日期不能早于进场日期');
    await exitBad(shanghaiDay(1), '退场日期不能晚于今天');
    await exitBad('', '请选择退场日期');
    expect(
      (
        await post('/api/ep/ct_epout', s.provider.auth, {
          id: m1.data.id,
          exit_date: shanghaiDay(-1),
          exit_hours: '1310',
        })
      ).json(),
    ).toMatchObject({ status: 1, msg: '操作成功' });
    const after = (await get(`/api/ep/ct_eplst?id=${o}&status=1`, s.provider.auth)).json().data;
    expect(after.data[0]).toMatchObject({
      exit_date: shanghaiDay(-1),
      work_day: 5,
      status_v: '已退场',
      exit_hours: '1310.0',
      actions: [],
    });
    expect(after).toMatchObject({ equip_num: 2, equip_out_num: 1 });
    // exited: no second exit, no delete; the tenant cannot act at all
    expect(
      (await post('/api/ep/ct_epout', s.provider.auth, { id: m1.data.id, exit_date: shanghaiDay(0) })).json().msg,
    ).toBe('该设备当前状态不能进行此操作，请刷新后重试');
    expect((await post('/api/ep/ct_epdel', s.provider.auth, { id: m1.data.id })).json().msg).toBe(
      '该设备当前状态不能进行此操作，请刷新后重试',
    );
    expect((await post('/api/ep/ct_epdel', s.tenant.auth, { id: m2.id })).json().msg).toBe('设备记录不存在或已删除');
    // the order cannot complete while a machine works; delete it, then complete
    expect((await post('/api/rent/order/complete', s.tenant.auth, { id: o })).json()).toMatchObject({
      status: 0,
      msg: '尚有设备在场，全部退场后才能完成订单',
    });
    expect((await post('/api/ep/ct_epdel', s.provider.auth, { id: m2.id })).json()).toMatchObject({
      status: 1,
      msg: '删除成功',
    });
    expect((await get(`/api/ep/ct_eplst?id=${o}`, s.provider.auth)).json().data.total).toBe(1);
    expect((await post('/api/rent/order/complete', s.tenant.auth, { id: o })).json()).toMatchObject({ status: 1 });
    expect((await t.db.select().from(rentalOrders).where(eq(rentalOrders.id, o)))[0].status).toBe(3);
    // completed: machines are read-only now
    expect(
      (await post('/api/ep/ct_epin', s.provider.auth, { order_id: o, eid: s.l2.id, enter_date: shanghaiDay(0) })).json()
        .msg,
    ).toBe('订单确认后才能管理设备进退场');
    const detail = (await get(`/api/rent/order/detail?id=${o}`, s.tenant.auth)).json().data;
    const history = (await get(`/api/rent/order/history?id=${o}`, s.tenant.auth))
      .json()
      .data.data.map((h: { action: string }) => h.action);
    expect(history.slice(0, 5)).toEqual([
      'complete',
      'machine_delete',
      'machine_exit',
      'machine_enter',
      'machine_enter',
    ]);
    expect(detail.status_v).toBe('已完成');
  });

  it('§6 gate and grants: a provider without the finance product is told so; a sub-user without 租出订单 is refused', async () => {
    const s = await setup();
    await t.db.update(companies).set({ finance: 0 }).where(eq(companies.id, s.provider.company.id));
    expect(
      (
        await post('/api/ep/ct_epin', s.provider.auth, {
          order_id: s.order.id,
          eid: s.l1.id,
          enter_date: shanghaiDay(0),
        })
      ).json(),
    ).toMatchObject({ status: 0, msg: '您尚未通过第三方高级认证并开通金融产品，无法进行此项操作。' });
    await t.db.update(companies).set({ finance: 1 }).where(eq(companies.id, s.provider.company.id));
    const sub = await seedUser(t.db);
    await addMember(t.db, s.provider.company.id, sub.user.id, { menus: [MENU.response] });
    expect(
      (
        await post('/api/ep/ct_epin', sub.auth, {
          company_id: s.provider.company.id,
          order_id: s.order.id,
          eid: s.l1.id,
          enter_date: shanghaiDay(0),
        })
      ).statusCode,
    ).toBe(403);
    // two entries of one machine at once: one wins
    const rs = await Promise.all(
      [s.l1.id, s.l1.id].map((eid) =>
        post('/api/ep/ct_epin', s.provider.auth, { order_id: s.order.id, eid, enter_date: shanghaiDay(0) }),
      ),
    );
    expect(rs.map((r) => r.json().status).sort()).toEqual([0, 1]);
  });
});
