import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { LISTING_REVIEW } from '@jizu/shared/constants/equipment';
import {
  auditEvents,
  companies,
  equipmentListings,
  shopCases,
  shopHonours,
  shopHotDevices,
  shops,
  systemMessages,
} from '../../db/schema';
import { addMember, createTestApp, multipart, seedUser } from '../../test/harness';
import { seedListing } from '../../test/listing';
import { loadReferenceData } from '../../seed/reference';
import { findCompanyShop, findPublicShop, publicShopIds, shopCards, shopMeta } from './shop.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof seedUser>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
  admin = await seedUser(t.db, { role: 'admin' });
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
type TOwner = Awaited<ReturnType<typeof seedUser>>;
const get = (url: string, headers: THeaders = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: THeaders, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const put = (url: string, headers: THeaders, payload: object) => t.app.inject({ method: 'PUT', url, headers, payload });

async function jpg(w = 400, h = 300, color = '#2a6') {
  return sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}
async function upload(owner: { auth: THeaders; company: { id: number } }, file: Buffer, filename = 'a.jpg') {
  const body = await multipart([{ name: 'image', value: file, filename }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/shop/upload?company_id=${owner.company.id}`,
    payload: body.payload,
    headers: { ...body.headers, ...owner.auth },
  });
  const j = res.json() as { status: number; msg: string; data: { path: string } | null };
  return j;
}
const verifyCompany = (companyId: number) =>
  t.db.update(companies).set({ status: 1 }).where(eq(companies.id, companyId));
const shopOf = async (companyId: number) =>
  (await t.db.select().from(shops).where(eq(shops.companyId, companyId)))[0] ?? null;
const messagesOf = (userId: number) => t.db.select().from(systemMessages).where(eq(systemMessages.userId, userId));

async function application(owner: TOwner, over: Record<string, unknown> = {}) {
  const logo = over.company_logo ?? (await upload(owner, await jpg())).data!.path;
  return {
    company_id: owner.company.id,
    shop_name: '苏州宏达机械租赁',
    company_category: 1,
    main_business: '1,2,3',
    main_product: '挖掘机、起重机',
    service_area: '江苏省全境',
    create_time: '2015-06-01',
    product_number: 40,
    employee_number: 2,
    company_desc: '专业工程机械租赁服务商，设备齐全，服务周到。',
    ...over,
    company_logo: logo,
  };
}

/** A verified company with a listing and an approved shop. */
async function openShop(name = '店铺测试有限公司') {
  const owner = await seedUser(t.db, { companyName: name });
  await verifyCompany(owner.company.id);
  const listing = await seedListing(t.db, owner.company.id, owner.user.id);
  const res = await post('/api/shop/shop', owner.auth, await application(owner, { shop_name: name.slice(0, 10) }));
  expect(res.json()).toMatchObject({ status: 1, data: { shop_status: 1 } });
  const shop = (await shopOf(owner.company.id))!;
  expect((await post(`/api/admin/shops/${shop.id}/approve`, admin.auth, {})).json().status).toBe(1);
  return { owner, shop, listing };
}

describe('shop application', () => {
  it('needs a listing and a verification first, with the spec prompts; nothing is stored', async () => {
    const owner = await seedUser(t.db, { companyName: '未认证租赁有限公司' });
    const opts = (await get(`/api/shop/shop/create?company_id=${owner.company.id}`, owner.auth)).json();
    expect(opts).toMatchObject({
      status: 1,
      data: { c: 0, msg: '请先完成个人认证或企业认证后再设置店铺', is_company: 1 },
    });
    expect(opts.data.main_business).toHaveLength(8);
    const info = (await get(`/api/shop/shop?company_id=${owner.company.id}`, owner.auth)).json();
    expect(info).toMatchObject({ status: 1, data: { shop_status: 0, c: 0, msg: '请先上传设备后再设置店铺' } });

    const body = await application(owner);
    // no listing
    let res = await post('/api/shop/shop', owner.auth, body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 0, msg: '请先上传设备后再设置店铺' });
    // a listing in review does not count yet; an approved one does
    await seedListing(t.db, owner.company.id, owner.user.id, { reviewStatus: LISTING_REVIEW.pending });
    await seedListing(t.db, owner.company.id, owner.user.id);
    res = await post('/api/shop/shop', owner.auth, body);
    expect(res.json()).toMatchObject({ status: 0, msg: '请先完成个人认证或企业认证后再设置店铺' });
    expect(await shopOf(owner.company.id)).toBeNull();
    await verifyCompany(owner.company.id);
    expect((await get(`/api/shop/shop/create?company_id=${owner.company.id}`, owner.auth)).json().data.c).toBe(1);
    expect((await get(`/api/shop/shop?company_id=${owner.company.id}`, owner.auth)).json().data.c).toBe(1);
    res = await post('/api/shop/shop', owner.auth, body);
    expect(res.json()).toMatchObject({
      status: 1,
      msg: '提交成功，请等待平台审核',
      data: { shop_status: 1, shop_status_v: '审核中', main_business: '1,2,3' },
    });
    // one shop per company
    expect((await post('/api/shop/shop', owner.auth, body)).json().msg).toBe('店铺已设置，请勿重复提交');
  });

  it('checks every field: a 4th main business, a recent start date, a missing logo, missing fields', async () => {
    const owner = await seedUser(t.db, { companyName: '规则租赁有限公司' });
    await verifyCompany(owner.company.id);
    await seedListing(t.db, owner.company.id, owner.user.id);
    const base = await application(owner);
    const recent = new Date(Date.now() - 3 * 86400_000).toISOString().slice(0, 10);
    for (const [over, msg] of [
      [{ main_business: '1,2,3,4' }, '最多只能选择三项'],
      [{ main_business: '' }, '请选择主营业务'],
      [{ create_time: recent }, /^成立时间不能晚于\d{4}-\d{2}-\d{2}$/],
      [{ create_time: '2020-02-30' }, '成立时间格式不正确'],
      [{ company_logo: '' }, '请上传企业LOGO'],
      [{ company_logo: '/uploads/shop/2026/01/00000000000000000000000000000000.jpg' }, '图片无效，请重新上传'],
      [{ shop_name: ' ' }, '请输入店铺名称'],
      [{ company_category: 99 }, '请选择企业类型'],
      [{ company_desc: '' }, '请输入企业简介'],
      [{ employee_number: undefined }, '请选择员工人数'],
    ] as const) {
      const res = await post('/api/shop/shop', owner.auth, { ...base, ...over });
      expect(res.statusCode).toBe(400);
      if (typeof msg === 'string') expect(res.json().msg).toBe(msg);
      else expect(res.json().msg).toMatch(msg);
    }
    expect(await shopOf(owner.company.id)).toBeNull();
    // a logo over 5 MB is refused by the upload with the spec's text
    const big = await sharp(randomBytes(1400 * 1400 * 3), { raw: { width: 1400, height: 1400, channels: 3 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(await upload(owner, big, 'big.png')).toMatchObject({ status: 0, msg: '文件大小应不超过5M' });
  });

  it('the admin rejects with a reason, the company modifies, the admin approves; main accounts are told', async () => {
    const owner = await seedUser(t.db, { companyName: '审核租赁有限公司' });
    await verifyCompany(owner.company.id);
    const listing = await seedListing(t.db, owner.company.id, owner.user.id);
    await post('/api/shop/shop', owner.auth, await application(owner, { shop_name: '审核租赁' }));
    const shop = (await shopOf(owner.company.id))!;
    // not public while in review, and the company's listing page links no shop
    expect((await get(`/api/site/shop/${shop.id}`)).statusCode).toBe(404);
    expect((await get(`/api/site/device/${listing.id}`)).json().data).toMatchObject({
      company_name: '审核租赁有限公司',
      shop: null,
    });
    const queue = (await get('/api/admin/shops?status=1', admin.auth)).json().data;
    expect(queue.data.find((r: { id: number }) => r.id === shop.id)).toMatchObject({
      company_name: '审核租赁有限公司',
      shop_name: '审核租赁',
      main_business_v: '挖掘机租赁、起重机租赁、桩工机械租赁',
    });
    expect((await post(`/api/admin/shops/${shop.id}/reject`, admin.auth, { reason: ' ' })).json().msg).toBe(
      '请填写驳回原因',
    );
    expect(
      (await post(`/api/admin/shops/${shop.id}/reject`, admin.auth, { reason: '企业简介过于简单' })).json().status,
    ).toBe(1);
    expect((await post(`/api/admin/shops/${shop.id}/approve`, admin.auth, {})).json()).toMatchObject({
      status: 0,
      msg: '该记录已审核',
    });
    const info = (await get(`/api/shop/shop?company_id=${owner.company.id}`, owner.auth)).json().data;
    expect(info).toMatchObject({ shop_status: -1, reason: '企业简介过于简单' });
    expect((await messagesOf(owner.user.id)).map((m) => m.body)).toEqual([
      expect.stringContaining('原因：企业简介过于简单'),
    ]);
    // modify: back to review, keeping the logo
    const res = await put(
      `/api/shop/shop/${shop.id}`,
      owner.auth,
      await application(owner, {
        shop_name: '审核租赁',
        company_logo: info.company_logo,
        company_desc: '二十年工程机械租赁经验，自有设备百余台。',
      }),
    );
    expect(res.json()).toMatchObject({
      status: 1,
      msg: '修改成功，请等待平台审核',
      data: { shop_status: 1, reason: '' },
    });
    // another company's shop id: 404
    const other = await seedUser(t.db, { companyName: '别家有限公司' });
    await verifyCompany(other.company.id);
    await seedListing(t.db, other.company.id, other.user.id);
    expect((await put(`/api/shop/shop/${shop.id}`, other.auth, await application(other))).statusCode).toBe(404);
    expect((await post(`/api/admin/shops/${shop.id}/approve`, admin.auth, {})).json().status).toBe(1);
    expect((await messagesOf(owner.user.id)).map((m) => m.title)).toEqual(expect.arrayContaining(['店铺审核通过']));
    const pub = (await get(`/api/site/shop/${shop.id}`)).json();
    expect(pub).toMatchObject({
      status: 1,
      data: { shop_name: '审核租赁', company_desc: '二十年工程机械租赁经验，自有设备百余台。' },
    });
    expect(pub.data.equipment).toHaveLength(1);
    expect((await get(`/api/site/device/${listing.id}`)).json().data.shop).toEqual({
      id: shop.id,
      shop_name: '审核租赁',
      href: `/site/shop/${shop.id}`,
    });
    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'shop'), eq(auditEvents.entityId, shop.id)));
    expect(trail.map((a) => a.action)).toEqual(['apply', 'reject', 'modify', 'approve']);
    // cross-module calls
    expect(await findCompanyShop(t.db, owner.company.id)).toEqual({
      id: shop.id,
      shop_name: '审核租赁',
      href: `/site/shop/${shop.id}`,
    });
    expect(await findPublicShop(t.db, shop.id)).toMatchObject({ company_id: owner.company.id });
    expect(await shopMeta(t.db, shop.id)).toEqual({
      title: '审核租赁 - 机租通',
      description: '二十年工程机械租赁经验，自有设备百余台。',
    });
    expect(await publicShopIds(t.db)).toContain(shop.id);
    const [card] = await shopCards(t.db, [shop.id, 999999]);
    expect(card).toMatchObject({ id: shop.id, shop_name: '审核租赁', href: `/site/shop/${shop.id}` });
    expect(card.equipment).toHaveLength(1);
  });

  it('access: stranger 401, sub-user without 221/222 403, decoration before approval answers code 0', async () => {
    const owner = await seedUser(t.db, { companyName: '权限租赁有限公司' });
    expect((await get('/api/shop/shop')).statusCode).toBe(401);
    expect((await get('/api/shop/eq')).statusCode).toBe(401);
    const sub = await seedUser(t.db);
    await addMember(t.db, owner.company.id, sub.user.id, { menus: [201] });
    for (const url of [
      '/api/shop/shop',
      '/api/shop/shop/create',
      '/api/shop/eq',
      '/api/shop/pic',
      '/api/shop/lisproject',
      '/api/shop/listHonor',
    ]) {
      expect((await get(`${url}?company_id=${owner.company.id}`, sub.auth)).statusCode).toBe(403);
    }
    expect(
      (await post('/api/shop/addhonor', sub.auth, { company_id: owner.company.id, name: 'x', img: 'x' })).statusCode,
    ).toBe(403);
    const res = await get(`/api/shop/eq?company_id=${owner.company.id}`, owner.auth);
    expect(res.json()).toMatchObject({ status: 0, msg: '您还没有设置店铺，请先设置店铺信息' });
    // a staff route is not for users
    expect((await get('/api/admin/shops', owner.auth)).statusCode).toBe(403);
  });
});

describe('shop decoration', () => {
  it('hot-rent devices: only the company approved listings, at most 3, up and down shelf', async () => {
    const { owner, shop, listing } = await openShop('热租租赁有限公司');
    const more = [];
    for (let i = 0; i < 3; i++) more.push(await seedListing(t.db, owner.company.id, owner.user.id));
    const pending = await seedListing(t.db, owner.company.id, owner.user.id, { reviewStatus: 0 });
    const other = await seedUser(t.db, { companyName: '别家热租有限公司' });
    const theirs = await seedListing(t.db, other.company.id, other.user.id);
    const add = (id: number) => post('/api/shop/addeq', owner.auth, { company_id: owner.company.id, eq_id: id });
    expect((await add(theirs.id)).statusCode).toBe(404);
    expect((await add(pending.id)).statusCode).toBe(404);
    for (const l of [listing, more[0], more[1]])
      expect((await add(l.id)).json()).toMatchObject({ status: 1, msg: '上架成功' });
    expect((await add(listing.id)).json().msg).toBe('该设备已是热租设备');
    const fourth = await add(more[2].id);
    expect(fourth.json()).toMatchObject({ status: 0, msg: '热租设备最多设置3台' });
    expect(await t.db.select().from(shopHotDevices).where(eq(shopHotDevices.shopId, shop.id))).toHaveLength(3);
    const list = (await get(`/api/shop/eq?company_id=${owner.company.id}`, owner.auth)).json().data;
    expect(list.total).toBe(3);
    expect(list.options.map((o: { id: number }) => o.id)).toEqual([more[2].id]);
    // another company cannot take it down
    await verifyCompany(other.company.id);
    expect(
      (await post('/api/shop/deleq', other.auth, { company_id: other.company.id, id: list.data[0].hot_id })).json().msg,
    ).toBe('您还没有设置店铺，请先设置店铺信息');
    expect(
      (await post('/api/shop/deleq', owner.auth, { company_id: owner.company.id, id: list.data[0].hot_id })).json(),
    ).toMatchObject({
      status: 1,
      msg: '下架成功',
    });
    expect((await add(more[2].id)).json().status).toBe(1);
    expect((await get(`/api/site/shop/${shop.id}`)).json().data.hot).toHaveLength(3);
    // a hot device whose listing goes back to review leaves the public page and frees its slot
    await t.db
      .update(equipmentListings)
      .set({ reviewStatus: LISTING_REVIEW.pending })
      .where(eq(equipmentListings.id, more[0].id));
    expect((await get(`/api/site/shop/${shop.id}`)).json().data.hot).toHaveLength(2);
    expect((await get(`/api/shop/eq?company_id=${owner.company.id}`, owner.auth)).json().data.total).toBe(2);
    expect((await add(listing.id)).json().status).toBe(1);
    expect(await t.db.select().from(shopHotDevices).where(eq(shopHotDevices.shopId, shop.id))).toHaveLength(3);
  });

  it('a sub-user with the decoration grant (222) decorates, but cannot open the settings (221)', async () => {
    const { owner } = await openShop('子账号租赁有限公司');
    const sub = await seedUser(t.db);
    await addMember(t.db, owner.company.id, sub.user.id, { menus: [222] });
    expect((await get(`/api/shop/shop?company_id=${owner.company.id}`, sub.auth)).statusCode).toBe(403);
    expect((await get(`/api/shop/pic?company_id=${owner.company.id}`, sub.auth)).json()).toMatchObject({
      status: 1,
      data: { cover_status: 0 },
    });
    const img = (await upload({ auth: sub.auth, company: owner.company }, await jpg())).data!.path;
    const res = await post('/api/shop/addhonor', sub.auth, {
      company_id: owner.company.id,
      name: '质量信得过单位',
      img,
    });
    expect(res.json()).toMatchObject({ status: 1, data: { name: '质量信得过单位' } });
    // the audit trail names the sub-user and the company
    const [a] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'shop_honour'), eq(auditEvents.entityId, res.json().data.id)));
    expect(a).toMatchObject({ action: 'add', actorId: sub.user.id, companyId: owner.company.id });
  });

  it('honours: at most 4; the 5th is refused and nothing is stored; review with a message', async () => {
    const { owner, shop } = await openShop('荣誉租赁有限公司');
    const add = async (name: string) =>
      post('/api/shop/addhonor', owner.auth, {
        company_id: owner.company.id,
        name,
        img: (await upload(owner, await jpg())).data!.path,
      });
    for (let i = 1; i <= 4; i++)
      expect((await add(`荣誉${i}`)).json()).toMatchObject({ status: 1, data: { status: 0, status_v: '审核中' } });
    const fifth = await add('荣誉5');
    expect(fifth.json()).toMatchObject({ status: 0, msg: '荣誉资质最多上传4张' });
    expect(await t.db.select().from(shopHonours).where(eq(shopHonours.shopId, shop.id))).toHaveLength(4);
    expect(
      (await post('/api/shop/addhonor', owner.auth, { company_id: owner.company.id, name: '证书' })).json().msg,
    ).toBe('请上传图片');
    const [h1, h2] = (await get(`/api/shop/listHonor?company_id=${owner.company.id}`, owner.auth)).json().data;
    expect((await post(`/api/admin/shop-honours/${h1.id}/approve`, admin.auth, {})).json().status).toBe(1);
    expect(
      (await post(`/api/admin/shop-honours/${h2.id}/reject`, admin.auth, { reason: '证书图片模糊' })).json().status,
    ).toBe(1);
    const titles = (await messagesOf(owner.user.id)).map((m) => m.title);
    expect(titles).toEqual(expect.arrayContaining(['荣誉资质审核通过', '荣誉资质审核未通过']));
    expect((await get(`/api/site/shop/${shop.id}`)).json().data.honours.map((h: { name: string }) => h.name)).toEqual([
      '荣誉1',
    ]);
    // deleting makes room for another
    expect(
      (await post('/api/shop/delHonor', owner.auth, { company_id: owner.company.id, id: h2.id })).json().status,
    ).toBe(1);
    expect((await add('荣誉6')).json().status).toBe(1);
  });

  it('focus image: required, 3 MB at most on the stored file, reviewed, shown when approved', async () => {
    const { owner, shop } = await openShop('焦点图租赁有限公司');
    const save = (shop_cover?: string) =>
      post('/api/shop/addpic', owner.auth, { company_id: owner.company.id, shop_cover });
    expect((await save()).json().msg).toBe('请上传图片');
    // about 3.6 MB: random pixels do not compress; the shop upload path (5 MB) takes it, the focus image does not
    const big = await sharp(randomBytes(1100 * 1100 * 3), { raw: { width: 1100, height: 1100, channels: 3 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
    const up = await upload(owner, big, 'cover.png');
    expect(up.status).toBe(1);
    const tooBig = await save(up.data!.path);
    expect(tooBig.json()).toMatchObject({ status: 0, msg: '文件大小应不超过3M', errors: [{ field: 'shop_cover' }] });
    expect((await shopOf(owner.company.id))!.coverStatus).toBe(0);
    const ok = await save((await upload(owner, await jpg(1200, 400))).data!.path);
    expect(ok.json()).toMatchObject({ status: 1, data: { cover_status: 1, cover_status_v: '已上传，待审核' } });
    expect((await get(`/api/site/shop/${shop.id}`)).json().data.shop_cover).toBe('');
    expect(
      (await post(`/api/admin/shop-covers/${shop.id}/reject`, admin.auth, { reason: '图片与店铺无关' })).json().status,
    ).toBe(1);
    expect((await get(`/api/shop/pic?company_id=${owner.company.id}`, owner.auth)).json().data).toMatchObject({
      cover_status: -1,
      reason: '图片与店铺无关',
    });
    await save((await upload(owner, await jpg(1200, 400, '#36c'))).data!.path);
    expect((await post(`/api/admin/shop-covers/${shop.id}/approve`, admin.auth, {})).json().status).toBe(1);
    expect((await post(`/api/admin/shop-covers/${shop.id}/approve`, admin.auth, {})).json().msg).toBe('该记录已审核');
    expect((await get(`/api/site/shop/${shop.id}`)).json().data.shop_cover).toMatch(/^\/uploads\/shop\//);
    expect((await messagesOf(owner.user.id)).map((m) => m.title)).toEqual(
      expect.arrayContaining(['店铺焦点图审核未通过', '店铺焦点图审核通过']),
    );
    expect(
      (await post('/api/shop/delpic', owner.auth, { company_id: owner.company.id })).json().data.cover_status,
    ).toBe(-2);
  });

  it('engineering cases: add, review with messages, delete; another company gets 404', async () => {
    const { owner, shop } = await openShop('案例租赁有限公司');
    const cover = (await upload(owner, await jpg())).data!.path;
    const add = (title: string) =>
      post('/api/shop/addproject', owner.auth, {
        company_id: owner.company.id,
        title,
        cover,
        content: '承接市政道路土方施工，出动挖掘机12台。',
      });
    expect(
      (
        await post('/api/shop/addproject', owner.auth, { company_id: owner.company.id, title: '无图', content: 'x' })
      ).json().msg,
    ).toBe('请上传图片');
    const a = (await add('苏州绕城高速扩建')).json().data;
    const b = (await add('工业园区厂房地基')).json().data;
    expect(a).toMatchObject({ status: 0, status_v: '待审核' });
    const queue = (await get('/api/admin/shop-cases?status=0', admin.auth)).json().data;
    expect(queue.data.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await post(`/api/admin/shop-cases/${a.id}/approve`, admin.auth, {})).json().status).toBe(1);
    expect(
      (await post(`/api/admin/shop-cases/${b.id}/reject`, admin.auth, { reason: '内容与图片不符' })).json().status,
    ).toBe(1);
    const bodies = (await messagesOf(owner.user.id)).map((m) => m.body);
    expect(bodies).toEqual(
      expect.arrayContaining([expect.stringContaining('工程案例“工业园区厂房地基”未通过审核，原因：内容与图片不符')]),
    );
    const list = (await get(`/api/shop/lisproject?company_id=${owner.company.id}`, owner.auth)).json().data;
    expect(list.data.map((c: { status: number }) => c.status).sort()).toEqual([-1, 1]);
    expect((await get(`/api/site/shop/${shop.id}`)).json().data.cases.map((c: { title: string }) => c.title)).toEqual([
      '苏州绕城高速扩建',
    ]);
    const other = await openShop('别家案例有限公司');
    const del = await post('/api/shop/delproject', other.owner.auth, { company_id: other.owner.company.id, id: a.id });
    expect(del.statusCode).toBe(404);
    expect((await t.db.select().from(shopCases).where(eq(shopCases.id, a.id)))[0].status).toBe(1);
    expect(
      (await post('/api/shop/delproject', owner.auth, { company_id: owner.company.id, id: a.id })).json().status,
    ).toBe(1);
    expect((await get(`/api/site/shop/${shop.id}`)).json().data.cases).toHaveLength(0);
  });
});
