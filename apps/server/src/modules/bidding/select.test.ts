import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MENU } from '@jizu/shared/constants/menu';
import { taxInclusiveFen } from '@jizu/shared/rules/money';
import { auditEvents } from '../../db/schema';
import { addMember, createTestApp, seedUser } from '../../test/harness';
import { seedBidding } from '../../test/bidding';
import { loadReferenceData } from '../../seed/reference';
import { rentalOrderLines, rentalOrders } from '../order/order.tables';
import { biddingLines, biddingOfferLines, biddingOffers, biddings } from './bidding.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const get = (url: string, h: THeaders = {}) => t.app.inject({ method: 'GET', url, headers: h });
const post = (url: string, h: THeaders, payload: object) => t.app.inject({ method: 'POST', url, headers: h, payload });
const coName = (p: string) => `${p}${Math.random().toString(36).slice(2, 6)}公司`;

/** A cut-off project with quotes of two providers on each of its lines (price in fen). */
async function setup(over: Parameters<typeof seedBidding>[3] = {}, lines?: Parameters<typeof seedBidding>[4]) {
  const tenant = await seedUser(t.db, { companyName: coName('承租方') });
  const p1 = await seedUser(t.db, { companyName: coName('甲服务商') });
  const p2 = await seedUser(t.db, { companyName: coName('乙服务商') });
  const { bidding, lines: ls } = await seedBidding(
    t.db,
    tenant.company.id,
    tenant.user.id,
    { status: 2, ...over },
    lines,
  );
  const offers = [];
  for (const [i, p] of [p1, p2].entries()) {
    const [o] = await t.db
      .insert(biddingOffers)
      .values({
        biddingId: bidding.id,
        companyId: p.company.id,
        userId: p.user.id,
        status: 2,
        contacts: i ? '赵六' : '张三',
        tel: i ? '13922223333' : '13911112222',
      })
      .returning();
    const price = i ? 25_000 : 28_000;
    const ql = await t.db
      .insert(biddingOfferLines)
      .values(
        ls.map((l) => ({
          offerId: o.id,
          biddingId: bidding.id,
          lineId: l.id,
          companyId: p.company.id,
          price,
          rate: 13,
          num: l.num,
          inoutPrice: 0,
          taxTotal: taxInclusiveFen(price, 13),
        })),
      )
      .returning();
    offers.push({ offer: o, lines: ql, provider: p });
  }
  return { tenant, bidding, lines: ls, offers, p1, p2 };
}
const lineRow = async (id: number) => (await t.db.select().from(biddingLines).where(eq(biddingLines.id, id)))[0];

describe('selection', () => {
  it('quote tables: sorted on the server, contacts hidden until selected; allocation within the balance; confirm; draft orders once (1001)', async () => {
    const { tenant, bidding, lines, offers, p1 } = await setup();
    const [l1] = lines;
    const table = (
      await get(`/api/rent/bidding/reqlst?bid=${bidding.id}&rid=${l1.id}&sortName=price&sortOrder=asc`, tenant.auth)
    ).json().data.data;
    expect(table.map((r: { company_v: string }) => r.company_v)).toEqual([
      offers[1].provider.company.name,
      p1.company.name,
    ]);
    expect(table[0]).toMatchObject({
      price_v: '250.00',
      tax_total_v: '282.50',
      select: 0,
      link: { contacts: '赵**', tel: '139****3333' },
    });
    const desc = (
      await get(
        `/api/rent/bidding/reqlst?bid=${bidding.id}&rid=${l1.id}&sortName=tax_total&sortOrder=desc`,
        tenant.auth,
      )
    ).json().data.data;
    expect(desc[0].company_v).toBe(p1.company.name);
    // the dialog's numbers
    const q1 = offers[0].lines.find((q) => q.lineId === l1.id)!;
    const q2 = offers[1].lines.find((q) => q.lineId === l1.id)!;
    const pre = (await get(`/api/rent/bidding/select?id=${q1.id}&bid=${bidding.id}&rid=${l1.id}`, tenant.auth)).json()
      .data;
    expect(pre).toMatchObject({ balance: l1.num, total_num: l1.num, default_allot: Math.min(q1.num, l1.num) });
    // over the balance: refused, nothing changed
    const over = await post('/api/rent/bidding/offerSave', tenant.auth, {
      id: q1.id,
      rid: l1.id,
      bid: bidding.id,
      allot_num: l1.num + 1,
    });
    expect(over.json()).toMatchObject({ status: 0, msg: `分配数量须为0至${l1.num}的整数` });
    expect((await lineRow(l1.id)).allotNum).toBe(0);
    // allocate between both
    expect(
      (
        await post('/api/rent/bidding/offerSave', tenant.auth, { id: q1.id, rid: l1.id, bid: bidding.id, allot_num: 4 })
      ).json(),
    ).toMatchObject({
      status: 1,
    });
    const pre2 = (await get(`/api/rent/bidding/select?id=${q2.id}&bid=${bidding.id}&rid=${l1.id}`, tenant.auth)).json()
      .data;
    expect(pre2).toMatchObject({ balance: l1.num - 4, default_allot: l1.num - 4 });
    expect(
      (
        await post('/api/rent/bidding/offerSave', tenant.auth, {
          id: q2.id,
          rid: l1.id,
          bid: bidding.id,
          allot_num: l1.num - 3,
        })
      ).json().msg,
    ).toBe(`分配数量须为0至${l1.num - 4}的整数`);
    expect(
      (
        await post('/api/rent/bidding/offerSave', tenant.auth, {
          id: q2.id,
          rid: l1.id,
          bid: bidding.id,
          allot_num: l1.num - 4,
        })
      ).json(),
    ).toMatchObject({ status: 1 });
    expect(await lineRow(l1.id)).toMatchObject({ allotNum: l1.num, selectState: 1 });
    const after = (await get(`/api/rent/bidding/reqlst?bid=${bidding.id}&rid=${l1.id}`, tenant.auth)).json().data.data;
    expect(after.find((r: { id: number }) => r.id === q1.id)).toMatchObject({
      select: 1,
      allot_num: 4,
      link: { contacts: '张三', tel: '13911112222' },
    });
    // cancel one and take it back
    expect(
      (await post('/api/rent/bidding/deselect', tenant.auth, { id: q2.id, bid: bidding.id, rid: l1.id })).json(),
    ).toMatchObject({
      status: 1,
    });
    expect(await lineRow(l1.id)).toMatchObject({ allotNum: 4, selectState: 1 });
    expect((await t.db.select().from(biddingOffers).where(eq(biddingOffers.id, offers[1].offer.id)))[0].selected).toBe(
      0,
    );
    await post('/api/rent/bidding/offerSave', tenant.auth, { id: q2.id, rid: l1.id, bid: bidding.id, allot_num: 2 });
    // orders only once completed
    expect((await post('/api/rent/bidding/createOrderPre', tenant.auth, { id: bidding.id })).json()).toMatchObject({
      status: 0,
      msg: '竞价项目尚未完成，不能生成订单',
    });
    const commit = (await post('/api/rent/bidding/commit', tenant.auth, { id: bidding.id })).json().data.text;
    expect(commit).toContain(p1.company.name);
    expect(commit).toContain('以下设备未选择服务商：第2项');
    expect((await post('/api/rent/bidding/confirm', tenant.auth, { id: bidding.id })).json()).toMatchObject({
      status: 1,
    });
    const [b] = await t.db.select().from(biddings).where(eq(biddings.id, bidding.id));
    expect(b.status).toBe(3);
    expect(
      (await t.db.select().from(biddingOffers).where(eq(biddingOffers.biddingId, bidding.id)))
        .map((o) => o.status)
        .sort(),
    ).toEqual([4, 4]);
    // no more selection after completion
    expect(
      (await post('/api/rent/bidding/offerSave', tenant.auth, { id: q1.id, rid: l1.id, bid: bidding.id, allot_num: 1 }))
        .statusCode,
    ).toBe(409);
    const ask = (await post('/api/rent/bidding/createOrderPre', tenant.auth, { id: bidding.id })).json().data;
    expect(ask.code).toBe(1001);
    expect(ask.msg).toContain('2家服务商');
    const made = (await post('/api/rent/bidding/createOrder', tenant.auth, { id: bidding.id })).json().data.orders;
    expect(made).toHaveLength(2);
    expect(
      (await post('/api/rent/bidding/createOrder', tenant.auth, { id: bidding.id })).json().data.orders,
    ).toHaveLength(0);
    expect((await post('/api/rent/bidding/createOrderPre', tenant.auth, { id: bidding.id })).json().data.code).toBe(
      200,
    );
    const orders = await t.db.select().from(rentalOrders).where(eq(rentalOrders.biddingId, bidding.id));
    expect(orders.map((o) => o.status)).toEqual([0, 0]);
    const o1 = orders.find((o) => o.providerCompanyId === p1.company.id)!;
    expect(
      await t.db
        .select({ num: rentalOrderLines.num, price: rentalOrderLines.price })
        .from(rentalOrderLines)
        .where(eq(rentalOrderLines.orderId, o1.id)),
    ).toEqual([{ num: 4, price: 28_000 }]);
    const detail = (await get(`/api/rent/bidding/detail?id=${bidding.id}`, tenant.auth)).json().data;
    expect(detail).toMatchObject({ status: 3, order_status: 1, qcode: `/api/rent/bidding/qrcode?id=${bidding.id}` });
    expect(detail.orders).toHaveLength(2);
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual([
      'select',
      'select',
      'deselect',
      'select',
      'confirm',
      'create_order',
    ]);
    const qr = await get(`/api/rent/bidding/qrcode?id=${bidding.id}`);
    expect(qr.headers['content-type']).toBe('image/png');
    // the report: a PDF with the project's name and the providers as text
    const pdf = await get(`/api/rent/bidding/exportReportPdf?id=${bidding.id}`, tenant.auth);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(bidding.name);
    expect(text).toContain(p1.company.name);
    expect(text).toContain('竞价结果报告');
  });

  it('the comprehensive project takes one provider', async () => {
    const { tenant, bidding, offers } = await setup({ classify: 2 });
    // the tax-inclusive unit price and the quote's amount sort apart: the cheaper quote carries a large entry/exit fee
    await t.db
      .update(biddingOfferLines)
      .set({ inoutPrice: 50_000_000 })
      .where(eq(biddingOfferLines.offerId, offers[1].offer.id));
    const by = async (sortName: string, sortOrder: string) =>
      (await get(`/api/rent/bidding/reqlst?bid=${bidding.id}&sortName=${sortName}&sortOrder=${sortOrder}`, tenant.auth))
        .json()
        .data.data.map((r: { offer_id: number }) => r.offer_id);
    expect(await by('tax_total', 'asc')).toEqual([offers[1].offer.id, offers[0].offer.id]);
    expect(await by('amount', 'asc')).toEqual([offers[0].offer.id, offers[1].offer.id]);
    expect(await by('amount', 'desc')).toEqual([offers[1].offer.id, offers[0].offer.id]);
    const r0 = (
      await post('/api/rent/bidding/offerSave', tenant.auth, { id: offers[0].offer.id, bid: bidding.id })
    ).json();
    expect(r0).toMatchObject({ status: 1 });
    const other = await post('/api/rent/bidding/offerSave', tenant.auth, { id: offers[1].offer.id, bid: bidding.id });
    expect(other.json()).toMatchObject({ status: 0, msg: '综合竞价只能选择一家服务商，请先取消已选择的服务商' });
    const table = (await get(`/api/rent/bidding/reqlst?bid=${bidding.id}`, tenant.auth)).json().data.data;
    expect(table.map((r: { select: number }) => r.select).sort()).toEqual([0, 1]);
    for (const [url, body] of [
      ['deselect', { id: offers[0].offer.id, bid: bidding.id }],
      ['offerSave', { id: offers[1].offer.id, bid: bidding.id }],
      ['confirm', { id: bidding.id }],
    ] as const) {
      const r = (await post(`/api/rent/bidding/${url}`, tenant.auth, body)).json();
      expect([url, r.msg, r.status]).toEqual([url, r.msg, 1]);
    }
    const st = (await t.db.select().from(biddingOffers).where(eq(biddingOffers.biddingId, bidding.id)))
      .sort((a, b) => a.id - b.id)
      .map((o) => o.status);
    expect(st).toEqual([3, 4]);
  });

  it('boundaries: a provider, another company and a sub-user without 301 cannot read or select; a stranger 401; nothing selected cannot confirm', async () => {
    const { tenant, bidding, lines, offers, p1 } = await setup();
    const q = offers[0].lines[0];
    // the owner sees every provider's prices in the comparison, the lowest flagged
    const cmp = (await get(`/api/rent/bidding/compare?id=${bidding.id}`, tenant.auth)).json().data;
    expect(cmp.providers).toHaveLength(2);
    expect(cmp.lines[0].cells.map((c: { tax_total_v: string; lowest: boolean }) => [c.tax_total_v, c.lowest])).toEqual([
      ['316.40', false],
      ['282.50', true],
    ]);
    for (const h of [p1.auth, (await seedUser(t.db, { companyName: coName('他方') })).auth]) {
      expect((await get(`/api/rent/bidding/detail?id=${bidding.id}`, h)).statusCode).toBe(404);
      expect((await get(`/api/rent/bidding/reqlst?bid=${bidding.id}&rid=${lines[0].id}`, h)).statusCode).toBe(404);
      expect((await get(`/api/rent/bidding/compare?id=${bidding.id}`, h)).statusCode).toBe(404);
      expect(
        (await get(`/api/rent/bidding/select?id=${q.id}&bid=${bidding.id}&rid=${lines[0].id}`, h)).statusCode,
      ).toBe(404);
      expect((await post('/api/rent/bidding/commit', h, { id: bidding.id })).statusCode).toBe(404);
      expect(
        (await post('/api/rent/bidding/offerSave', h, { id: q.id, rid: lines[0].id, bid: bidding.id, allot_num: 1 }))
          .statusCode,
      ).toBe(404);
      expect((await post('/api/rent/bidding/confirm', h, { id: bidding.id })).statusCode).toBe(404);
      expect((await get(`/api/rent/bidding/exportReportPdf?id=${bidding.id}`, h)).statusCode).toBe(404);
    }
    const sub = await seedUser(t.db);
    await addMember(t.db, tenant.company.id, sub.user.id, { master: 0, menus: [MENU.response] });
    expect(
      (
        await get(
          `/api/rent/bidding/reqlst?bid=${bidding.id}&rid=${lines[0].id}&company_id=${tenant.company.id}`,
          sub.auth,
        )
      ).statusCode,
    ).toBe(403);
    expect((await get(`/api/rent/bidding/detail?id=${bidding.id}`)).statusCode).toBe(401);
    expect((await post('/api/rent/bidding/confirm', tenant.auth, { id: bidding.id })).json()).toMatchObject({
      status: 0,
      msg: '请至少选择一家服务商后再确认',
    });
    expect((await t.db.select().from(biddings).where(eq(biddings.id, bidding.id)))[0].status).toBe(2);
    // not at cut-off: no selection
    const { tenant: t2, bidding: b2, offers: o2, lines: l2 } = await setup({ status: 1 });
    expect(
      (
        await post('/api/rent/bidding/offerSave', t2.auth, {
          id: o2[0].lines[0].id,
          rid: l2[0].id,
          bid: b2.id,
          allot_num: 1,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await t.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.entity, 'bidding'), eq(auditEvents.entityId, b2.id)))
      ).length,
    ).toBe(0);
  });

  it('20 concurrent allocations on one line never exceed its quantity', async () => {
    const tenant = await seedUser(t.db, { companyName: coName('承租方') });
    const { bidding, lines } = await seedBidding(t.db, tenant.company.id, tenant.user.id, { status: 2 }, [
      { paymentType: 2, num: 10, unit: 1, limit: 0, inout: 1 },
    ]);
    const quotes = [];
    for (let i = 0; i < 20; i++) {
      const p = await seedUser(t.db, { companyName: coName(`服务商${i}`) });
      const [o] = await t.db
        .insert(biddingOffers)
        .values({
          biddingId: bidding.id,
          companyId: p.company.id,
          userId: p.user.id,
          status: 2,
          contacts: '王',
          tel: '13900000000',
        })
        .returning();
      const [q] = await t.db
        .insert(biddingOfferLines)
        .values({
          offerId: o.id,
          biddingId: bidding.id,
          lineId: lines[0].id,
          companyId: p.company.id,
          price: 10_000,
          rate: 9,
          num: 10,
          taxTotal: 10_900,
        })
        .returning();
      quotes.push(q);
    }
    const res = await Promise.all(
      quotes.map((q) =>
        post('/api/rent/bidding/offerSave', tenant.auth, { id: q.id, rid: lines[0].id, bid: bidding.id, allot_num: 3 }),
      ),
    );
    const okCount = res.filter((r) => r.json().status === 1).length;
    expect(okCount).toBe(3);
    const line = await lineRow(lines[0].id);
    expect(line.allotNum).toBe(9);
    const sum = (await t.db.select().from(biddingOfferLines).where(eq(biddingOfferLines.lineId, lines[0].id))).reduce(
      (s, q) => s + q.allotNum,
      0,
    );
    expect(sum).toBe(9);
  });
});

/** The text of a PDF, as a reader extracts it (pdf.js), so a glyph drawn without its characters fails. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, disableFontFace: true })
    .promise;
  let out = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const c = await page.getTextContent();
    out += c.items.map((it) => ('str' in it ? it.str : '')).join('');
  }
  return out;
}
