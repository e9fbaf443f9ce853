import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { creditCodeCheckChar, idCardCheckChar } from '@jizu/shared/rules/identity';
import { advancedAuths, companies, companyAuths, personAuths, regions, systemMessages } from '../../db/schema';
import { MemoryStore } from '../../platform/object-store';
import { SandboxVerifier, signNotify } from '../../platform/verifier';
import { addMember, createTestApp, seedUser, tableText } from '../../test/harness';
import { latestPastDate } from '@jizu/shared/rules/pastDate';

type TUser = Awaited<ReturnType<typeof seedUser>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TUser;
const SECRET = 'test-verify-secret-0123456789';

beforeAll(async () => {
  const verifier = new SandboxVerifier({
    secret: SECRET,
    publicUrl: 'http://jizu.test',
    callbackBase: '',
    // the sandbox's HTTP callback, delivered through the app itself
    post: async (url, body) => {
      const res = await t.app.inject({ method: 'POST', url, payload: body });
      return { status: res.statusCode, body: res.json() };
    },
  });
  t = await createTestApp(
    { SMS_RESEND_SECONDS: '0', SMS_DAILY_PER_IP: '100000', SMS_DAILY_PER_PHONE: '1000' },
    { store: new MemoryStore(), verifier },
  );
  admin = await seedUser(t.db, { role: 'admin' });
  await t.db
    .insert(regions)
    .values([
      { id: 31, parentId: 1, name: '上海市', level: 1 },
      { id: 3101, parentId: 31, name: '市辖区', level: 2 },
      { id: 310115, parentId: 3101, name: '浦东新区', level: 3 },
      { id: 32, parentId: 1, name: '江苏省', level: 1 },
    ])
    .onConflictDoNothing();
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });

let cardSeq = 0;
/** A valid ID card number (checksum right), different each call. */
function idCard() {
  cardSeq += 1;
  const first = `310115199001${String(10 + (cardSeq % 18)).padStart(2, '0')}${String(100 + cardSeq).slice(-3)}`;
  return first + idCardCheckChar(first);
}
let codeSeq = 0;
function creditCode() {
  codeSeq += 1;
  const first = `91310115MA1K${String(10000 + codeSeq).slice(-5)}`;
  return first + creditCodeCheckChar(first);
}

async function uploadImage(u: TUser, format: 'jpeg' | 'png' | 'gif' = 'jpeg') {
  const img = await sharp({
    create: {
      width: 40,
      height: 30,
      channels: 3,
      background: `#${Math.floor(Math.random() * 0xffffff)
        .toString(16)
        .padStart(6, '0')}`,
    },
  })
    .toFormat(format)
    .toBuffer();
  const fd = new FormData();
  fd.append('image', new Blob([new Uint8Array(img)]), `a.${format}`);
  const req = new Request('http://local/', { method: 'POST', body: fd });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/index/upload/charter',
    headers: { ...u.auth, 'content-type': req.headers.get('content-type') ?? '' },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  return res.json() as { status: number; msg: string; data: { path: string } };
}

async function sms(u: TUser, phone?: string) {
  const res = await post('/api/sms/authSms', u.auth, phone ? { phone } : {});
  expect(res.json()).toMatchObject({ status: 1, msg: '短信发送成功' });
}

async function personForm(u: TUser) {
  return {
    name: '张三',
    card: idCard(),
    card_face: (await uploadImage(u)).data.path,
    card_back: (await uploadImage(u)).data.path,
    code: '123456',
  };
}

const personRows = (userId: number) => t.db.select().from(personAuths).where(eq(personAuths.userId, userId));
const inbox = (userId: number) => t.db.select().from(systemMessages).where(eq(systemMessages.userId, userId));
const info = async (u: TUser, companyId?: number) =>
  (await get(`/api/index/info${companyId ? `?company_id=${companyId}` : ''}`, u.auth)).json().data;

describe('personal verification: rules', () => {
  const cases: [string, (f: Record<string, string>) => Record<string, unknown>, string][] = [
    ['name missing', (f) => ({ ...f, name: '' }), '请输入真实姓名'],
    ['name with digits', (f) => ({ ...f, name: '张3' }), '请输入正确的姓名'],
    ['card missing', (f) => ({ ...f, card: undefined }), '请输入身份证号码'],
    [
      'card checksum wrong',
      (f) => ({ ...f, card: f.card.slice(0, 17) + (f.card[17] === '1' ? '2' : '1') }),
      '请输入正确的18位身份证号码',
    ],
    ['card too short', (f) => ({ ...f, card: '31011519900101123' }), '请输入正确的18位身份证号码'],
    ['front image missing', (f) => ({ ...f, card_face: '' }), '请上传身份证人像面'],
    ['back image missing', (f) => ({ ...f, card_back: '' }), '请上传身份证国徽面'],
    ['image not an upload of ours', (f) => ({ ...f, card_face: 'https://evil.example/x.jpg' }), '图片无效，请重新上传'],
    ['code missing', (f) => ({ ...f, code: '' }), '请输入验证码'],
    ['code wrong', (f) => ({ ...f, code: '654321' }), '验证码错误'],
  ];
  for (const [name, change, msg] of cases) {
    it(`refuses: ${name}`, async () => {
      const u = await seedUser(t.db);
      await sms(u);
      const res = await post('/api/index/saveAuth', u.auth, change(await personForm(u)));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, msg });
      expect(await personRows(u.user.id)).toHaveLength(0);
      expect((await info(u)).authInfo.auth_status).toBe(0);
    });
  }

  it("refuses another user's uploaded image", async () => {
    const u = await seedUser(t.db);
    const other = await seedUser(t.db);
    await sms(u);
    const res = await post('/api/index/saveAuth', u.auth, {
      ...(await personForm(u)),
      card_back: (await uploadImage(other)).data.path,
    });
    expect(res.json()).toMatchObject({
      status: 0,
      msg: '图片无效，请重新上传',
      errors: [{ field: 'card_back', msg: '图片无效，请重新上传' }],
    });
    expect(await personRows(u.user.id)).toHaveLength(0);
  });

  it('the ID and licence images go through the upload rules: JPG or PNG only', async () => {
    const u = await seedUser(t.db);
    const res = await uploadImage(u, 'gif');
    expect(res).toMatchObject({ status: 0, msg: '请上传JPG、PNG格式图片' });
  });

  it('a stranger gets -1', async () => {
    const valid = {
      name: '张三',
      card: idCard(),
      card_face: '/uploads/x.jpg',
      card_back: '/uploads/y.jpg',
      code: '123456',
    };
    for (const r of [
      await post('/api/index/saveAuth', {}, valid),
      await get('/api/index/auth', {}),
      await post('/api/sms/authSms', {}, {}),
    ]) {
      expect(r.statusCode).toBe(401);
      expect(r.json().status).toBe(-1);
    }
  });
});

describe('personal verification: review', () => {
  it('submit → in progress; no second submission while in review', async () => {
    const u = await seedUser(t.db);
    await sms(u);
    const form = await personForm(u);
    const res = await post('/api/index/saveAuth', u.auth, form);
    expect(res.json()).toMatchObject({
      status: 1,
      msg: '提交成功，请等待平台审核',
      data: { status: 3, status_v: '认证中', name: '张三' },
    });
    expect(res.json().data.card).toBe(form.card.slice(0, 6) + '********' + form.card.slice(-4));
    const i = await info(u);
    expect(i.authInfo).toMatchObject({ auth_status: 3, auth_button: { text: '认证中', flag: 0 }, auth_reason: '' });
    expect(i.authInfo.auth_time).not.toBe('');
    await sms(u);
    const again = await post('/api/index/saveAuth', u.auth, await personForm(u));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 0, msg: '个人认证审核中，请耐心等待' });
    expect(await personRows(u.user.id)).toHaveLength(1);
  });

  it('reject needs a reason; the user sees it, gets a message, and may re-submit; approval ends it', async () => {
    const u = await seedUser(t.db);
    await sms(u);
    await post('/api/index/saveAuth', u.auth, await personForm(u));
    const list = (await get('/api/admin/verify/person', admin.auth)).json().data;
    const row = list.data.find((r: { user_id: number }) => r.user_id === u.user.id);
    expect(row).toMatchObject({ phone: u.phone, name: '张三', status: 3 });
    expect(row.card_face).toMatch(/^\/uploads\/charter\//);

    let res = await post(`/api/admin/verify/person/${row.id}/reject`, admin.auth, { reason: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, msg: '请填写驳回原因' });
    expect((await personRows(u.user.id))[0].status).toBe(3);
    expect(await inbox(u.user.id)).toHaveLength(0);

    res = await post(`/api/admin/verify/person/${row.id}/reject`, admin.auth, { reason: '身份证照片不清晰' });
    expect(res.json()).toMatchObject({ status: 1, msg: '已驳回' });
    let i = await info(u);
    expect(i.authInfo).toMatchObject({
      auth_status: 2,
      auth_reason: '身份证照片不清晰',
      auth_button: { text: '立即认证', flag: 1 },
    });
    expect((await get('/api/index/auth', u.auth)).json().data).toMatchObject({
      status: 2,
      status_v: '认证失败',
      reason: '身份证照片不清晰',
    });
    const msgs = await inbox(u.user.id);
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({
      title: '个人认证未通过',
      body: '您提交的个人认证未通过审核，原因：身份证照片不清晰。请修改后重新提交。',
      open: 0,
    });

    // a decided submission cannot be decided again
    res = await post(`/api/admin/verify/person/${row.id}/approve`, admin.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: '该认证已审核，请刷新列表' });
    expect((await info(u)).authInfo.auth_status).toBe(2);

    await sms(u);
    res = await post('/api/index/saveAuth', u.auth, await personForm(u));
    expect(res.json().data.status).toBe(3);
    const second = (await personRows(u.user.id)).find((r) => r.status === 3)!;
    res = await post(`/api/admin/verify/person/${second.id}/approve`, admin.auth);
    expect(res.json()).toMatchObject({ status: 1, msg: '审核通过' });
    i = await info(u);
    expect(i.authInfo).toMatchObject({ auth_status: 1, auth_reason: '', auth_button: { text: '已认证', flag: 0 } });
    expect(i.member_profile).toMatchObject({ name: '张三', card_face: second.cardFace });
    expect(i.member_profile.card).toContain('****');
    expect((await inbox(u.user.id)).map((m) => m.title).sort()).toEqual(['个人认证已通过', '个人认证未通过']);

    await sms(u);
    res = await post('/api/index/saveAuth', u.auth, await personForm(u));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: '您已完成个人认证，无需重复提交' });
    expect(await personRows(u.user.id)).toHaveLength(2);
  });

  it('an ID card verified by one account cannot verify another', async () => {
    const a = await seedUser(t.db);
    await sms(a);
    const form = await personForm(a);
    await post('/api/index/saveAuth', a.auth, form);
    const [row] = await personRows(a.user.id);
    await post(`/api/admin/verify/person/${row.id}/approve`, admin.auth);
    const b = await seedUser(t.db);
    await sms(b);
    const res = await post('/api/index/saveAuth', b.auth, { ...(await personForm(b)), card: form.card });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: '该身份证号码已被其他账号认证' });
    expect(await personRows(b.user.id)).toHaveLength(0);
  });

  it('the ID number is stored encrypted: no copy of the table shows it; the user sees it masked; the reviewer whole only while it waits', async () => {
    const u = await seedUser(t.db);
    await sms(u);
    const form = await personForm(u);
    await post('/api/index/saveAuth', u.auth, form);
    const masked = form.card.slice(0, 6) + '********' + form.card.slice(-4);
    const text = await tableText(t.db, 'person_auths');
    expect(text).not.toContain(form.card);
    expect(text).not.toContain(form.card.slice(6, 14));
    const [row] = await personRows(u.user.id);
    expect(row.card).toMatch(/^ev1:[0-9a-f]{8}:/);
    expect(row.cardIndex).toMatch(/^[0-9a-f]{64}$/);
    expect(row.cardMask).toBe(masked);
    expect((await get('/api/index/auth', u.auth)).json().data.card).toBe(masked);
    const queued = (await get('/api/admin/verify/person', admin.auth))
      .json()
      .data.data.find((r: { id: number }) => r.id === row.id);
    expect(queued.card).toBe(form.card);
    await post(`/api/admin/verify/person/${row.id}/approve`, admin.auth);
    const passed = (await get('/api/admin/verify/person?status=1&size=50', admin.auth))
      .json()
      .data.data.find((r: { id: number }) => r.id === row.id);
    expect(passed.card).toBe(masked);
    const i = await info(u);
    expect(i.member_profile.card).toBe(masked);
    expect(JSON.stringify(i)).not.toContain(form.card);
  });

  it("the ID photos are the user's own: staff read them, colleagues of any grant do not", async () => {
    const owner = await seedUser(t.db, { companyName: '证件照测试有限公司' });
    const u = await seedUser(t.db);
    await addMember(t.db, owner.company.id, u.user.id, { menus: [501] });
    await sms(u);
    const form = await personForm(u);
    expect((await post('/api/index/saveAuth', u.auth, { ...form, company_id: owner.company.id })).json().status).toBe(
      1,
    );
    for (const path of [form.card_face, form.card_back]) {
      expect((await get(path, u.auth)).headers['cache-control']).toBe('private, no-store');
      expect((await get(path, admin.auth)).statusCode).toBe(200);
      expect((await get(path, owner.auth)).statusCode).toBe(404);
    }
  });

  it('admin routes: stranger 401, non-staff 403, unknown id 404', async () => {
    const u = await seedUser(t.db);
    for (const [m, url] of [
      ['GET', '/api/admin/verify/person'],
      ['POST', '/api/admin/verify/person/1/approve'],
      ['POST', '/api/admin/verify/person/1/reject'],
      ['GET', '/api/admin/verify/company'],
      ['POST', '/api/admin/verify/company/1/approve'],
      ['POST', '/api/admin/verify/company/1/reject'],
    ] as const) {
      const payload = m === 'POST' ? { reason: 'x' } : undefined;
      expect((await t.app.inject({ method: m, url, payload })).statusCode).toBe(401);
      const res = await t.app.inject({ method: m, url, headers: u.auth, payload });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 0, msg: '仅平台工作人员可以访问管理后台' });
    }
    expect((await post('/api/admin/verify/person/999999/approve', admin.auth)).statusCode).toBe(404);
    expect((await post('/api/admin/verify/company/999999/reject', admin.auth, { reason: '不符' })).statusCode).toBe(
      404,
    );
  });
});

async function companyForm(u: TUser, over: Record<string, unknown> = {}) {
  const img = async () => (await uploadImage(u)).data.path;
  return {
    company_id: u.company.id,
    name: '上海测试工程机械有限公司',
    regist_no: creditCode(),
    legal: '王五',
    province: 31,
    city: 3101,
    area: 310115,
    address: '张江路 1 号',
    registered_assets: 5000,
    found_date: '2018-03-15',
    charter: await img(),
    registrant: '赵六',
    card: idCard(),
    card_face: await img(),
    card_back: await img(),
    certificate: await img(),
    tel: u.phone,
    code: '123456',
    ...over,
  };
}
const companyRow = async (id: number) => (await t.db.select().from(companies).where(eq(companies.id, id)))[0];
const companyAuthRows = (id: number) => t.db.select().from(companyAuths).where(eq(companyAuths.companyId, id));

describe('company verification', () => {
  it('nothing submitted yet: authCompany answers []', async () => {
    const u = await seedUser(t.db);
    const res = await get(`/api/index/authCompany?company_id=${u.company.id}`, u.auth);
    expect(res.json()).toMatchObject({ status: 1, data: [] });
  });

  const limit = () => latestPastDate();
  const dayAfter = (d: string) => new Date(new Date(`${d}T00:00:00Z`).getTime() + 86400_000).toISOString().slice(0, 10);
  const cases: [string, Record<string, unknown>, () => string][] = [
    ['founding date 9 days ago', { found_date: '' }, () => `成立日期不能晚于${limit()}`],
    ['founding date not a date', { found_date: '2020-02-30' }, () => '成立日期格式不正确'],
    ['founding date missing', { found_date: undefined }, () => '请选择成立日期'],
    ['name missing', { name: ' ' }, () => '请输入企业名称'],
    ['credit code wrong', { regist_no: '91310115MA1K3ABC10' }, () => '请输入正确的18位统一社会信用代码'],
    ['legal missing', { legal: '' }, () => '请输入法定代表人'],
    ['region not a chain', { city: 3201 }, () => '请选择所在地区'],
    ['region missing', { area: undefined }, () => '请选择所在地区'],
    ['address missing', { address: '' }, () => '请输入详细地址'],
    ['assets not a whole number', { registered_assets: 12.5 }, () => '注册资本须为大于0的整数（万元）'],
    ['assets zero', { registered_assets: 0 }, () => '注册资本须为大于0的整数（万元）'],
    ['licence missing', { charter: '' }, () => '请上传营业执照'],
    ['registrant missing', { registrant: '' }, () => '请输入经办人姓名'],
    ['registrant ID wrong', { card: '110101199003071235' }, () => '请输入正确的18位身份证号码'],
    ['certificate missing', { certificate: '' }, () => '请上传授权委托书'],
    [
      'licence not our upload',
      { charter: '/uploads/charter/2026/01/00000000000000000000000000000000.jpg' },
      () => '图片无效，请重新上传',
    ],
    ['tel missing', { tel: '' }, () => '请输入手机号码'],
    ['code wrong', { code: '000000' }, () => '验证码错误'],
  ];
  for (const [name, over, msg] of cases) {
    it(`refuses: ${name}`, async () => {
      const u = await seedUser(t.db);
      await sms(u);
      const o = { ...over };
      if (name.startsWith('founding date 9')) o.found_date = dayAfter(limit());
      const res = await post('/api/index/saveAuthCompany', u.auth, await companyForm(u, o));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, msg: msg() });
      expect(await companyAuthRows(u.company.id)).toHaveLength(0);
      expect((await companyRow(u.company.id)).status).toBe(0);
    });
  }

  it('accepts a founding date exactly 10 days ago', async () => {
    const u = await seedUser(t.db);
    await sms(u);
    const res = await post('/api/index/saveAuthCompany', u.auth, await companyForm(u, { found_date: limit() }));
    expect(res.json()).toMatchObject({ status: 1, data: { found_date: limit(), status: 3 } });
  });

  it('only the main account submits', async () => {
    const owner = await seedUser(t.db, { companyName: '某某建设有限公司' });
    const sub = await seedUser(t.db);
    await addMember(t.db, owner.company.id, sub.user.id);
    await sms(sub);
    const res = await post(
      '/api/index/saveAuthCompany',
      sub.auth,
      await companyForm(sub, { company_id: owner.company.id }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ msg: '仅企业主账号可以执行此操作' });
    const stranger = await seedUser(t.db);
    const r2 = await post(
      '/api/index/saveAuthCompany',
      stranger.auth,
      await companyForm(stranger, { company_id: owner.company.id }),
    );
    expect(r2.statusCode).toBe(403);
    expect(await companyAuthRows(owner.company.id)).toHaveLength(0);
  });

  it('submit → 3; approve fills the register data and makes it an enterprise; a message arrives', async () => {
    const u = await seedUser(t.db);
    const tel = '13700001111';
    await sms(u, tel);
    const form = await companyForm(u, { tel });
    let res = await post('/api/index/saveAuthCompany', u.auth, form);
    expect(res.json()).toMatchObject({
      status: 1,
      data: {
        status: 3,
        status_v: '认证中',
        name: form.name,
        province_v: '上海市',
        area_v: '浦东新区',
        tel: '137****1111',
      },
    });
    expect((await companyRow(u.company.id)).status).toBe(3);
    expect((await info(u, u.company.id)).authInfo).toMatchObject({
      company_status: 3,
      company_button: { text: '认证中', flag: 0 },
    });
    await sms(u, tel);
    res = await post('/api/index/saveAuthCompany', u.auth, await companyForm(u, { tel }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: '企业认证审核中，请耐心等待' });
    expect(await companyAuthRows(u.company.id)).toHaveLength(1);

    const list = (await get('/api/admin/verify/company', admin.auth)).json().data;
    const row = list.data.find((r: { company_id: number }) => r.company_id === u.company.id);
    expect(row).toMatchObject({ phone: u.phone, card: form.card, tel, charter: form.charter });
    res = await post(`/api/admin/verify/company/${row.id}/approve`, admin.auth);
    expect(res.json()).toMatchObject({ status: 1, msg: '审核通过' });
    const c = await companyRow(u.company.id);
    expect(c).toMatchObject({
      name: form.name,
      type: 2,
      status: 1,
      registNo: form.regist_no,
      legal: '王五',
      province: 31,
      city: 3101,
      area: 310115,
      address: '张江路 1 号',
      registeredAssets: 5000,
      foundDate: '2018-03-15',
      registrant: '赵六',
      tel,
    });
    const i = await info(u, u.company.id);
    expect(i.authInfo).toMatchObject({
      company_status: 1,
      company_button: { text: '已认证', flag: 0 },
      advanced_button: 1,
    });
    expect(i.member_company[0].company_name).toBe(form.name);
    expect((await inbox(u.user.id)).map((m) => m.title)).toEqual(['企业认证已通过']);
    await sms(u, tel);
    res = await post('/api/index/saveAuthCompany', u.auth, await companyForm(u, { tel }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: '该企业已完成认证，无需重复提交' });

    // the same credit code cannot verify a second company
    const v = await seedUser(t.db);
    await sms(v);
    res = await post('/api/index/saveAuthCompany', v.auth, await companyForm(v, { regist_no: form.regist_no }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: '该企业已被其他账号认证' });
    expect(await companyAuthRows(v.company.id)).toHaveLength(0);
  });

  it("the submission's documents become the company's: members with the company-information grant read them, other members neither read nor see their addresses", async () => {
    const u = await seedUser(t.db);
    await sms(u);
    const form = await companyForm(u);
    const res = await post('/api/index/saveAuthCompany', u.auth, form);
    expect(res.json().status).toBe(1);
    const docs = [form.charter, form.card_face, form.card_back, form.certificate];
    const withGrant = await seedUser(t.db);
    await addMember(t.db, u.company.id, withGrant.user.id, { menus: [501] });
    const without = await seedUser(t.db);
    await addMember(t.db, u.company.id, without.user.id, { menus: [503] });
    const q = `?company_id=${u.company.id}`;
    expect((await get(`/api/index/authCompany${q}`, withGrant.auth)).json().data).toMatchObject({
      charter: form.charter,
      card_face: form.card_face,
      certificate: form.certificate,
    });
    expect((await get(`/api/index/authCompany${q}`, without.auth)).json().data).toMatchObject({
      name: form.name,
      charter: '',
      card_face: '',
      card_back: '',
      certificate: '',
    });
    for (const path of docs) {
      for (const who of [u, withGrant, admin]) {
        const r = await get(path, who.auth);
        expect(r.statusCode).toBe(200);
        expect(r.headers['cache-control']).toBe('private, no-store');
      }
      expect((await get(path, without.auth)).statusCode).toBe(404);
      expect((await get(path, (await seedUser(t.db)).auth)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    }
    // the registrant's ID number: encrypted in the table, masked on the page, whole for the reviewer while pending
    const text = await tableText(t.db, 'company_auths');
    expect(text).not.toContain(form.card);
    const [row] = await companyAuthRows(u.company.id);
    expect(row.card).toMatch(/^ev1:/);
    expect(res.json().data.card).toBe(form.card.slice(0, 6) + '********' + form.card.slice(-4));
  });

  it('reject with a reason: status 2 with the reason on the dashboard; re-submit allowed', async () => {
    const u = await seedUser(t.db);
    await sms(u);
    await post('/api/index/saveAuthCompany', u.auth, await companyForm(u));
    const [row] = await companyAuthRows(u.company.id);
    let res = await post(`/api/admin/verify/company/${row.id}/reject`, admin.auth, {});
    expect(res.json()).toMatchObject({ status: 0, msg: '请填写驳回原因' });
    expect((await companyRow(u.company.id)).status).toBe(3);
    res = await post(`/api/admin/verify/company/${row.id}/reject`, admin.auth, { reason: '营业执照与企业名称不符' });
    expect(res.json().status).toBe(1);
    expect((await companyRow(u.company.id)).status).toBe(2);
    expect((await info(u, u.company.id)).authInfo).toMatchObject({
      company_status: 2,
      company_reason: '营业执照与企业名称不符',
      company_button: { text: '立即认证', flag: 1 },
    });
    expect((await get(`/api/index/authCompany?company_id=${u.company.id}`, u.auth)).json().data).toMatchObject({
      status: 2,
      reason: '营业执照与企业名称不符',
    });
    expect((await inbox(u.user.id))[0].body).toContain('营业执照与企业名称不符');
    await sms(u);
    res = await post('/api/index/saveAuthCompany', u.auth, await companyForm(u));
    expect(res.json().data.status).toBe(3);
  });

  it('certificate template: a real PDF, for logged-in users', async () => {
    const u = await seedUser(t.db);
    const res = await get('/api/index/download/certificate', u.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(res.rawPayload.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    expect(res.rawPayload.length).toBeGreaterThan(20_000);
    expect((await get('/api/index/download/certificate', {})).statusCode).toBe(401);
  });
});

describe('advanced verification', () => {
  async function verifiedCompany() {
    const u = await seedUser(t.db, { companyName: `高级认证测试${Math.random().toString(36).slice(2, 8)}有限公司` });
    await t.db.update(companies).set({ status: 1, registNo: creditCode() }).where(eq(companies.id, u.company.id));
    return u;
  }
  const orders = (companyId: number) => t.db.select().from(advancedAuths).where(eq(advancedAuths.companyId, companyId));

  it('needs company verification first', async () => {
    const u = await seedUser(t.db);
    const res = await post('/api/index/superAuth', u.auth, { company_id: u.company.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 0, msg: '请先完成企业认证' });
    expect(await orders(u.company.id)).toHaveLength(0);
  });

  it('returns the verifier URL; the sandbox decides through a signed callback; a replay changes nothing', async () => {
    const u = await verifiedCompany();
    const res = await post('/api/index/superAuth', u.auth, { company_id: u.company.id });
    expect(res.json().status).toBe(1);
    const url: string = res.json().data.url;
    expect(url).toMatch(/^http:\/\/jizu\.test\/site\/verify\/sandbox\/SA\w+$/);
    const no = url.split('/').pop()!;
    expect((await get(`/api/verify/sandbox/${no}`, {})).json().data).toMatchObject({
      no,
      state: 'WAITING',
      company_name: expect.stringContaining('高级认证测试'),
    });

    // forged callbacks: wrong key, tampered result, stale timestamp
    const ts = Date.now();
    for (const body of [
      { no, result: 'PASS', ts, sign: signNotify('not-the-secret-000000', no, 'PASS', ts) },
      { no, result: 'PASS', ts, sign: signNotify(SECRET, no, 'REFUSE', ts) },
      { no, result: 'PASS', ts: ts - 3600_000, sign: signNotify(SECRET, no, 'PASS', ts - 3600_000) },
      { no, result: 'PASS', ts, sign: 'x' },
    ]) {
      const r = await post('/api/index/superAuth/notify', {}, body);
      expect(r.statusCode).toBe(403);
      expect(r.json()).toMatchObject({ status: 0, msg: '签名校验失败' });
    }
    expect((await orders(u.company.id))[0].state).toBe('WAITING');
    expect((await companyRow(u.company.id)).super).toBe(0);

    const d = await post(`/api/verify/sandbox/${no}/decide`, {}, { result: 'PASS' });
    expect(d.json()).toMatchObject({ status: 1, data: { state: 'PASSED' } });
    const c = await companyRow(u.company.id);
    expect(c.super).toBe(1);
    expect((await info(u, u.company.id)).authInfo).toMatchObject({
      advanced_status: 1,
      advanced_status_desc: '已认证',
      advanced_button: 0,
      advanced_button_desc: '已认证',
    });
    expect((await inbox(u.user.id)).map((m) => m.title)).toEqual(['高级认证已通过']);

    // the provider repeats its (genuine) callback, even with the other result: nothing changes
    const ts2 = Date.now();
    const replay = await post(
      '/api/index/superAuth/notify',
      {},
      { no, result: 'REFUSE', ts: ts2, sign: signNotify(SECRET, no, 'REFUSE', ts2) },
    );
    expect(replay.json()).toMatchObject({ status: 1, data: { state: 'PASSED' } });
    expect((await companyRow(u.company.id)).superTime?.getTime()).toBe(c.superTime?.getTime());
    expect(await inbox(u.user.id)).toHaveLength(1);
    const again = await post(`/api/verify/sandbox/${no}/decide`, {}, { result: 'PASS' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ msg: '该认证单已处理' });

    const done = await post('/api/index/superAuth', u.auth, { company_id: u.company.id });
    expect(done.json()).toMatchObject({ status: 0, msg: '该企业已完成高级认证' });
  });

  it('a refusal leaves the company unverified and tells the user', async () => {
    const u = await verifiedCompany();
    const no = ((await post('/api/index/superAuth', u.auth, { company_id: u.company.id })).json().data.url as string)
      .split('/')
      .pop()!;
    const d = await post(`/api/verify/sandbox/${no}/decide`, {}, { result: 'REFUSE' });
    expect(d.json().data.state).toBe('REFUSED');
    expect((await companyRow(u.company.id)).super).toBe(0);
    expect((await inbox(u.user.id)).map((m) => m.title)).toEqual(['高级认证未通过']);
  });

  const start = async (u: TUser) => (await post('/api/index/superAuth', u.auth, { company_id: u.company.id })).json();
  const noOf = (url: string) => url.split('/').pop()!;
  const advancedInfo = async (u: TUser) => (await info(u, u.company.id)).authInfo;

  it('while an order waits at the verifier: 认证中 with the button closed; starting again answers the same page, no second order', async () => {
    const u = await verifiedCompany();
    expect(await advancedInfo(u)).toMatchObject({
      advanced_status: 0,
      advanced_status_desc: '未认证',
      advanced_button: 1,
      advanced_button_desc: '立即认证',
      advanced_reason: '',
    });
    const first = await start(u);
    expect(first.status).toBe(1);
    expect(await advancedInfo(u)).toMatchObject({
      advanced_status: 3,
      advanced_status_desc: '认证中',
      advanced_button: 0,
      advanced_button_desc: '认证中',
      advanced_reason: '',
    });

    const again = await start(u);
    expect(again).toMatchObject({ status: 1, data: { url: first.data.url } });
    // concurrent clicks (two tabs) as well
    const many = await Promise.all([start(u), start(u), start(u)]);
    expect(many.map((r) => r.data.url)).toEqual([first.data.url, first.data.url, first.data.url]);
    const rows = await orders(u.company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'WAITING', url: first.data.url });
    // the order stays open for VERIFY_ORDER_MINUTES (30 by default)
    const minutes = (rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThan(30.1);
    expect((await get(`/api/verify/sandbox/${noOf(first.data.url)}`, {})).json().data).toMatchObject({
      state: 'WAITING',
      reason: '',
      expire_time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
  });

  it("a concurrent start that loses the race answers the winner's page", async () => {
    const u = await verifiedCompany();
    const many = await Promise.all([start(u), start(u), start(u), start(u)]);
    expect(new Set(many.map((r) => r.data.url)).size).toBe(1);
    expect(await orders(u.company.id)).toHaveLength(1);
  });

  it('refused by the verifier: 认证失败 with its reason and the button open again (重新认证); a new start opens a new order', async () => {
    const u = await verifiedCompany();
    const first = await start(u);
    const reason = '营业执照登记信息与工商公示不一致';
    const d = await post(
      `/api/verify/sandbox/${noOf(first.data.url)}/decide`,
      {},
      { result: 'REFUSE', reason: `  ${reason} ` },
    );
    expect(d.json()).toMatchObject({ status: 1, data: { state: 'REFUSED', reason } });
    expect(await advancedInfo(u)).toMatchObject({
      advanced_status: 2,
      advanced_status_desc: '认证失败',
      advanced_button: 1,
      advanced_button_desc: '重新认证',
      advanced_reason: reason,
    });
    expect((await companyRow(u.company.id)).super).toBe(0);
    const [msg] = await inbox(u.user.id);
    expect(msg).toMatchObject({ title: '高级认证未通过', body: expect.stringContaining(`原因：${reason}`) });

    // the button starts a new order: in progress again, and the old reason is gone
    const second = await start(u);
    expect(second.data.url).not.toBe(first.data.url);
    expect(await orders(u.company.id)).toHaveLength(2);
    expect(await advancedInfo(u)).toMatchObject({
      advanced_status: 3,
      advanced_button: 0,
      advanced_button_desc: '认证中',
      advanced_reason: '',
    });

    // a refusal without a reason: failed, nothing to show
    await post(`/api/verify/sandbox/${noOf(second.data.url)}/decide`, {}, { result: 'REFUSE' });
    expect(await advancedInfo(u)).toMatchObject({
      advanced_status: 2,
      advanced_button: 1,
      advanced_button_desc: '重新认证',
      advanced_reason: '',
    });
    expect((await inbox(u.user.id)).map((m) => m.body)).toContain(
      `企业（${(await companyRow(u.company.id)).name}）未通过第三方高级认证，您可以重新发起认证。`,
    );

    // then passed: 已认证 with the button closed for good
    const third = await start(u);
    await post(`/api/verify/sandbox/${noOf(third.data.url)}/decide`, {}, { result: 'PASS' });
    expect(await advancedInfo(u)).toMatchObject({
      advanced_status: 1,
      advanced_status_desc: '已认证',
      advanced_button: 0,
      advanced_button_desc: '已认证',
      advanced_reason: '',
    });
    expect(await start(u)).toMatchObject({ status: 0, msg: '该企业已完成高级认证' });
    expect(await orders(u.company.id)).toHaveLength(3);
  });

  it('the reason is covered by the signature and limited in length', async () => {
    const u = await verifiedCompany();
    const no = noOf((await start(u)).data.url);
    const ts = Date.now();
    const forged = await post(
      '/api/index/superAuth/notify',
      {},
      { no, result: 'REFUSE', ts, reason: '伪造的原因', sign: signNotify(SECRET, no, 'REFUSE', ts, '真实的原因') },
    );
    expect(forged.statusCode).toBe(403);
    const long = await post(`/api/verify/sandbox/${no}/decide`, {}, { result: 'REFUSE', reason: '长'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ status: 0, msg: '原因不能超过200个字' });
    expect((await orders(u.company.id))[0]).toMatchObject({ state: 'WAITING', reason: '' });
    // a genuine signed refusal with its reason
    const ok = await post(
      '/api/index/superAuth/notify',
      {},
      { no, result: 'REFUSE', ts, reason: '真实的原因', sign: signNotify(SECRET, no, 'REFUSE', ts, '真实的原因') },
    );
    expect(ok.json()).toMatchObject({ status: 1, data: { state: 'REFUSED' } });
    expect((await advancedInfo(u)).advanced_reason).toBe('真实的原因');
  });

  it('an expired order is not in progress: the button opens, the verifier cannot decide it, a late callback changes nothing', async () => {
    const u = await verifiedCompany();
    const first = await start(u);
    const no = noOf(first.data.url);
    await t.db
      .update(advancedAuths)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(advancedAuths.no, no));
    expect(await advancedInfo(u)).toMatchObject({
      advanced_status: 0,
      advanced_status_desc: '未认证',
      advanced_button: 1,
      advanced_button_desc: '立即认证',
    });
    expect((await get(`/api/verify/sandbox/${no}`, {})).json().data.state).toBe('EXPIRED');
    const d = await post(`/api/verify/sandbox/${no}/decide`, {}, { result: 'PASS' });
    expect(d.statusCode).toBe(409);
    expect(d.json()).toMatchObject({ status: 0, msg: '该认证单已过期，请回到平台重新发起认证' });
    // the provider's late (genuine) callback: answered, nothing decided
    const ts = Date.now();
    const late = await post(
      '/api/index/superAuth/notify',
      {},
      { no, result: 'PASS', ts, sign: signNotify(SECRET, no, 'PASS', ts) },
    );
    expect(late.json()).toMatchObject({ status: 1, data: { state: 'EXPIRED' } });
    expect((await companyRow(u.company.id)).super).toBe(0);
    expect(await inbox(u.user.id)).toHaveLength(0);

    // starting again opens a new order
    const second = await start(u);
    expect(second.data.url).not.toBe(first.data.url);
    const rows = await orders(u.company.id);
    expect(rows.map((r) => r.state).sort()).toEqual(['EXPIRED', 'WAITING']);
    expect(await advancedInfo(u)).toMatchObject({ advanced_status: 3, advanced_button: 0 });
  });

  it('a sub-user sees the advanced status with the button closed, and cannot start', async () => {
    const owner = await verifiedCompany();
    const sub = await seedUser(t.db);
    await addMember(t.db, owner.company.id, sub.user.id);
    const subInfo = async () => (await info(sub, owner.company.id)).authInfo;
    expect(await subInfo()).toMatchObject({
      company_button: { text: '已认证', flag: 0 },
      advanced_status: 0,
      advanced_button: 0,
      advanced_button_desc: '立即认证',
    });
    const no = noOf((await start(owner)).data.url);
    expect(await subInfo()).toMatchObject({ advanced_status: 3, advanced_status_desc: '认证中', advanced_button: 0 });
    await post(`/api/verify/sandbox/${no}/decide`, {}, { result: 'REFUSE', reason: '法人信息不符' });
    expect(await subInfo()).toMatchObject({
      advanced_status: 2,
      advanced_button: 0,
      advanced_button_desc: '重新认证',
      advanced_reason: '法人信息不符',
    });
    expect((await advancedInfo(owner)).advanced_button).toBe(1);
    const res = await post('/api/index/superAuth', sub.auth, { company_id: owner.company.id });
    expect(res.statusCode).toBe(403);
    expect(await orders(owner.company.id)).toHaveLength(1);
  });

  it('unknown orders and a sub-user are refused', async () => {
    expect((await get('/api/verify/sandbox/SA0000000000000000', {})).statusCode).toBe(404);
    const ts = Date.now();
    const r = await post(
      '/api/index/superAuth/notify',
      {},
      { no: 'SAnope12345', result: 'PASS', ts, sign: signNotify(SECRET, 'SAnope12345', 'PASS', ts) },
    );
    expect(r.statusCode).toBe(404);
    const owner = await verifiedCompany();
    const sub = await seedUser(t.db);
    await addMember(t.db, owner.company.id, sub.user.id);
    const res = await post('/api/index/superAuth', sub.auth, { company_id: owner.company.id });
    expect(res.statusCode).toBe(403);
    expect(
      await t.db
        .select()
        .from(advancedAuths)
        .where(and(eq(advancedAuths.companyId, owner.company.id))),
    ).toHaveLength(0);
  });
});

describe('OpenAPI', () => {
  it('lists the verification, message and review calls', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    for (const p of [
      '/api/index/saveAuth',
      '/api/index/authCompany',
      '/api/index/saveAuthCompany',
      '/api/index/superAuth',
      '/api/index/superAuth/notify',
      '/api/index/download/certificate',
      '/api/sms/authSms',
      '/api/index/message/lst',
      '/api/index/message/read',
      '/api/index/message/del',
      '/api/admin/verify/person',
      '/api/admin/verify/company/{id}/reject',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
