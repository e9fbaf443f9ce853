import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { MENU } from '@jizu/shared/constants/menu';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import { auditEvents, companies, seals, smsCodes } from '../../db/schema';
import { addMember, createTestApp, multipart, seedUser, tableText } from '../../test/harness';
import { seedConfirmedOrder } from '../../test/order';
import { loadReferenceData } from '../../seed/reference';
import { orderContracts } from './contract.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const get = (url: string, h: THeaders = {}) => t.app.inject({ method: 'GET', url, headers: h });
const post = (url: string, h: THeaders, payload: object) => t.app.inject({ method: 'POST', url, headers: h, payload });

async function pdfBytes(text = 'Rental contract') {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(text, { x: 60, y: 760, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}
async function uploadPdf(auth: THeaders, bytes?: Buffer): Promise<string> {
  const { payload, headers } = await multipart([
    { name: 'image', value: bytes ?? (await pdfBytes()), filename: 'contract.pdf', type: 'application/pdf' },
  ]);
  const r = (
    await t.app.inject({ method: 'POST', url: '/api/index/upload/contract', headers: { ...auth, ...headers }, payload })
  ).json();
  expect(r.status).toBe(1);
  return r.data.url as string;
}
async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, disableFontFace: true })
    .promise;
  let out = '';
  for (let i = 1; i <= doc.numPages; i++)
    out += (await (await doc.getPage(i)).getTextContent()).items.map((it) => ('str' in it ? it.str : '')).join('');
  return out;
}
const saveBody = (orderId: number, attachment: string, over: Record<string, unknown> = {}) => ({
  order_id: orderId,
  attachment,
  sn: 'HT-2026-001',
  name: '挖掘机租赁合同',
  date: shanghaiDay(-12),
  ...over,
});
/** Lets the next SMS be sent at once (the 60 s gap is tested in its own case). */
const age = () => t.db.update(smsCodes).set({ createdAt: sql`${smsCodes.createdAt} - interval '2 minutes'` });

describe('contract upload', () => {
  it('the tenant uploads a PDF with number, name and date (each rule with its message, nothing written); only for an order in progress', async () => {
    const s = await seedConfirmedOrder(t);
    const url = await uploadPdf(s.tenant.auth);
    const before = await tableText(t.db, 'order_contracts');
    const bad = async (over: Record<string, unknown>, msg: string) =>
      expect(
        (await post('/api/rent/contract/save', s.tenant.auth, saveBody(s.order.id, url, over))).json(),
      ).toMatchObject({
        status: 0,
        msg,
      });
    await bad({ sn: '' }, '请输入合同编号');
    await bad({ sn: '号'.repeat(41) }, '合同编号不能超过40个字');
    await bad({ name: '' }, '请输入合同名称');
    await bad({ name: '名'.repeat(41) }, '合同名称不能超过40个字');
    await bad({ date: '' }, '请选择合同日期');
    // not later than about 10 days before today (spec/2 §5), the rule of every date of the spec: 9 days ago is too late
    await bad({ date: shanghaiDay(-9) }, `合同日期不能晚于${shanghaiDay(-10)}`);
    await bad({ date: shanghaiDay(1) }, `合同日期不能晚于${shanghaiDay(-10)}`);
    await bad({ attachment: '' }, '请上传合同文件');
    // someone else's upload, or not a PDF upload at all
    const other = await seedUser(t.db, { companyName: '别家建设有限公司' });
    await bad({ attachment: await uploadPdf(other.auth) }, '合同文件不存在，请重新上传');
    expect(await tableText(t.db, 'order_contracts')).toBe(before);
    // the upload path itself refuses anything but a PDF
    const { payload, headers } = await multipart([
      {
        name: 'image',
        value: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
        filename: 'a.png',
        type: 'image/png',
      },
    ]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/index/upload/contract',
          headers: { ...s.tenant.auth, ...headers },
          payload,
        })
      ).json().msg,
    ).toBe('请上传pdf格式文件');

    const ok = (
      await post('/api/rent/contract/save', s.tenant.auth, saveBody(s.order.id, url, { date: shanghaiDay(-10) }))
    ).json();
    expect(ok).toMatchObject({ status: 1, msg: '提交成功' });
    const list = (await get(`/api/rent/contract/lst?id=${s.order.id}`, s.tenant.auth)).json().data;
    expect(list).toMatchObject({ total: 1, sign_num: 0, unsign_num: 1 });
    // a tab counts its own status, the counts stay the order's; a page past the end keeps the total
    expect((await get(`/api/rent/contract/lst?id=${s.order.id}&status=1`, s.tenant.auth)).json().data).toMatchObject({
      total: 0,
      data: [],
      sign_num: 0,
      unsign_num: 1,
    });
    expect(
      (await get(`/api/rent/contract/lst?id=${s.order.id}&status=0&page=2&size=5`, s.tenant.auth)).json().data,
    ).toMatchObject({
      total: 1,
      data: [],
      unsign_num: 1,
    });
    expect(list.data[0]).toMatchObject({
      sn: 'HT-2026-001',
      status: 0,
      status_v: '待签署',
      actions: ['void'],
      seal_v: '企业名称签章',
    });
    const provList = (await get(`/api/ep/contract?id=${s.order.id}`, s.provider.auth)).json().data;
    expect(provList.data[0].actions).toEqual(['sign']);
    // the order must be in progress: a draft order refuses
    const s2 = await seedConfirmedOrder(t);
    await t.db.execute(sql`update rental_orders set status = 4 where id = ${s2.order.id}`);
    expect(
      (
        await post('/api/rent/contract/save', s2.tenant.auth, saveBody(s2.order.id, await uploadPdf(s2.tenant.auth)))
      ).json(),
    ).toMatchObject({
      status: 0,
      msg: '订单确认后才能管理合同',
    });
  });

  it('§6 gates: each side hears which party lacks verification (or the finance product)', async () => {
    const s = await seedConfirmedOrder(t);
    const url = await uploadPdf(s.tenant.auth);
    const save = () => post('/api/rent/contract/save', s.tenant.auth, saveBody(s.order.id, url));
    await t.db.update(companies).set({ super: 0 }).where(eq(companies.id, s.tenant.company.id));
    expect((await save()).json()).toMatchObject({ status: 0, msg: '您尚未通过第三方高级认证，无法进行此项操作。' });
    await t.db.update(companies).set({ super: 1 }).where(eq(companies.id, s.tenant.company.id));
    await t.db.update(companies).set({ finance: 0 }).where(eq(companies.id, s.provider.company.id));
    expect((await save()).json()).toMatchObject({
      status: 0,
      msg: '服务商尚未通过第三方高级认证并开通金融产品，无法进行此项操作。',
    });
    await t.db.update(companies).set({ finance: 1 }).where(eq(companies.id, s.provider.company.id));
    const c = (await save()).json().data;
    const sms = () => post('/api/ep/ct_sendmsg', s.provider.auth, { order_id: s.order.id, id: c.id });
    await t.db.update(companies).set({ super: 0 }).where(eq(companies.id, s.provider.company.id));
    expect((await sms()).json()).toMatchObject({
      status: 0,
      msg: '您尚未通过第三方高级认证并开通金融产品，无法进行此项操作。',
    });
    await t.db.update(companies).set({ super: 1 }).where(eq(companies.id, s.provider.company.id));
    await t.db.update(companies).set({ super: 0 }).where(eq(companies.id, s.tenant.company.id));
    expect((await sms()).json()).toMatchObject({ status: 0, msg: '承租方尚未通过第三方高级认证，无法进行此项操作。' });
    await t.db.update(companies).set({ super: 1 }).where(eq(companies.id, s.tenant.company.id));
    expect((await sms()).json()).toMatchObject({
      status: 1,
      msg: '短信发送成功',
      data: { phone: expect.stringMatching(/^\d{3}\*{4}\d{4}$/) },
    });
  });
});

describe('signing', () => {
  it('wrong, reused and expired codes fail, the attempt limit holds, 60 s between sends; the signed PDF carries seals, certificate and trail and verifies; one byte changed does not', async () => {
    const s = await seedConfirmedOrder(t);
    // the tenant's seal: a passed 300×300 PNG
    const png = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0.8 } },
    })
      .png()
      .toBuffer();
    const { payload, headers } = await multipart([
      { name: 'image', value: png, filename: 'seal.png', type: 'image/png' },
    ]);
    const sealUrl = (
      await t.app.inject({
        method: 'POST',
        url: `/api/index/upload/signet?company_id=${s.tenant.company.id}`,
        headers: { ...s.tenant.auth, ...headers },
        payload,
      })
    ).json().data.url as string;
    const [seal] = await t.db
      .insert(seals)
      .values({
        companyId: s.tenant.company.id,
        name: '合同专用章',
        image: sealUrl.replace(t.config.publicUrl, ''),
        status: 1001,
        createdBy: s.tenant.user.id,
      })
      .returning();
    const c = (
      await post(
        '/api/rent/contract/save',
        s.tenant.auth,
        saveBody(s.order.id, await uploadPdf(s.tenant.auth, await pdfBytes('Excavator rental contract')), {
          signet_id: seal.id,
        }),
      )
    ).json().data;
    const body = { order_id: s.order.id, id: c.id };
    const sign = (code: string) => post('/api/ep/ct_sign', s.provider.auth, { ...body, code });

    expect((await post('/api/ep/ct_sendmsg', s.provider.auth, body)).json().status).toBe(1);
    expect((await post('/api/ep/ct_sendmsg', s.provider.auth, body)).json().msg).toMatch(/秒后/);
    for (let i = 0; i < 4; i++) expect((await sign('000000')).json()).toMatchObject({ status: 0, msg: '验证码错误' });
    expect((await sign('000000')).json()).toMatchObject({ status: 0, msg: '验证码错误次数过多，请重新获取' });
    expect((await sign('123456')).json()).toMatchObject({ status: 0, msg: '验证码错误次数过多，请重新获取' });
    // expired
    await age();
    await post('/api/ep/ct_sendmsg', s.provider.auth, body);
    await t.db.update(smsCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await sign('123456')).json()).toMatchObject({ status: 0, msg: '验证码已过期，请重新获取' });
    expect((await t.db.select().from(orderContracts).where(eq(orderContracts.id, c.id)))[0]).toMatchObject({
      status: 0,
      signedSha256: null,
    });

    await age();
    await post('/api/ep/ct_sendmsg', s.provider.auth, body);
    const signed = (await sign('123456')).json();
    expect(signed).toMatchObject({ status: 1, msg: '签署成功' });
    // reused: the code is spent, and the contract is signed anyway
    expect((await sign('123456')).json().status).toBe(0);
    const row = (await t.db.select().from(orderContracts).where(eq(orderContracts.id, c.id)))[0];
    expect(row).toMatchObject({ status: 1, providerStatus: 1, signedSha256: signed.data.sha256 });

    const file = await get(`/api/ep/contract/file?order_id=${s.order.id}&id=${c.id}`, s.provider.auth);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    const bytes = file.rawPayload;
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2);
    const text = await pdfText(bytes);
    for (const part of [
      'Excavator rental contract',
      '电子签署证书',
      'HT-2026-001',
      '挖掘机租赁合同',
      s.tenant.company.name,
      s.provider.company.name,
      '签署过程记录',
      '承租方上传合同',
      '服务商签署合同',
      '短信验证码',
    ])
      expect(text).toContain(part);
    // the tenant reads the same signed file; a stranger gets 404
    expect(
      (await get(`/api/rent/contract/file?order_id=${s.order.id}&id=${c.id}`, s.tenant.auth)).rawPayload.equals(bytes),
    ).toBe(true);
    const stranger = await seedUser(t.db, { companyName: '路人机械有限公司' });
    expect((await get(`/api/ep/contract/file?order_id=${s.order.id}&id=${c.id}`, stranger.auth)).statusCode).toBe(404);
    expect((await get(`/api/rent/contract/lst?id=${s.order.id}`, stranger.auth)).statusCode).toBe(404);

    const verify = async (b: Buffer) => {
      const { payload: p2, headers: h2 } = await multipart([
        { name: 'file', value: b, filename: 'c.pdf', type: 'application/pdf' },
      ]);
      return (await t.app.inject({ method: 'POST', url: '/api/site/verify', headers: h2, payload: p2 })).json().data;
    };
    const good = await verify(bytes);
    expect(good).toMatchObject({
      valid: true,
      contract: { sn: 'HT-2026-001', tenant_name: s.tenant.company.name, provider_name: s.provider.company.name },
    });
    expect(good.contract.signed_at).toMatch(/^\d{4}-\d{2}-\d{2} /);
    const changed = Buffer.from(bytes);
    changed[Math.floor(changed.length / 2)] ^= 1;
    expect(await verify(changed)).toMatchObject({
      valid: false,
      contract: null,
      msg: '未找到与该文件一致的签署记录：该文件不是在本平台签署的合同，或签署后已被修改',
    });
    // signed: not voidable, not signable again; the order's timeline has the three steps
    expect((await post('/api/rent/contract/cancel', s.tenant.auth, { ...body, confirm: '确认' })).json().msg).toBe(
      '该合同当前状态不能进行此操作，请刷新后重试',
    );
    const detail = (await get(`/api/rent/order/detail?id=${s.order.id}`, s.tenant.auth)).json().data;
    const history = (await get(`/api/rent/order/history?id=${s.order.id}`, s.tenant.auth))
      .json()
      .data.data.map((h: { action: string }) => h.action);
    expect(history.slice(0, 2)).toEqual(['contract_sign', 'contract_upload']);
    expect(detail.contract).toMatchObject({
      sign_num: 1,
      unsign_num: 0,
      lst: [{ id: c.id, status_v: '已生效', view_url: `/api/rent/contract/file?id=${c.id}&order_id=${s.order.id}` }],
    });
  });

  it('void by typing 确认; two signatures at once sign once; a sub-user without 租出订单 cannot sign', async () => {
    const s = await seedConfirmedOrder(t);
    const c1 = (
      await post('/api/rent/contract/save', s.tenant.auth, saveBody(s.order.id, await uploadPdf(s.tenant.auth)))
    ).json().data;
    expect(
      (
        await post('/api/rent/contract/cancel', s.tenant.auth, { order_id: s.order.id, id: c1.id, confirm: '确定' })
      ).json(),
    ).toMatchObject({
      status: 0,
      msg: '请输入“确认”两个字',
    });
    expect((await post('/api/ep/ct_sendmsg', s.provider.auth, { order_id: s.order.id, id: c1.id })).json().status).toBe(
      1,
    );
    // the provider cannot void; the tenant cannot sign
    expect(
      (
        await post('/api/rent/contract/cancel', s.provider.auth, { order_id: s.order.id, id: c1.id, confirm: '确认' })
      ).json().msg,
    ).toBe('订单不存在或已删除');
    expect(
      (await post('/api/ep/ct_sign', s.tenant.auth, { order_id: s.order.id, id: c1.id, code: '123456' })).json().msg,
    ).toBe('订单不存在或已删除');
    expect(
      (
        await post('/api/rent/contract/cancel', s.tenant.auth, { order_id: s.order.id, id: c1.id, confirm: '确认' })
      ).json(),
    ).toMatchObject({ status: 1 });
    expect(
      (await post('/api/ep/ct_sign', s.provider.auth, { order_id: s.order.id, id: c1.id, code: '123456' })).json().msg,
    ).toBe('该合同当前状态不能进行此操作，请刷新后重试');

    const c2 = (
      await post(
        '/api/rent/contract/save',
        s.tenant.auth,
        saveBody(s.order.id, await uploadPdf(s.tenant.auth), { sn: 'HT-2' }),
      )
    ).json().data;
    const sub = await seedUser(t.db);
    await addMember(t.db, s.provider.company.id, sub.user.id, { menus: [MENU.response] });
    expect(
      (
        await post('/api/ep/ct_sign', sub.auth, {
          company_id: s.provider.company.id,
          order_id: s.order.id,
          id: c2.id,
          code: '123456',
        })
      ).statusCode,
    ).toBe(403);
    await age();
    await post('/api/ep/ct_sendmsg', s.provider.auth, { order_id: s.order.id, id: c2.id });
    const rs = await Promise.all(
      [0, 1].map(() => post('/api/ep/ct_sign', s.provider.auth, { order_id: s.order.id, id: c2.id, code: '123456' })),
    );
    expect(rs.filter((r) => r.json().status === 1)).toHaveLength(1);
    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entity, 'order_contract'), eq(auditEvents.entityId, c2.id), eq(auditEvents.action, 'sign')),
      );
    expect(trail).toHaveLength(1);
  });
});
