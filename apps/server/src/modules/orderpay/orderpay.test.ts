import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MENU } from '@jizu/shared/constants/menu';
import { fenToYuanText } from '@jizu/shared/rules/money';
import { auditEvents, companies } from '../../db/schema';
import { signFinNotify } from '../../platform/finance';
import { addMember, multipart, seedUser, tableText } from '../../test/harness';
import sharp from 'sharp';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import { createFinanceTestApp, FINANCE_TEST_SECRET } from '../../test/finance';
import { seedConfirmedOrder } from '../../test/order';
import { loadReferenceData } from '../../seed/reference';
import { orderSettlements } from '../settle/settle.tables';
import { orderPaymentFlows, orderPayments, paymentFinancings } from './orderpay.tables';

const SECRET = FINANCE_TEST_SECRET;
let t: Awaited<ReturnType<typeof createFinanceTestApp>>;
beforeAll(async () => {
  t = await createFinanceTestApp({ SMS_RESEND_SECONDS: '0', SMS_DAILY_PER_IP: '100000', SMS_DAILY_PER_PHONE: '1000' });
  await loadReferenceData(t.db);
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const get = (url: string, h: THeaders = {}) => t.app.inject({ method: 'GET', url, headers: h });
const post = (url: string, h: THeaders, payload: object) => t.app.inject({ method: 'POST', url, headers: h, payload });
const STATE = '该付款单当前状态不能进行此操作，请刷新后重试';
const tables = async () =>
  [
    await tableText(t.db, 'order_payments'),
    await tableText(t.db, 'payment_financings'),
    await tableText(t.db, 'order_payment_flows'),
  ].join('\n');
const notify = (
  b: { order_no: string; event: string; amount: number; interest: number; ts?: number },
  secret = SECRET,
) => {
  const body = { ...b, ts: b.ts ?? Date.now() };
  return t.app.inject({
    method: 'POST',
    url: '/api/ep/orderpayment/notify',
    payload: { ...body, sign: signFinNotify(secret, body as never) },
  });
};

/** An order in progress with one settlement of 10,000.00 confirmed by the provider: its payment is open. */
async function setup() {
  const s = await seedConfirmedOrder(t);
  const [st] = await t.db
    .insert(orderSettlements)
    .values({
      sn: `JS${Math.random().toString().slice(2, 14)}`,
      orderId: s.order.id,
      tenantCompanyId: s.tenant.company.id,
      providerCompanyId: s.provider.company.id,
      settleSn: 'JS-P01',
      month: shanghaiDay(0).slice(0, 7),
      date: shanghaiDay(0),
      taxTotal: 1_000_000,
      serRatioBp: 200,
      serTotal: 20_000,
      providerTotal: 980_000,
      createdBy: s.tenant.user.id,
    })
    .returning();
  expect((await post('/api/ep/st_checkok', s.provider.auth, { order_id: s.order.id, id: st.id })).json().status).toBe(
    1,
  );
  const [p] = await t.db.select().from(orderPayments).where(eq(orderPayments.settleId, st.id));
  return { ...s, st, p, ref: { order_id: s.order.id, id: p.id } };
}

describe('payments and financing', () => {
  it('a settled settlement opens one payment; sign once with the code; finance once; the partner reviews, signs and pays out once', async () => {
    const s = await setup();
    expect(s.p).toMatchObject({ payAmount: 1_000_000, providerAmount: 980_000, state: 1, settleSn: 'JS-P01' });
    const tl = (await get(`/api/rent/payment/lst?order_id=${s.order.id}`, s.tenant.auth)).json().data;
    expect(tl).toMatchObject({
      total: 1,
      data: [{ payAmount_v: '10,000.00', balance_v: '10,000.00', status_v: '待签收', stamp_status: 4 }],
    });
    const pl = (await get(`/api/ep/orderpayment/lst?order_id=${s.order.id}&status=1`, s.provider.auth)).json().data;
    expect(pl.data[0]).toMatchObject({ payAmount_v: '9,800.00', stamp_status: 1, claimNo: '-' });
    expect(
      (await get(`/api/ep/orderpayment/lst?order_id=${s.order.id}&status=2`, s.provider.auth)).json().data.total,
    ).toBe(0);
    expect(
      (await get(`/api/ep/orderpayment/info?order_id=${s.order.id}`, s.provider.auth)).json().data.PayeeStat,
    ).toMatchObject({
      payAmount: '9,800.00',
      unOpenAmount: '9,800.00',
      canRealPayAmount: '0.00',
    });

    // each action only from its state, only by its side; nothing changes
    let before = await tables();
    expect((await post('/api/ep/orderpayment/goFinancing', s.provider.auth, s.ref)).json()).toMatchObject({
      status: 0,
      msg: STATE,
    });
    expect(
      (await post('/api/ep/orderpayment/signIn', s.tenant.auth, { ...s.ref, code: '123456' })).json(),
    ).toMatchObject({
      status: 0,
      msg: '订单不存在或已删除',
    });
    expect(
      (await post('/api/ep/orderpayment/signIn', s.provider.auth, { ...s.ref, code: '12345' })).json(),
    ).toMatchObject({
      status: 0,
      msg: '验证码为6位数字',
    });
    expect(
      (await post('/api/ep/orderpayment/signIn', s.provider.auth, { ...s.ref, code: '000000' })).json().status,
    ).toBe(0);
    const admin = await seedUser(t.db, { role: 'admin' });
    expect(
      (
        await post(`/api/admin/order-payments/${s.p.id}/payout`, admin.auth, {
          bank_ref: 'OUT-1',
          paid_date: shanghaiDay(0),
        })
      ).json(),
    ).toMatchObject({ status: 0, msg: STATE });
    expect(await tables()).toBe(before);

    // twenty signatures at once with the one code: one signs
    expect((await post('/api/ep/orderpayment/sendmsg', s.provider.auth, s.ref)).json()).toMatchObject({
      status: 1,
      msg: '短信发送成功',
    });
    const rs = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/api/ep/orderpayment/signIn', s.provider.auth, { ...s.ref, code: '123456' }),
      ),
    );
    const oks = rs.filter((r) => r.json().status === 1);
    expect(oks).toHaveLength(1);
    expect(oks[0].json().data.url).toBe(`/rent-order/payinfo/${s.p.id}/${s.order.id}`);
    expect(
      await t.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.entity, 'order_payment'),
            eq(auditEvents.entityId, s.p.id),
            eq(auditEvents.action, 'sign'),
          ),
        ),
    ).toHaveLength(1);
    const signed = (await get(`/api/ep/orderpayment/lst?order_id=${s.order.id}`, s.provider.auth)).json().data.data[0];
    expect(signed).toMatchObject({ status: 2, status_v: '待融资', stamp_status: 2 });
    expect(signed.claimNo).toMatch(/^YS/);
    expect(
      (await post('/api/ep/orderpayment/return', s.provider.auth, { ...s.ref, reason: '金额有误' })).json().msg,
    ).toBe(STATE);

    // twenty applications at once: one
    const fs = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/ep/orderpayment/goFinancing', s.provider.auth, s.ref)),
    );
    const fin = fs.filter((r) => r.json().status === 1);
    expect(fin).toHaveLength(1);
    expect(fs.filter((r) => r.json().msg === STATE)).toHaveLength(19);
    const url = fin[0].json().data.url as string;
    expect(url).toMatch(/^http:\/\/jizu\.test\/site\/finance\/sandbox\/RZ[0-9a-f]{24}$/);
    const no = url.split('/').pop() as string;
    const [f] = await t.db.select().from(paymentFinancings).where(eq(paymentFinancings.paymentId, s.p.id));
    expect(f).toMatchObject({ applyAmount: 980_000, rateBp: 600, status: 4 });
    expect(f.interest).toBe(Math.round((980_000 * 600 * 30) / (10_000 * 360)));
    expect(
      (await get(`/api/ep/orderpayment/lst?order_id=${s.order.id}`, s.provider.auth)).json().data.data[0].stamp_status,
    ).toBe(3);
    const detail = (
      await get(`/api/ep/orderpayment/detail?order_id=${s.order.id}&id=${s.p.id}&page=1&size=300`, s.provider.auth)
    ).json();
    expect(detail.data.data[0]).toMatchObject({
      orderNo: no,
      applyAmount: '9,800.00',
      rate_v: '6.00%',
      status: 4,
      status_v: '待审核',
    });
    expect(
      (await get(`/api/ep/orderpayment/detail?order_id=${s.order.id}&size=301`, s.provider.auth)).json().status,
    ).toBe(0);
    expect(
      (await post('/api/ep/orderpayment/financeGrainOrder', s.provider.auth, { id: s.p.id, gid: f.id })).json().data
        .url,
    ).toBe(url);
    expect(
      (
        await post(`/api/admin/order-payments/${s.p.id}/payout`, admin.auth, {
          bank_ref: 'OUT-1',
          paid_date: shanghaiDay(0),
        })
      ).json().msg,
    ).toBe(STATE);

    // forged, late, wrong amount: refused, nothing changed
    before = await tables();
    expect(
      (
        await notify(
          { order_no: no, event: 'APPROVED', amount: f.applyAmount, interest: f.interest },
          'another-secret-0123456789',
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await notify({
          order_no: no,
          event: 'APPROVED',
          amount: f.applyAmount,
          interest: f.interest,
          ts: Date.now() - 11 * 60_000,
        })
      ).json(),
    ).toMatchObject({ status: 0, msg: '回调签名校验失败' });
    expect(
      (await notify({ order_no: no, event: 'LOANED', amount: f.applyAmount + 1, interest: f.interest })).json(),
    ).toMatchObject({
      status: 0,
      msg: '回调金额与融资申请不一致',
    });
    // a loan before approval: the step is not open, nothing moves
    expect(
      (await notify({ order_no: no, event: 'LOANED', amount: f.applyAmount, interest: f.interest })).json(),
    ).toMatchObject({
      status: 1,
      data: { status: 4 },
    });
    expect((await post(`/api/finance/sandbox/${no}/act`, {}, { action: 'sign' })).json().msg).toBe(STATE);
    expect(await tables()).toBe(before);

    // the sandbox page: review (4 → 5), then sign; the partner pays out
    expect((await get(`/api/finance/sandbox/${no}`)).json().data).toMatchObject({
      applicant: s.provider.company.name,
      apply_amount_v: '9,800.00',
      status: 4,
    });
    expect((await post(`/api/finance/sandbox/${no}/act`, {}, { action: 'approve' })).json().data.status).toBe(5);
    // a replayed approval changes nothing
    before = await tables();
    expect(
      (await notify({ order_no: no, event: 'APPROVED', amount: f.applyAmount, interest: f.interest })).json().data
        .status,
    ).toBe(5);
    expect(await tables()).toBe(before);
    // twenty loan callbacks at once book once
    const ls = await Promise.all(
      Array.from({ length: 20 }, () =>
        notify({ order_no: no, event: 'LOANED', amount: f.applyAmount, interest: f.interest }),
      ),
    );
    expect(ls.every((r) => r.json().status === 1)).toBe(true);
    expect(await t.db.select().from(orderPaymentFlows).where(eq(orderPaymentFlows.paymentId, s.p.id))).toHaveLength(1);
    const [done] = await t.db.select().from(orderPayments).where(eq(orderPayments.id, s.p.id));
    expect(done).toMatchObject({ state: 3, providerPaid: 980_000, providerReceived: 980_000 - f.interest });
    const pv = (await get(`/api/ep/orderpayment/lst?order_id=${s.order.id}&status=3`, s.provider.auth)).json().data
      .data[0];
    expect(pv).toMatchObject({ status_v: '已完成', stamp_status: 3, balance_v: '0.00', paidAmount_v: '9,800.00' });
    expect(
      (await get(`/api/ep/orderpayment/detail?order_id=${s.order.id}`, s.provider.auth)).json().data.data[0],
    ).toMatchObject({
      status: 6,
      status_v: '已放款',
      payDate_v: shanghaiDay(0),
    });
    expect(
      (await post('/api/ep/orderpayment/financeGrainOrder', s.provider.auth, { id: s.p.id, gid: f.id })).json().msg,
    ).toBe(STATE);

    // the platform records the tenant's transfer: within what it owes, each serial once
    expect(
      (
        await post(`/api/admin/order-payments/${s.p.id}/collect`, s.provider.auth, {
          amount: '1',
          bank_ref: 'IN-1',
          paid_date: shanghaiDay(0),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(`/api/admin/order-payments/${s.p.id}/collect`, admin.auth, {
          amount: '10000.01',
          bank_ref: 'IN-1',
          paid_date: shanghaiDay(0),
        })
      ).json().msg,
    ).toBe('收款金额不能超过承租方未付金额 10,000.00 元');
    expect(
      (
        await post(`/api/admin/order-payments/${s.p.id}/collect`, admin.auth, {
          amount: '',
          bank_ref: 'IN-1',
          paid_date: shanghaiDay(0),
        })
      ).json().msg,
    ).toBe('请输入收款金额');
    expect(
      (
        await post(`/api/admin/order-payments/${s.p.id}/collect`, admin.auth, {
          amount: '4000',
          bank_ref: 'IN-1',
          paid_date: shanghaiDay(0),
        })
      ).json().status,
    ).toBe(1);
    expect(
      (
        await post(`/api/admin/order-payments/${s.p.id}/collect`, admin.auth, {
          amount: '1000',
          bank_ref: 'IN-1',
          paid_date: shanghaiDay(0),
        })
      ).json().msg,
    ).toBe('该银行流水号已登记，请勿重复登记');
    const payer = (await get(`/api/rent/payment/info?order_id=${s.order.id}`, s.tenant.auth)).json().data.PayerStat;
    expect(payer).toMatchObject({
      payableAmount: '10,000.00',
      paidAmount: '4,000.00',
      curAmount: expect.any(String),
      debtAmount: '0.00',
      debtAmountV: '无逾期',
    });
    expect((await get(`/api/rent/payment/stat`, s.tenant.auth)).json().data).toMatchObject({
      total: 1,
      PayerStat: { paidAmount: '4,000.00' },
    });
    expect((await get(`/api/ep/orderpayment/stat`, s.provider.auth)).json().data).toMatchObject({
      total: 1,
      PayeeStat: { realPayAmount: fenToYuanText(980_000 - f.interest), unpayAmount: '0.00' },
    });
    expect((await get(`/api/rent/order/detail?id=${s.order.id}`, s.tenant.auth)).json().data.PayerStat.paidAmount).toBe(
      '4,000.00',
    );
    expect((await get(`/api/ep/detail_order?id=${s.order.id}`, s.provider.auth)).json().data.PayeeStat.payAmount).toBe(
      '9,800.00',
    );

    const history = (await get(`/api/rent/order/history?id=${s.order.id}`, s.tenant.auth))
      .json()
      .data.data.map((h: { action: string }) => h.action);
    expect(history.slice(0, 7).reverse()).toEqual([
      'settle_confirm',
      'pay_create',
      'pay_sign',
      'pay_finance',
      'fin_approved',
      'pay_loan',
      'pay_collect',
    ]);
  });

  it('return with a reason; a refused financing may be applied again; the platform pays out what is not financed', async () => {
    const a = await setup();
    expect((await post('/api/ep/orderpayment/return', a.provider.auth, { ...a.ref, reason: '' })).json().msg).toBe(
      '请填写退回原因',
    );
    expect(
      (await post('/api/ep/orderpayment/return', a.provider.auth, { ...a.ref, reason: '结算金额有误' })).json().status,
    ).toBe(1);
    expect(
      (await get(`/api/ep/orderpayment/lst?order_id=${a.order.id}&status=4`, a.provider.auth)).json().data.data[0],
    ).toMatchObject({
      status_v: '已退回',
      stamp_status: 4,
      reason: '结算金额有误',
    });
    expect((await post('/api/ep/orderpayment/sendmsg', a.provider.auth, a.ref)).json().msg).toBe(STATE);

    const s = await setup();
    await post('/api/ep/orderpayment/sendmsg', s.provider.auth, s.ref);
    expect(
      (await post('/api/ep/orderpayment/signIn', s.provider.auth, { ...s.ref, code: '123456' })).json().status,
    ).toBe(1);
    const no = ((await post('/api/ep/orderpayment/goFinancing', s.provider.auth, s.ref)).json().data.url as string)
      .split('/')
      .pop();
    expect((await post(`/api/finance/sandbox/${no}/act`, {}, { action: 'refuse' })).json().data).toMatchObject({
      status: 7,
      status_v: '已拒绝',
    });
    expect(
      (await get(`/api/ep/orderpayment/lst?order_id=${s.order.id}`, s.provider.auth)).json().data.data[0].stamp_status,
    ).toBe(2);
    const again = (await post('/api/ep/orderpayment/goFinancing', s.provider.auth, s.ref)).json();
    expect(again.status).toBe(1);
    expect(
      (await post(`/api/finance/sandbox/${again.data.url.split('/').pop()}/act`, {}, { action: 'refuse' })).json().data
        .status,
    ).toBe(7);
    const admin = await seedUser(t.db, { role: 'admin' });
    const list = (await get('/api/admin/order-payments?status=2', admin.auth)).json().data;
    expect(list.data.find((r: { id: number }) => r.id === s.p.id)).toMatchObject({
      staff_actions: ['payout', 'collect'],
      tenant_due_v: '10,000.00',
    });
    expect(
      (
        await post(`/api/admin/order-payments/${s.p.id}/payout`, admin.auth, {
          bank_ref: 'OUT-9',
          paid_date: shanghaiDay(0),
        })
      ).json().status,
    ).toBe(1);
    expect((await t.db.select().from(orderPayments).where(eq(orderPayments.id, s.p.id)))[0]).toMatchObject({
      state: 3,
      providerPaid: 980_000,
      providerReceived: 980_000,
    });
    expect(
      (await get(`/api/ep/orderpayment/lst?order_id=${s.order.id}`, s.provider.auth)).json().data.data[0].stamp_status,
    ).toBe(4);
    expect((await post('/api/ep/orderpayment/goFinancing', s.provider.auth, s.ref)).json().msg).toBe(STATE);
  });

  it('a returned payment: both sides read it with the reason and out of their statistics; staff correct and re-issue it; the provider signs it', async () => {
    const s = await setup();
    const admin = await seedUser(t.db, { role: 'admin' });
    const reissue = (body: object, h: THeaders = admin.auth, id = s.p.id) =>
      post(`/api/admin/order-payments/${id}/reissue`, h, body);
    const good = { provider_amount: '9900.00', cash_date: shanghaiDay(20), note: '服务费按合同约定1%重新核算' };
    // only a returned payment is re-issued
    let before = await tables();
    expect((await reissue(good)).json()).toMatchObject({ status: 0, msg: STATE });
    expect(await tables()).toBe(before);

    expect(
      (
        await post('/api/ep/orderpayment/return', s.provider.auth, { ...s.ref, reason: '服务费比例与合同约定不符' })
      ).json().status,
    ).toBe(1);
    const tenantRow = (await get(`/api/rent/payment/lst?order_id=${s.order.id}&status=4`, s.tenant.auth)).json().data
      .data[0];
    expect(tenantRow).toMatchObject({
      status: 4,
      status_v: '已退回',
      reason: '服务费比例与合同约定不符',
      note: '',
      stamp_status: 4,
      payAmount_v: '10,000.00',
      staff_actions: [],
      pay_amount_yuan: '',
    });
    expect(
      (await get(`/api/rent/payment/info?order_id=${s.order.id}`, s.tenant.auth)).json().data.PayerStat,
    ).toMatchObject({
      payableAmount: '0.00',
      debtAmount: '0.00',
    });
    expect(
      (await get(`/api/ep/orderpayment/info?order_id=${s.order.id}`, s.provider.auth)).json().data.PayeeStat,
    ).toMatchObject({
      payAmount: '0.00',
      unOpenAmount: '0.00',
    });
    const staffRow = (await get('/api/admin/order-payments?status=4', admin.auth))
      .json()
      .data.data.find((r: { id: number }) => r.id === s.p.id);
    expect(staffRow).toMatchObject({
      reason: '服务费比例与合同约定不符',
      staff_actions: ['reissue'],
      pay_amount_yuan: '10000.00',
      provider_amount_yuan: '9800.00',
    });

    // the rules, each refused with its message and nothing changed
    before = await tables();
    expect((await reissue(good, s.provider.auth)).statusCode).toBe(403);
    expect((await reissue(good, {})).statusCode).toBe(401);
    expect((await reissue(good, admin.auth, 999_999)).json()).toMatchObject({ status: 0, msg: '付款单不存在或已删除' });
    expect((await reissue({ ...good, provider_amount: '10000.01' })).json()).toMatchObject({
      status: 0,
      msg: '应付服务商金额不能超过结算金额 10,000.00 元',
    });
    expect((await reissue({ ...good, provider_amount: '' })).json()).toMatchObject({
      status: 0,
      msg: '请输入应付服务商金额',
    });
    expect((await reissue({ ...good, provider_amount: '0' })).json()).toMatchObject({
      status: 0,
      msg: '金额须为大于0的金额，最多两位小数',
    });
    expect((await reissue({ ...good, cash_date: shanghaiDay(-1) })).json()).toMatchObject({
      status: 0,
      msg: '应付日期不能早于今天',
    });
    expect((await reissue({ ...good, cash_date: '2026-02-30' })).json()).toMatchObject({
      status: 0,
      msg: '请选择应付日期',
    });
    expect((await reissue({ ...good, note: '  ' })).json()).toMatchObject({ status: 0, msg: '请填写更正说明' });
    expect((await reissue({ ...good, note: '长'.repeat(101) })).json()).toMatchObject({
      status: 0,
      msg: '更正说明不能超过100个字',
    });
    expect(await tables()).toBe(before);

    // twenty at once: one re-issue
    const rs = await Promise.all(Array.from({ length: 20 }, () => reissue(good)));
    expect(rs.filter((r) => r.json().status === 1)).toHaveLength(1);
    for (const r of rs.filter((x) => x.json().status !== 1)) expect(r.json().msg).toBe(STATE);
    expect((await t.db.select().from(orderPayments).where(eq(orderPayments.id, s.p.id)))[0]).toMatchObject({
      state: 1,
      providerAmount: 990_000,
      payAmount: 1_000_000,
      cashDate: shanghaiDay(20),
      note: '服务费按合同约定1%重新核算',
      reason: '',
    });
    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'order_payment'), eq(auditEvents.entityId, s.p.id)));
    expect(trail.map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([
      ['create', '', '1'],
      ['return', '1', '4'],
      ['reissue', '4', '1'],
    ]);
    expect(trail[2]).toMatchObject({
      actorId: admin.user.id,
      reason: `服务费按合同约定1%重新核算（应付服务商 9,800.00→9,900.00元，应付日期 ${shanghaiDay(30)}→${shanghaiDay(20)}）`,
    });
    const pv = (await get(`/api/ep/orderpayment/lst?order_id=${s.order.id}&status=1`, s.provider.auth)).json().data
      .data[0];
    expect(pv).toMatchObject({
      status_v: '待签收',
      stamp_status: 1,
      payAmount_v: '9,900.00',
      cashDate: shanghaiDay(20),
      note: '服务费按合同约定1%重新核算',
      reason: '',
    });
    expect(
      (await get(`/api/rent/payment/info?order_id=${s.order.id}`, s.tenant.auth)).json().data.PayerStat.payableAmount,
    ).toBe('10,000.00');
    const history = (await get(`/api/rent/order/history?id=${s.order.id}`, s.tenant.auth))
      .json()
      .data.data.map((h: { action: string }) => h.action);
    expect(history.slice(0, 3).reverse()).toEqual(['pay_create', 'pay_return', 'pay_reissue']);

    // the provider signs the corrected receivable; it may no longer be re-issued
    await post('/api/ep/orderpayment/sendmsg', s.provider.auth, s.ref);
    expect(
      (await post('/api/ep/orderpayment/signIn', s.provider.auth, { ...s.ref, code: '123456' })).json().status,
    ).toBe(1);
    expect(
      (await get(`/api/ep/orderpayment/info?order_id=${s.order.id}`, s.provider.auth)).json().data.PayeeStat,
    ).toMatchObject({
      payAmount: '9,900.00',
      canRealPayAmount: '9,900.00',
    });
    expect((await reissue(good)).json()).toMatchObject({ status: 0, msg: STATE });
  });

  it('§6 gates to each side; another company, a stranger and a sub-user without the grant', async () => {
    const s = await setup();
    const gate = async (super_: { tenant?: number; provider?: number }, tenantMsg: string, providerMsg: string) => {
      if (super_.tenant !== undefined)
        await t.db.update(companies).set({ super: super_.tenant }).where(eq(companies.id, s.tenant.company.id));
      if (super_.provider !== undefined)
        await t.db.update(companies).set({ super: super_.provider }).where(eq(companies.id, s.provider.company.id));
      expect((await get(`/api/rent/payment/info?order_id=${s.order.id}`, s.tenant.auth)).json()).toMatchObject({
        status: 0,
        msg: tenantMsg,
      });
      expect((await get(`/api/ep/orderpayment/info?order_id=${s.order.id}`, s.provider.auth)).json()).toMatchObject({
        status: 0,
        msg: providerMsg,
      });
      const before = await tables();
      expect((await post('/api/ep/orderpayment/sendmsg', s.provider.auth, s.ref)).json().msg).toBe(providerMsg);
      expect(
        (await post('/api/ep/orderpayment/signIn', s.provider.auth, { ...s.ref, code: '123456' })).json().msg,
      ).toBe(providerMsg);
      expect((await post('/api/ep/orderpayment/goFinancing', s.provider.auth, s.ref)).json().msg).toBe(providerMsg);
      expect(
        (await post('/api/ep/orderpayment/return', s.provider.auth, { ...s.ref, reason: '有误' })).json().msg,
      ).toBe(providerMsg);
      expect(await tables()).toBe(before);
    };
    await gate(
      { tenant: 0 },
      '您尚未通过第三方高级认证，无法进行此项操作。',
      '承租方尚未通过第三方高级认证，无法进行此项操作。',
    );
    await gate(
      { tenant: 1, provider: 0 },
      '服务商尚未通过第三方高级认证并开通金融产品，无法进行此项操作。',
      '您尚未通过第三方高级认证并开通金融产品，无法进行此项操作。',
    );
    await gate(
      { provider: 2 },
      '服务商尚未通过第三方高级认证并开通金融产品，无法进行此项操作。',
      '您尚未通过第三方高级认证并开通金融产品，无法进行此项操作。',
    );
    await t.db.update(companies).set({ super: 1 }).where(eq(companies.id, s.provider.company.id));
    expect((await get(`/api/ep/orderpayment/info?order_id=${s.order.id}`, s.provider.auth)).json().status).toBe(1);

    const other = await setup();
    const stranger = await seedUser(t.db, { companyName: '无关付款有限公司' });
    for (const who of [stranger, other.provider, other.tenant]) {
      expect((await get(`/api/ep/orderpayment/lst?order_id=${s.order.id}`, who.auth)).statusCode).toBe(404);
      expect((await get(`/api/rent/payment/lst?order_id=${s.order.id}`, who.auth)).statusCode).toBe(404);
    }
    // the other order's own payment under this order's id reads as missing
    expect(
      (
        await post('/api/ep/orderpayment/goFinancing', s.provider.auth, { order_id: s.order.id, id: other.p.id })
      ).json(),
    ).toMatchObject({
      status: 0,
      msg: '付款单不存在或已删除',
    });
    expect(
      (await post('/api/ep/orderpayment/financeGrainOrder', s.provider.auth, { id: other.p.id, gid: 1 })).statusCode,
    ).toBe(404);
    expect((await get(`/api/ep/orderpayment/lst?order_id=${s.order.id}`)).statusCode).toBe(401);
    expect((await get(`/api/finance/sandbox/RZ00000000000000`)).statusCode).toBe(404);

    const sub = await seedUser(t.db, { companyName: '子账号付款有限公司' });
    await addMember(t.db, s.provider.company.id, sub.user.id, { menus: [MENU.response] });
    expect(
      (await get(`/api/ep/orderpayment/lst?company_id=${s.provider.company.id}&order_id=${s.order.id}`, sub.auth))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('/api/ep/orderpayment/sendmsg', sub.auth, { company_id: s.provider.company.id, ...s.ref }))
        .statusCode,
    ).toBe(403);
    const sub2 = await seedUser(t.db, { companyName: '子账号付款二有限公司' });
    await addMember(t.db, s.provider.company.id, sub2.user.id, { menus: [MENU.leaseOrder] });
    expect(
      (
        await get(`/api/ep/orderpayment/lst?company_id=${s.provider.company.id}&order_id=${s.order.id}`, sub2.auth)
      ).json().data.total,
    ).toBe(1);
  });

  it('chain actions of different kinds on one order at once: none deadlocks, each refusal is the state message, and the detail reads after', async () => {
    const s = await setup();
    const admin = await seedUser(t.db, { role: 'admin' });
    const detail = async (who: 'tenant' | 'provider') =>
      (
        await get(
          who === 'tenant' ? `/api/rent/order/detail?id=${s.order.id}` : `/api/ep/detail_order?id=${s.order.id}`,
          who === 'tenant' ? s.tenant.auth : s.provider.auth,
        )
      ).json();
    await detail('tenant');
    await detail('provider');
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
    const image = (
      await t.app.inject({
        method: 'POST',
        url: `/api/index/upload/settle?company_id=${s.tenant.company.id}`,
        headers: { ...s.tenant.auth, ...headers },
        payload,
      })
    ).json().data.url as string;
    // an edit of the settled settlement: refused, but only after it took the order's lock and then the settlement's
    const edit = {
      id: s.st.id,
      order_id: s.order.id,
      settle_sn: 'JS-P01',
      month: shanghaiDay(0).slice(0, 7),
      date: shanghaiDay(-10),
      tax_total: '10000',
      reason: '调整',
      attachment: [image],
    };
    const address = (i: number) => ({
      order_id: s.order.id,
      id: s.st.id,
      name: `收票人${i}`,
      phone: '13912345678',
      province: 32,
      city: 3205,
      area: 320505,
      address: `苏州市虎丘区${i}号`,
      remark: '',
    });
    const calls = [
      // the platform books ten transfers of the tenant (the payment's lock, then the order's timeline)
      ...Array.from(
        { length: 10 },
        (_, i) => () =>
          post(`/api/admin/order-payments/${s.p.id}/collect`, admin.auth, {
            amount: '100',
            bank_ref: `IN-LOCK-${i}`,
            paid_date: shanghaiDay(0),
          }),
      ),
      // the tenant sets the settlement's invoice address ten times (the settlement's lock, then the order's timeline)
      ...Array.from({ length: 10 }, (_, i) => () => post('/api/rent/settle/setInvAddress', s.tenant.auth, address(i))),
      // the tenant tries to edit the settled settlement ten times (the order's lock, then the settlement's: refused)
      ...Array.from({ length: 10 }, () => () => post('/api/rent/settle/save', s.tenant.auth, edit)),
      // and both sides read the order's detail meanwhile
      ...Array.from(
        { length: 10 },
        (_, i) => () =>
          get(
            i % 2 ? `/api/rent/order/detail?id=${s.order.id}` : `/api/ep/detail_order?id=${s.order.id}`,
            i % 2 ? s.tenant.auth : s.provider.auth,
          ),
      ),
    ];
    const rs = await Promise.all(calls.map((c) => c()));
    expect(rs.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    expect(rs.filter((r) => r.json().status !== 1).map((r) => r.json().msg)).toEqual(
      Array.from({ length: 10 }, () => '该结算单当前状态不能进行此操作，请刷新后重试'),
    );
    const [p] = await t.db.select().from(orderPayments).where(eq(orderPayments.id, s.p.id));
    expect(p).toMatchObject({ tenantPaid: 100_000, state: 1 });
    const after = { tenant: await detail('tenant'), provider: await detail('provider') };
    expect(after.tenant.data.PayerStat).toBeDefined();
    expect(after.provider.status).toBe(1);
  });
});
