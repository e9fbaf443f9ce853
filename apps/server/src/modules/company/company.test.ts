import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, companyMembers, regions, users } from '../../db/schema';
import { pruneMenu } from '@jizu/shared/constants/menu';
import { addMember, createTestApp, seedUser } from '../../test/harness';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .insert(regions)
    .values([
      { id: 31, parentId: 1, name: '上海市', level: 1 },
      { id: 3101, parentId: 31, name: '市辖区', level: 2 },
      { id: 310115, parentId: 3101, name: '浦东新区', level: 3 },
    ])
    .onConflictDoNothing();
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const sectionIds = (menu: { id: number; child: { id: number }[] }[]) => menu.map((s) => s.id);
const leafIds = (menu: { id: number; child: { id: number; child: unknown[] }[] }[]) =>
  menu.flatMap((s) => s.child.map((c) => c.id));

/** A main account of an enterprise company (besides its personal one). */
async function enterprise(name = '测试建设有限公司') {
  const owner = await seedUser(t.db, { companyName: name });
  await t.db
    .update(companies)
    .set({
      status: 1,
      registNo: '91310115MA1K3ABC12',
      legal: '张三',
      province: 31,
      city: 3101,
      area: 310115,
      address: '张江路 88 号',
      registeredAssets: 50000,
      foundDate: '2015-06-18',
      registrant: '李四',
      tel: '13912345678',
      super: 1,
      superTime: new Date('2026-01-05T02:00:00Z'),
    })
    .where(eq(companies.id, owner.company.id));
  return owner;
}

describe('company context', () => {
  it('a stranger without login gets -1', async () => {
    for (const url of ['/api/company/info', '/api/index/menu', '/api/index/info']) {
      const res = await get(url, {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: -1, msg: '登录已过期，请重新登录' });
    }
  });

  it("refuses another company's company_id", async () => {
    const a = await enterprise('甲公司');
    const b = await seedUser(t.db);
    const res = await get(`/api/company/info?company_id=${a.company.id}`, b.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 0, msg: '您不是该企业的成员，或账号已被停用' });
    const menu = await get(`/api/index/menu?company_id=${a.company.id}`, b.auth);
    expect(menu.statusCode).toBe(403);
  });

  it('a sub-user without the grant is refused the company info; with it, served', async () => {
    const a = await enterprise('乙公司');
    const sub = await seedUser(t.db);
    const m = await addMember(t.db, a.company.id, sub.user.id);
    let res = await get(`/api/company/info?company_id=${a.company.id}`, sub.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 0, msg: '您没有该功能的权限，请联系企业主账号开通' });
    const sub2 = await seedUser(t.db);
    await addMember(t.db, a.company.id, sub2.user.id, { menus: [501] });
    res = await get(`/api/company/info?company_id=${a.company.id}`, sub2.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('乙公司');
    // switched off: refused even the menu
    await t.db.update(companyMembers).set({ status: 0 }).where(eq(companyMembers.id, m.id));
    res = await get(`/api/index/menu?company_id=${a.company.id}`, sub.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('您不是该企业的成员，或账号已被停用');
  });

  it('honours the company cookie and falls back to the default company', async () => {
    const a = await enterprise('丙公司');
    const sub = await seedUser(t.db);
    await addMember(t.db, a.company.id, sub.user.id, { menus: [501] });
    let res = await get('/api/company/info', { ...sub.auth, cookie: `company_id=${a.company.id}` });
    expect(res.json().data.name).toBe('丙公司');
    res = await get('/api/company/info', sub.auth);
    expect(res.json().data.id).toBe(sub.company.id);
    expect(res.json().data.type_v).toBe('个人');
  });
});

describe('GET /company/info', () => {
  it('answers the company with display fields', async () => {
    const a = await enterprise('丁建设集团有限公司');
    const res = await get(`/api/company/info?company_id=${a.company.id}`, a.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, msg: '操作成功' });
    expect(res.json().data).toEqual({
      id: a.company.id,
      name: '丁建设集团有限公司',
      type: 2,
      type_v: '企业',
      regist_no: '91310115MA1K3ABC12',
      legal: '张三',
      province: 31,
      city: 3101,
      area: 310115,
      province_v: '上海市',
      city_v: '市辖区',
      area_v: '浦东新区',
      address: '张江路 88 号',
      registered_assets: 50000,
      found_date: '2015-06-18',
      registrant: '李四',
      tel: '139****5678',
      status: 1,
      status_v: '已认证',
      update_time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      super: 1,
      super_time: '2026-01-05 10:00:00',
      member_type: 2,
      member_type_v: '路桥用户',
    });
  });
});

describe('GET /index/menu', () => {
  it('a main account sees company management', async () => {
    const a = await enterprise('戊公司');
    const res = await get(`/api/index/menu?company_id=${a.company.id}`, a.auth);
    expect(res.statusCode).toBe(200);
    const menu = res.json().data;
    // every section with a page that exists (MENU_TREE's ready flags grow as areas ship)
    expect(sectionIds(menu)).toEqual(pruneMenu((leaf) => !!leaf.ready).map((s) => s.id));
    expect(leafIds(menu)).toContain(501);
    expect(menu[0]).toMatchObject({ id: 1, name: '账户中心', icons: 'UserOutlined', url: '/dashboard' });
    expect(menu[0].child[0]).toEqual({ id: 101, name: '账户首页', icons: '', url: '/dashboard/index', child: [] });
  });

  it('a sub-user sees personal sections and pages, and section 5 or the company hiring demands only with a grant', async () => {
    const a = await enterprise('己公司');
    const plain = await seedUser(t.db);
    await addMember(t.db, a.company.id, plain.user.id);
    let res = await get(`/api/index/menu?company_id=${a.company.id}`, plain.auth);
    // the labour area's personal pages (centre, job cards, comments, training), not the company's hiring demands
    expect(sectionIds(res.json().data)).toEqual([1, 42]);
    const labour = (d: { id: number; child: { id: number }[] }[]) => d.find((s) => s.id === 42)!.child.map((c) => c.id);
    expect(labour(res.json().data)).toEqual([4201, 4202, 4204, 4205]);
    const granted = await seedUser(t.db);
    await addMember(t.db, a.company.id, granted.user.id, { menus: [501, 4203] });
    res = await get(`/api/index/menu?company_id=${a.company.id}`, granted.auth);
    expect(sectionIds(res.json().data)).toEqual([1, 5, 42]);
    expect(labour(res.json().data)).toEqual([4201, 4202, 4203, 4204, 4205]);
  });
});

describe('GET /index/info', () => {
  it('answers the account card with a masked phone', async () => {
    const a = await enterprise('庚公司');
    await t.db
      .update(users)
      .set({ lastLoginAt: new Date('2026-03-01T16:30:05Z'), peas: 120, gold: 8 })
      .where(eq(users.id, a.user.id));
    const res = await get(`/api/index/info?company_id=${a.company.id}`, a.auth);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toEqual({
      username: a.user.username,
      avatar: '',
      phone: `${a.phone.slice(0, 3)}****${a.phone.slice(-4)}`,
      last_login_date: '2026-03-02 00:30:05',
      score: { peas: 120, gold: 8 },
      member_profile: { id: a.user.id, type: 1, name: '', card: '', card_face: '', card_back: '', nick_name_status: 0 },
      memberLevel: {
        level: 'A',
        expiration_time: '',
        level_count: 0,
        buttons: [
          { text: '升级AA', operation: 'AA' },
          { text: '升级AAA', operation: 'AAA' },
        ],
      },
      authInfo: {
        auth_status: 0,
        auth_time: '',
        auth_reason: '',
        auth_button: { text: '立即认证', flag: 1 },
        company_status: 1,
        company_time: expect.any(String),
        company_reason: '',
        company_button: { text: '已认证', flag: 0 },
        advanced_status: 1,
        advanced_status_desc: '已认证',
        advanced_button: 0,
        advanced_button_desc: '已认证',
        advanced_reason: '',
      },
      member_company: [{ id: a.member.id, company_id: a.company.id, company_name: '庚公司', master: 1 }],
      role: 'user',
      company_id: a.company.id,
    });
    expect(d.phone).not.toContain(a.phone);
    // verified but not yet advanced: the advanced button opens
    await t.db.update(companies).set({ super: 0, superTime: null }).where(eq(companies.id, a.company.id));
    const again = (await get(`/api/index/info?company_id=${a.company.id}`, a.auth)).json().data;
    expect(again.authInfo).toMatchObject({
      advanced_status: 0,
      advanced_status_desc: '未认证',
      advanced_button: 1,
      advanced_button_desc: '立即认证',
    });
    // a personal company: nothing to verify here, advanced stays closed
    const p = (await get('/api/index/info', (await seedUser(t.db)).auth)).json().data;
    expect(p.authInfo).toMatchObject({
      company_status: 0,
      company_button: { text: '立即认证', flag: 1 },
      advanced_status: 0,
      advanced_button: 0,
      advanced_button_desc: '立即认证',
    });
  });

  it('lists active memberships and resolves the current company', async () => {
    const a = await enterprise('辛公司');
    const u = await seedUser(t.db);
    const m = await addMember(t.db, a.company.id, u.user.id);
    const off = await enterprise('壬公司');
    await addMember(t.db, off.company.id, u.user.id, { status: 0 });
    let d = (await get('/api/index/info', u.auth)).json().data;
    expect(d.member_company).toEqual([
      { id: u.member.id, company_id: u.company.id, company_name: u.company.name, master: 1 },
      { id: m.id, company_id: a.company.id, company_name: '辛公司', master: 0 },
    ]);
    expect(d.company_id).toBe(u.company.id);
    expect(d.authInfo.company_button).toEqual({ text: '立即认证', flag: 1 });
    d = (await get(`/api/index/info?company_id=${a.company.id}`, u.auth)).json().data;
    expect(d.company_id).toBe(a.company.id);
    d = (await get('/api/index/info', { ...u.auth, cookie: `company_id=${a.company.id}` })).json().data;
    expect(d.company_id).toBe(a.company.id);
    // not a member (switched off): the default company instead
    d = (await get(`/api/index/info?company_id=${off.company.id}`, u.auth)).json().data;
    expect(d.company_id).toBe(u.company.id);
  });

  it("company and advanced verification are the main account's: a sub-user sees the status with both flags 0", async () => {
    // a verified company that has not done advanced verification: the main account may start it
    const a = await enterprise('癸公司');
    await t.db.update(companies).set({ super: 0, superTime: null }).where(eq(companies.id, a.company.id));
    const main = (await get(`/api/index/info?company_id=${a.company.id}`, a.auth)).json().data.authInfo;
    expect(main).toMatchObject({
      company_status: 1,
      advanced_status: 0,
      advanced_button: 1,
      advanced_button_desc: '立即认证',
    });

    const u = await seedUser(t.db);
    await addMember(t.db, a.company.id, u.user.id, { menus: [101, 103, 104] });
    const sub = (await get(`/api/index/info?company_id=${a.company.id}`, u.auth)).json().data.authInfo;
    expect(sub).toMatchObject({
      company_status: 1,
      company_button: { text: '已认证', flag: 0 },
      advanced_status: 0,
      advanced_status_desc: '未认证',
      advanced_button: 0,
      advanced_button_desc: '立即认证',
    });
    // personal verification stays the user's own
    expect(sub.auth_button).toEqual({ text: '立即认证', flag: 1 });
    // the clicks the flags stand for are refused all the same
    const superAuth = await t.app.inject({
      method: 'POST',
      url: '/api/index/superAuth',
      headers: u.auth,
      payload: { company_id: a.company.id },
    });
    expect(superAuth.statusCode).toBe(403);

    // an unverified company: the main account's button opens, the sub-user's stays closed
    const b = await seedUser(t.db, { companyName: '子公司甲' });
    const v = await seedUser(t.db);
    await addMember(t.db, b.company.id, v.user.id);
    expect(
      (await get(`/api/index/info?company_id=${b.company.id}`, b.auth)).json().data.authInfo.company_button,
    ).toEqual({
      text: '立即认证',
      flag: 1,
    });
    const vi = (await get(`/api/index/info?company_id=${b.company.id}`, v.auth)).json().data.authInfo;
    expect(vi).toMatchObject({
      auth_button: { text: '立即认证', flag: 1 },
      company_status: 0,
      company_button: { text: '立即认证', flag: 0 },
      advanced_button: 0,
    });
    // in the sub-user's own (personal) company the same user is the main account again
    expect(
      (await get(`/api/index/info?company_id=${v.company.id}`, v.auth)).json().data.authInfo.company_button,
    ).toEqual({
      text: '立即认证',
      flag: 1,
    });
  });
});
