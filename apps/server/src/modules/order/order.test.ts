import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_LIMITS } from '@jizu/shared/constants/order';
import { PRICE_MAX_FEN, moneyTooLarge } from '@jizu/shared/schemas/money';
import { fenToYuanText } from '@jizu/shared/rules/money';
import { and, eq } from 'drizzle-orm';
import { MENU } from '@jizu/shared/constants/menu';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import { auditEvents, companies, companyMembers } from '../../db/schema';
import { addMember, createTestApp, seedUser, tableText } from '../../test/harness';
import { orderConfirmBody, orderSubmitBody, seedCompletedBidding } from '../../test/order';
import { loadReferenceData } from '../../seed/reference';
import { readXlsx } from '../../test/xlsx';
import { rentalOrderLines, rentalOrders } from './order.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const get = (url: string, h: THeaders = {}) => t.app.inject({ method: 'GET', url, headers: h });
const post = (url: string, h: THeaders, payload: object) => t.app.inject({ method: 'POST', url, headers: h, payload });
const orderRow = async (id: number) => (await t.db.select().from(rentalOrders).where(eq(rentalOrders.id, id)))[0];
const linesOf = (id: number) =>
  t.db.select().from(rentalOrderLines).where(eq(rentalOrderLines.orderId, id)).orderBy(rentalOrderLines.id);

/** A completed bidding turned into draft orders through createOk; the first order and its parties. */
async function drafts(providers = 1) {
  const s = await seedCompletedBidding(t.db, { providers });
  const made = (await post('/api/rent/order/createOk', s.tenant.auth, { bid: s.bidding.id })).json();
  expect(made).toMatchObject({ status: 1, msg: `已生成${providers}个订单` });
  return { ...s, orders: made.data.orders as { id: number; sn: string }[] };
}

const submitBody = orderSubmitBody;
const confirmBody = orderConfirmBody;

describe('creating orders from a bidding', () => {
  it('pre-check: an unverified company and a company with nothing to create get their message; createPre, checkOne and createOk (once)', async () => {
    const plain = await seedUser(t.db, { companyName: '未认证建设有限公司' });
    expect((await get('/api/rent/order/createCheck', plain.auth)).json()).toMatchObject({
      status: 0,
      msg: '请先完成企业认证，再添加订单',
    });
    await t.db.update(companies).set({ status: 1 }).where(eq(companies.id, plain.company.id));
    expect((await get('/api/rent/order/createCheck', plain.auth)).json()).toMatchObject({
      status: 0,
      msg: '暂无可生成订单的竞价项目，竞价项目确认选择服务商后即可生成订单',
    });

    const s = await seedCompletedBidding(t.db, { providers: 2 });
    expect((await get('/api/rent/order/createCheck', s.tenant.auth)).json()).toMatchObject({ status: 1 });
    const pre = (await get('/api/rent/order/createPre', s.tenant.auth)).json().data;
    expect(pre).toEqual([
      expect.objectContaining({
        id: s.bidding.id,
        sn: s.bidding.sn,
        providers: expect.arrayContaining(s.providers.map((p) => p.company.name)),
      }),
    ]);
    const one = (await post('/api/rent/order/checkOne', s.tenant.auth, { bid: s.bidding.id })).json().data;
    expect(one.code).toBe(1001);
    expect(one.msg).toContain(s.providers[0].company.name);
    // another company's bidding reads as missing
    expect((await post('/api/rent/order/createOk', plain.auth, { bid: s.bidding.id })).json()).toMatchObject({
      status: 0,
      msg: '竞价项目不存在或已删除',
    });
    const made = (await post('/api/rent/order/createOk', s.tenant.auth, { bid: s.bidding.id })).json();
    expect(made).toMatchObject({ status: 1, msg: '已生成2个订单' });
    expect((await post('/api/rent/order/createOk', s.tenant.auth, { bid: s.bidding.id })).json()).toMatchObject({
      status: 1,
      msg: '已生成0个订单',
    });
    expect((await get('/api/rent/order/createCheck', s.tenant.auth)).json().msg).toBe(
      '暂无可生成订单的竞价项目，竞价项目确认选择服务商后即可生成订单',
    );
    expect((await get('/api/rent/order/createPre', s.tenant.auth)).json().data).toEqual([]);
    // each provider's order carries its own allocation, at the quote's prices
    const [o1, o2] = made.data.orders;
    expect((await linesOf(o1.id)).map((l) => [l.num, l.price, l.taxTotal, l.origEnterDate])).toEqual([
      [s.lines[0].num, 28_000, 31_640, s.lines[0].enterDate],
    ]);
    expect((await linesOf(o2.id)).map((l) => l.biddingLineId)).toEqual([s.lines[1].id]);
  });
});

describe('the tenant list and the provider list', () => {
  it('tabs, the sn search, the date range; a draft is invisible to the provider; another company sees nothing', async () => {
    const { tenant, providers, orders } = await drafts();
    const [p] = providers;
    const [o] = orders;
    const list = (await get('/api/rent/order/lst?status=0', tenant.auth)).json().data;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      id: o.id,
      sn: o.sn,
      status: 0,
      status_v: '待提交',
      provider_name: p.company.name,
      actions: ['edit_line', 'delete_line', 'submit', 'close'],
    });
    expect(list.data[0].lines[0]).toMatch(/× 6月$/);
    expect(list.data[0].tax_total_v).toBe('8,226.40'); // (6 months + 20 shifts) × 316.40
    // the total comes beside the rows; a page past the end still answers it
    expect((await get('/api/rent/order/lst?status=0&page=9', tenant.auth)).json().data).toMatchObject({
      total: 1,
      data: [],
    });
    expect((await get(`/api/rent/order/lst?bsn=${o.sn.slice(-6)}`, tenant.auth)).json().data.total).toBe(1);
    expect((await get('/api/rent/order/lst?bsn=NOPE', tenant.auth)).json().data.total).toBe(0);
    expect((await get('/api/rent/order/lst?status=1', tenant.auth)).json().data.total).toBe(0);
    expect((await get(`/api/rent/order/lst?create_time_start=${shanghaiDay(1)}`, tenant.auth)).json().data.total).toBe(
      0,
    );
    expect(
      (
        await get(
          `/api/rent/order/lst?create_time_start=${shanghaiDay(0)}&create_time_end=${shanghaiDay(0)}`,
          tenant.auth,
        )
      ).json().data.total,
    ).toBe(1);
    expect(
      (await get(`/api/rent/order/lst?company=${encodeURIComponent(p.company.name.slice(0, 4))}`, tenant.auth)).json()
        .data.total,
    ).toBe(1);
    expect((await get('/api/rent/order/lst?create_time_start=2026-02-30', tenant.auth)).json()).toMatchObject({
      status: 0,
      msg: '请选择正确的日期',
    });
    // the provider: nothing until submitted
    expect((await get('/api/ep/order', p.auth)).json().data.total).toBe(0);
    expect((await get(`/api/ep/detail_order?id=${o.id}`, p.auth)).json()).toMatchObject({
      status: 0,
      msg: '订单不存在或已删除',
    });
    const stranger = await seedUser(t.db, { companyName: '路人建设有限公司' });
    expect((await get(`/api/rent/order/detail?id=${o.id}`, stranger.auth)).json()).toMatchObject({
      status: 0,
      msg: '订单不存在或已删除',
    });
    expect((await get('/api/rent/order/lst', stranger.auth)).json().data.total).toBe(0);
    expect((await get(`/api/rent/order/detail?id=${o.id}`)).statusCode).toBe(401);
  });
});

describe('lines while draft', () => {
  it('entry date not before the original, the number and rate checked, tax-inclusive price computed here; the last line stays', async () => {
    const s = await seedCompletedBidding(t.db, { providers: 1 });
    const [o] = (await post('/api/rent/order/createOk', s.tenant.auth, { bid: s.bidding.id })).json().data.orders;
    const [l1, l2] = await linesOf(o.id);
    const before = await tableText(t.db, 'rental_order_lines');
    const bad = async (payload: object, msg: string) => {
      expect(
        (
          await post('/api/rent/order/saveReq', s.tenant.auth, {
            id: l1.id,
            num: 3,
            price: '300.50',
            rate: 9,
            enter_date: l1.enterDate,
            ...payload,
          })
        ).json(),
      ).toMatchObject({ status: 0, msg });
    };
    await bad({ enter_date: shanghaiDay(19) }, '进场日期不能早于原进场日期');
    await bad({ num: 0 }, '数量须为1至9999的整数');
    await bad({ num: '' }, '请输入数量');
    await bad({ price: '1.234' }, '单价须为不小于0的金额，最多两位小数');
    await bad({ rate: 101 }, '税率须为0至100的整数');
    await bad({ enter_date: '' }, '请选择进场日期');
    expect(await tableText(t.db, 'rental_order_lines')).toBe(before);
    // a stranger's line reads as missing
    const stranger = await seedUser(t.db, { companyName: '路人二建设有限公司' });
    expect(
      (
        await post('/api/rent/order/saveReq', stranger.auth, {
          id: l1.id,
          num: 3,
          price: '300.50',
          rate: 9,
          enter_date: shanghaiDay(25),
        })
      ).json(),
    ).toMatchObject({ status: 0, msg: '订单不存在或已删除' });
    expect(
      (
        await post('/api/rent/order/saveReq', s.tenant.auth, {
          id: l1.id,
          num: 3,
          price: '300.50',
          rate: 9,
          enter_date: shanghaiDay(25),
          tax_total: '1.00',
        })
      ).json(),
    ).toMatchObject({ status: 1, msg: '修改成功' });
    expect((await linesOf(o.id))[0]).toMatchObject({
      num: 3,
      price: 30_050,
      rate: 9,
      taxTotal: 32_755,
      enterDate: shanghaiDay(25),
      origEnterDate: l1.enterDate,
    });
    // moving it back to the original date is allowed
    expect(
      (
        await post('/api/rent/order/saveReq', s.tenant.auth, {
          id: l1.id,
          num: 3,
          price: '300.50',
          rate: 9,
          enter_date: l1.enterDate,
        })
      ).json().status,
    ).toBe(1);
    expect((await post('/api/rent/order/delReq', s.tenant.auth, { id: l2.id })).json()).toMatchObject({
      status: 1,
      msg: '删除成功',
    });
    expect((await post('/api/rent/order/delReq', s.tenant.auth, { id: l1.id })).json()).toMatchObject({
      status: 0,
      msg: '订单至少保留一条设备明细',
    });
    expect(await linesOf(o.id)).toHaveLength(1);
  });

  it('money at its ceiling: every line at the highest price, rate and number is stored and totalled exactly; a fen above is refused', async () => {
    const s = await seedCompletedBidding(t.db, { providers: 1 });
    const [o] = (await post('/api/rent/order/createOk', s.tenant.auth, { bid: s.bidding.id })).json().data.orders;
    const lines = await linesOf(o.id);
    const at = (id: number, enter: string | null, price: string) =>
      post('/api/rent/order/saveReq', s.tenant.auth, {
        id,
        num: ORDER_LIMITS.numMax,
        price,
        rate: ORDER_LIMITS.rateMax,
        enter_date: enter ?? shanghaiDay(25),
      });
    const before = await tableText(t.db, 'rental_order_lines');
    const over = (await at(lines[0].id, lines[0].enterDate, '10000000.01')).json();
    expect([over.status, over.msg, over.errors?.[0]?.field]).toEqual([0, moneyTooLarge(PRICE_MAX_FEN), 'price']);
    expect(await tableText(t.db, 'rental_order_lines')).toBe(before);
    for (const l of lines) expect((await at(l.id, l.enterDate, '10000000.00')).json()).toMatchObject({ status: 1 });
    expect((await linesOf(o.id)).map((l) => [l.price, l.taxTotal, l.num])).toEqual(
      lines.map(() => [PRICE_MAX_FEN, 2 * PRICE_MAX_FEN, ORDER_LIMITS.numMax]),
    );
    const detail = (await get(`/api/rent/order/detail?id=${o.id}`, s.tenant.auth)).json();
    expect(detail.status).toBe(1);
    expect(JSON.stringify(detail.data)).toContain(
      fenToYuanText(lines.length * 2 * PRICE_MAX_FEN * ORDER_LIMITS.numMax),
    );
  });
});

describe('submit, confirm, return, close', () => {
  it('the confirmation form: each rule with its message and nothing changed; then submitted and no longer editable', async () => {
    const { tenant, orders } = await drafts();
    const [o] = orders;
    const form = (await get(`/api/rent/order/add?id=${o.id}`, tenant.auth)).json().data;
    expect(form.order).toMatchObject({ id: o.id, status: 0 });
    expect(form.invoice_profile.name).toBe(tenant.company.name);
    const before = await tableText(t.db, 'rental_orders');
    const bad = async (over: Record<string, unknown>, msg: string) => {
      const r = (await post('/api/rent/order/save', tenant.auth, submitBody(o.id, over))).json();
      expect(r).toMatchObject({ status: 0, msg });
    };
    await bad({ project_name: '' }, '请输入项目名称');
    await bad({ project_name: '项'.repeat(51) }, '项目名称不能超过50个字');
    await bad({ project_type: undefined }, '请选择项目类型');
    await bad({ project_type: 99 }, '请选择项目类型');
    await bad({ project_address: '' }, '请输入施工地址');
    await bad({ remark: '备'.repeat(201) }, '订单备注不能超过200个字');
    await bad({ order_party: { contacts: '', tel: '13812345678' } }, '请输入承租方联系人');
    await bad({ order_party: { contacts: '欧阳建国同志', tel: '13812345678' } }, '承租方联系人不能超过5个字');
    await bad({ order_party: { contacts: '王建国', tel: '' } }, '请输入承租方联系电话');
    await bad(
      { order_invoice: { type: 0, address: '', telphone: '0512-1234567', bank: '建行', bank_no: '62170012345678' } },
      '请输入公司地址',
    );
    await bad(
      { order_invoice: { type: 0, address: '苏州', telphone: '', bank: '建行', bank_no: '62170012345678' } },
      '请输入公司电话',
    );
    await bad(
      { order_invoice: { type: 0, address: '苏州', telphone: '0512-1234567', bank: '', bank_no: '62170012345678' } },
      '请输入开户银行',
    );
    await bad(
      { order_invoice: { type: 0, address: '苏州', telphone: '0512-1234567', bank: '建行', bank_no: '' } },
      '请输入银行账号',
    );
    const addr = submitBody(o.id).order_invoice_address;
    await bad({ order_invoice_address: { ...addr, name: '' } }, '请输入收票人姓名');
    await bad({ order_invoice_address: { ...addr, phone: '' } }, '请输入收票人手机');
    await bad({ order_invoice_address: { ...addr, area: 0 } }, '请选择所在区域');
    await bad({ order_invoice_address: { ...addr, area: 310115 } }, '请选择所在区域');
    await bad({ order_invoice_address: { ...addr, address: '' } }, '请输入收票详细地址');
    await bad({ order_invoice_address: { ...addr, remark: '备'.repeat(101) } }, '发票备注不能超过100个字');
    expect(await tableText(t.db, 'rental_orders')).toBe(before);

    const special = {
      type: 0,
      address: '苏州工业园区星湖街328号',
      telphone: '0512-62881234',
      bank: '中国建设银行苏州分行',
      bank_no: '32250198863600000123',
    };
    expect(
      (
        await post(
          '/api/rent/order/save',
          tenant.auth,
          submitBody(o.id, { order_invoice: special, remark: '请按时进场' }),
        )
      ).json(),
    ).toMatchObject({
      status: 1,
      msg: '提交成功',
    });
    const row = await orderRow(o.id);
    expect(row).toMatchObject({
      status: 1,
      providerStatus: 0,
      invType: 0,
      invTitle: tenant.company.name,
      remark: '请按时进场',
      rcvArea: 320505,
    });
    expect(row.invBankNo).not.toContain('32250198863600000123');
    const detail = (await get(`/api/rent/order/detail?id=${o.id}`, tenant.auth)).json().data;
    expect(detail).toMatchObject({
      status: 1,
      status_v: '待确认',
      order_invoice: { type: 0, bank_no: '32250198863600000123', name: tenant.company.name },
      order_payee: null,
      actions: ['close'],
    });
    expect(detail.order_invoice_address.region_v).toContain('苏州');
    // submitted: no second submit, no line edits, the form refuses
    expect((await post('/api/rent/order/save', tenant.auth, submitBody(o.id))).json()).toMatchObject({
      status: 0,
      msg: '该订单当前状态不能进行此操作，请刷新后重试',
    });
    const [l] = await linesOf(o.id);
    expect(
      (
        await post('/api/rent/order/saveReq', tenant.auth, {
          id: l.id,
          num: 1,
          price: '1',
          rate: 1,
          enter_date: l.enterDate,
        })
      ).json().msg,
    ).toBe('该订单当前状态不能进行此操作，请刷新后重试');
    expect((await get(`/api/rent/order/add?id=${o.id}`, tenant.auth)).json()).toMatchObject({
      status: 0,
      msg: '该订单当前状态不能进行此操作，请刷新后重试',
    });
  });

  it('the provider confirms once with its payee account and the agreement (each rule); the timeline shows every step', async () => {
    const { tenant, providers, orders } = await drafts();
    const [p] = providers;
    const [o] = orders;
    const [l] = await linesOf(o.id);
    await post('/api/rent/order/saveReq', tenant.auth, {
      id: l.id,
      num: 5,
      price: '280',
      rate: 13,
      enter_date: l.enterDate,
    });
    await post('/api/rent/order/save', tenant.auth, submitBody(o.id));
    const list = (await get('/api/ep/order?status=1', p.auth)).json().data;
    expect(list.data[0]).toMatchObject({
      id: o.id,
      status_v: '待确认',
      tenant_name: tenant.company.name,
      actions: ['confirm', 'return'],
    });
    const provDetail = (await get(`/api/ep/detail_order?id=${o.id}`, p.auth)).json().data;
    expect(provDetail.order_invoice).toBeNull();
    expect(provDetail.order_invoice_address).toBeNull();
    expect((await get(`/api/ep/bdetail_order?id=${o.id}`, p.auth)).json().data.prefill).toMatchObject({
      contacts: '李四',
      tel: '13911112222',
    });
    const before = await tableText(t.db, 'rental_orders');
    const bad = async (over: Record<string, unknown>, msg: string) =>
      expect((await post('/api/ep/ckorderok', p.auth, confirmBody(o.id, over))).json()).toMatchObject({
        status: 0,
        msg,
      });
    await bad({ contacts: '' }, '请填写服务商联系人');
    await bad({ contacts: '欧阳建国同志' }, '服务商联系人不能超过5个字');
    await bad({ tel: '' }, '请填写服务商联系电话');
    await bad({ bank_name: '' }, '请填写收款银行名称');
    await bad({ bank_no: '' }, '请填写银行账号');
    await bad({ agree: 0 }, '请先同意采用租立得平台供应链金融服务进行支付，再点击确认订单');
    await bad({ agree: undefined }, '请先同意采用租立得平台供应链金融服务进行支付，再点击确认订单');
    expect(await tableText(t.db, 'rental_orders')).toBe(before);
    // the tenant cannot confirm its own order (the provider side reads it as missing)
    expect((await post('/api/ep/ckorderok', tenant.auth, confirmBody(o.id))).json()).toMatchObject({
      status: 0,
      msg: '订单不存在或已删除',
    });
    expect((await post('/api/ep/ckorderok', p.auth, confirmBody(o.id))).json()).toMatchObject({
      status: 1,
      msg: '操作成功',
    });
    const row = await orderRow(o.id);
    expect(row).toMatchObject({ status: 2, providerStatus: 1, payeeBank: '中国建设银行苏州分行', financeAgreed: 1 });
    expect(row.payeeBankNo).not.toContain('6217001234567890123');
    // final: no second answer, no return, no close by the tenant
    expect((await post('/api/ep/ckorderok', p.auth, confirmBody(o.id, { bank_name: '别的银行' }))).json().msg).toBe(
      '该订单当前状态不能进行此操作，请刷新后重试',
    );
    expect((await post('/api/ep/ckorderng', p.auth, { id: o.id, reason: '改主意了' })).json().msg).toBe(
      '该订单当前状态不能进行此操作，请刷新后重试',
    );
    expect((await post('/api/rent/order/close', tenant.auth, { id: o.id, reason: '不要了' })).json().msg).toBe(
      '该订单当前状态不能进行此操作，请刷新后重试',
    );
    expect((await orderRow(o.id)).payeeBank).toBe('中国建设银行苏州分行');
    const tenantView = (await get(`/api/rent/order/detail?id=${o.id}`, tenant.auth)).json().data;
    expect(tenantView).toMatchObject({
      status: 2,
      status_v: '进行中',
      order_payee: null,
      tenant_super: 1,
      provider_super: 1,
      order_party: [{ type: 0 }, { type: 1, contacts: '李四' }],
    });
    expect(tenantView).not.toHaveProperty('history');
    // the timeline: its own call, newest first, a page at a time
    const history = async (url: string, auth: Record<string, string>) => (await get(url, auth)).json();
    const all = (await history(`/api/rent/order/history?id=${o.id}`, tenant.auth)).data;
    expect(all.more).toBe(false);
    expect(all.data.map((h: { action: string }) => h.action)).toEqual([
      'confirm',
      'submit',
      'edit_line',
      'create_draft',
    ]);
    expect(all.data[0]).toMatchObject({ action_v: '服务商确认订单', from: '1', to: '2' });
    expect((await history(`/api/ep/order/history?id=${o.id}`, p.auth)).data).toEqual(all);
    const first = (await history(`/api/rent/order/history?id=${o.id}&size=3`, tenant.auth)).data;
    expect(first).toEqual({ data: all.data.slice(0, 3), more: true });
    const next = (await history(`/api/rent/order/history?id=${o.id}&size=3&before=${first.data[2].id}`, tenant.auth))
      .data;
    expect(next).toEqual({ data: all.data.slice(3), more: false });
    for (const q of ['size=0', 'size=51', 'before=0', 'before=x'])
      expect((await history(`/api/rent/order/history?id=${o.id}&${q}`, tenant.auth)).status, q).toBe(0);
    // another company's order, and the tenant's order by the provider's path, read as missing
    const stranger = await seedUser(t.db, { companyName: '路人动态有限公司' });
    expect((await history(`/api/rent/order/history?id=${o.id}`, stranger.auth)).msg).toBe('订单不存在或已删除');
    expect((await history(`/api/ep/order/history?id=${o.id}`, tenant.auth)).msg).toBe('订单不存在或已删除');
    expect(tenantView.affirm_v.some((a: string) => a.startsWith('服务商已于'))).toBe(true);
    expect((await get(`/api/ep/detail_order?id=${o.id}`, p.auth)).json().data.order_payee).toEqual({
      bank_name: '中国建设银行苏州分行',
      bank_no: '6217001234567890123',
    });
  });

  it('the timeline names who took each step: the company and the person, masked (欧**), on both sides; another company reads nothing', async () => {
    const { tenant, providers, orders } = await drafts();
    const [p] = providers;
    const [o] = orders;
    // the person is the actor's name in the company it acted for
    await t.db.update(companyMembers).set({ memberName: '欧阳建国' }).where(eq(companyMembers.id, tenant.member.id));
    await t.db.update(companyMembers).set({ memberName: '王五' }).where(eq(companyMembers.id, p.member.id));
    expect((await post('/api/rent/order/save', tenant.auth, submitBody(o.id))).json().status).toBe(1);
    expect((await post('/api/ep/ckorderok', p.auth, confirmBody(o.id))).json().status).toBe(1);
    const read = async (url: string, auth: Record<string, string>) => (await get(url, auth)).json();
    const tenantSide = (await read(`/api/rent/order/history?id=${o.id}`, tenant.auth)).data;
    expect(
      tenantSide.data.map((h: { action: string; company_name: string; actor_name: string }) => [
        h.action,
        h.company_name,
        h.actor_name,
      ]),
    ).toEqual([
      ['confirm', p.company.name, '王**'],
      ['submit', tenant.company.name, '欧**'],
      ['create_draft', tenant.company.name, '欧**'],
    ]);
    // the provider reads the same entries; neither side ever gets the full name
    const providerRes = await get(`/api/ep/order/history?id=${o.id}`, p.auth);
    expect(providerRes.json().data).toEqual(tenantSide);
    expect(providerRes.body).not.toContain('欧阳建国');
    expect(providerRes.body).not.toContain('王五');
    // a step the platform takes itself (no actor, no company) names nobody
    await t.db
      .insert(auditEvents)
      .values({ entity: 'rental_order', entityId: o.id, action: 'confirm', fromStatus: '2', toStatus: '2' });
    expect((await read(`/api/rent/order/history?id=${o.id}&size=1`, tenant.auth)).data.data[0]).toMatchObject({
      company_name: '',
      actor_name: '',
    });
    // another company reads no timeline, on either side
    const stranger = await seedUser(t.db, { companyName: '路人动态有限公司' });
    expect(await read(`/api/rent/order/history?id=${o.id}`, stranger.auth)).toMatchObject({
      status: 0,
      msg: '订单不存在或已删除',
    });
    expect(await read(`/api/ep/order/history?id=${o.id}`, stranger.auth)).toMatchObject({
      status: 0,
      msg: '订单不存在或已删除',
    });
  });

  it('returned to the tenant with a reason, edited and submitted again; closed with a reason (≤ 50)', async () => {
    const { tenant, providers, orders } = await drafts();
    const [p] = providers;
    const [o] = orders;
    await post('/api/rent/order/save', tenant.auth, submitBody(o.id));
    expect((await post('/api/ep/ckorderng', p.auth, { id: o.id, reason: '' })).json()).toMatchObject({
      status: 0,
      msg: '请填写退回原因',
    });
    expect(
      (await post('/api/ep/ckorderng', p.auth, { id: o.id, reason: '单价有误，请核对后重新提交' })).json(),
    ).toMatchObject({
      status: 1,
    });
    expect(await orderRow(o.id)).toMatchObject({
      status: 5,
      providerStatus: 2,
      returnReason: '单价有误，请核对后重新提交',
    });
    const tl = (await get('/api/rent/order/lst?status=0', tenant.auth)).json().data.data[0];
    expect(tl).toMatchObject({ id: o.id, status_v: '已退回', reason: '单价有误，请核对后重新提交' });
    expect((await get('/api/ep/order?status=5', p.auth)).json().data.total).toBe(1);
    const [l] = await linesOf(o.id);
    expect(
      (
        await post('/api/rent/order/saveReq', tenant.auth, {
          id: l.id,
          num: l.num,
          price: '250',
          rate: 13,
          enter_date: l.enterDate,
        })
      ).json().status,
    ).toBe(1);
    expect((await post('/api/rent/order/save', tenant.auth, submitBody(o.id))).json().status).toBe(1);
    expect(await orderRow(o.id)).toMatchObject({ status: 1, providerStatus: 0, returnReason: '' });
    // close: the reason is required and at most 50 characters
    const before = await tableText(t.db, 'rental_orders');
    expect((await post('/api/rent/order/close', tenant.auth, { id: o.id, reason: '' })).json()).toMatchObject({
      status: 0,
      msg: '请填写关闭原因',
    });
    expect(
      (await post('/api/rent/order/close', tenant.auth, { id: o.id, reason: '因'.repeat(51) })).json(),
    ).toMatchObject({
      status: 0,
      msg: '关闭原因不能超过50个字',
    });
    expect(await tableText(t.db, 'rental_orders')).toBe(before);
    expect((await post('/api/rent/order/close', tenant.auth, { id: o.id, reason: '项目延期' })).json()).toMatchObject({
      status: 1,
      msg: '关闭成功',
    });
    expect(await orderRow(o.id)).toMatchObject({ status: 4, reason: '项目延期' });
    expect((await post('/api/ep/ckorderok', p.auth, confirmBody(o.id))).json().msg).toBe(
      '该订单当前状态不能进行此操作，请刷新后重试',
    );
    expect((await get('/api/ep/order?status=4', p.auth)).json().data.data[0]).toMatchObject({
      id: o.id,
      status_v: '已关闭',
    });
  });

  it('line edits at once: each edit of a line lands with its trail entry; two deletes of the last two lines leave one', async () => {
    const s = await seedCompletedBidding(t.db, { providers: 1 });
    const [o] = (await post('/api/rent/order/createOk', s.tenant.auth, { bid: s.bidding.id })).json().data.orders;
    const lines = await linesOf(o.id);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const edits = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post('/api/rent/order/saveReq', s.tenant.auth, {
          id: lines[i % 2].id,
          num: 1 + i,
          price: '100',
          rate: 13,
          enter_date: lines[i % 2].enterDate,
        }),
      ),
    );
    expect(edits.map((r) => r.json().status)).toEqual([1, 1, 1, 1, 1, 1]);
    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'rental_order'),
          eq(auditEvents.entityId, o.id),
          eq(auditEvents.action, 'edit_line'),
        ),
      );
    expect(trail).toHaveLength(6);
    const [a, b] = await linesOf(o.id);
    expect([1, 3, 5]).toContain(a.num);
    expect([2, 4, 6]).toContain(b.num);
    const rest = (await linesOf(o.id)).slice(2);
    for (const l of rest)
      expect((await post('/api/rent/order/delReq', s.tenant.auth, { id: l.id })).json().status).toBe(1);
    const dels = await Promise.all(
      lines.slice(0, 2).map((l) => post('/api/rent/order/delReq', s.tenant.auth, { id: l.id })),
    );
    expect(dels.map((r) => r.json().msg).sort()).toEqual(['删除成功', '订单至少保留一条设备明细'].sort());
    expect(await linesOf(o.id)).toHaveLength(1);
  });

  it('ten concurrent confirmations: one wins, one trail entry', async () => {
    const { tenant, providers, orders } = await drafts();
    const [o] = orders;
    await post('/api/rent/order/save', tenant.auth, submitBody(o.id));
    const rs = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post('/api/ep/ckorderok', providers[0].auth, confirmBody(o.id, { contacts: `李${i}` })),
      ),
    );
    expect(rs.filter((r) => r.json().status === 1)).toHaveLength(1);
    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entity, 'rental_order'), eq(auditEvents.entityId, o.id), eq(auditEvents.action, 'confirm')),
      );
    expect(trail).toHaveLength(1);
  });
});

describe('export', () => {
  it('the filtered list as an .xlsx both sides can open: header, one row per order; a stranger gets an empty sheet, a sub-user without the grant nothing', async () => {
    const { tenant, providers, orders } = await drafts(2);
    await post('/api/rent/order/save', tenant.auth, submitBody(orders[0].id, { project_name: '导出测试 <A&B> 项目' }));
    const res = await get('/api/rent/order/export?status=-1', tenant.auth);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('租入订单'));
    const x = readXlsx(res.rawPayload);
    expect(x.names).toEqual(
      expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml', 'xl/styles.xml']),
    );
    expect(x.rows[0]).toEqual([
      '订单编号',
      '项目名称',
      '来源竞价',
      '承租方',
      '服务商',
      '设备明细',
      '含税单价合计（元）',
      '状态',
      '施工地址',
      '创建时间',
    ]);
    expect(x.rows).toHaveLength(3);
    expect(x.rows.map((r) => r[1])).toContain('导出测试 <A&B> 项目');
    // the status filter applies
    const submitted = readXlsx((await get('/api/rent/order/export?status=1', tenant.auth)).rawPayload);
    expect(submitted.rows.slice(1).map((r) => r[0])).toEqual([orders[0].sn]);
    // the provider's own export holds only its submitted order
    const mine = readXlsx((await get('/api/ep/order/export', providers[0].auth)).rawPayload);
    expect(mine.rows.slice(1).map((r) => r[0])).toEqual([orders[0].sn]);
    const stranger = await seedUser(t.db, { companyName: '路人导出有限公司' });
    expect(readXlsx((await get('/api/rent/order/export', stranger.auth)).rawPayload).rows).toHaveLength(1);
    const sub = await seedUser(t.db);
    await addMember(t.db, tenant.company.id, sub.user.id, { menus: [MENU.rentCompete] });
    expect((await get(`/api/rent/order/export?company_id=${tenant.company.id}`, sub.auth)).statusCode).toBe(403);
  });
});

describe('grants', () => {
  it('a sub-user needs 租入订单 (303) for /rent/order and 租出订单 (305) for /ep; a non-member is refused', async () => {
    const { tenant, providers, orders } = await drafts();
    const [o] = orders;
    const bare = await seedUser(t.db);
    await addMember(t.db, tenant.company.id, bare.user.id, { menus: [MENU.rentCompete] });
    const q = `company_id=${tenant.company.id}`;
    expect((await get(`/api/rent/order/lst?${q}`, bare.auth)).json()).toMatchObject({ status: 0 });
    expect((await get(`/api/rent/order/lst?${q}`, bare.auth)).statusCode).toBe(403);
    expect(
      (await post('/api/rent/order/close', bare.auth, { company_id: tenant.company.id, id: o.id, reason: '越权' }))
        .statusCode,
    ).toBe(403);
    expect((await get(`/api/rent/order/history?${q}&id=${o.id}`, bare.auth)).statusCode).toBe(403);
    const granted = await seedUser(t.db);
    await addMember(t.db, tenant.company.id, granted.user.id, { menus: [MENU.rentOrder] });
    expect((await get(`/api/rent/order/lst?${q}`, granted.auth)).json().data.total).toBe(1);
    const provSub = await seedUser(t.db);
    await addMember(t.db, providers[0].company.id, provSub.user.id, { menus: [MENU.response] });
    expect((await get(`/api/ep/order?company_id=${providers[0].company.id}`, provSub.auth)).statusCode).toBe(403);
    expect(
      (await get(`/api/ep/order/history?company_id=${providers[0].company.id}&id=${o.id}`, provSub.auth)).statusCode,
    ).toBe(403);
    const outsider = await seedUser(t.db);
    expect((await get(`/api/rent/order/lst?${q}`, outsider.auth)).statusCode).toBe(403);
    expect((await orderRow(o.id)).status).toBe(0);
  });
});
