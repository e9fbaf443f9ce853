import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { MENU } from '@jizu/shared/constants/menu';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import { auditEvents, equipmentGroups, equipmentProducts, systemMessages as messages } from '../../db/schema';
import { addMember, createTestApp, seedUser } from '../../test/harness';
import { seedBidding } from '../../test/bidding';
import { loadReferenceData } from '../../seed/reference';
import { startJobs } from '../../platform/jobs';
import { biddingLines, biddingOffers, biddings } from './bidding.tables';
import { backfillBiddingSearch, cutoffDueBiddings } from './bidding.service';

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

type THeaders = Record<string, string>;
const get = (url: string, h: THeaders = {}) => t.app.inject({ method: 'GET', url, headers: h });
const post = (url: string, h: THeaders, payload: object) => t.app.inject({ method: 'POST', url, headers: h, payload });
const coName = (p: string) => `${p}${Math.random().toString(36).slice(2, 6)}公司`;
const overview = '本项目为城市轨道交通配套土方工程，'.repeat(14);

const line = (over: object = {}) => ({
  eq_type: product.categoryId,
  eq_group: product.groupId,
  eq_product: product.id,
  model: 'SY215C',
  eq_num: '2',
  payment_type: 2,
  num: '6',
  time: '180',
  limit: '30000.50',
  age: 2,
  driver: 1,
  inout: 3,
  oil: 1,
  boarding: 2,
  enter_date: shanghaiDay(20),
  remark: '需带破碎锤',
  ...over,
});
const form = (over: object = {}) => ({
  name: '地铁5号线土方工程挖掘机租赁',
  contacts: '王建国',
  tel: '13812345678',
  show: 1,
  end_time: shanghaiDay(7),
  type: 2,
  payment_type: 2,
  province: 32,
  city: 3205,
  area: 320505,
  address: '苏州工业园区星湖街328号',
  lng: 120.7,
  lat: 31.3,
  remark: overview,
  invoice_type: 1,
  registered_assets: 2,
  other: '',
  req: [line()],
  ...over,
});
const totalForm = (over: object = {}) => ({
  ...form({
    req: [{ eq_type: product.categoryId, eq_group: product.groupId, eq_product: product.id, model: '', eq_num: 3 }],
  }),
  num: '5000',
  unit: 11,
  payment_type: 1,
  limit: '35.5',
  time: '90',
  enter_date: shanghaiDay(15),
  age: 1,
  driver: 1,
  inout: 2,
  oil: 2,
  boarding: 1,
  ...over,
});
const countRows = async (companyId: number) =>
  (await t.db.select().from(biddings).where(eq(biddings.companyId, companyId))).length;

describe('publishing', () => {
  it('saves an itemised project in review with the company prefix, fen prices, the unit of its payment type, an audit event', async () => {
    const tenant = await seedUser(t.db, { companyName: coName('承租方') });
    const opts = (await get('/api/rent/bidding/add', tenant.auth)).json().data;
    expect(opts).toMatchObject({ company_name: tenant.company.name, name_max: 50 - [...tenant.company.name].length });
    const res = await post('/api/rent/bidding/save', tenant.auth, form());
    expect(res.json()).toMatchObject({ status: 1, msg: '发布成功' });
    const [b] = await t.db.select().from(biddings).where(eq(biddings.id, res.json().data.id));
    expect(b).toMatchObject({
      status: 5,
      classify: 1,
      name: `${tenant.company.name}地铁5号线土方工程挖掘机租赁`,
      companyId: tenant.company.id,
    });
    const [l] = await t.db.select().from(biddingLines).where(eq(biddingLines.biddingId, b.id));
    expect(l).toMatchObject({ limit: 3_000_050, unit: 1, num: 6, eqNum: 2, inout: 3 });
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'bidding'), eq(auditEvents.entityId, b.id)));
    expect(audit.map((a) => [a.action, a.toStatus])).toEqual([['submit', '5']]);
    const list = (await get('/api/rent/bidding/lst?status=5', tenant.auth)).json().data;
    expect(list).toMatchObject({ total: 1, data: [{ id: b.id, status_v: '审核中', actions: [] }] });
    expect((await get('/api/rent/bidding/lst?status=5&page=9', tenant.auth)).json().data).toMatchObject({
      total: 1,
      data: [],
    });
    // each search of the list on its own condition, matching and not; the device column names the lines' products
    const [{ name: productName }] = await t.db
      .select({ name: equipmentProducts.name })
      .from(equipmentProducts)
      .where(eq(equipmentProducts.id, product.id));
    expect(list.data[0]).toMatchObject({ devices: productName, response_com_count: 0, end_time: shanghaiDay(7) });
    const total = async (qs: string) => (await get(`/api/rent/bidding/lst?${qs}`, tenant.auth)).json().data.total;
    const searches: [string, string][] = [
      [`sn=${b.sn.slice(2, 8)}`, 'sn=不存在的编号'],
      [`name=${encodeURIComponent('5号线')}`, `name=${encodeURIComponent('6号线')}`],
      [`address=${encodeURIComponent('星湖街')}`, `address=${encodeURIComponent('人民路')}`],
      [`device=${encodeURIComponent(productName)}`, `device=${encodeURIComponent('不存在的设备')}`],
      [`device=SY215`, `device=${encodeURIComponent('100%')}`],
      [`end_time_start=${shanghaiDay(7)}&end_time_end=${shanghaiDay(7)}`, `end_time_start=${shanghaiDay(8)}`],
      [`create_time_start=${shanghaiDay(0)}&create_time_end=${shanghaiDay(0)}`, `create_time_end=${shanghaiDay(-1)}`],
    ];
    for (const [hit, miss] of searches) {
      expect([hit, await total(hit)]).toEqual([hit, 1]);
      expect([miss, await total(miss)]).toEqual([miss, 0]);
    }
    expect(await total(`status=1&name=${encodeURIComponent('5号线')}`)).toBe(0);
  });

  it('saves a comprehensive project: the block on the project and on its lines', async () => {
    const tenant = await seedUser(t.db, { companyName: coName('承租方') });
    const res = await post('/api/rent/bidding/saveTotal', tenant.auth, totalForm());
    expect(res.json()).toMatchObject({ status: 1 });
    const [b] = await t.db.select().from(biddings).where(eq(biddings.id, res.json().data.id));
    expect(b).toMatchObject({ classify: 2, num: 5000, unit: 11, limit: 3550, inout: 2 });
    const [l] = await t.db.select().from(biddingLines).where(eq(biddingLines.biddingId, b.id));
    expect(l).toMatchObject({ num: 5000, unit: 11, limit: 3550, inout: 2, eqNum: 3, paymentType: 1 });
  });

  const bad: [string, () => object, string, 'save' | 'saveTotal'][] = [
    ['name missing', () => ({ name: '' }), '请填写项目名称！', 'save'],
    [
      'name over 50 with its prefix',
      () => ({ name: '名'.repeat(47) }),
      '项目名称（含企业名称前缀）不能超过50个字',
      'save',
    ],
    ['contacts missing', () => ({ contacts: '' }), '请填写联系人', 'save'],
    ['phone malformed', () => ({ tel: '1381234' }), '联系电话格式不正确', 'save'],
    ['end date in the past', () => ({ end_time: shanghaiDay(-1) }), '截止日期不能早于今天', 'save'],
    ['project type missing', () => ({ type: 99 }), '请选择项目类型', 'save'],
    ['overview short', () => ({ remark: '太短了' }), '项目概况须为200至500个字', 'save'],
    ['overview long', () => ({ remark: '长'.repeat(501) }), '项目概况须为200至500个字', 'save'],
    ['invoice type missing', () => ({ invoice_type: null }), '请选择发票类型', 'save'],
    ['registered capital missing', () => ({ registered_assets: 0 }), '请选择注册资本要求', 'save'],
    ['other over 200', () => ({ other: '其'.repeat(201) }), '其他要求不能超过200个字', 'save'],
    ['no map point', () => ({ lng: 0, lat: 0 }), '请在地图上选择项目位置', 'save'],
    ['a point outside China', () => ({ lng: -73.98, lat: 40.75 }), '请在地图上选择项目位置', 'save'],
    ['no point at all', () => ({ lng: '', lat: null }), '请在地图上选择项目位置', 'save'],
    ['region not a chain', () => ({ area: 110101 }), '请选择所在区域', 'save'],
    ['no lines', () => ({ req: [] }), '请至少添加一项设备需求', 'save'],
    ['non-digit quantity', () => ({ req: [line({ num: '1e3' })] }), '只能填写数字', 'save'],
    ['negative machine count', () => ({ req: [line({ eq_num: '-1' })] }), '只能填写数字', 'save'],
    ['limit with letters', () => ({ req: [line({ limit: '12a' })] }), '限价只能填写数字和小数点，最多两位小数', 'save'],
    [
      'limit with 3 decimals',
      () => ({ req: [line({ limit: '1.234' })] }),
      '限价只能填写数字和小数点，最多两位小数',
      'save',
    ],
    ['by quantity without a unit', () => ({ req: [line({ payment_type: 1 })] }), '按量计费请选择计量单位', 'save'],
    ['item remark over 200', () => ({ req: [line({ remark: '备'.repeat(201) })] }), '备注不能超过200个字', 'save'],
    [
      'product not in its group',
      () => ({ req: [line({ eq_group: product.groupId + 1 })] }),
      '请选择正确的设备类型',
      'save',
    ],
    ['total without its block', () => ({ num: '' }), '请填写需求数量', 'saveTotal'],
    ['total without boarding', () => ({ boarding: null }), '请选择食宿安排', 'saveTotal'],
    ['total by quantity without a unit', () => ({ unit: 99 }), '按量计费请选择计量单位', 'saveTotal'],
  ] as [string, () => object, string, 'save' | 'saveTotal'][];
  it.each(bad)('refuses %s with the exact message and writes nothing', async (_case, over, msg, route) => {
    const tenant = await seedUser(t.db, { companyName: '短名' + Math.random().toString(36).slice(2, 4) });
    const payload = route === 'save' ? form(over()) : totalForm(over());
    const res = await post(`/api/rent/bidding/${route}`, tenant.auth, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
    expect(await countRows(tenant.company.id)).toBe(0);
  });

  it('boundaries: a stranger 401; a sub-user without 竞价管理 403; with it allowed', async () => {
    const tenant = await seedUser(t.db, { companyName: coName('承租方') });
    expect((await post('/api/rent/bidding/save', {}, form())).statusCode).toBe(401);
    const sub = await seedUser(t.db);
    await addMember(t.db, tenant.company.id, sub.user.id, { master: 0, menus: [MENU.response] });
    const h = { ...sub.auth, 'x-company-id': String(tenant.company.id) };
    const denied = await post('/api/rent/bidding/save', sub.auth, { ...form(), company_id: tenant.company.id });
    expect(denied.statusCode).toBe(403);
    expect(h).toBeTruthy();
    expect(await countRows(tenant.company.id)).toBe(0);
    const granted = await seedUser(t.db);
    await addMember(t.db, tenant.company.id, granted.user.id, { master: 0, menus: [MENU.rentCompete] });
    expect(
      (await post('/api/rent/bidding/save', granted.auth, { ...form(), company_id: tenant.company.id })).json(),
    ).toMatchObject({
      status: 1,
    });
  });
});

describe('review, hall, close, cut-off', () => {
  it('staff approve (5 → 1) and reject with a reason (5 → 6); the publisher gets a system message; the hall lists only responding ones', async () => {
    const tenant = await seedUser(t.db, { companyName: coName('承租方') });
    const a = (await post('/api/rent/bidding/save', tenant.auth, form({ name: '审核通过项目' }))).json().data.id;
    const r = (await post('/api/rent/bidding/save', tenant.auth, form({ name: '审核驳回项目' }))).json().data.id;
    // not public while in review
    expect((await get(`/api/site/bidding/${a}`)).json()).toMatchObject({
      status: 0,
      msg: '该竞价项目未通过审核或已关闭，暂不能查看',
    });
    // the tenant cannot review
    expect((await post(`/api/admin/biddings/${a}/review`, tenant.auth, { action: 'approve' })).statusCode).toBe(403);
    expect((await post(`/api/admin/biddings/${r}/review`, staff.auth, { action: 'reject' })).json().msg).toBe(
      '请填写驳回原因',
    );
    expect((await post(`/api/admin/biddings/${a}/review`, staff.auth, { action: 'approve' })).json()).toMatchObject({
      status: 1,
    });
    expect(
      (
        await post(`/api/admin/biddings/${r}/review`, staff.auth, { action: 'reject', reason: '项目概况不完整' })
      ).json(),
    ).toMatchObject({ status: 1 });
    // twice: refused by the state machine
    expect(
      (await post(`/api/admin/biddings/${a}/review`, staff.auth, { action: 'reject', reason: 'x' })).statusCode,
    ).toBe(409);
    const rows = (await get('/api/rent/bidding/lst', tenant.auth)).json().data.data;
    expect(rows.find((x: { id: number }) => x.id === r)).toMatchObject({ status: 6, reason: '项目概况不完整' });
    expect(rows.find((x: { id: number }) => x.id === a)).toMatchObject({ status: 1, actions: ['close'] });
    const inbox = await t.db.select().from(messages).where(eq(messages.userId, tenant.user.id));
    expect(inbox.map((m) => m.title).sort()).toEqual(['竞价项目审核未通过', '竞价项目审核通过']);
    expect(inbox.find((m) => m.title === '竞价项目审核未通过')?.body).toContain('项目概况不完整');
    const hall = (await get(`/api/site/bidding?kw=${encodeURIComponent('审核')}&size=50`))
      .json()
      .data.data.map((x: { id: number }) => x.id);
    expect(hall).toContain(a);
    expect(hall).not.toContain(r);
    const pub = (await get(`/api/site/bidding/${a}`)).json().data;
    expect(pub).toMatchObject({ id: a, status: 1, respond_url: `/response/create/${a}`, tel: '138****5678' });
    // a rejected project corrected and sent again
    const again = await post('/api/rent/bidding/save', tenant.auth, form({ id: r, name: '审核驳回项目（修改）' }));
    expect(again.json()).toMatchObject({ status: 1 });
    expect((await t.db.select().from(biddings).where(eq(biddings.id, r)))[0]).toMatchObject({
      status: 5,
      reviewReason: '',
    });
    // the public page's HTML carries its own title
    const html = await get(`/site/bidding/${a}`);
    if (html.statusCode === 200) expect(html.body).toContain('审核通过项目');
  });

  it("the hall's keyword finds a word inside the name, a device or a model through the grams, only among responding projects; projects written before get their search text at start", async () => {
    const tenant = await seedUser(t.db, { companyName: coName('检索方') });
    const [{ name: device }] = await t.db
      .select({ name: equipmentProducts.name })
      .from(equipmentProducts)
      .where(eq(equipmentProducts.id, product.id));
    const save = async (name: string, model: string) =>
      (await post('/api/rent/bidding/save', tenant.auth, form({ name, req: [line({ model })] }))).json().data
        .id as number;
    const a = await save('滨江大道综合管廊基坑支护', 'XZ-9QK7');
    const b = await save('北岸雨污分流改造工程', 'SY215C');
    const review = await save('滨江大道尚在审核的项目', 'SY215C');
    for (const id of [a, b])
      expect((await post(`/api/admin/biddings/${id}/review`, staff.auth, { action: 'approve' })).json()).toMatchObject({
        status: 1,
      });
    const hall = async (kw: string) =>
      (await get(`/api/site/bidding?kw=${encodeURIComponent(kw)}&size=50`)).json().data as {
        data: { id: number }[];
        total: number;
      };
    const ids = async (kw: string) => (await hall(kw)).data.map((x) => x.id);
    // inside a word of the name (a pair of characters), in either project's device, in a model (Latin, any case and width)
    expect(await ids('管廊')).toEqual([a]);
    expect(await ids('大道 基坑')).toEqual([a]);
    expect(await ids('大道 分流')).toEqual([]);
    expect(await ids(device.slice(-2))).toEqual(expect.arrayContaining([a, b]));
    expect(await ids('ｘｚ－９qk')).toEqual([a]);
    // pairs met apart do not count: 廊基 is in the name, 基廊 is not
    expect(await ids('基廊')).toEqual([]);
    // a project in review is not in the hall, whatever matches
    expect(await ids('审核的项目')).toEqual([]);
    expect((await hall('管廊')).total).toBe(1);
    // a keyword of punctuation only searches nothing away
    expect((await hall('，。')).total).toBeGreaterThanOrEqual(2);
    // a project written before the hall searched by grams: found once the start-up fill ran
    await t.db.update(biddings).set({ searchBody: '', searchGrams: [] }).where(eq(biddings.id, a));
    expect(await ids('管廊')).toEqual([]);
    expect(await backfillBiddingSearch(t.db)).toBeGreaterThanOrEqual(1);
    expect(await ids('管廊')).toEqual([a]);
    expect(await backfillBiddingSearch(t.db)).toBe(0);
    expect(review).toBeGreaterThan(0);
  });

  it("the hall's total is exact up to five pages past the page asked and a lower bound beyond (total_capped)", async () => {
    const tenant = await seedUser(t.db, { companyName: coName('计数方') });
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      const id = (await post('/api/rent/bidding/save', tenant.auth, form({ name: `计数大厅项目${i}` }))).json().data
        .id as number;
      expect((await post(`/api/admin/biddings/${id}/review`, staff.auth, { action: 'approve' })).json()).toMatchObject({
        status: 1,
      });
      ids.push(id);
    }
    const hall = async (qs: string) =>
      (await get(`/api/site/bidding?kw=${encodeURIComponent('计数大厅')}&${qs}`)).json().data as {
        data: { id: number }[];
        total: number;
        total_capped: boolean;
      };
    // size 1, page 1: counted up to 1 + 5 × 1 = 6 matches, reported as "at least 5 + this page"
    expect(await hall('size=1')).toMatchObject({ total: 5, total_capped: true, data: [{ id: ids[6] }] });
    // page 3 of size 1 counts up to 2 + 5 + 1 = 8: all 7, exact
    expect(await hall('size=1&page=3')).toMatchObject({ total: 7, total_capped: false, data: [{ id: ids[4] }] });
    expect(await hall('size=10')).toMatchObject({ total: 7, total_capped: false });
    expect((await hall('size=10')).data.map((r) => r.id)).toEqual([...ids].reverse());
    // the pages after the cap still answer, and a page past the end answers the total
    expect((await hall('size=1&page=7')).data.map((r) => r.id)).toEqual([ids[0]]);
    expect(await hall('size=10&page=5')).toMatchObject({ total: 7, total_capped: false, data: [] });
    // a card's values of the page's one statement: the company (shown: 1), the lines' products, the responses
    const [{ name: productName }] = await t.db
      .select({ name: equipmentProducts.name })
      .from(equipmentProducts)
      .innerJoin(biddingLines, eq(biddingLines.productId, equipmentProducts.id))
      .where(eq(biddingLines.biddingId, ids[6]));
    expect((await hall('size=1')).data[0]).toMatchObject({
      id: ids[6],
      company_v: tenant.company.name,
      devices: productName,
      response_com_count: 0,
      href: `/site/bidding/${ids[6]}`,
    });
  });

  it('another company reads 404; close needs a reason; early cut-off needs a responding company', async () => {
    const tenant = await seedUser(t.db, { companyName: coName('承租方') });
    const other = await seedUser(t.db, { companyName: coName('他方') });
    const { bidding } = await seedBidding(t.db, tenant.company.id, tenant.user.id);
    expect((await get(`/api/rent/bidding/detailStatus?id=${bidding.id}`, other.auth)).statusCode).toBe(404);
    expect((await post('/api/rent/bidding/close', other.auth, { id: bidding.id, reason: '不需要了' })).statusCode).toBe(
      404,
    );
    expect((await post('/api/rent/bidding/close', tenant.auth, { id: bidding.id, reason: '' })).json().msg).toBe(
      '请填写关闭原因',
    );
    expect(
      (await post('/api/rent/bidding/close', tenant.auth, { id: bidding.id, reason: '因'.repeat(51) })).json().msg,
    ).toBe('关闭原因不能超过50个字');
    const adv = await post('/api/rent/bidding/advance', tenant.auth, { id: bidding.id });
    expect(adv.json()).toMatchObject({ status: 0, msg: '暂无服务商响应，不能提前截止' });
    expect((await t.db.select().from(biddings).where(eq(biddings.id, bidding.id)))[0].status).toBe(1);
    const provider = await seedUser(t.db, { companyName: coName('服务商') });
    await t.db.insert(biddingOffers).values({
      biddingId: bidding.id,
      companyId: provider.company.id,
      userId: provider.user.id,
      contacts: '李',
      tel: '13900000000',
    });
    expect((await post('/api/rent/bidding/advance', tenant.auth, { id: bidding.id })).json()).toMatchObject({
      status: 1,
    });
    const [b] = await t.db.select().from(biddings).where(eq(biddings.id, bidding.id));
    expect(b.status).toBe(2);
    expect((await t.db.select().from(biddingOffers).where(eq(biddingOffers.biddingId, bidding.id)))[0].status).toBe(2);
    expect(
      (await post('/api/rent/bidding/close', tenant.auth, { id: bidding.id, reason: '预算调整' })).json(),
    ).toMatchObject({
      status: 1,
      msg: '关闭成功',
    });
    const [c] = await t.db.select().from(biddings).where(eq(biddings.id, bidding.id));
    expect(c).toMatchObject({ status: 4, closeReason: '预算调整' });
    expect((await t.db.select().from(biddingOffers).where(eq(biddingOffers.biddingId, bidding.id)))[0].status).toBe(5);
    expect(
      (await post('/api/rent/bidding/close', tenant.auth, { id: bidding.id, reason: '再关一次' })).statusCode,
    ).toBe(409);
  });

  it('the job cuts off a project after its deadline with no request, once, and leaves others', async () => {
    const tenant = await seedUser(t.db, { companyName: coName('承租方') });
    const due = (await seedBidding(t.db, tenant.company.id, tenant.user.id, { endTime: shanghaiDay(-1) })).bidding;
    const today = (await seedBidding(t.db, tenant.company.id, tenant.user.id, { endTime: shanghaiDay(0) })).bidding;
    const stop = startJobs(
      [{ name: `cutoff-test-${due.id}`, everyMs: 60_000, run: () => cutoffDueBiddings(t.db) }],
      { error: () => {}, info: () => {} },
      t.db,
      { pollMs: 50 },
    );
    try {
      for (let i = 0; i < 100; i++) {
        const [b] = await t.db.select().from(biddings).where(eq(biddings.id, due.id));
        if (b.status === 2) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      stop();
    }
    const [b] = await t.db.select().from(biddings).where(eq(biddings.id, due.id));
    expect(b.status).toBe(2);
    expect(b.cutoffAt).not.toBeNull();
    expect((await t.db.select().from(biddings).where(eq(biddings.id, today.id)))[0].status).toBe(1);
    expect(await cutoffDueBiddings(t.db)).toBe(0);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'bidding'), eq(auditEvents.entityId, due.id)));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([['cutoff', null]]);
  });
});
