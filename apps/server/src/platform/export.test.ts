import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MENU } from '@jizu/shared/constants/menu';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { equipmentListings, seals } from '../db/schema';
import { addMember, createTestApp, seedUser } from '../test/harness';
import { seedListing } from '../test/listing';
import { seedCompletedBidding, seedConfirmedOrder } from '../test/order';
import { loadReferenceData } from '../seed/reference';
import { readXlsx } from '../test/xlsx';
import { publishCard, verifiedUser } from '../modules/jobcard/jobcard.fixtures';
import { keysetRows, pagedRows } from './export';

/**
 * Every working list's export (issue 29 §3): the rows the list shows under the same filters (counted against the list's
 * total), Chinese headers, money in yuan, times in Asia/Shanghai, and the list's own refusals.
 */
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
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** The export's sheet (its answer checked to be a file) and the list's total under the same query. */
async function both(list: string, exp: string, query: string, auth: THeaders) {
  const res = await get(`/api${exp}?${query}`, auth);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX);
  expect(res.headers['cache-control']).toBe('private, no-store');
  const sheet = readXlsx(res.rawPayload);
  const page = (await get(`/api${list}?${query}`, auth)).json();
  expect(page.status).toBe(1);
  return { head: sheet.rows[0], rows: sheet.rows.slice(1), total: page.data.total as number, first: page.data.data };
}

/** Status and envelope of the list and of its export, for a refusal: the two must be the same. */
async function sameRefusal(list: string, exp: string, query: string, auth: THeaders) {
  const a = await get(`/api${list}?${query}`, auth);
  const b = await get(`/api${exp}?${query}`, auth);
  expect(a.statusCode).toBeGreaterThanOrEqual(400);
  expect({ code: b.statusCode, body: b.json() }).toEqual({ code: a.statusCode, body: a.json() });
  return a.statusCode;
}

describe('the row sources', () => {
  it('keysetRows walks below the last id of each batch and stops on a short one; pagedRows pages until a short page', async () => {
    const ids = Array.from({ length: 23 }, (_, i) => 100 - i);
    const asked: number[] = [];
    const got: number[] = [];
    for await (const b of keysetRows(
      async (before, limit) => (asked.push(before), ids.filter((i) => i < before).slice(0, limit)),
      (i) => i,
      10,
    ))
      got.push(...b);
    expect(got).toEqual(ids);
    expect(asked).toEqual([2_147_483_647, 91, 81]);
    const pages: number[] = [];
    const rows: number[] = [];
    for await (const b of pagedRows(async (page, size) => {
      pages.push(page);
      return { data: ids.slice((page - 1) * size, page * size) };
    }, 23))
      rows.push(...b);
    expect(rows).toEqual(ids);
    expect(pages).toEqual([1, 2]);
  });
});

describe('listings (GET /ep/index/export)', () => {
  it('every listing of the tab and keyword, across keyset batches, newest first; rents in yuan; times in Shanghai', async () => {
    const owner = await seedUser(t.db, { companyName: '导出设备有限公司' });
    const one = await seedListing(t.db, owner.company.id, owner.user.id, { model: 'XE60DA', brand: '徐工' });
    // 1,100 more copies: more than two batches of the export
    const { id: _id, ...copy } = one;
    for (let i = 0; i < 1100; i += 275)
      await t.db
        .insert(equipmentListings)
        .values(Array.from({ length: 275 }, (_, j) => ({ ...copy, model: `SY${i + j}` })));
    const all = await both('/ep/index', '/ep/index/export', 'tab=all', owner.auth);
    expect(all.head).toEqual([
      '设备名称',
      '型号',
      '品牌',
      '设备类别',
      '月租（元）',
      '台班价（元）',
      '小时价（元）',
      '租赁状态',
      '审核状态',
      '所在地区',
      '更新时间',
      '驳回原因',
    ]);
    expect(all.total).toBe(1101);
    expect(all.rows).toHaveLength(all.total);
    // the list's first page is the export's first rows
    expect(all.rows.slice(0, 5).map((r) => r[1])).toEqual(all.first.map((r: { model: string }) => r.model));
    expect(new Set(all.rows.map((r) => r[1])).size).toBe(1101);
    const x = all.rows.find((r) => r[1] === 'XE60DA')!;
    // 3,000,000 fen a month, 150,000 fen a shift: numbers of yuan
    expect(x.slice(4, 6)).toEqual(['30000', '1500']);
    expect(x[10]).toMatch(TIME);
    expect(x[10]).toBe(shanghaiDateTime(one.updatedAt));
    const kw = await both('/ep/index', '/ep/index/export', 'tab=all&keyword=XE60', owner.auth);
    expect(kw.total).toBe(1);
    expect(kw.rows.map((r) => r[1])).toEqual(['XE60DA']);
    // another company exports its own (empty) list; a sub-user without 直租设备 is refused as on the list
    const other = await seedUser(t.db, { companyName: '别家设备有限公司' });
    expect((await both('/ep/index', '/ep/index/export', 'tab=all', other.auth)).rows).toHaveLength(0);
    const sub = await seedUser(t.db);
    await addMember(t.db, owner.company.id, sub.user.id, { menus: [MENU.rentCompete] });
    expect(await sameRefusal('/ep/index', '/ep/index/export', `company_id=${owner.company.id}`, sub.auth)).toBe(403);
    const stranger = await seedUser(t.db);
    expect(await sameRefusal('/ep/index', '/ep/index/export', `company_id=${owner.company.id}`, stranger.auth)).toBe(
      403,
    );
    expect((await get('/api/ep/index/export', {})).statusCode).toBe(401);
  });
});

describe("an order's lists: contracts, machines, payments, settlements", () => {
  it('both sides export what their list shows; another company gets the list’s 404, a sub-user without the grant its 403', async () => {
    const s = await seedConfirmedOrder(t);
    const id = s.order.id;
    const cases: [string, string, string, THeaders][] = [
      ['/rent/contract/lst', '/rent/contract/export', `id=${id}`, s.tenant.auth],
      ['/ep/contract', '/ep/contract/export', `id=${id}`, s.provider.auth],
      ['/rent/order/eplst', '/rent/order/eplst/export', `id=${id}`, s.tenant.auth],
      ['/ep/ct_eplst', '/ep/ct_eplst/export', `id=${id}`, s.provider.auth],
      ['/rent/payment/lst', '/rent/payment/export', `order_id=${id}`, s.tenant.auth],
      ['/ep/orderpayment/lst', '/ep/orderpayment/export', `order_id=${id}`, s.provider.auth],
      ['/rent/settle/lst', '/rent/settle/export', `id=${id}`, s.tenant.auth],
      ['/ep/settle', '/ep/settle/export', `id=${id}&status=-1`, s.provider.auth],
    ];
    const stranger = await seedUser(t.db, { companyName: '无关订单有限公司' });
    const sub = await seedUser(t.db);
    await addMember(t.db, s.tenant.company.id, sub.user.id, { menus: [MENU.rentCompete] });
    for (const [list, exp, q, auth] of cases) {
      const r = await both(list, exp, q, auth);
      expect(r.head.length, exp).toBeGreaterThan(3);
      expect(r.rows, exp).toHaveLength(r.total);
      expect(await sameRefusal(list, exp, q, stranger.auth)).toBe(404);
    }
    expect(
      await sameRefusal(
        '/rent/contract/lst',
        '/rent/contract/export',
        `id=${id}&company_id=${s.tenant.company.id}`,
        sub.auth,
      ),
    ).toBe(403);
    expect(
      await sameRefusal(
        '/rent/payment/lst',
        '/rent/payment/export',
        `order_id=${id}&company_id=${s.tenant.company.id}`,
        sub.auth,
      ),
    ).toBe(403);
  });

  it('the order export writes the tax-inclusive total as a number of yuan and the creation time in Shanghai', async () => {
    const s = await seedConfirmedOrder(t);
    const r = await both('/rent/order/lst', '/rent/order/export', 'status=-1', s.tenant.auth);
    expect(r.rows).toHaveLength(r.total);
    const row = r.rows.find((x) => x[0] === s.order.sn)!;
    const listed = r.first.find((x: { sn: string }) => x.sn === s.order.sn);
    expect(row[6]).toBe(String(Number(listed.tax_total_v.replace(/,/g, ''))));
    expect(row[9]).toMatch(TIME);
  });
});

describe('biddings and their responses', () => {
  it('the owner’s projects and quote table, the provider’s responses: the lists’ rows; refusals as the lists’', async () => {
    const s = await seedCompletedBidding(t.db, { providers: 2 });
    const mine = await both('/rent/bidding/lst', '/rent/bidding/export', 'status=-1', s.tenant.auth);
    expect(mine.head.slice(0, 2)).toEqual(['项目编号', '项目名称']);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.rows).toHaveLength(mine.total);
    expect(mine.rows.map((r) => r[0])).toContain(s.bidding.sn);
    const named = await both(
      '/rent/bidding/lst',
      '/rent/bidding/export',
      `status=-1&sn=${s.bidding.sn}`,
      s.tenant.auth,
    );
    expect(named.rows.map((r) => r[0])).toEqual([s.bidding.sn]);
    const offers = await both('/ep/offer', '/ep/offer/export', 'status=-1', s.providers[0].auth);
    expect(offers.total).toBeGreaterThan(0);
    expect(offers.rows).toHaveLength(offers.total);
    const quotes = await get(`/api/rent/bidding/reqlst/export?bid=${s.bidding.id}`, s.tenant.auth);
    const list = (await get(`/api/rent/bidding/reqlst?bid=${s.bidding.id}`, s.tenant.auth)).json().data;
    const sheet = readXlsx(quotes.rawPayload).rows;
    expect(sheet[0][0]).toBe('服务商');
    expect(sheet.slice(1)).toHaveLength(list.data.length);
    // another company's project is not found, the provider may not read the owner's quote table
    expect(
      await sameRefusal(
        '/rent/bidding/reqlst',
        '/rent/bidding/reqlst/export',
        `bid=${s.bidding.id}`,
        s.providers[0].auth,
      ),
    ).toBe(404);
    const sub = await seedUser(t.db);
    await addMember(t.db, s.tenant.company.id, sub.user.id, { menus: [MENU.rentOrder] });
    expect(
      await sameRefusal('/rent/bidding/lst', '/rent/bidding/export', `company_id=${s.tenant.company.id}`, sub.auth),
    ).toBe(403);
  });
});

describe('inquiries sent and received', () => {
  it('each side exports its list under the same filters', async () => {
    const provider = await seedUser(t.db, { companyName: '导出询价出租方有限公司' });
    const tenant = await seedUser(t.db, { companyName: '导出询价承租方有限公司' });
    const listing = await seedListing(t.db, provider.company.id, provider.user.id);
    const day = new Date(Date.now() + 8 * 3600_000 + 3 * 86400_000).toISOString().slice(0, 10);
    for (const n of [1, 2])
      expect(
        (
          await post('/api/talk/post', tenant.auth, {
            listing_id: listing.id,
            number: n,
            province: 32,
            city: 3205,
            area: 320505,
            address: '狮山路 88 号工地',
            approach_time: day,
            schedule_progress: '工期约 3 个月',
            invoice: 2,
            remark: '需带操作手',
            phone: '13912345678',
          })
        ).json().status,
      ).toBe(1);
    const sent = await both('/ep/enquiry', '/ep/enquiry/export', 'to_type=1', tenant.auth);
    expect(sent.total).toBe(2);
    expect(sent.rows).toHaveLength(2);
    expect(sent.rows[0][12]).toMatch(TIME);
    expect(sent.rows[0][6]).toContain('狮山路 88 号工地');
    const got = await both('/talk/receive', '/talk/receive/export', '', provider.auth);
    expect(got.rows).toHaveLength(2);
    expect(got.rows.map((r) => r[0]).sort()).toEqual(sent.rows.map((r) => r[0]).sort());
    const open = await both('/talk/receive', '/talk/receive/export', 'status=1', provider.auth);
    expect(open.rows).toHaveLength(open.total);
    const sub = await seedUser(t.db);
    await addMember(t.db, provider.company.id, sub.user.id, { menus: [MENU.rentOrder] });
    expect(
      await sameRefusal('/talk/receive', '/talk/receive/export', `company_id=${provider.company.id}`, sub.auth),
    ).toBe(403);
  });
});

describe('the console’s review queues', () => {
  it('staff export each queue as it lists; a company user is refused as on the queue', async () => {
    const owner = await seedUser(t.db, { companyName: '待审设备有限公司' });
    await seedListing(t.db, owner.company.id, owner.user.id, { reviewStatus: 0 });
    await seedCompletedBidding(t.db, { providers: 1 });
    const queues: [string, string, string][] = [
      ['/admin/equipment', '/admin/equipment/export', 'status=0'],
      ['/admin/equipment', '/admin/equipment/export', 'status=1'],
      ['/admin/biddings', '/admin/biddings/export', 'status=-1'],
      ['/admin/demands', '/admin/demands/export', 'state=-1'],
      ['/admin/verify/person', '/admin/verify/person/export', 'status=3'],
      ['/admin/verify/company', '/admin/verify/company/export', 'status=1'],
    ];
    for (const [list, exp, q] of queues) {
      const r = await both(list, exp, q, admin.auth);
      expect(r.rows, exp).toHaveLength(r.total);
      expect(await sameRefusal(list, exp, q, owner.auth)).toBe(403);
    }
    const pending = await both('/admin/equipment', '/admin/equipment/export', 'status=0', admin.auth);
    expect(pending.head.slice(0, 2)).toEqual(['企业名称', '提交人']);
    expect(pending.rows.map((r) => r[0])).toContain('待审设备有限公司');
    const lst = await both('/admin/biddings', '/admin/biddings/export', 'status=-1', admin.auth);
    expect(lst.total).toBeGreaterThan(0);
    await t.db.select().from(equipmentListings).where(eq(equipmentListings.companyId, owner.company.id));
  });
});

describe('the console’s other queues', () => {
  it('seals, job cards, recruits, reports, shops, shelf orders, suits, comments, payments, settlements, reviews', async () => {
    const owner = await seedUser(t.db, { companyName: '待审印章有限公司' });
    await t.db.insert(seals).values({
      companyId: owner.company.id,
      name: '合同专用章',
      image: '/uploads/signet/x.png',
      createdBy: owner.user.id,
    });
    await publishCard(t, await verifiedUser(t), admin);
    await seedConfirmedOrder(t);
    // [list, export, one filter, the first headers]
    const queues: [string, string, string, string[]][] = [
      ['/admin/seals', '/admin/seals/export', 'status=1000', ['企业', '印章名称', '备注']],
      ['/admin/job-cards', '/admin/job-cards/export', 'status=1', ['机手', '手机号', '机械类别']],
      ['/admin/labour/comments', '/admin/labour/comments/export', 'type=card', ['评论人', '评论']],
      ['/admin/recruits', '/admin/recruits/export', 'audit_status=1', ['机械类别', '招聘地区']],
      ['/admin/reports', '/admin/reports/export', 'status=0', ['举报单号', '举报对象']],
      ['/admin/shops', '/admin/shops/export', 'status=1', ['店铺名称', '企业', '主营业务']],
      ['/admin/shop-covers', '/admin/shop-covers/export', 'status=1', ['店铺名称', '企业', '提交时间']],
      ['/admin/shop-cases', '/admin/shop-cases/export', 'status=0', ['标题', '店铺名称']],
      ['/admin/shop-honours', '/admin/shop-honours/export', 'status=0', ['名称', '店铺名称']],
      ['/admin/shelf-orders', '/admin/shelf-orders/export', 'status=0', ['企业', '申请人', '订单编号']],
      ['/admin/suits', '/admin/suits/export', 'status=0', ['询价单号', '需求企业']],
      ['/admin/payments', '/admin/payments/export', 'state=', ['订单编号', '类型', '商品', '用户手机号']],
      ['/admin/order-payments', '/admin/order-payments/export', 'status=-1', ['付款单号', '结算单号']],
      ['/admin/settlements', '/admin/settlements/export', '', ['平台单号', '结算单号']],
      ['/admin/reviews', '/admin/reviews/export', 'status=-1', ['订单编号', '方向', '评价方']],
    ];
    for (const [list, exp, q, head] of queues) {
      const r = await both(list, exp, q, admin.auth);
      expect(r.head.slice(0, head.length), exp).toEqual(head);
      expect(r.rows, exp).toHaveLength(r.total);
      expect(await sameRefusal(list, exp, q, owner.auth), exp).toBe(403);
      expect((await get(`/api${exp}?${q}`, {})).statusCode, exp).toBe(401);
    }
    const sealed = await both('/admin/seals', '/admin/seals/export', 'status=1000', admin.auth);
    expect(sealed.rows.map((r) => r.slice(0, 2))).toContainEqual(['待审印章有限公司', '合同专用章']);
    const cards = await both('/admin/job-cards', '/admin/job-cards/export', 'status=1', admin.auth);
    expect(cards.total).toBeGreaterThan(0);
    expect(cards.rows[0][7]).toMatch(TIME);
  });
});
