import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, payOrders, trainingEnrolments, trainingMajors } from '../../db/schema';
import { vaultOf } from '../../platform/crypto';
import { SandboxChannel } from '../../platform/payment';
import { createTestApp, seedUser } from '../../test/harness';
import { insertPersonAuth } from '../verify/verify.service';
import { trainingCounts } from './training.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let channel: SandboxChannel;
let admin: Awaited<ReturnType<typeof seedUser>>;
type H = Record<string, string>;
type TUser = Awaited<ReturnType<typeof seedUser>>;
const majors: Record<string, { id: number; price: number }> = {};

beforeAll(async () => {
  t = await createTestApp();
  // the sandbox posts its notify over HTTP to the server's own address
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  channel = new SandboxChannel(t.config.payment.sandboxSecret, t.config.publicUrl);
  admin = await seedUser(t.db, { role: 'admin' });
  for (const [name, price, status] of [
    ['挖掘机操作', 280_000, 1],
    ['装载机操作', 260_000, 1],
    ['起重机司机（特种作业）', 350_000, 1],
    ['塔吊司机', 300_000, 0],
  ] as const) {
    const [m] = await t.db
      .insert(trainingMajors)
      .values({ name, content: `${name}：理论与实操课程，考核合格颁发结业证书。`, price, status })
      .returning();
    majors[name] = { id: m.id, price };
  }
});
afterAll(async () => t?.close());

const req = (method: 'GET' | 'POST', url: string, headers: H = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const noOf = (codeUrl: string) => codeUrl.split('/').pop() as string;
let cardSeq = 0;
/** A user who passed personal verification (ID number of a man born 1990-03-07, stored encrypted as the form does). */
async function verifiedUser(status = 1) {
  const u = await seedUser(t.db);
  cardSeq += 1;
  await insertPersonAuth(t.db, vaultOf(t.config), {
    userId: u.user.id,
    name: '张师傅',
    card: `11010119900307${String(100 + cardSeq).slice(-2)}1X`,
    cardFace: '/a.png',
    cardBack: '/b.png',
    status,
  });
  return u;
}
const enrolsOf = (userId: number) =>
  t.db.select().from(trainingEnrolments).where(eq(trainingEnrolments.userId, userId));
const ordersOf = (userId: number) => t.db.select().from(payOrders).where(eq(payOrders.userId, userId));
async function nothingWritten(u: TUser) {
  expect(await enrolsOf(u.user.id)).toHaveLength(0);
  expect(await ordersOf(u.user.id)).toHaveLength(0);
}
const body = (over: Record<string, unknown> = {}) => ({
  apply_category_id: majors['挖掘机操作'].id,
  education: '高中',
  pay_name: 'wx',
  ...over,
});
async function enrol(u: TUser, over: Record<string, unknown> = {}) {
  const r = await req('POST', '/api/recruit/applyo', u.auth, body(over));
  expect(r.json()).toMatchObject({ status: 1, msg: '报名成功，请完成支付' });
  return r.json().data as string;
}
const query = async (u: TUser, sn: string) => (await req('GET', `/api/recruit/query?order_sn=${sn}`, u.auth)).json();
async function paySandbox(u: TUser, sn: string) {
  const q = await query(u, sn);
  const r = await req('POST', `/api/pay/sandbox/${noOf(q.data.code_url)}/pay`, {}, {});
  expect(r.json().data.state).toBe('SUCCESS');
  return noOf(q.data.code_url);
}
const list = async (u: TUser, qs = '') => (await req('GET', `/api/recruit/applyo${qs}`, u.auth)).json().data;

describe('training enrolment', () => {
  it('a stranger gets 401 (status -1) on every call; a user is refused the console', async () => {
    for (const [m, url, b] of [
      ['GET', '/api/recruit/applyo/create'],
      ['POST', '/api/recruit/applyo', body()],
      ['GET', '/api/recruit/applyo'],
      ['POST', '/api/recruit/applyo/1/pay', { pay_name: 'wx' }],
      ['GET', '/api/recruit/purchase?order_sn=P1'],
      ['GET', '/api/recruit/query?order_sn=P1'],
    ] as const) {
      const r = await req(m, url, {}, b as object | undefined);
      expect(r.statusCode, url).toBe(401);
      expect(r.json().status).toBe(-1);
    }
    const u = await seedUser(t.db);
    for (const [m, url, b] of [
      ['GET', '/api/admin/training/majors'],
      ['POST', '/api/admin/training/major', { name: '叉车', content: '叉车', price: 100 }],
      ['POST', '/api/admin/training/major/status', { id: majors['挖掘机操作'].id, status: 0 }],
      ['GET', '/api/admin/training/enrolments'],
    ] as const) {
      const r = await req(m, url, u.auth, b as object | undefined);
      expect(r.statusCode, url).toBe(403);
    }
    expect(await t.db.select().from(trainingMajors)).toHaveLength(4);
    expect(
      (await t.db.select().from(trainingMajors).where(eq(trainingMajors.id, majors['挖掘机操作'].id)))[0].status,
    ).toBe(1);
  });

  it('the initial data: online majors only, the pay types with logos; the member only once verified', async () => {
    const u = await seedUser(t.db);
    const d = (await req('GET', '/api/recruit/applyo/create', u.auth)).json().data;
    expect(Object.keys(d).sort()).toEqual(['category', 'member', 'pay_type']);
    expect(d.member).toBeNull();
    expect(d.category.map((c: { name: string }) => c.name)).toEqual([
      '挖掘机操作',
      '装载机操作',
      '起重机司机（特种作业）',
    ]);
    expect(d.category[0]).toMatchObject({ price: 280_000, price_v: '2,800.00' });
    expect(d.pay_type).toEqual({
      wx: { name: '微信支付', logo: '/pay/wx.svg' },
      chinaums: { name: '银联云闪付', logo: '/pay/chinaums.svg' },
      alipay: { name: '支付宝', logo: '/pay/alipay.svg' },
    });
    const v = await verifiedUser();
    const m = (await req('GET', '/api/recruit/applyo/create', v.auth)).json().data.member;
    const today = new Date(Date.now() + 8 * 3600_000);
    const age =
      today.getUTCFullYear() -
      1990 -
      (today.getUTCMonth() + 1 < 3 || (today.getUTCMonth() + 1 === 3 && today.getUTCDate() < 7) ? 1 : 0);
    expect(m).toEqual({ name: '张师傅', card: expect.stringMatching(/^110101\*{8}\d{3}X$/), sex: '男', age });
  });

  it('refuses a user without personal verification (none, in review, rejected): the spec text, nothing written', async () => {
    for (const status of [null, 3, 2]) {
      const u = status === null ? await seedUser(t.db) : await verifiedUser(status);
      const r = await req('POST', '/api/recruit/applyo', u.auth, body());
      expect(r.statusCode).toBe(403);
      expect(r.json()).toMatchObject({ status: 0, msg: '抱歉，个人认证后才能报名缴费培训' });
      await nothingWritten(u);
    }
  });

  it('major and education are required (请填写所有必填项！), education at most 10 characters (不超过10个字); nothing written', async () => {
    const u = await verifiedUser();
    for (const [over, msg] of [
      [{ apply_category_id: undefined }, '请填写所有必填项！'],
      [{ apply_category_id: '' }, '请填写所有必填项！'],
      [{ education: undefined }, '请填写所有必填项！'],
      [{ education: '   ' }, '请填写所有必填项！'],
      [{ apply_category_id: undefined, education: '' }, '请填写所有必填项！'],
      [{ education: '全日制普通高等教育本科' }, '不超过10个字'],
      [{ pay_name: undefined }, '请选择支付方式'],
      [{ pay_name: 'bank' }, '请选择支付方式'],
    ] as const) {
      const r = await req('POST', '/api/recruit/applyo', u.auth, body(over));
      expect(r.statusCode, JSON.stringify(over)).toBe(400);
      expect(r.json()).toMatchObject({ status: 0, msg });
    }
    expect('全日制普通高等教育本科').toHaveLength(11);
    await nothingWritten(u);
  });

  it('refuses an offline or unknown major and a fee changed since the page showed it; nothing written', async () => {
    const u = await verifiedUser();
    for (const [over, http, msg] of [
      [{ apply_category_id: majors['塔吊司机'].id }, 409, '该培训专业已下线，请选择其他专业'],
      [{ apply_category_id: 999_999 }, 404, '培训专业不存在'],
      [{ price: 1 }, 409, '培训费用已调整，请刷新页面后重新报名'],
    ] as const) {
      const r = await req('POST', '/api/recruit/applyo', u.auth, body(over));
      expect(r.statusCode).toBe(http);
      expect(r.json()).toMatchObject({ status: 0, msg });
    }
    await nothingWritten(u);
  });

  it('enrols (10 characters of education pass), pays by the WeChat QR once however often the notify comes, and lists it as paid', async () => {
    const u = await verifiedUser();
    const sn = await enrol(u, {
      education: '全日制普通高等教育',
      price: majors['挖掘机操作'].price,
      course: '挖掘机操作',
    });
    expect(sn).toMatch(/^P\d{20}$/);
    const [e] = await enrolsOf(u.user.id);
    expect(e).toMatchObject({
      state: 0,
      course: '挖掘机操作',
      price: 280_000,
      education: '全日制普通高等教育',
      payType: 'wx',
      payOrderSn: sn,
      name: '张师傅',
      sex: '男',
    });
    const [o] = await ordersOf(u.user.id);
    expect(o).toMatchObject({
      kind: 'reg',
      amount: 280_000,
      subject: '培训报名费-挖掘机操作',
      state: 'WAITING',
      payload: { enrol_id: e.id },
    });

    // the scan page's data and state
    expect((await req('GET', `/api/recruit/purchase?order_sn=${sn}`, u.auth)).json().data).toEqual({
      order_sn: sn,
      pay_type: 'wx',
      query: `order_sn=${sn}`,
      redirect_url: '',
    });
    const q = await query(u, sn);
    expect(q.data).toMatchObject({
      order_sn: sn,
      kind: 'reg',
      label_text: '培训报名费-挖掘机操作',
      amount: 280_000,
      amount_v: '2,800.00',
      state: 'WAITING',
    });
    expect(q.data.qrcode).toMatch(/^data:image\/png;base64,/);
    expect((await list(u)).data[0]).toMatchObject({
      course: '挖掘机操作',
      price_v: '2,800.00',
      pay_state: 'WAITING',
      pay_state_v: '待支付',
      order_sn: sn,
      paid_time: '',
    });

    const no = await paySandbox(u, sn);
    expect((await query(u, sn)).data).toMatchObject({ state: 'SUCCESS', qrcode: '' });
    // the channel repeats its notify: acknowledged, nothing books twice
    const dup = await req('POST', '/api/pay/notify/sandbox', {}, channel.notifyBody(no, sn, 280_000, 'SBXretry'));
    expect(dup.json().data.result).toBe('duplicate');
    const [paid] = await enrolsOf(u.user.id);
    expect(paid).toMatchObject({ state: 1, payOrderSn: sn });
    expect(paid.paidAt).toBeTruthy();
    expect(
      await t.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.entity, 'training_enrolment'),
            eq(auditEvents.entityId, e.id),
            eq(auditEvents.action, 'pay'),
          ),
        ),
    ).toHaveLength(1);
    expect((await list(u)).data[0]).toMatchObject({ pay_state: 'SUCCESS', pay_state_v: '已支付' });
    expect((await list(u)).data[0].paid_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // paid: neither paid again nor enrolled again
    for (const [m, url, b] of [
      ['GET', `/api/recruit/purchase?order_sn=${sn}`],
      ['POST', `/api/recruit/applyo/${e.id}/pay`, { pay_name: 'wx' }],
    ] as const) {
      const r = await req(m, url, u.auth, b as object | undefined);
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ status: 0, msg: '该报名已缴费，请勿重复支付' });
    }
    const again = await req('POST', '/api/recruit/applyo', u.auth, body());
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('您已报名该专业并完成缴费，请勿重复报名');
    expect(await enrolsOf(u.user.id)).toHaveLength(1);
    expect(await ordersOf(u.user.id)).toHaveLength(1);
  });

  it("another user's order or enrolment answers 404, as a missing one; a non-training order of one's own too", async () => {
    const owner = await verifiedUser();
    const sn = await enrol(owner);
    const [e] = await enrolsOf(owner.user.id);
    const other = await verifiedUser();
    for (const [m, url, b, msg] of [
      ['GET', `/api/recruit/purchase?order_sn=${sn}`, undefined, '订单不存在'],
      ['GET', `/api/recruit/query?order_sn=${sn}`, undefined, '订单不存在'],
      ['GET', '/api/recruit/query?order_sn=P00000000000000000000', undefined, '订单不存在'],
      ['POST', `/api/recruit/applyo/${e.id}/pay`, { pay_name: 'wx' }, '报名记录不存在'],
      ['POST', '/api/recruit/applyo/999999/pay', { pay_name: 'wx' }, '报名记录不存在'],
    ] as const) {
      const r = await req(m, url, other.auth, b as object | undefined);
      expect(r.statusCode, url).toBe(404);
      expect(r.json(), url).toMatchObject({ status: 0, msg });
    }
    expect((await list(other)).total).toBe(0);
    await nothingWritten(other);
    // a coin order of one's own is no training order
    const lst = (await req('GET', '/api/payment/gold/lst', other.auth)).json().data;
    const p = lst.pay_list[0];
    const coin = (
      await req('POST', '/api/payment/gold/purchase', other.auth, {
        id: p.id,
        amount: p.amount,
        value: p.value,
        give: p.give,
        pay_type: 'wx',
        gold_peas: lst.gold_peas,
      })
    ).json().data;
    expect((await req('GET', `/api/recruit/query?order_sn=${coin.order_sn}`, other.auth)).statusCode).toBe(404);
    expect((await req('GET', `/api/recruit/purchase?order_sn=${coin.order_sn}`, other.auth)).statusCode).toBe(404);
    expect((await enrolsOf(owner.user.id))[0]).toMatchObject({ state: 0, payOrderSn: sn });
    expect((await ordersOf(owner.user.id)).map((o) => o.state)).toEqual(['WAITING']);
  });

  it('an unpaid enrolment: enrolling again is refused, paying again continues the open order; once closed, a late notify books nothing and a new order pays it', async () => {
    const u = await verifiedUser();
    const sn = await enrol(u, { apply_category_id: majors['装载机操作'].id, pay_name: 'chinaums' });
    const [e] = await enrolsOf(u.user.id);
    expect((await req('GET', `/api/recruit/purchase?order_sn=${sn}`, u.auth)).json().data).toMatchObject({
      pay_type: 'chinaums',
      query: `order_sn=${sn}&buy_type=reg`,
    });
    const dup = await req('POST', '/api/recruit/applyo', u.auth, body({ apply_category_id: majors['装载机操作'].id }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('您已报名该专业，尚未缴费，请在培训报名记录中完成支付');
    // the open order is the one to pay, whatever method is asked
    expect((await req('POST', `/api/recruit/applyo/${e.id}/pay`, u.auth, { pay_name: 'wx' })).json()).toMatchObject({
      status: 1,
      data: sn,
    });
    expect(await ordersOf(u.user.id)).toHaveLength(1);

    // 10 minutes pass unpaid: closed; the payer page and a late notify book nothing
    const no = noOf((await query(u, sn)).data.code_url);
    await t.db
      .update(payOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payOrders.orderSn, sn));
    expect((await list(u)).data[0]).toMatchObject({ pay_state: 'CLOSED', pay_state_v: '已关闭' });
    expect((await query(u, sn)).data.state).toBe('CLOSED');
    const closed = await req('GET', `/api/recruit/purchase?order_sn=${sn}`, u.auth);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().msg).toBe('订单已关闭，请重新下单');
    const late = await req('POST', '/api/pay/notify/sandbox', {}, channel.notifyBody(no, sn, 260_000, 'SBXlate'));
    expect(late.json().data.result).toBe('late');
    expect((await enrolsOf(u.user.id))[0].state).toBe(0);

    // pay again: a new order at the enrolled fee, with the method chosen now
    const sn2 = (await req('POST', `/api/recruit/applyo/${e.id}/pay`, u.auth, { pay_name: 'alipay' })).json()
      .data as string;
    expect(sn2).not.toBe(sn);
    const pay = (await req('GET', `/api/recruit/purchase?order_sn=${sn2}`, u.auth)).json().data;
    expect(pay).toMatchObject({ order_sn: sn2, pay_type: 'alipay', query: '' });
    expect(pay.redirect_url).toMatch(
      new RegExp(
        `^<form [^>]*action="${t.config.publicUrl}/site/pay/sandbox/S[0-9a-f]{24}" method="get"></form><script>`,
      ),
    );
    expect((await list(u)).data[0]).toMatchObject({
      pay_state: 'WAITING',
      order_sn: sn2,
      pay_name: 'alipay',
      pay_name_v: '支付宝',
    });
    await paySandbox(u, sn2);
    expect((await enrolsOf(u.user.id))[0]).toMatchObject({ state: 1, payOrderSn: sn2, payType: 'alipay' });
    expect(await enrolsOf(u.user.id)).toHaveLength(1);
    const orders = await ordersOf(u.user.id);
    expect(orders.map((o) => o.state).sort()).toEqual(['CLOSED', 'SUCCESS']);
  });

  it('an order paid before its expiry whose notify was lost is booked (not replaced) when paid again is asked', async () => {
    const u = await verifiedUser();
    const sn = await enrol(u, { apply_category_id: majors['起重机司机（特种作业）'].id });
    const [e] = await enrolsOf(u.user.id);
    const no = noOf((await query(u, sn)).data.code_url);
    // the sandbox bank records the payment; its notify never arrives; then the order's 10 minutes pass
    const bank = new SandboxChannel(t.config.payment.sandboxSecret, t.config.publicUrl, {
      db: t.db,
      backoffSeconds: [],
    });
    await bank.recordPayment(no, sn, 350_000, new Date());
    await t.db
      .update(payOrders)
      .set({ expiresAt: new Date(Date.now() + 500) })
      .where(eq(payOrders.orderSn, sn));
    await new Promise((r) => setTimeout(r, 600));
    const r = await req('POST', `/api/recruit/applyo/${e.id}/pay`, u.auth, { pay_name: 'wx' });
    expect(r.json()).toMatchObject({ status: 0, msg: '该报名已缴费，请勿重复支付' });
    expect((await enrolsOf(u.user.id))[0]).toMatchObject({ state: 1, payOrderSn: sn });
    expect(await ordersOf(u.user.id)).toHaveLength(1);
  });

  it('concurrent clicks make one enrolment and one order; the others are refused', async () => {
    const u = await verifiedUser();
    const rs = await Promise.all(
      Array.from({ length: 5 }, () =>
        req('POST', '/api/recruit/applyo', u.auth, body({ apply_category_id: majors['装载机操作'].id })),
      ),
    );
    expect(rs.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of rs.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().msg).toBe('您已报名该专业，尚未缴费，请在培训报名记录中完成支付');
    }
    expect(await enrolsOf(u.user.id)).toHaveLength(1);
    expect(await ordersOf(u.user.id)).toHaveLength(1);
  });

  it('a major taken offline takes no new payment of an unpaid enrolment', async () => {
    const u = await verifiedUser();
    const [m] = await t.db
      .insert(trainingMajors)
      .values({ name: '叉车司机', content: '叉车操作与安全', price: 120_000 })
      .returning();
    const sn = await enrol(u, { apply_category_id: m.id });
    await t.db
      .update(payOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payOrders.orderSn, sn));
    expect(
      (await req('POST', '/api/admin/training/major/status', admin.auth, { id: m.id, status: 0 })).json().status,
    ).toBe(1);
    const [e] = await enrolsOf(u.user.id);
    const r = await req('POST', `/api/recruit/applyo/${e.id}/pay`, u.auth, { pay_name: 'wx' });
    expect(r.statusCode).toBe(409);
    expect(r.json().msg).toBe('该培训专业已下线，请选择其他专业');
    expect(await ordersOf(u.user.id)).toHaveLength(1);
  });

  it('lists the user’s sign-ups newest first, 5 a page by default', async () => {
    const u = await verifiedUser();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const [m] = await t.db
        .insert(trainingMajors)
        .values({ name: `分页专业${i}`, content: '课程介绍', price: 10_000 + i })
        .returning();
      await enrol(u, { apply_category_id: m.id });
      ids.push(m.id);
    }
    const p1 = await list(u);
    expect(p1.total).toBe(6);
    expect(p1.data).toHaveLength(5);
    expect(p1.data[0].apply_category_id).toBe(ids[5]);
    const p2 = await list(u, '?page=2&size=5');
    expect(p2).toMatchObject({ total: 6, data: [{ apply_category_id: ids[0] }] });
    expect((await list(u, '?page=3&size=5')).total).toBe(6);
    // the labour centre's counts: one paid of six
    await paySandbox(u, p1.data[0].order_sn);
    expect(await trainingCounts(t.db, u.user.id)).toEqual({ total: 6, paid: 1 });
    expect(await trainingCounts(t.db, admin.user.id)).toEqual({ total: 0, paid: 0 });
  });
});

describe('training majors and enrolments in the console', () => {
  it('adds a major (limits and messages, nothing written on a bad one), edits it, takes it offline and online', async () => {
    const before = await t.db.select().from(trainingMajors);
    for (const [b, msg] of [
      [{ content: '介绍', price: 100 }, '请填写专业名称'],
      [{ name: '  ', content: '介绍', price: 100 }, '请填写专业名称'],
      [{ name: '专'.repeat(31), content: '介绍', price: 100 }, '专业名称不能超过30个字'],
      [{ name: '高空作业平台', price: 100 }, '请填写专业介绍'],
      [{ name: '高空作业平台', content: '介'.repeat(501), price: 100 }, '专业介绍不能超过500个字'],
      [{ name: '高空作业平台', content: '介绍', price: 0 }, '培训费用须为0.01至100000元'],
      [{ name: '高空作业平台', content: '介绍', price: 10_000_001 }, '培训费用须为0.01至100000元'],
      [{ name: '高空作业平台', content: '介绍' }, '培训费用须为0.01至100000元'],
    ] as const) {
      const r = await req('POST', '/api/admin/training/major', admin.auth, b);
      expect(r.statusCode, JSON.stringify(b)).toBe(400);
      expect(r.json().msg).toBe(msg);
    }
    const taken = await req('POST', '/api/admin/training/major', admin.auth, {
      name: '挖掘机操作',
      content: '重复',
      price: 100,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('该专业名称已存在');
    expect(await t.db.select().from(trainingMajors)).toEqual(before);

    const add = await req('POST', '/api/admin/training/major', admin.auth, {
      name: '高空作业平台',
      content: '高处作业安全与平台操作',
      price: 180_000,
    });
    expect(add.json()).toMatchObject({ status: 1, msg: '添加成功' });
    const id = add.json().data.id as number;
    const u = await seedUser(t.db);
    const offered = async () =>
      (await req('GET', '/api/recruit/applyo/create', u.auth))
        .json()
        .data.category.map((c: { id: number }) => c.id) as number[];
    expect(await offered()).toContain(id);
    const edit = await req('POST', '/api/admin/training/major', admin.auth, {
      id,
      name: '高空作业平台',
      content: '高处作业安全与平台操作（含实操）',
      price: 190_000,
    });
    expect(edit.json()).toMatchObject({ status: 1, msg: '修改成功' });
    expect((await req('POST', '/api/admin/training/major/status', admin.auth, { id, status: 0 })).json().status).toBe(
      1,
    );
    expect(await offered()).not.toContain(id);
    const all = (await req('GET', '/api/admin/training/majors', admin.auth)).json().data;
    expect(all.find((m: { id: number }) => m.id === id)).toMatchObject({
      price: 190_000,
      price_v: '1,900.00',
      status: 0,
      status_v: '已下线',
      paid_num: 0,
    });
    expect((await req('POST', '/api/admin/training/major/status', admin.auth, { id, status: 1 })).json().status).toBe(
      1,
    );
    expect(await offered()).toContain(id);
    expect(
      (await req('POST', '/api/admin/training/major/status', admin.auth, { id: 999_999, status: 1 })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.entity, 'training_major'), eq(auditEvents.entityId, id)))
      ).map((a) => a.action),
    ).toEqual(['create', 'update', 'offline', 'online']);
  });

  it('lists enrolments by major, payment state and phone, with the member’s name and masked ID number', async () => {
    const [m] = await t.db
      .insert(trainingMajors)
      .values({ name: '推土机操作', content: '推土机', price: 200_000 })
      .returning();
    const paid = await verifiedUser();
    const sn = await enrol(paid, { apply_category_id: m.id, education: '中专' });
    await paySandbox(paid, sn);
    const waiting = await verifiedUser();
    await enrol(waiting, { apply_category_id: m.id, education: '初中' });
    const closed = await verifiedUser();
    const sn3 = await enrol(closed, { apply_category_id: m.id, education: '大专' });
    await t.db
      .update(payOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payOrders.orderSn, sn3));

    const get = async (qs: string) =>
      (await req('GET', `/api/admin/training/enrolments?${qs}`, admin.auth)).json().data;
    const all = await get(`major_id=${m.id}`);
    expect(all.total).toBe(3);
    expect(all.data.map((r: { education: string }) => r.education)).toEqual(['大专', '初中', '中专']);
    expect(all.data[2]).toMatchObject({
      user_id: paid.user.id,
      phone: paid.phone,
      name: '张师傅',
      sex: '男',
      course: '推土机操作',
      pay_state_v: '已支付',
    });
    expect(all.data[2].card).toMatch(/^110101\*{8}\d{3}X$/);
    expect((await get(`major_id=${m.id}&pay_state=SUCCESS`)).data.map((r: { user_id: number }) => r.user_id)).toEqual([
      paid.user.id,
    ]);
    expect((await get(`major_id=${m.id}&pay_state=WAITING`)).data.map((r: { user_id: number }) => r.user_id)).toEqual([
      waiting.user.id,
    ]);
    expect((await get(`major_id=${m.id}&pay_state=CLOSED`)).data.map((r: { user_id: number }) => r.user_id)).toEqual([
      closed.user.id,
    ]);
    expect((await get(`phone=${waiting.phone}`)).data.map((r: { user_id: number }) => r.user_id)).toEqual([
      waiting.user.id,
    ]);
    expect((await get(`major_id=${m.id}&pay_state=&phone=`)).total).toBe(3);
    expect((await get(`major_id=${m.id}&page=2&size=2`)).total).toBe(3);
    const majorsList = (await req('GET', '/api/admin/training/majors', admin.auth)).json().data;
    expect(majorsList.find((x: { id: number }) => x.id === m.id).paid_num).toBe(1);
  });
});
