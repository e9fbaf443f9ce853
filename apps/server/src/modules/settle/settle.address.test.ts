import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import { companies } from '../../db/schema';
import { addMember, createTestApp, seedUser, tableText } from '../../test/harness';
import { seedConfirmedOrder } from '../../test/order';
import { loadReferenceData } from '../../seed/reference';
import { orderSettlements } from './settle.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const get = (url: string, h: THeaders = {}) => t.app.inject({ method: 'GET', url, headers: h });
const post = (url: string, h: THeaders, payload: object) => t.app.inject({ method: 'POST', url, headers: h, payload });
const tables = async () =>
  [await tableText(t.db, 'order_settlements'), await tableText(t.db, 'audit_events')].join('\n');
const ADDR = {
  name: '张出纳',
  phone: '13700001111',
  province: 32,
  city: 3205,
  area: 320505,
  address: '星湖街100号',
  remark: '工作日送达',
};

async function setup(over: Partial<typeof orderSettlements.$inferInsert> = {}) {
  const s = await seedConfirmedOrder(t);
  const [st] = await t.db
    .insert(orderSettlements)
    .values({
      sn: `JS${Math.random().toString().slice(2, 14)}`,
      orderId: s.order.id,
      tenantCompanyId: s.tenant.company.id,
      providerCompanyId: s.provider.company.id,
      settleSn: 'JS-A01',
      month: shanghaiDay(0).slice(0, 7),
      date: shanghaiDay(0),
      taxTotal: 500_000,
      serRatioBp: 200,
      serTotal: 10_000,
      providerTotal: 490_000,
      createdBy: s.tenant.user.id,
      ...over,
    })
    .returning();
  return { ...s, st, ref: { order_id: s.order.id, id: st.id } };
}

describe('POST /rent/settle/setInvAddress', () => {
  it('the order address by default; the tenant sets the settlement its own; shown by invDetail; trail', async () => {
    const s = await setup();
    const q = `/api/rent/settle/invDetail?order_id=${s.order.id}&id=${s.st.id}`;
    expect((await get(q, s.tenant.auth)).json().data).toMatchObject({
      address_editable: 1,
      inv_address: {
        name: '刘会计',
        phone: '13900001111',
        province: 32,
        city: 3205,
        area: 320505,
        address: '星湖街328号财务室',
      },
    });
    expect((await get(q, s.tenant.auth)).json().data.inv_address.region_v).toMatch(/^江苏省苏州市/);
    expect((await post('/api/rent/settle/setInvAddress', s.tenant.auth, { ...s.ref, ...ADDR })).json()).toMatchObject({
      status: 1,
      msg: '保存成功',
    });
    expect((await get(q, s.tenant.auth)).json().data).toMatchObject({ address_editable: 1, inv_address: { ...ADDR } });
    // the settlement's trail and the order's timeline
    const trail = (await tableText(t.db, 'audit_events')).split('\n').filter((l) => l.includes('set_inv_address'));
    expect(trail.map((l) => JSON.parse(l).entity).sort()).toEqual(['order_settlement', 'rental_order']);
  });

  it('each rule of §5 with its message, and nothing changes', async () => {
    const s = await setup();
    const before = await tables();
    const bad = async (over: Record<string, unknown>, msg: string) => {
      const r = await post('/api/rent/settle/setInvAddress', s.tenant.auth, { ...s.ref, ...ADDR, ...over });
      expect(r.json()).toMatchObject({ status: 0, msg });
    };
    await bad({ name: '' }, '请输入收票人姓名');
    await bad({ phone: '' }, '请输入收票人手机');
    await bad({ phone: '1234' }, '收票人手机格式不正确');
    await bad({ province: undefined }, '请选择所在区域');
    await bad({ area: 110101 }, '请选择所在区域');
    await bad({ address: '' }, '请输入收票详细地址');
    await bad({ address: '址'.repeat(101) }, '收票详细地址不能超过100个字');
    await bad({ remark: '备'.repeat(101) }, '发票备注不能超过100个字');
    expect(await tables()).toBe(before);
  });

  it('refused once the platform issued the invoice, and on a voided settlement', async () => {
    const s = await setup({ status: 3, leState: 1, leInvNo: '88886666', leInvDate: shanghaiDay(0) });
    expect(
      (await get(`/api/rent/settle/invDetail?order_id=${s.order.id}&id=${s.st.id}`, s.tenant.auth)).json().data
        .address_editable,
    ).toBe(0);
    const before = await tables();
    expect((await post('/api/rent/settle/setInvAddress', s.tenant.auth, { ...s.ref, ...ADDR })).json()).toMatchObject({
      status: 0,
      msg: '平台发票已开具，不能修改收票地址',
    });
    expect(await tables()).toBe(before);
    const v = await setup({ status: 2 });
    const before2 = await tables();
    expect((await post('/api/rent/settle/setInvAddress', v.tenant.auth, { ...v.ref, ...ADDR })).json()).toMatchObject({
      status: 0,
      msg: '该结算单当前状态不能进行此操作，请刷新后重试',
    });
    expect(await tables()).toBe(before2);
  });

  it('the provider, another company, a sub-user without the menu, a stranger: refused, nothing changes', async () => {
    const s = await setup();
    const other = await seedUser(t.db, { companyName: '别家建设有限公司' });
    await t.db.update(companies).set({ status: 1, super: 1 }).where(eq(companies.id, other.company.id));
    const sub = await seedUser(t.db);
    await addMember(t.db, s.tenant.company.id, sub.user.id);
    const before = await tables();
    expect((await post('/api/rent/settle/setInvAddress', s.provider.auth, { ...s.ref, ...ADDR })).json().status).toBe(
      0,
    );
    expect((await post('/api/rent/settle/setInvAddress', other.auth, { ...s.ref, ...ADDR })).json()).toMatchObject({
      status: 0,
    });
    expect(
      (
        await post('/api/rent/settle/setInvAddress', sub.auth, { ...s.ref, ...ADDR, company_id: s.tenant.company.id })
      ).json(),
    ).toMatchObject({
      status: 0,
      msg: '您没有该功能的权限，请联系企业主账号开通',
    });
    expect((await post('/api/rent/settle/setInvAddress', {}, { ...s.ref, ...ADDR })).json().status).toBe(-1);
    expect(await tables()).toBe(before);
  });
});
