import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import { auditEvents, equipmentListings, systemMessages } from '../../db/schema';
import { seedListing } from '../../test/listing';
import { addMember, createTestApp, multipart, seedUser, tableText } from '../../test/harness';
import { loadReferenceData } from '../../seed/reference';
import { publicListingOrReason } from './equipment.service';

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
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: THeaders, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

/** A distinct photo each call (a random colour and a random mark), so no two uploads share an MD5. */
async function photo(format: 'jpeg' | 'gif' | 'png' = 'jpeg', w = 320, h = 240) {
  const c = () => randomInt(0, 255);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="rgb(${c()},${c()},${c()})"/><circle cx="${randomInt(20, w - 20)}" cy="${randomInt(20, h - 20)}" r="18" fill="rgb(${c()},${c()},${c()})"/></svg>`;
  const img = sharp(Buffer.from(svg));
  return (format === 'gif' ? img.gif() : format === 'png' ? img.png() : img.jpeg({ quality: 80 })).toBuffer();
}

async function upload(auth: THeaders, file: Buffer, filename = 'p.jpg') {
  const body = await multipart([{ name: 'image', value: file, filename }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ep/upload',
    payload: body.payload,
    headers: { ...body.headers, ...auth },
  });
  return res.json() as { status: number; msg: string; data: { path: string } | null };
}
async function uploads(auth: THeaders, n: number) {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push((await upload(auth, await photo())).data!.path);
  return out;
}

/** 履带式挖掘机 (category 1 → group 101 → product 10101) in 江苏省 苏州市 虎丘区. */
async function form(auth: THeaders, over: Record<string, unknown> = {}) {
  const images = await uploads(auth, 2);
  const [nameplate] = await uploads(auth, 1);
  return {
    category: 1,
    group: 101,
    product_name: 10101,
    model: 'SY215C',
    playing_time: '2020-05-01',
    monthly_rent: '30000.50',
    rent_rent: '1500',
    hourly_rent: '',
    brand: '三一重工',
    working_hours: 3200,
    explain: '车况良好，随时进场',
    appearance_image: images,
    cover: images[1],
    nameplate,
    serial_type: 3,
    serial_number: 'SY2020050101',
    cs: { weight: '21.5', bucket: 1.1, power: '118' },
    attribute: '柴油-国四-标准斗-含机手',
    address: '科技城锦峰路 158 号',
    province: 32,
    city: 3205,
    area: 320505,
    lng: 120.43,
    lat: 31.32,
    ...over,
  };
}

/** The parameters product 10101 requires, for listings written by seedListing. */
const PARAMS = { params: { weight: '21', bucket: '1', power: '118' } };
const shanghaiDaysAgo = (n: number) => new Date(Date.now() + 8 * 3600_000 - n * 86_400_000).toISOString().slice(0, 10);
const listingsOf = (companyId: number) =>
  t.db.select().from(equipmentListings).where(eq(equipmentListings.companyId, companyId)).orderBy(equipmentListings.id);
const trail = (id: number) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, 'equipment'), eq(auditEvents.entityId, id)))
    .orderBy(auditEvents.id);
const snapshot = async () =>
  (await tableText(t.db, 'equipment_listings')) + '\n--\n' + (await tableText(t.db, 'audit_events'));

async function create(owner: TOwner, over: Record<string, unknown> = {}) {
  return inject('POST', '/api/ep/index', owner.auth, await form(owner.auth, over));
}

describe('listing form (POST /ep/index)', () => {
  it('publishes a listing for review with every field; rents stored in fen; audit written', async () => {
    const owner = await seedUser(t.db, { companyName: '设备发布有限公司' });
    const body = await form(owner.auth);
    const res = await inject('POST', '/api/ep/index', owner.auth, body);
    expect(res.json()).toMatchObject({ status: 1, msg: '发布成功，请等待平台审核' });
    const d = res.json().data;
    expect(d).toMatchObject({
      category: 1,
      group: 101,
      product_name: 10101,
      product_name_v: '履带式挖掘机',
      group_v: '挖掘机',
      model: 'SY215C',
      monthly_rent: 3_000_050,
      monthly_rent_v: '30,000.50',
      rent_rent: 150_000,
      hourly_rent: 0,
      is_lease: 0,
      is_lease_v: '审核中',
      on_sell: 1,
      state: 1,
      cover: body.cover,
      appearance_image: body.appearance_image,
      nameplate: body.nameplate,
      serial_type_v: '出厂编号',
      cs: { weight: '21.5', bucket: '1.1', power: '118' },
      company: 't-m³-kW-m',
      attribute: '柴油-国四-标准斗-含机手',
      province_v: '江苏省',
      city_v: '苏州市',
      full_address: expect.stringContaining('江苏省苏州市'),
    });
    expect(
      d.params_v.map((p: { name: string; value: string; unit: string }) => `${p.name}${p.value}${p.unit}`),
    ).toEqual(['整机质量21.5t', '斗容量1.1m³', '额定功率118kW']);
    expect((await trail(d.id)).map((a) => [a.action, a.fromStatus, a.toStatus, a.actorId])).toEqual([
      ['submit', '', '0', owner.user.id],
    ]);
    // it is listed under 全部 and 已提交, not under 已上架
    const tab = async (name: string) => (await inject('GET', `/api/ep/index?tab=${name}`, owner.auth)).json().data;
    expect((await tab('all')).data.map((r: { id: number }) => r.id)).toEqual([d.id]);
    expect((await tab('submitted')).total).toBe(1);
    expect((await tab('listed')).total).toBe(0);
    expect((await tab('submitted')).data[0]).toMatchObject({
      id: d.id,
      product_name_v: '履带式挖掘机',
      monthly_rent_v: '30,000.50',
      is_lease_v: '审核中',
      area_v: expect.any(String),
      reason: '',
    });
    // keyword
    expect((await inject('GET', '/api/ep/index?keyword=SY21', owner.auth)).json().data.total).toBe(1);
    expect((await inject('GET', '/api/ep/index?keyword=%E6%8C%96%E6%8E%98', owner.auth)).json().data.total).toBe(1);
    expect((await inject('GET', '/api/ep/index?keyword=XCMG', owner.auth)).json().data.total).toBe(0);
    // the cover defaults to the first image; no map point stays none
    const res2 = await create(owner, { cover: '', lng: null, lat: '' });
    expect(res2.json().data).toMatchObject({ cover: res2.json().data.appearance_image[0], lng: null, lat: null });
    expect(d).toMatchObject({ lng: 120.43, lat: 31.32 });
  });

  it('refuses every bad form with the spec message and writes nothing', async () => {
    const owner = await seedUser(t.db, { companyName: '设备规则有限公司' });
    const stranger = await seedUser(t.db);
    const [theirs] = await uploads(stranger.auth, 1);
    const mine = await uploads(owner.auth, 9);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ appearance_image: mine.slice(0, 1), cover: '' }, 'appearance_image', '请至少上传2张设备图片'],
      [{ appearance_image: mine, cover: '' }, 'appearance_image', '最多上传8张设备图片'],
      [{ appearance_image: [mine[0], mine[0]], cover: '' }, 'appearance_image', '设备图片无效，请重新上传'],
      [{ appearance_image: [mine[0], theirs], cover: '' }, 'appearance_image', '设备图片无效，请重新上传'],
      [{ cover: theirs }, 'cover', '封面图片须为已上传的设备图片之一'],
      [
        { product_name: 10199, product_another_name: '超长的设备别名一二三四', cs: { spec: '20t' }, attribute: '' },
        'product_another_name',
        '设备别名不能超过10个字',
      ],
      [
        { product_name: 10199, product_another_name: '', cs: { spec: '20t' }, attribute: '' },
        'product_another_name',
        '请输入设备别名',
      ],
      [{ playing_time: shanghaiDaysAgo(9) }, 'playing_time', `出厂日期不能晚于${shanghaiDaysAgo(10)}`],
      [{ playing_time: '2020-02-30' }, 'playing_time', '出厂日期格式不正确'],
      [{ playing_time: '' }, 'playing_time', '请选择出厂日期'],
      [{ model: '' }, 'model', '请输入设备型号'],
      [{ monthly_rent: '' }, 'monthly_rent', '请输入月租金'],
      [{ monthly_rent: '100.123' }, 'monthly_rent', '月租金须为不超过两位小数的金额'],
      [{ rent_rent: '-5' }, 'rent_rent', '台班租金须为不超过两位小数的金额'],
      [{ nameplate: '' }, 'nameplate', '请先上传设备铭牌图片'],
      [{ nameplate: theirs }, 'nameplate', '铭牌图片无效，请重新上传'],
      [{ serial_type: 0 }, 'serial_type', '请选择设备唯一标识'],
      [{ serial_type: 9 }, 'serial_type', '请选择设备唯一标识'],
      [{ serial_type: 8, serial_number: '' }, 'serial_number', '请输入VIN码'],
      [{ serial_type: 1, serial_number: ' ' }, 'serial_number', '请输入机器ID'],
      [{ group: 102 }, 'product_name', '设备类型、分组与名称不匹配，请重新选择'],
      [{ category: 2 }, 'product_name', '设备类型、分组与名称不匹配，请重新选择'],
      [{ product_name: 99999 }, 'product_name', '设备类型、分组与名称不匹配，请重新选择'],
      [{ cs: { weight: '21', bucket: '1' } }, 'cs.power', '请填写额定功率'],
      [{ cs: { weight: '二十', bucket: '1', power: '118' } }, 'cs.weight', '整机质量须为数字'],
      [{ attribute: '汽油' }, 'attribute', '请选择正确的动力类型'],
      [{ address: '' }, 'address', '请输入详细地址'],
      [{ area: 320101 }, 'province', '请选择正确的省、市、区'],
      [{ province: undefined }, 'province', '请选择所在地区'],
      [{ lng: 200 }, 'lng', '地图坐标不正确'],
      // a real point, but outside China's box (Paris; GCJ-02 is China's): refused
      [{ lng: 2.35, lat: 48.86 }, 'lng', '地图坐标不正确'],
      [{ lng: 120.6, lat: 60 }, 'lat', '地图坐标不正确'],
      [{ lat: 'north' }, 'lat', '地图坐标不正确'],
    ];
    const before = await snapshot();
    for (const [over, field, msg] of cases) {
      const res = await inject('POST', '/api/ep/index', owner.auth, await form(owner.auth, over));
      expect({ field, msg, status: res.statusCode }).toEqual({ field, msg, status: 400 });
      expect(res.json()).toMatchObject({ status: 0, msg, errors: [{ field, msg }] });
    }
    expect(await snapshot()).toBe(before);
    // the limits themselves pass: 8 images, a 10-character alias, a date exactly 10 days ago
    expect((await create(owner, { appearance_image: mine.slice(0, 8), cover: mine[7] })).json().status).toBe(1);
    const other = await create(owner, {
      product_name: 10199,
      product_another_name: '一二三四五六七八九十',
      cs: { spec: '20t' },
      attribute: '含机手',
    });
    expect(other.json()).toMatchObject({ status: 1, data: { product_name_v: '一二三四五六七八九十', is_other: true } });
    expect((await create(owner, { playing_time: shanghaiDaysAgo(10) })).json().status).toBe(1);
    expect(await listingsOf(owner.company.id)).toHaveLength(3);
  });

  it('uploads: 10 MB at most, the type from the bytes (a GIF named .png is a GIF; a text named .jpg is refused)', async () => {
    const owner = await seedUser(t.db);
    const big = Buffer.concat([await photo(), randomBytes(Math.round(10.5 * 1024 * 1024))]);
    expect(await upload(owner.auth, big, 'big.jpg')).toMatchObject({ status: 0, msg: '文件大小应不超过10M' });
    const gif = await upload(owner.auth, await photo('gif'), 'renamed.png');
    expect(gif.status).toBe(1);
    expect(gif.data!.path).toMatch(/^\/uploads\/ep\/\d{4}\/\d{2}\/[0-9a-f]{32}\.gif$/);
    expect(await upload(owner.auth, Buffer.from('not an image at all'), 'fake.jpg')).toMatchObject({
      status: 0,
      msg: '请上传jpg、jpeg、png、gif格式图片',
    });
    // the GIF is a valid listing image
    const png = (await upload(owner.auth, await photo('png'), 'p.png')).data!.path;
    expect((await create(owner, { appearance_image: [gif.data!.path, png], cover: '' })).json().status).toBe(1);
  });
});

describe('editing, list / delist, delete', () => {
  it('an edit goes back to review; the form data comes back for editing', async () => {
    const owner = await seedUser(t.db);
    const l = await seedListing(t.db, owner.company.id, owner.user.id, PARAMS);
    const d = (await inject('GET', `/api/ep/index/${l.id}`, owner.auth)).json().data;
    expect(d).toMatchObject({
      id: l.id,
      is_lease: 1,
      model: 'SY215C',
      monthly_rent: 3_000_000,
      appearance_image: l.images,
      nameplate: l.nameplate,
    });
    const body = { ...pickForm(d), model: 'SY235H' };
    const res = await inject('PUT', `/api/ep/index/${l.id}`, owner.auth, body);
    expect(res.json()).toMatchObject({
      status: 1,
      msg: '修改成功，请等待平台审核',
      data: { model: 'SY235H', is_lease: 0, monthly_rent: 3_000_000 },
    });
    expect((await trail(l.id)).map((a) => [a.action, a.fromStatus, a.toStatus])).toEqual([['edit', '1', '0']]);
    expect((await publicListingOrReason(t.db, l.id)) as object).toEqual({ reason: '该设备已下架或尚未通过审核' });
  });

  it('a leased listing changes only its address and rents; it cannot be deleted or delisted', async () => {
    const owner = await seedUser(t.db);
    const l = await seedListing(t.db, owner.company.id, owner.user.id, { ...PARAMS, hasLease: true });
    const d = (await inject('GET', `/api/ep/index/${l.id}`, owner.auth)).json().data;
    const before = await snapshot();
    for (const over of [
      { model: 'SY365H' },
      { brand: '徐工' },
      { serial_number: 'X1' },
      { playing_time: '2019-01-01' },
    ]) {
      const res = await inject('PUT', `/api/ep/index/${l.id}`, owner.auth, { ...pickForm(d), ...over });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ status: 0, msg: '该设备已有租赁，只能修改地址和租金' });
    }
    const del = await inject('DELETE', `/api/ep/index/${l.id}`, owner.auth);
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toBe('该设备已有租赁或已出租，不能删除');
    const toggle = await inject('GET', `/api/ep/state/?id=${l.id}`, owner.auth);
    expect(toggle.statusCode).toBe(409);
    expect(toggle.json().msg).toBe('该设备已有租赁或已出租，不能上下架');
    expect(await snapshot()).toBe(before);
    const ok = await inject('PUT', `/api/ep/index/${l.id}`, owner.auth, {
      ...pickForm(d),
      monthly_rent: '28000',
      rent_rent: '1200.5',
      hourly_rent: '180',
      address: '高新区 1 号',
      area: 320505,
    });
    expect(ok.json()).toMatchObject({
      status: 1,
      data: {
        monthly_rent: 2_800_000,
        rent_rent: 120_050,
        hourly_rent: 18_000,
        address: '高新区 1 号',
        model: 'SY215C',
      },
    });
    // a machine rented out (state 2) cannot be toggled or deleted either
    const rented = await seedListing(t.db, owner.company.id, owner.user.id, { ...PARAMS, state: 2 });
    expect((await inject('GET', `/api/ep/state/?id=${rented.id}`, owner.auth)).statusCode).toBe(409);
    expect((await inject('DELETE', `/api/ep/index/${rented.id}`, owner.auth)).statusCode).toBe(409);
  });

  it('delists, lists and deletes an idle listing, with the audit trail', async () => {
    const owner = await seedUser(t.db);
    const l = await seedListing(t.db, owner.company.id, owner.user.id, PARAMS);
    const off = await inject('GET', `/api/ep/state/?id=${l.id}`, owner.auth);
    expect(off.json()).toMatchObject({ status: 1, msg: '下架成功', data: { id: l.id, on_sell: 2 } });
    expect((await inject('GET', '/api/ep/index?tab=delisted', owner.auth)).json().data.total).toBe(1);
    expect((await inject('GET', '/api/ep/index?tab=listed', owner.auth)).json().data.total).toBe(0);
    expect(await publicListingOrReason(t.db, l.id)).toEqual({ reason: '该设备已下架或尚未通过审核' });
    const on = await inject('GET', `/api/ep/state/?id=${l.id}`, owner.auth);
    expect(on.json()).toMatchObject({ status: 1, msg: '上架成功', data: { on_sell: 1 } });
    expect((await inject('GET', '/api/ep/index?tab=listed', owner.auth)).json().data.total).toBe(1);
    expect(await publicListingOrReason(t.db, l.id)).toMatchObject({ row: { id: l.id } });
    expect((await inject('DELETE', `/api/ep/index/${l.id}`, owner.auth)).json()).toMatchObject({
      status: 1,
      msg: '删除成功',
    });
    expect((await inject('GET', `/api/ep/index/${l.id}`, owner.auth)).statusCode).toBe(404);
    expect((await inject('GET', '/api/ep/index', owner.auth)).json().data.total).toBe(0);
    expect(await publicListingOrReason(t.db, l.id)).toEqual({ reason: '记录不存在或已删除' });
    expect((await trail(l.id)).map((a) => [a.action, a.fromStatus, a.toStatus])).toEqual([
      ['delist', '1', '2'],
      ['list', '2', '1'],
      ['delete', '1', 'deleted'],
    ]);
  });
});

describe('access', () => {
  it("another company's listing is 404; a sub-user without 直租设备 gets 403; a stranger 401", async () => {
    const owner = await seedUser(t.db);
    const l = await seedListing(t.db, owner.company.id, owner.user.id, PARAMS);
    const d = (await inject('GET', `/api/ep/index/${l.id}`, owner.auth)).json().data;
    const other = await seedUser(t.db);
    const before = await snapshot();
    for (const [m, url, body] of [
      ['GET', `/api/ep/index/${l.id}`],
      ['PUT', `/api/ep/index/${l.id}`, pickForm(d)],
      ['DELETE', `/api/ep/index/${l.id}`],
      ['GET', `/api/ep/state/?id=${l.id}`],
    ] as const) {
      const res = await inject(m, url, other.auth, body);
      expect([m, url, res.statusCode]).toEqual([m, url, 404]);
    }
    const sub = await seedUser(t.db);
    await addMember(t.db, owner.company.id, sub.user.id, { menus: [2, 202] });
    const q = `company_id=${owner.company.id}`;
    expect((await inject('GET', `/api/ep/index?${q}`, sub.auth)).statusCode).toBe(403);
    expect((await inject('GET', `/api/ep/state/?id=${l.id}&${q}`, sub.auth)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/ep/index/${l.id}?${q}`, sub.auth)).statusCode).toBe(403);
    expect(
      (await inject('POST', '/api/ep/index', sub.auth, { ...(await form(sub.auth)), company_id: owner.company.id }))
        .statusCode,
    ).toBe(403);
    expect((await inject('GET', '/api/ep/index', {})).statusCode).toBe(401);
    expect((await inject('GET', `/api/ep/index/${l.id}`, {})).json().status).toBe(-1);
    expect(await snapshot()).toBe(before);
    // with the grant the sub-user works on the company's listings
    const granted = await seedUser(t.db);
    await addMember(t.db, owner.company.id, granted.user.id, { menus: [2, 201] });
    expect((await inject('GET', `/api/ep/index?${q}`, granted.auth)).json().data.total).toBe(1);
    expect(
      (
        await inject('PUT', `/api/ep/index/${l.id}`, granted.auth, {
          ...pickForm(d),
          company_id: owner.company.id,
          model: 'SY75C',
        })
      ).json().status,
    ).toBe(1);
    // staff routes are for staff
    expect((await inject('GET', '/api/admin/equipment', owner.auth)).statusCode).toBe(403);
    expect((await inject('POST', `/api/admin/equipment/${l.id}/approve`, owner.auth, {})).statusCode).toBe(403);
  });
});

describe('review in the console', () => {
  it('approves or rejects once, with messages to the creator and main accounts and the audit trail', async () => {
    const owner = await seedUser(t.db, { companyName: '设备审核有限公司' });
    const creator = await seedUser(t.db);
    await addMember(t.db, owner.company.id, creator.user.id, { menus: [2, 201] });
    const a = (await create(creator, { company_id: owner.company.id })).json().data;
    const b = (await create(creator, { company_id: owner.company.id, model: 'XE215' })).json().data;
    const queue = (await inject('GET', '/api/admin/equipment?status=0&size=100', admin.auth)).json().data;
    expect(queue.data.find((r: { id: number }) => r.id === a.id)).toMatchObject({
      company_name: '设备审核有限公司',
      product_name_v: '履带式挖掘机',
      images: a.appearance_image,
      is_lease: 0,
    });

    const before = await snapshot();
    for (const reason of ['', ' ', 'x'.repeat(201)]) {
      const res = await inject('POST', `/api/admin/equipment/${b.id}/reject`, admin.auth, { reason });
      expect(res.json()).toMatchObject({
        status: 0,
        msg: reason.length > 200 ? '驳回原因不能超过200个字' : '请填写驳回原因',
      });
    }
    expect(await snapshot()).toBe(before);
    expect((await inject('POST', `/api/admin/equipment/${a.id}/approve`, admin.auth, {})).json().status).toBe(1);
    expect(
      (await inject('POST', `/api/admin/equipment/${b.id}/reject`, admin.auth, { reason: '铭牌照片不清晰' })).json()
        .status,
    ).toBe(1);
    const again = await inject('POST', `/api/admin/equipment/${a.id}/reject`, admin.auth, { reason: '重复' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('该设备已审核');
    expect((await inject('POST', `/api/admin/equipment/${b.id}/approve`, admin.auth, {})).json().msg).toBe(
      '该设备已审核',
    );
    expect((await inject('POST', '/api/admin/equipment/99999999/approve', admin.auth, {})).statusCode).toBe(404);

    const q = `company_id=${owner.company.id}`;
    expect(
      (await inject('GET', `/api/ep/index?tab=listed&${q}`, creator.auth))
        .json()
        .data.data.map((r: { id: number }) => r.id),
    ).toEqual([a.id]);
    const sub = (await inject('GET', `/api/ep/index?tab=submitted&${q}`, creator.auth)).json().data.data;
    expect(sub).toEqual([
      expect.objectContaining({ id: b.id, is_lease: 2, is_lease_v: '审核未通过', reason: '铭牌照片不清晰' }),
    ]);
    expect(await publicListingOrReason(t.db, a.id)).toMatchObject({ row: { id: a.id } });
    expect(await publicListingOrReason(t.db, b.id)).toEqual({ reason: '该设备已下架或尚未通过审核' });

    for (const u of [owner.user.id, creator.user.id]) {
      const inbox = await t.db.select().from(systemMessages).where(eq(systemMessages.userId, u));
      expect(inbox.map((m) => m.title).sort()).toEqual(['设备审核未通过', '设备审核通过']);
      expect(inbox.find((m) => m.title === '设备审核未通过')!.body).toContain('铭牌照片不清晰');
    }
    const detail = (await inject('GET', `/api/admin/equipment/${b.id}`, admin.auth)).json().data;
    expect(detail).toMatchObject({
      id: b.id,
      company_name: '设备审核有限公司',
      nameplate: b.nameplate,
      reason: '铭牌照片不清晰',
      serial_type_v: '出厂编号',
    });
    expect(detail.attributes_v).toEqual([
      { name: '动力类型', value: '柴油' },
      { name: '排放标准', value: '国四' },
      { name: '属具', value: '标准斗' },
      { name: '操作手', value: '含机手' },
    ]);
    expect(detail.audit.map((e: { action: string; to: string; reason: string }) => [e.action, e.to, e.reason])).toEqual(
      [
        ['submit', '0', ''],
        ['reject', '2', '铭牌照片不清晰'],
      ],
    );
    expect(
      (await inject('GET', '/api/admin/equipment?status=2&size=100', admin.auth))
        .json()
        .data.data.some((r: { id: number }) => r.id === b.id),
    ).toBe(true);
    // a rejected listing is edited and goes back to the queue
    const edit = await inject('PUT', `/api/ep/index/${b.id}?${q}`, creator.auth, {
      ...pickForm(detail),
      company_id: owner.company.id,
    });
    expect(edit.json()).toMatchObject({ status: 1, data: { is_lease: 0, reason: '' } });
  });
});

/** The save form from a listing's form data (rents back to yuan). */
function pickForm(d: Record<string, unknown>) {
  const yuan = (fen: unknown) => ((fen as number) / 100).toFixed(2);
  return {
    category: d.category,
    group: d.group,
    product_name: d.product_name,
    product_another_name: d.product_another_name,
    model: d.model,
    playing_time: d.playing_time,
    monthly_rent: yuan(d.monthly_rent),
    rent_rent: yuan(d.rent_rent),
    hourly_rent: yuan(d.hourly_rent),
    brand: d.brand,
    working_hours: d.working_hours,
    explain: d.explain,
    appearance_image: d.appearance_image,
    cover: d.cover,
    nameplate: d.nameplate,
    serial_type: d.serial_type,
    serial_number: d.serial_number,
    cs: d.cs,
    attribute: d.attribute,
    address: d.address,
    province: d.province,
    city: d.city,
    area: d.area,
    lng: d.lng,
    lat: d.lat,
  };
}
