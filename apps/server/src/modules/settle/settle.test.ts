import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import { auditEvents, companies } from '../../db/schema';
import { createTestApp, multipart, seedUser, tableText } from '../../test/harness';
import { seedConfirmedOrder } from '../../test/order';
import { seedListing } from '../../test/listing';
import { loadReferenceData } from '../../seed/reference';
import { readXlsx } from '../../test/xlsx';
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
const month = shanghaiDay(0).slice(0, 7);

async function image(auth: THeaders, companyId: number) {
  const { payload, headers } = await multipart([
    {
      name: 'image',
      value: await sharp({ create: { width: 60, height: 40, channels: 3, background: '#ddd' } })
        .jpeg()
        .toBuffer(),
      filename: 's.jpg',
      type: 'image/jpeg',
    },
  ]);
  return (
    await t.app.inject({
      method: 'POST',
      url: `/api/index/upload/settle?company_id=${companyId}`,
      headers: { ...auth, ...headers },
      payload,
    })
  ).json().data.url as string;
}

/** An order in progress with one machine on site since the first of the month (or 3 days, whichever is later). */
async function setup() {
  const s = await seedConfirmedOrder(t);
  const l = await seedListing(t.db, s.provider.company.id, s.provider.user.id);
  const enter = shanghaiDay(-3) < `${month}-01` ? `${month}-01` : shanghaiDay(-3);
  expect(
    (await post('/api/ep/ct_epin', s.provider.auth, { order_id: s.order.id, eid: l.id, enter_date: enter })).json()
      .status,
  ).toBe(1);
  const img = await image(s.tenant.auth, s.tenant.company.id);
  return { ...s, img };
}

describe('settlements', () => {
  it('the draft from work days; each rule of the form with its message and nothing written; a total off the draft needs a reason', async () => {
    const s = await setup();
    const draft = (await get(`/api/rent/settle/addPre?id=${s.order.id}&month=${month}`, s.tenant.auth)).json().data;
    expect(draft.lines).toHaveLength(1);
    expect(draft.lines[0].text).toMatch(/天 × 316\.40元\/月$/);
    expect(Number(draft.total)).toBeGreaterThan(0);
    expect(draft.ser_ratio_v).toBe('2.00%');
    const body = (over: Record<string, unknown> = {}) => ({
      order_id: s.order.id,
      month,
      date: shanghaiDay(-10),
      settle_sn: 'JS-001',
      tax_total: draft.total,
      attachment: [s.img],
      ...over,
    });
    const before = await tableText(t.db, 'order_settlements');
    const bad = async (over: Record<string, unknown>, msg: string) =>
      expect((await post('/api/rent/settle/save', s.tenant.auth, body(over))).json()).toMatchObject({ status: 0, msg });
    await bad({ month: '' }, '请选择结算月份');
    await bad({ date: '' }, '请选择结算日期');
    // not later than about 10 days ago (spec/2 §5), the rule of every date of the spec: today is too late
    await bad({ date: shanghaiDay(0) }, `结算日期不能晚于${shanghaiDay(-10)}`);
    await bad({ date: shanghaiDay(-9) }, `结算日期不能晚于${shanghaiDay(-10)}`);
    await bad({ settle_sn: '' }, '请输入结算单号');
    await bad({ tax_total: '' }, '请输入结算金额');
    await bad({ tax_total: '1.234' }, '结算金额须为大于0的金额，最多两位小数');
    await bad({ attachment: [] }, '请上传结算凭证');
    await bad({ attachment: Array(11).fill(s.img) }, '结算凭证最多10张');
    await bad({ tax_total: '99999.00' }, '结算金额与系统测算不一致，请填写调整原因');
    const other = await seedUser(t.db, { companyName: '别家结算有限公司' });
    await bad({ attachment: [await image(other.auth, other.company.id)] }, '结算凭证图片不存在，请重新上传');
    expect(await tableText(t.db, 'order_settlements')).toBe(before);

    const ok = (
      await post('/api/rent/settle/save', s.tenant.auth, body({ tax_total: '10000.00', reason: '含进出场费1,000元' }))
    ).json();
    expect(ok).toMatchObject({ status: 1, msg: '提交成功' });
    const row = (await t.db.select().from(orderSettlements).where(eq(orderSettlements.id, ok.data.id)))[0];
    expect(row).toMatchObject({
      taxTotal: 1_000_000,
      serRatioBp: 200,
      serTotal: 20_000,
      providerTotal: 980_000,
      reason: '含进出场费1,000元',
      status: 0,
    });
    const list = (await get(`/api/rent/settle/lst?id=${s.order.id}`, s.tenant.auth)).json().data;
    expect(list.total).toBe(1);
    expect((await get(`/api/rent/settle/lst?id=${s.order.id}&page=9`, s.tenant.auth)).json().data).toMatchObject({
      total: 1,
      data: [],
    });
    // a tab: its own status only; the parties' names and contacts come with each row
    expect((await get(`/api/rent/settle/lst?id=${s.order.id}&status=1`, s.tenant.auth)).json().data).toMatchObject({
      total: 0,
      data: [],
    });
    expect((await get(`/api/rent/settle/lst?id=${s.order.id}&status=0`, s.tenant.auth)).json().data).toMatchObject({
      total: 1,
      data: [{ id: ok.data.id }],
    });
    expect(list.data[0]).toMatchObject({
      order_id: s.order.id,
      tenant_info: { name: s.tenant.company.name },
      provider_info: { name: s.provider.company.name },
    });
    expect(list.data[0]).toMatchObject({
      status_v: '待确认',
      able_option: ['watch', 'edit', 'void'],
      ser_total: '200.00',
      provider_total: '9,800.00',
    });
    // the provider reads the tenant's voucher (shared with it)
    const pv = (await get(`/api/ep/st_detail?order_id=${s.order.id}&id=${ok.data.id}`, s.provider.auth)).json().data;
    expect(pv.able_option).toEqual(['view', 'confirm']);
    expect((await get(pv.attachment[0], s.provider.auth)).statusCode).toBe(200);
    expect((await get(pv.attachment[0], other.auth)).statusCode).toBe(404);
    // edit while unconfirmed
    expect(
      (await post('/api/rent/settle/save', s.tenant.auth, body({ id: ok.data.id, tax_total: draft.total }))).json(),
    ).toMatchObject({
      status: 1,
      msg: '修改成功',
    });
    expect((await t.db.select().from(orderSettlements).where(eq(orderSettlements.id, ok.data.id)))[0]).toMatchObject({
      reason: '',
    });
  });

  it('twenty concurrent confirmations settle it once; then invoices (each rule), their total, the platform issues, the tenant receives', async () => {
    const s = await setup();
    const id = (
      await post('/api/rent/settle/save', s.tenant.auth, {
        order_id: s.order.id,
        month,
        date: shanghaiDay(-10),
        settle_sn: 'JS-002',
        tax_total: '5000.00',
        reason: '按合同约定',
        attachment: [s.img],
      })
    ).json().data.id;
    const ref = { order_id: s.order.id, id };
    const rs = await Promise.all(Array.from({ length: 20 }, () => post('/api/ep/st_checkok', s.provider.auth, ref)));
    expect(rs.filter((r) => r.json().status === 1)).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.entity, 'order_settlement'),
            eq(auditEvents.entityId, id),
            eq(auditEvents.action, 'confirm'),
          ),
        ),
    ).toHaveLength(1);
    expect((await t.db.select().from(orderSettlements).where(eq(orderSettlements.id, id)))[0]).toMatchObject({
      status: 1,
      providerAffirm: 1,
      lessorAffirm: 1,
    });
    // settled: the tenant can no longer edit or void
    expect((await post('/api/rent/settle/cancel', s.tenant.auth, { ...ref, confirm: '确认' })).json().msg).toBe(
      '该结算单当前状态不能进行此操作，请刷新后重试',
    );
    expect(
      (
        await post('/api/rent/settle/save', s.tenant.auth, {
          id,
          order_id: s.order.id,
          month,
          date: shanghaiDay(-10),
          settle_sn: 'X',
          tax_total: '1.00',
          reason: 'x',
          attachment: [s.img],
        })
      ).json().msg,
    ).toBe('该结算单当前状态不能进行此操作，请刷新后重试');

    const inv = (over: Record<string, unknown> = {}) => ({
      settle_id: id,
      order_id: s.order.id,
      invoice_type: 0,
      inv_id: '3200261130',
      inv_no: '01234567',
      inv_date: shanghaiDay(0),
      inv_amount: '4336.28',
      tax_rate: 13,
      ...over,
    });
    const bad = async (over: Record<string, unknown>, msg: string) =>
      expect((await post('/api/ep/sti_add', s.provider.auth, inv(over))).json()).toMatchObject({ status: 0, msg });
    await bad({ inv_id: '320026113' }, '专用发票代码须为10位数字');
    await bad(
      { invoice_type: 1, inv_id: '3200261130', verify_no: '123456', inv_tax_amount: '100' },
      '普通发票代码须为12位数字',
    );
    await bad({ inv_no: '1234567' }, '发票号码须为8位数字');
    await bad({ inv_amount: '' }, '请输入不含税金额');
    await bad({ invoice_type: 1, inv_id: '032001900111', inv_tax_amount: '100' }, '请输入校验码后6位');
    await bad({ invoice_type: 1, inv_id: '032001900111', verify_no: '12345', inv_tax_amount: '100' }, '校验码须为6位');
    // the tenant cannot enter the provider's invoices
    expect((await post('/api/ep/sti_add', s.tenant.auth, inv())).json().msg).toBe('订单不存在或已删除');
    expect((await post('/api/ep/sti_submit', s.provider.auth, ref)).json().msg).toBe('请先录入发票');
    const first = (await post('/api/ep/sti_add', s.provider.auth, inv({ inv_amount: '4000.00' }))).json();
    expect(first).toMatchObject({ status: 1, msg: '保存成功' });
    expect((await post('/api/ep/sti_add', s.provider.auth, inv())).json().msg).toBe('该发票已录入，请勿重复录入');
    // 4000.00 × 1.13 = 4520.00: not the provider's 4,900.00
    expect((await post('/api/ep/sti_submit', s.provider.auth, ref)).json().msg).toBe(
      '发票价税合计须等于服务商应收金额 4,900.00 元',
    );
    expect(
      (
        await post(
          '/api/ep/sti_change',
          s.provider.auth,
          inv({ id: first.data.id, inv_amount: '4336.28', tax_rate: 13 }),
        )
      ).json().status,
    ).toBe(1);
    // 4336.28 × 1.13 = 4900.00 (to the fen)
    expect((await post('/api/ep/sti_submit', s.provider.auth, ref)).json()).toMatchObject({
      status: 1,
      msg: '提交成功',
    });
    expect((await post('/api/ep/sti_add', s.provider.auth, inv({ inv_no: '76543210' }))).json().msg).toBe(
      '该结算单当前状态不能进行此操作，请刷新后重试',
    );
    const pv = (await get(`/api/ep/st_detail?order_id=${s.order.id}&id=${id}`, s.provider.auth)).json().data;
    expect(pv).toMatchObject({ inv_tax_total_v: '4,900.00', able_option: ['view', 'invoice_view'] });
    expect(pv.settle_inv[0]).toMatchObject({
      invoice_type_v: '增值税专用发票',
      inv_tax_amount_v: '4,900.00',
      seller_name: s.provider.company.name,
    });
    expect(
      (await get(`/api/rent/settle/detail?order_id=${s.order.id}&id=${id}`, s.tenant.auth)).json().data.settle_inv,
    ).toEqual([]);

    const admin = await seedUser(t.db, { role: 'admin' });
    const queue = (await get('/api/admin/settlements', admin.auth)).json().data;
    expect(queue.data.map((r: { id: number }) => r.id)).toContain(id);
    expect(
      (
        await post(`/api/admin/settlements/${id}/issue`, s.provider.auth, {
          inv_no: '88886666',
          inv_date: shanghaiDay(0),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(`/api/admin/settlements/${id}/issue`, admin.auth, { inv_no: '88886666', inv_date: shanghaiDay(0) })
      ).json().status,
    ).toBe(1);
    expect(
      (
        await post(`/api/admin/settlements/${id}/issue`, admin.auth, { inv_no: '88886666', inv_date: shanghaiDay(0) })
      ).json().msg,
    ).toBe('该结算单当前状态不能进行此操作，请刷新后重试');
    const tv = (await get(`/api/rent/settle/detail?order_id=${s.order.id}&id=${id}`, s.tenant.auth)).json().data;
    expect(tv).toMatchObject({
      status: 3,
      status_v: '待收票',
      le_state: 1,
      le_inv_no: '88886666',
      able_option: ['watch', 'receive'],
    });
    expect((await post('/api/rent/settle/invComfirm', s.tenant.auth, ref)).json().status).toBe(1);
    expect(
      (await get(`/api/rent/settle/detail?order_id=${s.order.id}&id=${id}`, s.tenant.auth)).json().data,
    ).toMatchObject({
      status: 4,
      status_v: '已收票',
      able_option: ['watch', 'invoice_view'],
    });
    expect(
      (await get(`/api/rent/settle/invDetail?order_id=${s.order.id}&id=${id}`, s.tenant.auth)).json().data,
    ).toMatchObject({
      issued: true,
      inv_no: '88886666',
      buyer_name: s.tenant.company.name,
      amount_v: '5,000.00',
    });
    expect((await get(`/api/ep/sti_lst?order_id=${s.order.id}&id=${id}`, s.provider.auth)).json().data).toHaveLength(1);
    expect((await get(`/api/rent/settle/info?id=${s.order.id}`, s.tenant.auth)).json().data).toMatchObject({
      count: 1,
      to_confirm: 0,
      tax_total_v: '5,000.00',
      status_v: '已结算',
      inv_status_v: '已收票',
    });
    expect((await get(`/api/ep/st_panel?id=${s.order.id}`, s.provider.auth)).json().data.status_v).toBe('已结算');
    const history = (await get(`/api/rent/order/history?id=${s.order.id}`, s.tenant.auth))
      .json()
      .data.data.map((h: { action: string }) => h.action);
    // the confirmation opens the settlement's payment (orderpay)
    expect(history.slice(0, 6).reverse()).toEqual([
      'settle_create',
      'settle_confirm',
      'pay_create',
      'settle_invoices',
      'settle_issue',
      'settle_receive',
    ]);
  });

  it('void by typing 确认; gates; another company reads nothing', async () => {
    const s = await setup();
    const id = (
      await post('/api/rent/settle/save', s.tenant.auth, {
        order_id: s.order.id,
        month,
        date: shanghaiDay(-10),
        settle_sn: 'JS-003',
        tax_total: '100.00',
        reason: '试算',
        attachment: [s.img],
      })
    ).json().data.id;
    expect(
      (await post('/api/rent/settle/cancel', s.tenant.auth, { order_id: s.order.id, id, confirm: '好的' })).json().msg,
    ).toBe('请输入“确认”两个字');
    expect(
      (await post('/api/rent/settle/cancel', s.tenant.auth, { order_id: s.order.id, id, confirm: '确认' })).json()
        .status,
    ).toBe(1);
    expect((await post('/api/ep/st_checkok', s.provider.auth, { order_id: s.order.id, id })).json().msg).toBe(
      '该结算单当前状态不能进行此操作，请刷新后重试',
    );
    await t.db.update(companies).set({ super: 0 }).where(eq(companies.id, s.tenant.company.id));
    expect((await get(`/api/rent/settle/addPre?id=${s.order.id}`, s.tenant.auth)).json().msg).toBe(
      '您尚未通过第三方高级认证，无法进行此项操作。',
    );
    await t.db.update(companies).set({ super: 1 }).where(eq(companies.id, s.tenant.company.id));
    const x = readXlsx((await get(`/api/rent/settle/export?id=${s.order.id}`, s.tenant.auth)).rawPayload);
    // money as numbers of yuan (shown #,##0.00), the date as it is, the time in Shanghai
    expect(x.rows[1]).toEqual(expect.arrayContaining(['JS-003', '100', '98', '已作废']));
    expect(x.rows[1][4]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(x.rows[1][9]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(
      readXlsx((await get(`/api/ep/settle/export?id=${s.order.id}&status=0`, s.provider.auth)).rawPayload).rows,
    ).toHaveLength(1);
    const stranger = await seedUser(t.db, { companyName: '无关结算有限公司' });
    expect((await get(`/api/rent/settle/export?id=${s.order.id}`, stranger.auth)).json()).toMatchObject({
      status: 0,
      msg: '订单不存在或已删除',
    });
    expect((await get(`/api/rent/settle/detail?order_id=${s.order.id}&id=${id}`, stranger.auth)).statusCode).toBe(404);
    expect((await get(`/api/ep/settle?id=${s.order.id}`, stranger.auth)).statusCode).toBe(404);
  });
});
