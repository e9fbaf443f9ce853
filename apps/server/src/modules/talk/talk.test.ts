import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_MAX_FEN, moneyTooLarge } from '@jizu/shared/schemas/money';
import { eq } from 'drizzle-orm';
import { auditEvents, inquiries, inquiryResponses, systemMessages } from '../../db/schema';
import { earliestApproachDate } from '@jizu/shared/constants/talk';
import { addMember, createTestApp, seedUser } from '../../test/harness';
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
const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86400_000).toISOString().slice(0, 10);
const count = async (companyId: number) =>
  (await t.db.select().from(inquiries).where(eq(inquiries.fromCompanyId, companyId))).length;

const form = (listingId: number, over: object = {}) => ({
  listing_id: listingId,
  number: 2,
  province: 32,
  city: 3205,
  area: 320505,
  address: '狮山路 88 号工地',
  approach_time: day(3),
  schedule_progress: '工期约 3 个月',
  invoice: 2,
  remark: '需带操作手',
  phone: '13912345678',
  ...over,
});
const pkg = (over: { base?: object; equips?: object[] } = {}) => ({
  base: {
    province: 32,
    city: 3205,
    area: 320505,
    detail_address: 'S228 省道改扩建三标段',
    approach_time: day(5),
    schedule: '6个月',
    invoice: 1,
    machine_operator: 1,
    payment_method: 1,
    remark: '',
    ...over.base,
  },
  equips: over.equips ?? [
    { name: '挖掘机', model: '21吨', count: 2 },
    { name: '压路机', model: '22吨', count: 1 },
  ],
});

async function setup() {
  const provider = await seedUser(t.db, { companyName: `询价出租方${Math.random().toString(36).slice(2, 8)}有限公司` });
  const tenant = await seedUser(t.db, { companyName: `询价承租方${Math.random().toString(36).slice(2, 8)}有限公司` });
  const listing = await seedListing(t.db, provider.company.id, provider.user.id);
  return { provider, tenant, listing };
}

describe('online inquiries', () => {
  it('sends an inquiry on another company’s listing; the provider sees it with the tenant’s company and gets a system message', async () => {
    const { provider, tenant, listing } = await setup();
    const card = await get(`/api/talk/listing/${listing.id}`, tenant.auth);
    expect(card.json().data).toMatchObject({ id: listing.id, company_name: provider.company.name });
    const res = await post('/api/talk/post', tenant.auth, form(listing.id));
    expect(res.json()).toMatchObject({
      status: 1,
      msg: '询价已发送',
      data: { status: 0, status_v: '处理中', number: 2, invoice: 2 },
    });
    const received = (await get('/api/talk/receive', provider.auth)).json().data;
    expect(received.total).toBe(1);
    expect(received.data[0]).toMatchObject({
      user: tenant.company.name,
      status: 0,
      approach_time: day(3),
      schedule_progress: '工期约 3 个月',
      remark: '需带操作手',
      f_province: '江苏省',
      f_city: '苏州市',
      equipment: { id: listing.id, cover: listing.cover, monthly_rent: '30,000.00', phone: provider.phone },
      can_complete: true,
    });
    expect(received.data[0].sn).toMatch(/^XJ\d{20}$/);
    expect(received.data[0].address).toContain('狮山路 88 号工地');
    const inbox = await t.db.select().from(systemMessages).where(eq(systemMessages.userId, provider.user.id));
    expect(inbox.map((m) => m.title)).toEqual(['您收到一条新的询价']);
    expect(inbox[0].body).toContain(tenant.company.name);
    const sent = (await get('/api/ep/enquiry?to_type=1', tenant.auth)).json().data;
    expect(sent.data.map((r: { id: number }) => r.id)).toEqual([res.json().data.id]);
    expect(sent.data[0].can_complete).toBe(false);
    // the provider completes it once; the tenant hears of it; the trail has both changes
    const id = res.json().data.id;
    expect((await post('/api/talk/complete', tenant.auth, { id })).statusCode).toBe(404);
    expect((await post('/api/talk/complete', provider.auth, { id })).json()).toMatchObject({
      status: 1,
      msg: '已标记完成',
    });
    expect((await post('/api/talk/complete', provider.auth, { id })).json()).toMatchObject({
      status: 0,
      msg: '该询价已处理完成',
    });
    expect((await get(`/api/talk/info?id=${id}`, tenant.auth)).json().data).toMatchObject({
      status: 1,
      status_v: '已完成',
    });
    const trail = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(trail.filter((a) => a.entity === 'inquiry').map((a) => [a.action, a.fromStatus, a.toStatus])).toEqual([
      ['create', '', '0'],
      ['complete', '0', '1'],
    ]);
  });

  it('a personal tenant is shown by the user name', async () => {
    const { provider, listing } = await setup();
    const person = await seedUser(t.db, { name: '张三丰' });
    expect((await post('/api/talk/post', person.auth, form(listing.id))).json().status).toBe(1);
    expect((await get('/api/talk/receive', provider.auth)).json().data.data[0].user).toBe('张三丰');
  });

  it('refuses every bad inquiry with its message and stores nothing', async () => {
    const { provider, tenant, listing } = await setup();
    const hidden = await seedListing(t.db, provider.company.id, provider.user.id, { reviewStatus: 0 });
    const delisted = await seedListing(t.db, provider.company.id, provider.user.id, { onSell: 2 });
    const cases: [object, string, number][] = [
      [form(listing.id, { approach_time: day(-2) }), '进场日期不能早于昨天', 400],
      [form(listing.id, { approach_time: '2026-02-30' }), '进场日期格式不正确', 400],
      [form(listing.id, { remark: '备'.repeat(101) }), '备注不能超过100个字', 400],
      [form(listing.id, { number: 0 }), '需求数量须为1至999的整数', 400],
      [form(listing.id, { invoice: 3 }), '请选择发票类型', 400],
      [form(listing.id, { phone: '123' }), '手机号码格式不正确', 400],
      [form(listing.id, { address: '' }), '请填写详细地址', 400],
      [form(listing.id, { area: 110101 }), '请选择正确的地区', 400],
      [form(hidden.id), '该设备已下架或尚未审核通过', 409],
      [form(delisted.id), '该设备已下架或尚未审核通过', 409],
    ];
    for (const [body, msg, code] of cases) {
      const res = await post('/api/talk/post', tenant.auth, body);
      expect([res.statusCode, res.json().msg]).toEqual([code, msg]);
    }
    // yesterday is still allowed
    expect(earliestApproachDate()).toBe(day(-1));
    // the provider's own listing
    const own = await post('/api/talk/post', provider.auth, form(listing.id));
    expect([own.statusCode, own.json().msg]).toEqual([409, '不能对自己企业发布的设备询价']);
    expect((await get(`/api/talk/listing/${hidden.id}`, tenant.auth)).json().msg).toBe('该设备已下架或尚未审核通过');
    expect(await count(tenant.company.id)).toBe(0);
    expect(await count(provider.company.id)).toBe(0);
    expect(await t.db.select().from(systemMessages).where(eq(systemMessages.userId, provider.user.id))).toHaveLength(0);
    expect(
      (await post('/api/talk/post', tenant.auth, form(listing.id, { approach_time: day(-1) }))).json().status,
    ).toBe(1);
  });

  it('another company’s inquiry is not found; a sub-user without the grant is refused; a stranger must log in', async () => {
    const { provider, tenant, listing } = await setup();
    const id = (await post('/api/talk/post', tenant.auth, form(listing.id))).json().data.id;
    const other = await seedUser(t.db, { companyName: '无关企业有限公司' });
    expect((await get(`/api/talk/info?id=${id}`, other.auth)).statusCode).toBe(404);
    expect((await post('/api/talk/complete', other.auth, { id })).statusCode).toBe(404);
    expect((await get('/api/talk/receive', other.auth)).json().data.total).toBe(0);
    // a sub-user of the provider with only 设备 grants
    const sub = await seedUser(t.db);
    await addMember(t.db, provider.company.id, sub.user.id, { menus: [2, 201] });
    for (const res of [
      await get(`/api/talk/receive?company_id=${provider.company.id}`, sub.auth),
      await get(`/api/talk/info?id=${id}&company_id=${provider.company.id}`, sub.auth),
      await post('/api/talk/complete', sub.auth, { company_id: provider.company.id, id }),
    ])
      expect(res.statusCode).toBe(403);
    const subT = await seedUser(t.db);
    await addMember(t.db, tenant.company.id, subT.user.id, { menus: [2, 201] });
    expect(
      (await post('/api/talk/post', subT.auth, { ...form(listing.id), company_id: tenant.company.id })).statusCode,
    ).toBe(403);
    expect((await post('/api/ep/enquiry', subT.auth, { ...pkg(), company_id: tenant.company.id })).statusCode).toBe(
      403,
    );
    // with 收到的询价 the sub-user may see and complete
    const sub2 = await seedUser(t.db);
    await addMember(t.db, provider.company.id, sub2.user.id, { menus: [2, 210, 211] });
    expect((await get(`/api/talk/info?id=${id}&company_id=${provider.company.id}`, sub2.auth)).json().status).toBe(1);
    expect((await get('/api/talk/receive', {})).statusCode).toBe(401);
    expect((await post('/api/talk/post', {}, form(listing.id))).statusCode).toBe(401);
    expect((await get('/api/ep/enquiry', {})).statusCode).toBe(401);
    const [row] = await t.db.select().from(inquiries).where(eq(inquiries.id, id));
    expect(row.status).toBe(0);
  });
});

describe('road-and-bridge packages', () => {
  it('publishes a package request; staff answer with offers; the requester sees and accepts one', async () => {
    const tenant = await seedUser(t.db, { companyName: '路桥套餐需求方有限公司' });
    const opts = (await get('/api/ep/suits/create', tenant.auth)).json().data;
    expect(opts).toMatchObject({ equips_max: 20, earliest_approach: day(-1) });
    const res = await post('/api/ep/enquiry', tenant.auth, pkg());
    expect(res.json()).toMatchObject({
      status: 1,
      msg: '发布成功',
      data: { to_type: 0, number: 3, machine_operator_v: '需要机手', payment_method_v: '月结' },
    });
    const id = res.json().data.id;
    const sent = (await get('/api/ep/enquiry?to_type=0', tenant.auth)).json().data;
    expect(sent.data[0]).toMatchObject({
      id,
      equips: [
        { name: '挖掘机', model: '21吨', count: 2 },
        { name: '压路机', model: '22吨', count: 1 },
      ],
      responses: 0,
    });
    expect((await get('/api/ep/enquiry?to_type=1', tenant.auth)).json().data.total).toBe(0);

    const queue = (await get('/api/admin/suits?status=0', admin.auth)).json().data;
    expect(queue.data.find((r: { id: number }) => r.id === id)).toMatchObject({
      company_name: '路桥套餐需求方有限公司',
      can_complete: true,
    });
    for (const [body, msg] of [
      [{ product_details: '', price: 100 }, '请填写套餐内容'],
      [{ product_details: '套餐', price: 0 }, '请填写正确的报价金额'],
      [{ product_details: '套餐', price: 10_000_000.01 }, moneyTooLarge(PRICE_MAX_FEN)],
    ] as const)
      expect((await post(`/api/admin/suits/${id}/respond`, admin.auth, body)).json().msg).toBe(msg);
    const offer = await post(`/api/admin/suits/${id}/respond`, admin.auth, {
      product_details: '21吨挖掘机 2 台 + 22吨压路机 1 台，含机手，月租',
      price: 168000.5,
    });
    expect(offer.json()).toMatchObject({
      status: 1,
      data: { price: 16800050, price_v: '168,000.50', state: 0, state_v: '待确认' },
    });
    expect(
      (await t.db.select().from(systemMessages).where(eq(systemMessages.userId, tenant.user.id))).map((m) => m.title),
    ).toEqual(['您的路桥套餐需求有新的报价']);
    expect(
      (await post(`/api/admin/suits/${id}/respond`, tenant.auth, { product_details: 'x', price: 1 })).statusCode,
    ).toBe(403);

    const suits = (await get(`/api/ep/suits?enquiry_id=${id}`, tenant.auth)).json().data;
    expect(suits.data).toHaveLength(1);
    expect(suits.data[0].order_no).toMatch(/^BJ/);
    const other = await seedUser(t.db);
    expect((await post('/api/ep/suits', other.auth, { id: suits.data[0].id })).statusCode).toBe(404);
    expect((await post('/api/ep/suits', tenant.auth, { id: suits.data[0].id })).json()).toMatchObject({
      status: 1,
      msg: '已确认报价',
    });
    expect((await post('/api/ep/suits', tenant.auth, { id: suits.data[0].id })).json()).toMatchObject({
      status: 0,
      msg: '该报价已确认',
    });
    expect((await get(`/api/talk/info?id=${id}`, tenant.auth)).json().data).toMatchObject({
      status: 1,
      offers: [{ state: 1, state_v: '已确认' }],
    });
    expect(
      (await post(`/api/admin/suits/${id}/respond`, admin.auth, { product_details: '再报一次', price: 1 })).json().msg,
    ).toBe('该询价已处理完成');
  });

  it('refuses bad package requests with their messages and stores nothing', async () => {
    const tenant = await seedUser(t.db, { companyName: '套餐校验有限公司' });
    const cases: [object, string][] = [
      [pkg({ equips: [] }), '请至少添加一项设备'],
      [pkg({ equips: [{ name: '挖掘机', model: '', count: 0 }] }), '设备数量须为1至999的整数'],
      [pkg({ equips: [{ name: '', model: '', count: 1 }] }), '请填写设备名称'],
      [
        pkg({ equips: Array.from({ length: 21 }, () => ({ name: '挖掘机', model: '', count: 1 })) }),
        '设备最多添加20项',
      ],
      [pkg({ base: { approach_time: day(-2) } }), '进场日期不能早于昨天'],
      [pkg({ base: { remark: '备'.repeat(101) } }), '备注不能超过100个字'],
      [pkg({ base: { payment_method: 7 } }), '请选择付款方式'],
      [pkg({ base: { machine_operator: 5 } }), '请选择是否需要机手'],
      [pkg({ base: { city: 3201 } }), '请选择正确的地区'],
    ];
    for (const [body, msg] of cases) {
      const res = await post('/api/ep/enquiry', tenant.auth, body);
      expect([res.statusCode, res.json().msg]).toEqual([400, msg]);
    }
    expect(await count(tenant.company.id)).toBe(0);
    expect(await t.db.select().from(inquiryResponses)).toBeDefined();
  });
});
