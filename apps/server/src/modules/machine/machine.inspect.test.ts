import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MENU } from '@jizu/shared/constants/menu';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import { companies, liveEvents } from '../../db/schema';
import { addMember, createTestApp, multipart, seedUser, tableText } from '../../test/harness';
import { seedConfirmedOrder } from '../../test/order';
import { seedListing } from '../../test/listing';
import { loadReferenceData } from '../../seed/reference';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const get = (url: string, h: THeaders = {}) => t.app.inject({ method: 'GET', url, headers: h });
const post = (url: string, h: THeaders, payload: object) => t.app.inject({ method: 'POST', url, headers: h, payload });
/** Both tables an inspection writes, as text: a refused request leaves them as they were. */
const snapshot = async () =>
  `${await tableText(t.db, 'order_machines')}\n--\n${await tableText(t.db, 'machine_inspections')}`;

async function upload(auth: THeaders, companyId: number): Promise<string> {
  const { payload, headers } = await multipart([
    {
      name: 'image',
      value: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a73' } })
        .jpeg()
        .toBuffer(),
      filename: 'd.jpg',
      type: 'image/jpeg',
    },
  ]);
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/index/upload/inout?company_id=${companyId}`,
    headers: { ...auth, ...headers },
    payload,
  });
  return r.json().data.url as string;
}

async function setup() {
  const s = await seedConfirmedOrder(t);
  const l1 = await seedListing(t.db, s.provider.company.id, s.provider.user.id, { model: 'SY215C' });
  const photo = await upload(s.provider.auth, s.provider.company.id);
  return { ...s, l1, photo };
}

describe('entry and exit inspections', () => {
  it('fuel in eighths, damage items with photos, exit hour meter not below entry: each breaking request refused with its message and nothing written', async () => {
    const s = await setup();
    const enter = (extra: object) =>
      post('/api/ep/ct_epin', s.provider.auth, {
        order_id: s.order.id,
        eid: s.l1.id,
        enter_date: shanghaiDay(-5),
        enter_hours: '1000.0',
        ...extra,
      });
    const item = (o: object = {}) => ({ desc: '左前铲斗齿缺失一颗', photos: [s.photo], ...o });
    const before = await snapshot();
    const bad = async (extra: object, msg: string) => {
      const r = await enter(extra);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ status: 0, msg });
    };
    await bad({ enter_fuel: 9 }, '油量须在0（空）至8（满）格之间');
    await bad({ enter_fuel: -1 }, '油量须在0（空）至8（满）格之间');
    await bad({ enter_fuel: 2.5 }, '油量须在0（空）至8（满）格之间');
    await bad({ enter_damage: Array.from({ length: 11 }, () => item()) }, '损伤最多登记10项');
    await bad({ enter_damage: [item({ desc: '  ' })] }, '请填写损伤描述');
    await bad({ enter_damage: [item({ desc: '凹'.repeat(101) })] }, '损伤描述不能超过100个字');
    await bad({ enter_damage: [item({ photos: [] })] }, '请上传损伤照片');
    await bad({ enter_damage: [item({ photos: Array.from({ length: 5 }, () => s.photo) })] }, '每项损伤照片最多4张');
    // a photo that is not the caller's own upload
    const other = await seedUser(t.db, { companyName: '别家租赁有限公司' });
    const foreign = await upload(other.auth, other.company.id);
    await bad({ enter_damage: [item({ photos: [foreign] })] }, '照片不存在，请重新上传');
    expect(await snapshot()).toBe(before);

    const m = (await enter({ enter_fuel: 8, enter_damage: [item()] })).json();
    expect(m).toMatchObject({ status: 1 });
    const row = async (auth: THeaders, side: 'ep/ct_eplst' | 'rent/order/eplst') =>
      (await get(`/api/${side}?id=${s.order.id}`, auth)).json().data.data[0];
    const seen = await row(s.tenant.auth, 'rent/order/eplst');
    expect(seen.enter_check).toMatchObject({
      kind: 0,
      kind_v: '进场验收',
      date: shanghaiDay(-5),
      fuel: 8,
      fuel_v: '满',
      damage: [{ desc: '左前铲斗齿缺失一颗' }],
      ack_status: 0,
      ack_status_v: '待承租方确认',
      actions: ['confirm', 'dispute'],
    });
    expect(seen.exit_check).toBeNull();
    // the damage photo is shared with the order's tenant, not with a stranger
    const damagePhoto = seen.enter_check.damage[0].photos[0] as string;
    expect((await get(damagePhoto, s.tenant.auth)).statusCode).toBe(200);
    expect((await get(damagePhoto, other.auth)).statusCode).toBe(404);
    expect((await row(s.provider.auth, 'ep/ct_eplst')).enter_check.actions).toEqual([]);

    // exit: the same rules, and the hour meter not below the entry's reading
    const exit = (extra: object) =>
      post('/api/ep/ct_epout', s.provider.auth, { id: m.data.id, exit_date: shanghaiDay(-1), ...extra });
    const beforeExit = await snapshot();
    for (const [extra, msg] of [
      [{ exit_hours: '999.9' }, '退场小时表读数不能低于进场读数'],
      [{ exit_fuel: 12 }, '油量须在0（空）至8（满）格之间'],
      [{ exit_damage: [item({ desc: '' })] }, '请填写损伤描述'],
    ] as const) {
      const r = await exit(extra);
      expect(r.json()).toMatchObject({ status: 0, msg });
    }
    expect(await snapshot()).toBe(beforeExit);
    expect((await exit({ exit_hours: '1000.0', exit_fuel: 3, exit_damage: [item()] })).json()).toMatchObject({
      status: 1,
    });
    expect((await row(s.tenant.auth, 'rent/order/eplst')).exit_check).toMatchObject({
      kind: 1,
      fuel_v: '3/8',
      ack_status: 0,
      actions: ['confirm', 'dispute'],
    });
  });

  it('only the order tenant acknowledges, once; a dispute needs a note; it shows on both order details and on the settlement draft of its month', async () => {
    const s = await setup();
    const m = (
      await post('/api/ep/ct_epin', s.provider.auth, {
        order_id: s.order.id,
        eid: s.l1.id,
        enter_date: shanghaiDay(-5),
        enter_hours: '1200.0',
        enter_fuel: 6,
      })
    ).json().data;
    const ack = (auth: THeaders, body: object) =>
      post('/api/rent/order/ep_ack', auth, { id: m.id, kind: 0, ack: 2, note: '进场时油量不足一半', ...body });
    const before = await snapshot();
    const trail = await tableText(t.db, 'audit_events');
    const refused = async (auth: THeaders, body: object, http: number, msg: string) => {
      const r = await ack(auth, body);
      expect(r.statusCode, msg).toBe(http);
      expect(r.json()).toMatchObject({ status: http === 401 ? -1 : 0, ...(msg ? { msg } : {}) });
    };
    await refused(s.tenant.auth, { note: '' }, 400, '请填写异议说明');
    await refused(s.tenant.auth, { note: '   ' }, 400, '请填写异议说明');
    await refused(s.tenant.auth, { note: '说'.repeat(201) }, 400, '异议说明不能超过200个字');
    await refused(s.tenant.auth, { ack: 3 }, 400, '请选择确认或有异议');
    await refused(s.tenant.auth, { kind: 1 }, 404, '该验收尚未登记');
    // the provider that recorded it, another company, a sub-user without 租入订单, a stranger
    await refused(s.provider.auth, {}, 404, '设备记录不存在或已删除');
    const other = await seedUser(t.db, { companyName: '无关建设有限公司' });
    await refused(other.auth, {}, 404, '设备记录不存在或已删除');
    const sub = await seedUser(t.db);
    await addMember(t.db, s.tenant.company.id, sub.user.id, { menus: [MENU.response] });
    await refused(
      { ...sub.auth },
      { company_id: s.tenant.company.id },
      403,
      '您没有该功能的权限，请联系企业主账号开通',
    );
    await refused({ 'x-requested-with': 'XMLHttpRequest' }, {}, 401, '');
    // the §6 gate: a tenant without the third-party verification
    await t.db.update(companies).set({ super: 0 }).where(eq(companies.id, s.tenant.company.id));
    await refused(s.tenant.auth, {}, 403, '您尚未通过第三方高级认证，无法进行此项操作。');
    await t.db.update(companies).set({ super: 1 }).where(eq(companies.id, s.tenant.company.id));
    expect(await snapshot()).toBe(before);
    expect(await tableText(t.db, 'audit_events')).toBe(trail);

    // a sub-user with 租入订单 may; the dispute is kept with its note
    const clerk = await seedUser(t.db);
    await addMember(t.db, s.tenant.company.id, clerk.user.id, { menus: [MENU.rentOrder] });
    expect((await ack(clerk.auth, { company_id: s.tenant.company.id })).json()).toMatchObject({
      status: 1,
      msg: '已提交异议',
    });
    // the provider is told live, once, with the note
    const told = await t.db.select().from(liveEvents).where(eq(liveEvents.type, 'inspection_dispute'));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ companyId: s.provider.company.id, userId: null, menu: MENU.leaseOrder });
    expect(told[0].body).toContain('进场时油量不足一半');
    // once: neither a second dispute nor a confirmation afterwards
    const afterOne = await snapshot();
    await refused(s.tenant.auth, {}, 409, '该验收已确认或已提出异议，不能重复操作');
    await refused(s.tenant.auth, { ack: 1 }, 409, '该验收已确认或已提出异议，不能重复操作');
    expect(await snapshot()).toBe(afterOne);
    const row = (await get(`/api/rent/order/eplst?id=${s.order.id}`, s.tenant.auth)).json().data.data[0];
    expect(row.enter_check).toMatchObject({
      ack_status: 2,
      ack_status_v: '承租方有异议',
      ack_note: '进场时油量不足一半',
      actions: [],
    });
    expect(row.enter_check.ack_time_v).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

    // both order details show it
    for (const [url, auth] of [
      [`/api/rent/order/detail?id=${s.order.id}`, s.tenant.auth],
      [`/api/ep/detail_order?id=${s.order.id}`, s.provider.auth],
    ] as const) {
      const d = (await get(url, auth)).json().data;
      expect(d.inspection_disputes).toEqual([
        expect.objectContaining({
          machine_id: m.id,
          eq_id: s.l1.id,
          kind: 0,
          kind_v: '进场验收',
          date: shanghaiDay(-5),
          note: '进场时油量不足一半',
          text: expect.stringMatching(/SY215C（设备编号\d+） 进场验收（.+）承租方有异议：进场时油量不足一半$/),
        }),
      ]);
    }
    // the timeline tells it
    const history = (await get(`/api/ep/order/history?id=${s.order.id}`, s.provider.auth)).json().data.data;
    expect(history[0]).toMatchObject({ action: 'inspection_dispute' });

    // the settlement draft of the inspection's month lists it, another month does not
    const month = shanghaiDay(-5).slice(0, 7);
    const draft = (await get(`/api/rent/settle/addPre?id=${s.order.id}&month=${month}`, s.tenant.auth)).json().data;
    expect(draft.disputes).toHaveLength(1);
    expect(draft.disputes[0]).toMatchObject({ machine_id: m.id, note: '进场时油量不足一半' });
    const prev = new Date(`${month}-15T00:00:00Z`);
    prev.setUTCMonth(prev.getUTCMonth() - 1);
    const other_month = prev.toISOString().slice(0, 7);
    expect(
      (await get(`/api/rent/settle/addPre?id=${s.order.id}&month=${other_month}`, s.tenant.auth)).json().data.disputes,
    ).toEqual([]);
    // the hours beside the work days: still on site, only the entry reading is known
    expect(draft.lines[0]).toMatchObject({ hours_v: '小时表进场 1200.0，截至月底尚无退场读数' });
    expect(draft.lines[0].days).toBeGreaterThan(0);
  });

  it('the draft shows exit − entry hours in the month of the exit; a confirmation needs no note and is not a dispute', async () => {
    const s = await setup();
    const m = (
      await post('/api/ep/ct_epin', s.provider.auth, {
        order_id: s.order.id,
        eid: s.l1.id,
        enter_date: shanghaiDay(-3),
        enter_hours: '1234.5',
      })
    ).json().data;
    expect(
      (
        await post('/api/ep/ct_epout', s.provider.auth, {
          id: m.id,
          exit_date: shanghaiDay(0),
          exit_hours: '1310',
          exit_fuel: 0,
        })
      ).json(),
    ).toMatchObject({ status: 1 });
    expect((await post('/api/rent/order/ep_ack', s.tenant.auth, { id: m.id, kind: 1, ack: 1 })).json()).toMatchObject({
      status: 1,
      msg: '已确认验收',
    });
    const row = (await get(`/api/rent/order/eplst?id=${s.order.id}`, s.tenant.auth)).json().data.data[0];
    expect(row.exit_check).toMatchObject({ fuel_v: '空', ack_status: 1, ack_note: '', actions: [] });
    expect(row.enter_check).toMatchObject({ ack_status: 0, fuel: null, fuel_v: '', actions: ['confirm', 'dispute'] });
    const month = shanghaiDay(0).slice(0, 7);
    const draft = (await get(`/api/rent/settle/addPre?id=${s.order.id}&month=${month}`, s.tenant.auth)).json().data;
    expect(draft.disputes).toEqual([]);
    const line = draft.lines.find((l: { text: string }) => l.text.includes('SY215C'));
    if (shanghaiDay(-3).slice(0, 7) === month)
      expect(line).toMatchObject({ days: 4, hours_v: '小时表 1234.5 → 1310.0，共 75.5 小时（进场至退场）' });
    expect(
      (await get(`/api/rent/order/detail?id=${s.order.id}`, s.tenant.auth)).json().data.inspection_disputes,
    ).toEqual([]);
  });
});
