import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MENU } from '@jizu/shared/constants/menu';
import { BIDDING_LIMITS } from '@jizu/shared/constants/bidding';
import { PRICE_MAX_FEN, TOTAL_MAX_FEN, moneyTooLarge } from '@jizu/shared/schemas/money';
import { fenToYuanText } from '@jizu/shared/rules/money';
import { fmt } from '@jizu/shared/messages/fmt';
import { offerRules } from '@jizu/shared/messages/offer';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import { auditEvents } from '../../db/schema';
import { addMember, createTestApp, seedUser } from '../../test/harness';
import { seedBidding } from '../../test/bidding';
import { loadReferenceData } from '../../seed/reference';
import { inTx } from '../../db/client';
import { PLATFORM_ACTOR } from '../audit/audit.service';
import { moveBidding } from './bidding.transition';
import { biddingOfferLines, biddingOffers, biddings } from './bidding.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: THeaders, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const get = (url: string, h: THeaders) => inject('GET', url, h);
const post = (url: string, h: THeaders, p: object) => inject('POST', url, h, p);
const put = (url: string, h: THeaders, p: object) => inject('PUT', url, h, p);
const del = (url: string, h: THeaders) => inject('DELETE', url, h);

const name = (p: string) => `${p}${Math.random().toString(36).slice(2, 8)}有限公司`;
async function setup(over: Parameters<typeof seedBidding>[3] = {}, lines?: Parameters<typeof seedBidding>[4]) {
  const tenant = await seedUser(t.db, { companyName: name('承租方') });
  const provider = await seedUser(t.db, { companyName: name('服务商') });
  const { bidding, lines: ls } = await seedBidding(t.db, tenant.company.id, tenant.user.id, over, lines);
  return { tenant, provider, bidding, lines: ls };
}
const umessage = { contacts: '李师傅', tel: '13955556666', remark: '可提供机手' };
/** A valid quote of both default lines: line 1 (cap 300.00, inout 1), line 2 (no cap, inout 3). */
const body = (bid: number, rids: number[], over: { list?: object[]; umessage?: object } = {}) => ({
  bid,
  list: over.list ?? [
    { bid, rid: rids[0], price: '280.50', rate: 13, num: 6, inout_price: 999, tax_total: 1 },
    { bid, rid: rids[1], price: 1200, rate: 9, num: 10, inout_price: 500 },
  ],
  umessage: { ...umessage, ...over.umessage },
});
const offersOf = async (bid: number) => t.db.select().from(biddingOffers).where(eq(biddingOffers.biddingId, bid));
const linesOf = async (bid: number) =>
  t.db.select().from(biddingOfferLines).where(eq(biddingOfferLines.biddingId, bid));

describe('responding to a bidding', () => {
  it('creates a response: tax_total from the server, inout forced to 0 on inout 1, status 1, audit respond; listed in /ep/offer', async () => {
    const { provider, bidding, lines, tenant } = await setup();
    const form = await get(`/api/ep/offer/create?id=${bidding.id}`, provider.auth);
    expect(form.json()).toMatchObject({
      status: 1,
      data: { bidding: { id: bidding.id, status: 1 }, quotable: lines.map((l) => l.id), offer: null },
    });
    expect((await get(`/api/ep/check_offer?rid=${lines[0].id}`, provider.auth)).json()).toMatchObject({
      status: 1,
      data: { status: 1 },
    });
    const res = await post(
      '/api/ep/offer',
      provider.auth,
      body(
        bidding.id,
        lines.map((l) => l.id),
      ),
    );
    expect(res.json()).toMatchObject({ status: 1, msg: '提交成功' });
    const [o] = await offersOf(bidding.id);
    expect(o).toMatchObject({ status: 1, contacts: '李师傅', tel: '13955556666', companyId: provider.company.id });
    const ql = (await linesOf(bidding.id)).sort((a, b) => a.lineId - b.lineId);
    expect(ql.map((q) => [q.price, q.rate, q.num, q.inoutPrice, q.taxTotal])).toEqual([
      [28050, 13, 6, 0, 31697],
      [120000, 9, 10, 50000, 130800],
    ]);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'bidding_offer'), eq(auditEvents.entityId, o.id)));
    expect(audit.map((a) => a.action)).toEqual(['respond']);
    const list = (await get('/api/ep/offer?status=1', provider.auth)).json().data;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      id: o.id,
      bid: bidding.id,
      CompanyName: tenant.company.name,
      TotalNum: 16,
      TotalMoney: 31697 * 6 + 130800 * 10 + 50000,
      status: 1,
      status_v: '响应中',
    });
    expect((await get('/api/ep/offer?status=6', provider.auth)).json().data.total).toBe(0);
    expect((await get(`/api/ep/offer?address=${encodeURIComponent('星湖街')}`, provider.auth)).json().data.total).toBe(
      1,
    );
    expect((await get(`/api/ep/offer?address=${encodeURIComponent('不存在')}`, provider.auth)).json().data.total).toBe(
      0,
    );
    expect(
      (await get(`/api/ep/offer?company=${encodeURIComponent(tenant.company.name.slice(0, 5))}`, provider.auth)).json()
        .data.total,
    ).toBe(1);
    // the detail by offer id and by bidding id
    const d1 = (await get(`/api/ep/offer/${o.id}`, provider.auth)).json().data;
    const d2 = (await get(`/api/ep/offer/detail?bid=${bidding.id}`, provider.auth)).json().data;
    expect(d1).toEqual(d2);
    expect(d1.offer).toMatchObject({
      id: o.id,
      editable: 1,
      total_num: 16,
      lines: [
        { price_v: '280.50', tax_total_v: '316.97', rate_v: '13%' },
        { price_v: '1,200.00', inout_price_v: '500.00' },
      ],
    });
    // the form now refuses with where to go
    const again = (await get(`/api/ep/offer/create?id=${bidding.id}`, provider.auth)).json();
    expect(again).toMatchObject({
      status: 0,
      msg: '您已响应过该竞价项目，请修改报价',
      data: { offer_id: o.id, edit: `/response/edit/${o.id}` },
    });
    const second = await post(
      '/api/ep/offer',
      provider.auth,
      body(
        bidding.id,
        lines.map((l) => l.id),
      ),
    );
    expect(second.json()).toMatchObject({ status: 0, msg: '您已响应过该竞价项目，请修改报价' });
    expect(await offersOf(bidding.id)).toHaveLength(1);
  });

  it('hides a hidden tenant’s name in the list and does not match it by name', async () => {
    const { provider, bidding, lines, tenant } = await setup({ show: 0 });
    await post(
      '/api/ep/offer',
      provider.auth,
      body(
        bidding.id,
        lines.map((l) => l.id),
      ),
    );
    expect((await get('/api/ep/offer', provider.auth)).json().data.data[0].CompanyName).toBe('某企业');
    expect(
      (await get(`/api/ep/offer?company=${encodeURIComponent(tenant.company.name)}`, provider.auth)).json().data.total,
    ).toBe(0);
  });

  it('two concurrent creates leave one response', async () => {
    const { provider, bidding, lines } = await setup();
    const res = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(
          '/api/ep/offer',
          provider.auth,
          body(
            bidding.id,
            lines.map((l) => l.id),
          ),
        ),
      ),
    );
    expect(res.filter((r) => r.json().status === 1)).toHaveLength(1);
    for (const r of res.filter((x) => x.json().status !== 1))
      expect(r.json().msg).toBe('您已响应过该竞价项目，请修改报价');
    expect(await offersOf(bidding.id)).toHaveLength(1);
    expect(await linesOf(bidding.id)).toHaveLength(2);
  });

  const bad: [string, (bid: number, r: number[]) => object, string][] = [
    ['no line ticked', (bid) => ({ bid, list: [], umessage }), '请至少勾选一项设备进行报价'],
    [
      'price with 3 decimals',
      (bid, r) => body(bid, r, { list: [{ rid: r[0], price: '1.234', rate: 1, num: 1 }] }),
      '单价须为不小于0的数字，最多保留两位小数',
    ],
    [
      'negative price',
      (bid, r) => body(bid, r, { list: [{ rid: r[0], price: '-1', rate: 1, num: 1 }] }),
      '单价须为不小于0的数字，最多保留两位小数',
    ],
    [
      'price missing',
      (bid, r) => body(bid, r, { list: [{ rid: r[0], price: '', rate: 1, num: 1 }] }),
      '请输入不含税单价',
    ],
    [
      'price above the cap',
      (bid, r) => body(bid, r, { list: [{ rid: r[0], price: '300.01', rate: 1, num: 1 }] }),
      '单价不能超过最高限价300.00元',
    ],
    [
      'rate not an integer',
      (bid, r) => body(bid, r, { list: [{ rid: r[0], price: '1', rate: 1.5, num: 1 }] }),
      '税率须为0到100之间的整数',
    ],
    [
      'rate negative',
      (bid, r) => body(bid, r, { list: [{ rid: r[0], price: '1', rate: -1, num: 1 }] }),
      '税率须为0到100之间的整数',
    ],
    [
      'num above the demand',
      (bid, r) => body(bid, r, { list: [{ rid: r[0], price: '1', rate: 1, num: 7 }] }),
      '响应数量须为0到6之间的整数',
    ],
    [
      'num not an integer',
      (bid, r) => body(bid, r, { list: [{ rid: r[0], price: '1', rate: 1, num: 1.5 }] }),
      '响应数量须为不小于0的整数',
    ],
    [
      'inout missing on inout 3',
      (bid, r) => body(bid, r, { list: [{ rid: r[1], price: '1', rate: 1, num: 1 }] }),
      '请输入进出场费',
    ],
    [
      'inout with decimals',
      (bid, r) => body(bid, r, { list: [{ rid: r[1], price: '1', rate: 1, num: 1, inout_price: '1.5' }] }),
      '进出场费须为不小于0的整数',
    ],
    [
      'a line of another project',
      (bid) => body(bid, [], { list: [{ rid: 999999, price: '1', rate: 1, num: 1 }] }),
      '报价设备不属于该竞价项目',
    ],
    [
      'a line twice',
      (bid, r) =>
        body(bid, r, {
          list: [
            { rid: r[0], price: '1', rate: 1, num: 1 },
            { rid: r[0], price: '2', rate: 1, num: 1 },
          ],
        }),
      '同一设备不能重复报价',
    ],
    ['contacts missing', (bid, r) => body(bid, r, { umessage: { contacts: ' ' } }), '请输入联系人'],
    [
      'contacts too long',
      (bid, r) => body(bid, r, { umessage: { contacts: '李'.repeat(21) } }),
      '联系人不能超过20个字',
    ],
    ['tel missing', (bid, r) => body(bid, r, { umessage: { tel: '' } }), '请输入联系电话'],
    ['tel bad', (bid, r) => body(bid, r, { umessage: { tel: '12345' } }), '联系电话格式不正确'],
    ['remark too long', (bid, r) => body(bid, r, { umessage: { remark: '备'.repeat(201) } }), '备注不能超过200个字'],
  ];
  it.each(bad)('refuses %s with its message and writes nothing', async (_, make, msg) => {
    const { provider, bidding, lines } = await setup();
    const res = await post(
      '/api/ep/offer',
      provider.auth,
      make(
        bidding.id,
        lines.map((l) => l.id),
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, msg });
    expect(await offersOf(bidding.id)).toHaveLength(0);
    expect(await linesOf(bidding.id)).toHaveLength(0);
  });

  it('accepts any price when the cap is 0 and price 0 / num 0', async () => {
    const { provider, bidding, lines } = await setup();
    const res = await post(
      '/api/ep/offer',
      provider.auth,
      body(bidding.id, [], { list: [{ rid: lines[1].id, price: '99999.99', rate: 0, num: 0, inout_price: 0 }] }),
    );
    expect(res.json().status).toBe(1);
  });

  it('comprehensive: every line, quantity fixed to the demand', async () => {
    const { provider, bidding, lines } = await setup({ classify: 2 });
    const one = await post(
      '/api/ep/offer',
      provider.auth,
      body(bidding.id, [], { list: [{ rid: lines[0].id, price: '100', rate: 9, num: 6, inout_price: 1 }] }),
    );
    expect(one.json()).toMatchObject({ status: 0, msg: '综合竞价须对全部设备报价' });
    const less = await post(
      '/api/ep/offer',
      provider.auth,
      body(bidding.id, [], { list: lines.map((l) => ({ rid: l.id, price: '100', rate: 9, num: 5, inout_price: 1 })) }),
    );
    expect(less.json()).toMatchObject({ status: 0, msg: '综合竞价的响应数量须为需求数量6' });
    expect(await offersOf(bidding.id)).toHaveLength(0);
    const okRes = await post(
      '/api/ep/offer',
      provider.auth,
      body(bidding.id, [], { list: lines.map((l) => ({ rid: l.id, price: '100', rate: 9, num: 6, inout_price: 1 })) }),
    );
    expect(okRes.json().status).toBe(1);
  });
});

describe('refusals of the create form, check_offer and save', () => {
  it('own project', async () => {
    const { tenant, bidding, lines } = await setup();
    expect((await get(`/api/ep/offer/create?id=${bidding.id}`, tenant.auth)).json()).toMatchObject({
      status: 0,
      msg: '不能响应本企业发布的竞价项目',
    });
    expect((await get(`/api/ep/check_offer?rid=${lines[0].id}`, tenant.auth)).json()).toMatchObject({
      status: 0,
      msg: '不能响应本企业发布的竞价项目',
    });
    expect(
      (
        await post(
          '/api/ep/offer',
          tenant.auth,
          body(
            bidding.id,
            lines.map((l) => l.id),
          ),
        )
      ).json(),
    ).toMatchObject({ status: 0, msg: '不能响应本企业发布的竞价项目' });
    expect(await offersOf(bidding.id)).toHaveLength(0);
  });
  it('not responding (cut-off, completed, closed); in review reads as missing', async () => {
    for (const status of [2, 3, 4]) {
      const { provider, bidding, lines } = await setup({ status });
      expect((await get(`/api/ep/offer/create?id=${bidding.id}`, provider.auth)).json()).toMatchObject({
        status: 0,
        msg: '该竞价项目当前不在响应中，不能报价',
      });
      expect(
        (
          await post(
            '/api/ep/offer',
            provider.auth,
            body(
              bidding.id,
              lines.map((l) => l.id),
            ),
          )
        ).json(),
      ).toMatchObject({ status: 0, msg: '该竞价项目当前不在响应中，不能报价' });
      expect(await offersOf(bidding.id)).toHaveLength(0);
    }
    for (const status of [5, 6]) {
      const { provider, bidding } = await setup({ status });
      const res = await get(`/api/ep/offer/create?id=${bidding.id}`, provider.auth);
      expect(res.statusCode).toBe(404);
    }
  });
  it('deadline passed though the job has not run (status still 1)', async () => {
    const { provider, bidding, lines } = await setup({ endTime: shanghaiDay(-1) });
    expect((await get(`/api/ep/offer/create?id=${bidding.id}`, provider.auth)).json()).toMatchObject({
      status: 0,
      msg: '该竞价项目已过响应截止时间，不能报价',
    });
    expect((await get(`/api/ep/check_offer?rid=${lines[0].id}`, provider.auth)).json()).toMatchObject({
      status: 0,
      msg: '该竞价项目已过响应截止时间，不能报价',
    });
    expect(
      (
        await post(
          '/api/ep/offer',
          provider.auth,
          body(
            bidding.id,
            lines.map((l) => l.id),
          ),
        )
      ).json(),
    ).toMatchObject({ status: 0, msg: '该竞价项目已过响应截止时间，不能报价' });
    expect(await offersOf(bidding.id)).toHaveLength(0);
  });
  it('a response racing the cut-off either is refused or ends cut off with the project (never left responding)', async () => {
    for (let i = 0; i < 5; i++) {
      const { provider, bidding, lines } = await setup();
      const [res] = await Promise.all([
        post(
          '/api/ep/offer',
          provider.auth,
          body(
            bidding.id,
            lines.map((l) => l.id),
          ),
        ),
        inTx(t.db, (tx) =>
          moveBidding(tx, PLATFORM_ACTOR, bidding, 'cutoff', 'system', { set: { cutoffAt: new Date() } }),
        ),
      ]);
      const offers = await offersOf(bidding.id);
      if (res.json().status === 1) expect(offers.map((o) => o.status)).toEqual([2]);
      else {
        expect(res.json().msg).toBe('该竞价项目当前不在响应中，不能报价');
        expect(offers).toHaveLength(0);
      }
    }
  });
  it('today’s deadline still accepts', async () => {
    const { provider, bidding, lines } = await setup({ endTime: shanghaiDay(0) });
    expect(
      (
        await post(
          '/api/ep/offer',
          provider.auth,
          body(
            bidding.id,
            lines.map((l) => l.id),
          ),
        )
      ).json().status,
    ).toBe(1);
  });
});

describe('change and withdraw', () => {
  it('changes the quote while responding, then withdraws; withdrawn cannot respond again nor change', async () => {
    const { provider, bidding, lines } = await setup();
    const rids = lines.map((l) => l.id);
    const { id } = (await post('/api/ep/offer', provider.auth, body(bidding.id, rids))).json().data;
    const edit = (await get(`/api/ep/offer/${id}/edit`, provider.auth)).json();
    expect(edit).toMatchObject({ status: 1, data: { offer: { id, lines: [{ rid: rids[0] }, { rid: rids[1] }] } } });
    // a bad change writes nothing
    const bad = await put(
      `/api/ep/offer/${id}`,
      provider.auth,
      body(bidding.id, rids, { list: [{ rid: rids[0], price: '301', rate: 1, num: 1 }] }),
    );
    expect(bad.json()).toMatchObject({ status: 0, msg: '单价不能超过最高限价300.00元' });
    expect(await linesOf(bidding.id)).toHaveLength(2);
    const res = await put(
      `/api/ep/offer/${id}`,
      provider.auth,
      body(bidding.id, rids, {
        list: [{ rid: rids[0], price: '250', rate: 6, num: 3 }],
        umessage: { contacts: '张工' },
      }),
    );
    expect(res.json()).toMatchObject({ status: 1, msg: '修改成功' });
    const ql = await linesOf(bidding.id);
    expect(ql.map((q) => [q.lineId, q.price, q.num, q.taxTotal])).toEqual([[rids[0], 25000, 3, 26500]]);
    expect((await offersOf(bidding.id))[0].contacts).toBe('张工');
    const w = await del(`/api/ep/offer/${id}`, provider.auth);
    expect(w.json()).toMatchObject({ status: 1, msg: '操作成功' });
    expect((await offersOf(bidding.id))[0].status).toBe(6);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'bidding_offer'), eq(auditEvents.entityId, id)));
    expect(audit.map((a) => [a.action, a.fromStatus, a.toStatus])).toEqual([
      ['respond', '', '1'],
      ['change', '1', '1'],
      ['withdraw', '1', '6'],
    ]);
    expect((await del(`/api/ep/offer/${id}`, provider.auth)).json()).toMatchObject({
      status: 0,
      msg: '只有响应中的报价可以修改或撤回',
    });
    expect((await put(`/api/ep/offer/${id}`, provider.auth, body(bidding.id, rids))).json()).toMatchObject({
      status: 0,
      msg: '只有响应中的报价可以修改或撤回',
    });
    expect((await get(`/api/ep/offer/${id}/edit`, provider.auth)).json()).toMatchObject({
      status: 0,
      msg: '只有响应中的报价可以修改或撤回',
    });
    expect((await get(`/api/ep/offer/create?id=${bidding.id}`, provider.auth)).json()).toMatchObject({
      status: 0,
      msg: '您已撤回对该竞价项目的响应，不能再次响应',
    });
    expect((await get(`/api/ep/check_offer?rid=${rids[0]}`, provider.auth)).json()).toMatchObject({
      status: 0,
      msg: '您已撤回对该竞价项目的响应，不能再次响应',
    });
    expect((await post('/api/ep/offer', provider.auth, body(bidding.id, rids))).json()).toMatchObject({
      status: 0,
      msg: '您已撤回对该竞价项目的响应，不能再次响应',
    });
    expect(await offersOf(bidding.id)).toHaveLength(1);
    expect((await get('/api/ep/offer?status=6', provider.auth)).json().data.total).toBe(1);
  });

  it('two withdraw clicks at once: one succeeds, one audit row', async () => {
    const { provider, bidding, lines } = await setup();
    const { id } = (
      await post(
        '/api/ep/offer',
        provider.auth,
        body(
          bidding.id,
          lines.map((l) => l.id),
        ),
      )
    ).json().data;
    const res = await Promise.all([
      del(`/api/ep/offer/${id}`, provider.auth),
      del(`/api/ep/offer/${id}`, provider.auth),
    ]);
    expect(res.filter((r) => r.json().status === 1)).toHaveLength(1);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entity, 'bidding_offer'), eq(auditEvents.entityId, id), eq(auditEvents.action, 'withdraw')),
      );
    expect(audit).toHaveLength(1);
  });

  it('no change or withdrawal once cut off, or after the deadline before the job', async () => {
    const { provider, bidding, lines } = await setup();
    const rids = lines.map((l) => l.id);
    const { id } = (await post('/api/ep/offer', provider.auth, body(bidding.id, rids))).json().data;
    await t.db
      .update(biddings)
      .set({ endTime: shanghaiDay(-1) })
      .where(eq(biddings.id, bidding.id));
    expect((await put(`/api/ep/offer/${id}`, provider.auth, body(bidding.id, rids))).json()).toMatchObject({
      status: 0,
      msg: '该竞价项目已过响应截止时间，不能报价',
    });
    expect((await del(`/api/ep/offer/${id}`, provider.auth)).json()).toMatchObject({
      status: 0,
      msg: '只有响应中的报价可以修改或撤回',
    });
    await t.db
      .update(biddings)
      .set({ endTime: shanghaiDay(3), status: 2 })
      .where(eq(biddings.id, bidding.id));
    await t.db.update(biddingOffers).set({ status: 2 }).where(eq(biddingOffers.id, id));
    expect((await put(`/api/ep/offer/${id}`, provider.auth, body(bidding.id, rids))).json()).toMatchObject({
      status: 0,
      msg: '只有响应中的报价可以修改或撤回',
    });
    expect((await del(`/api/ep/offer/${id}`, provider.auth)).json()).toMatchObject({
      status: 0,
      msg: '只有响应中的报价可以修改或撤回',
    });
    expect((await offersOf(bidding.id))[0].status).toBe(2);
    expect((await linesOf(bidding.id)).map((q) => q.price).sort()).toEqual([120000, 28050]);
    expect((await get(`/api/ep/offer/${id}`, provider.auth)).json().data.offer).toMatchObject({
      status: 2,
      editable: 0,
    });
  });
});

describe('boundaries', () => {
  it('a stranger, a sub-user without 304, another company', async () => {
    const { provider, bidding, lines } = await setup();
    const rids = lines.map((l) => l.id);
    const { id } = (await post('/api/ep/offer', provider.auth, body(bidding.id, rids))).json().data;
    for (const [m, url] of [
      ['GET', '/api/ep/offer'],
      ['GET', `/api/ep/offer/create?id=${bidding.id}`],
      ['GET', `/api/ep/offer/${id}`],
      ['DELETE', `/api/ep/offer/${id}`],
    ] as const) {
      expect((await inject(m, url, {})).statusCode).toBe(401);
    }
    expect((await post('/api/ep/offer', {}, body(bidding.id, rids))).statusCode).toBe(401);
    const sub = await seedUser(t.db);
    await addMember(t.db, provider.company.id, sub.user.id, { menus: [MENU.rentCompete] });
    const subH = { ...sub.auth };
    const q = `company_id=${provider.company.id}`;
    expect((await get(`/api/ep/offer?${q}`, subH)).statusCode).toBe(403);
    expect((await get(`/api/ep/offer/${id}?${q}`, subH)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/ep/offer/${id}?${q}`, subH)).statusCode).toBe(403);
    expect(
      (await post('/api/ep/offer', subH, { ...body(bidding.id, rids), company_id: provider.company.id })).statusCode,
    ).toBe(403);
    // a sub-user with 304 acts for the company
    const sub2 = await seedUser(t.db);
    await addMember(t.db, provider.company.id, sub2.user.id, { menus: [MENU.response] });
    expect((await get(`/api/ep/offer?${q}`, sub2.auth)).json().data.total).toBe(1);
    // another company's offer id reads as missing, and nothing changes
    const other = await seedUser(t.db, { companyName: name('他人') });
    expect((await get(`/api/ep/offer/${id}`, other.auth)).statusCode).toBe(404);
    expect((await get(`/api/ep/offer/${id}/edit`, other.auth)).statusCode).toBe(404);
    expect((await put(`/api/ep/offer/${id}`, other.auth, body(bidding.id, rids))).statusCode).toBe(404);
    expect((await del(`/api/ep/offer/${id}`, other.auth)).statusCode).toBe(404);
    expect((await get(`/api/ep/offer/detail?bid=${bidding.id}`, other.auth)).statusCode).toBe(404);
    expect((await offersOf(bidding.id))[0].status).toBe(1);
    expect((await get('/api/ep/offer', other.auth)).json().data.total).toBe(0);
  });
});

describe('the quote view /rent/bidding/offer', () => {
  it('owner sees prices with a masked contact until selected; the quoting company in full; staff too; others 404', async () => {
    const { provider, tenant, bidding, lines } = await setup();
    const { id } = (
      await post(
        '/api/ep/offer',
        provider.auth,
        body(
          bidding.id,
          lines.map((l) => l.id),
        ),
      )
    ).json().data;
    const own = (await get(`/api/rent/bidding/offer?id=${id}`, provider.auth)).json().data;
    expect(own).toMatchObject({
      id,
      name: provider.company.name,
      link_visible: 1,
      req_contacts: { contacts: '李师傅', tel: '13955556666' },
      response_count: 1,
      select_count: 0,
    });
    expect(own.bidding_offer[0]).toMatchObject({ price_v: '280.50', tax_total_v: '316.97' });
    const view = (await get(`/api/rent/bidding/offer?id=${id}`, tenant.auth)).json().data;
    expect(view).toMatchObject({
      link_visible: 0,
      req_contacts: { contacts: '李**', tel: '139****6666' },
      amount: own.amount,
    });
    expect(view.bidding_offer[0].price_v).toBe('280.50');
    await t.db.update(biddingOffers).set({ selected: 1 }).where(eq(biddingOffers.id, id));
    expect((await get(`/api/rent/bidding/offer?id=${id}`, tenant.auth)).json().data.req_contacts).toMatchObject({
      contacts: '李师傅',
      tel: '13955556666',
    });
    const admin = await seedUser(t.db, { role: 'admin' });
    expect((await get(`/api/admin/offer/${id}`, admin.auth)).json().data.bidding_offer).toHaveLength(2);
    expect((await get(`/api/admin/offer/${id}`, tenant.auth)).statusCode).toBe(403);
    const other = await seedUser(t.db, { companyName: name('他人') });
    expect((await get(`/api/rent/bidding/offer?id=${id}`, other.auth)).statusCode).toBe(404);
    expect((await get(`/api/rent/bidding/offer?id=${id}`, {})).statusCode).toBe(401);
    // the owner's sub-user needs 301
    const sub = await seedUser(t.db);
    await addMember(t.db, tenant.company.id, sub.user.id, { menus: [MENU.response] });
    expect((await get(`/api/rent/bidding/offer?id=${id}&company_id=${tenant.company.id}`, sub.auth)).statusCode).toBe(
      403,
    );
  });

  it("money at its ceilings: the issue's quote is refused in Chinese (never a 500) and nothing is written; at the ceilings every total is exact", async () => {
    const max = [
      { paymentType: 2, num: BIDDING_LIMITS.numMax, unit: 1, limit: 0, inout: 3, model: 'A' },
      { paymentType: 3, num: BIDDING_LIMITS.numMax, unit: 2, limit: 0, inout: 3, model: 'B' },
    ];
    const { provider, bidding, lines } = await setup({}, max);
    const line = (rid: number, over: object = {}) => ({
      bid: bidding.id,
      rid,
      price: '10000000.00',
      rate: 100,
      num: 9999,
      inout_price: '10000000',
      ...over,
    });
    // price 21474836.47 at 13 %: its tax-inclusive price overflowed an integer column and answered 500
    const over = await post(
      '/api/ep/offer',
      provider.auth,
      body(bidding.id, [], { list: [line(lines[0].id, { price: '21474836.47', rate: 13 }), line(lines[1].id)] }),
    );
    expect([over.statusCode, over.json().status, over.json().msg, over.json().errors?.[0]?.field]).toEqual([
      400,
      0,
      moneyTooLarge(PRICE_MAX_FEN),
      'list.0.price',
    ]);
    const fee = await post(
      '/api/ep/offer',
      provider.auth,
      body(bidding.id, [], { list: [line(lines[0].id), line(lines[1].id, { inout_price: '10000001' })] }),
    );
    expect([fee.statusCode, fee.json().msg, fee.json().errors?.[0]?.field]).toEqual([
      400,
      moneyTooLarge(PRICE_MAX_FEN),
      'list.1.inout_price',
    ]);
    // every field at its ceiling and the whole quantity of each line: each line's amount is exact, their sum too much
    const whole = await post(
      '/api/ep/offer',
      provider.auth,
      body(bidding.id, [], { list: lines.map((l) => line(l.id, { num: BIDDING_LIMITS.numMax })) }),
    );
    expect([whole.statusCode, whole.json().msg, whole.json().errors?.[0]?.field]).toEqual([
      400,
      fmt(offerRules.totalTooLarge, { max: fenToYuanText(TOTAL_MAX_FEN) }),
      'list',
    ]);
    expect(await offersOf(bidding.id)).toEqual([]);
    expect(await linesOf(bidding.id)).toEqual([]);

    const ok = await post('/api/ep/offer', provider.auth, body(bidding.id, [], { list: lines.map((l) => line(l.id)) }));
    expect(ok.json()).toMatchObject({ status: 1 });
    const tax = 2 * PRICE_MAX_FEN;
    expect((await linesOf(bidding.id)).map((q) => [q.price, q.taxTotal, q.inoutPrice, q.num])).toEqual([
      [PRICE_MAX_FEN, tax, PRICE_MAX_FEN, 9999],
      [PRICE_MAX_FEN, tax, PRICE_MAX_FEN, 9999],
    ]);
    const money = 2 * (tax * 9999 + PRICE_MAX_FEN);
    expect(money).toBe(39_998_000_000_000);
    expect((await get('/api/ep/offer?status=1', provider.auth)).json().data.data[0]).toMatchObject({
      TotalNum: 2 * 9999,
      TotalMoney: money,
    });
    const detail = (await get(`/api/ep/offer/detail?bid=${bidding.id}`, provider.auth)).json().data.offer;
    expect(detail).toMatchObject({
      total_money: money,
      lines: [
        { price_v: '10,000,000.00', tax_total_v: '20,000,000.00', inout_price_v: '10,000,000.00' },
        { tax_total_v: '20,000,000.00' },
      ],
    });
  });
});
