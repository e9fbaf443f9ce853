import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { bankCards, companyMembers, memberMenus, personAuths, seals, users } from '../../db/schema';
import { checkedLeafIds, grantIdsWithGroups, leafIds } from '@jizu/shared/rules/grants';
import { registeredHandovers } from './handover';
import { addMember, createTestApp, seedUser, testPhone } from '../../test/harness';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const get = (url: string, headers: THeaders) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: THeaders, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const members = (companyId: number) =>
  t.db
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), isNull(companyMembers.deletedAt)))
    .orderBy(companyMembers.id);
const grants = async (memberId: number) =>
  (await t.db.select().from(memberMenus).where(eq(memberMenus.memberId, memberId))).map((g) => g.menuId).sort();

async function company() {
  return seedUser(t.db, { companyName: `成员测试工程有限公司${testPhone().slice(-4)}` });
}
/** Adds a member through the API with the dev SMS code. */
async function add(owner: { auth: THeaders }, phone: string, name: string) {
  expect((await post('/api/company/user/sms', owner.auth, { phone })).json().status).toBe(1);
  return post('/api/company/user/add', owner.auth, { phone, code: '123456', name, remark: '' });
}

describe('company members', () => {
  it('the main account adds an existing user and a new phone, which gets its own account', async () => {
    const owner = await company();
    const existing = await seedUser(t.db);
    const r1 = await add(owner, existing.phone, '张工');
    expect(r1.json()).toMatchObject({ status: 1, msg: '添加成功' });
    const fresh = testPhone();
    expect((await add(owner, fresh, '李会计')).json().status).toBe(1);
    const [newUser] = await t.db.select().from(users).where(eq(users.phone, fresh));
    expect(newUser).toMatchObject({ level: 'A' });
    const list = (await get('/api/company/user/lst', owner.auth)).json().data;
    expect(
      list.map((m: { member_name: string; master: number; status: number }) => [m.member_name, m.master, m.status]),
    ).toEqual([
      [expect.any(String), 1, 1],
      ['张工', 0, 1],
      ['李会计', 0, 1],
    ]);
    expect(list[1].phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(list.map((m: { auth_status: number }) => m.auth_status)).toEqual([0, 0, 0]);
    // a member who passed personal verification carries the real-name badge; one in review does not
    await t.db.insert(personAuths).values({
      userId: existing.user.id,
      name: '张三',
      card: '110101199003074514',
      cardFace: '/a.png',
      cardBack: '/b.png',
      status: 1,
    });
    await t.db.insert(personAuths).values({
      userId: newUser.id,
      name: '李四',
      card: '110101199003072456',
      cardFace: '/a.png',
      cardBack: '/b.png',
      status: 3,
    });
    const after = (await get('/api/company/user/lst', owner.auth)).json().data;
    expect(
      after.map((m: { member_name: string; auth_status: number }) => [m.member_name, m.auth_status]).slice(1),
    ).toEqual([
      ['张工', 1],
      ['李会计', 0],
    ]);
    // the new account has its own personal company as main account, and this company as a sub-user
    const memberships = await t.db
      .select()
      .from(companyMembers)
      .where(and(eq(companyMembers.userId, newUser.id), isNull(companyMembers.deletedAt)));
    expect(memberships.map((m) => [m.companyId === owner.company.id, m.master]).sort()).toEqual([
      [false, 1],
      [true, 0],
    ]);
  });

  it('refuses a wrong code, a member twice and a name twice; nothing is added', async () => {
    const owner = await company();
    const a = await seedUser(t.db);
    for (const [body, msg] of [
      [{}, '请输入手机号码'],
      [{ phone: '1380000' }, '手机号码格式不正确'],
    ] as const) {
      const res = await post('/api/company/user/sms', owner.auth, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    await post('/api/company/user/sms', owner.auth, { phone: a.phone });
    const wrong = await post('/api/company/user/add', owner.auth, {
      phone: a.phone,
      code: '000000',
      name: '张工',
      remark: '',
    });
    expect(wrong.json()).toMatchObject({ status: 0, msg: '验证码错误' });
    expect(await members(owner.company.id)).toHaveLength(1);
    expect(
      (await post('/api/company/user/add', owner.auth, { phone: a.phone, code: '123456', name: '', remark: '' })).json()
        .msg,
    ).toBe('请输入用户名称');
    expect(
      (
        await post('/api/company/user/add', owner.auth, { phone: a.phone, code: '123456', name: '张工', remark: '' })
      ).json().status,
    ).toBe(1);
    // already a member: refused before any SMS is sent
    const again = await post('/api/company/user/sms', owner.auth, { phone: a.phone });
    expect(again.json()).toMatchObject({ status: 0, msg: '该用户已是企业成员' });
    const b = await seedUser(t.db);
    const dupName = await add(owner, b.phone, '张工');
    expect(dupName.json()).toMatchObject({ status: 0, msg: '用户名称已存在' });
    expect(await members(owner.company.id)).toHaveLength(2);
  });

  it('edits, switches off and on; the main row cannot be changed; off takes effect at once', async () => {
    const owner = await company();
    const sub = await seedUser(t.db);
    await add(owner, sub.phone, '张工');
    const [main, m] = await members(owner.company.id);
    expect(
      (await post('/api/company/user/save', owner.auth, { id: m.id, name: '张工程师', remark: '设备部' })).json(),
    ).toMatchObject({
      status: 1,
      msg: '修改成功',
    });
    for (const [url, body] of [
      ['/api/company/user/save', { id: main.id, name: 'x', remark: '' }],
      ['/api/company/user/on', { id: main.id, status: 0 }],
      ['/api/company/user/del', { id: main.id, handover_id: m.id }],
    ] as const) {
      const res = await post(url, owner.auth, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('主账号不能修改');
    }
    const q = `?company_id=${owner.company.id}`;
    await post('/api/company/privilege/save', owner.auth, { member_id: m.id, menu_id: [5, 501] });
    expect((await get(`/api/company/info${q}`, sub.auth)).statusCode).toBe(200);
    expect((await post('/api/company/user/on', owner.auth, { id: m.id, status: 0 })).json()).toMatchObject({
      status: 1,
      msg: '已停用',
    });
    const off = await get(`/api/company/info${q}`, sub.auth);
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'NOT_MEMBER', msg: '您不是该企业的成员，或账号已被停用' });
    // every route of the company, reading or writing, in every session of that user
    const { createSession } = await import('../../platform/session');
    const second = {
      authorization: `Bearer ${(await createSession(t.db, sub.user.id, { ip: '127.0.0.1', userAgent: 'other', days: 1 })).token}`,
    };
    for (const res of [
      await get(`/api/company/bank/lst${q}`, second),
      await get(`/api/company/signet/lst${q}`, sub.auth),
      await post('/api/company/bank/save', second, {
        company_id: owner.company.id,
        name: '招商银行',
        no: '6225880212349999',
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('NOT_MEMBER');
    }
    expect(await t.db.select().from(bankCards).where(eq(bankCards.companyId, owner.company.id))).toHaveLength(0);
    await post('/api/company/user/on', owner.auth, { id: m.id, status: 1 });
    expect((await get(`/api/company/info${q}`, sub.auth)).statusCode).toBe(200);
    expect((await members(owner.company.id))[1]).toMatchObject({ memberName: '张工程师', remark: '设备部', status: 1 });
  });

  it('deletes with a hand-over person, who takes over the records; the deleted member is refused at once', async () => {
    const owner = await company();
    const a = await seedUser(t.db);
    const b = await seedUser(t.db);
    await add(owner, a.phone, '张工');
    await add(owner, b.phone, '李工');
    const [, ma, mb] = await members(owner.company.id);
    await post('/api/company/privilege/save', owner.auth, { member_id: ma.id, menu_id: [5, 503] });
    const q = { company_id: owner.company.id };
    expect(
      (await post('/api/company/bank/save', a.auth, { ...q, name: '招商银行', no: '6225880212345678' })).json().status,
    ).toBe(1);
    // a seal the member submitted, and a card of another company by the same person that must not move
    await t.db.insert(seals).values({
      companyId: owner.company.id,
      name: '合同专用章',
      image: '/uploads/signet/x.png',
      createdBy: a.user.id,
    });
    await t.db
      .insert(bankCards)
      .values({ companyId: a.company.id, name: '个人卡', no: '6225880200000001', createdBy: a.user.id });
    expect(registeredHandovers()).toEqual(expect.arrayContaining(['bank_cards', 'seals']));

    expect((await post('/api/company/user/del', owner.auth, { id: ma.id })).json().msg).toBe('请选择交接人');
    expect((await post('/api/company/user/del', owner.auth, { id: ma.id, handover_id: ma.id })).json().msg).toBe(
      '交接人须为本企业其他已启用的成员',
    );
    await post('/api/company/user/on', owner.auth, { id: mb.id, status: 0 });
    expect((await post('/api/company/user/del', owner.auth, { id: ma.id, handover_id: mb.id })).json().msg).toBe(
      '交接人须为本企业其他已启用的成员',
    );
    expect(await members(owner.company.id)).toHaveLength(3);
    await post('/api/company/user/on', owner.auth, { id: mb.id, status: 1 });

    expect((await post('/api/company/user/del', owner.auth, { id: ma.id, handover_id: mb.id })).json()).toMatchObject({
      status: 1,
      msg: '删除成功',
    });
    expect((await members(owner.company.id)).map((m) => m.id)).toEqual([expect.any(Number), mb.id]);
    expect(await grants(ma.id)).toEqual([]);
    const [card] = await t.db.select().from(bankCards).where(eq(bankCards.companyId, owner.company.id));
    expect(card.createdBy).toBe(b.user.id);
    const [seal] = await t.db.select().from(seals).where(eq(seals.companyId, owner.company.id));
    expect(seal.createdBy).toBe(b.user.id);
    const [own] = await t.db.select().from(bankCards).where(eq(bankCards.companyId, a.company.id));
    expect(own.createdBy).toBe(a.user.id);
    // the deleted member is refused on the next call, whatever route; its own company still works
    for (const res of [
      await get(`/api/company/bank/lst?company_id=${owner.company.id}`, a.auth),
      await get(`/api/index/menu?company_id=${owner.company.id}`, a.auth),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 0, code: 'NOT_MEMBER', msg: '您不是该企业的成员，或账号已被停用' });
    }
    expect((await get(`/api/company/bank/lst?company_id=${a.company.id}`, a.auth)).json().data).toHaveLength(1);
    expect(
      (await get('/api/index/info', a.auth))
        .json()
        .data.member_company.map((m: { company_id: number }) => m.company_id),
    ).toEqual([a.company.id]);
  });

  it('grants: the tree of company pages with checks; the sub-user sees exactly the granted sections', async () => {
    const owner = await company();
    const sub = await seedUser(t.db);
    await add(owner, sub.phone, '张工');
    const [main, m] = await members(owner.company.id);
    const tree = (await get(`/api/company/privilege/lst?member_id=${m.id}`, owner.auth)).json().data;
    const section = tree.find((s: { id: number }) => s.id === 5);
    expect(section.child.map((c: { id: number; checked: boolean }) => [c.id, c.checked])).toEqual(
      expect.arrayContaining([
        [501, false],
        [503, false],
      ]),
    );
    expect(tree.some((s: { id: number }) => s.id === 1)).toBe(false);
    expect(
      (await post('/api/company/privilege/save', owner.auth, { member_id: m.id, menu_id: [5, 503] })).json(),
    ).toMatchObject({
      status: 1,
      msg: '保存成功',
    });
    expect(await grants(m.id)).toEqual([5, 503]);
    const after = (await get(`/api/company/privilege/lst?member_id=${m.id}`, owner.auth)).json().data;
    expect(after.find((s: { id: number }) => s.id === 5).child.find((c: { id: number }) => c.id === 503).checked).toBe(
      true,
    );
    // the page saves groups plus pages from the tree as answered, touched or not: the same ids come back (spec/1 §2)
    expect(grantIdsWithGroups(after, checkedLeafIds(after))).toEqual([5, 503]);
    const all = grantIdsWithGroups(after, leafIds(after));
    expect(all).toEqual(expect.arrayContaining([5, 501, 502, 503, 504, 505, 506]));
    expect(
      (await post('/api/company/privilege/save', owner.auth, { member_id: m.id, menu_id: all })).json().status,
    ).toBe(1);
    expect(await grants(m.id)).toEqual([...all].sort());
    await post('/api/company/privilege/save', owner.auth, { member_id: m.id, menu_id: [5, 503] });
    const menu = (await get(`/api/index/menu?company_id=${owner.company.id}`, sub.auth)).json().data;
    expect(menu.find((s: { id: number }) => s.id === 5).child.map((c: { id: number }) => c.id)).toEqual([503]);
    // bad ids, personal pages and the main account are refused; nothing changes
    for (const [body, msg] of [
      [{ member_id: m.id, menu_id: [503, 99999] }, '权限菜单不正确'],
      [{ member_id: m.id, menu_id: [101] }, '权限菜单不正确'],
      [{ member_id: main.id, menu_id: [503] }, '只能为子账号设置权限'],
    ] as const) {
      expect((await post('/api/company/privilege/save', owner.auth, body)).json().msg).toBe(msg);
    }
    expect(await grants(m.id)).toEqual([5, 503]);
  });

  it('a sub-user cannot add, toggle, edit or grant; another company answers 404; a stranger -1', async () => {
    const owner = await company();
    const sub = await seedUser(t.db);
    const member = await addMember(t.db, owner.company.id, sub.user.id, { menus: [5, 504, 505] });
    const body = { company_id: owner.company.id };
    for (const [url, b] of [
      ['/api/company/user/sms', { phone: testPhone() }],
      ['/api/company/user/add', { phone: testPhone(), code: '123456', name: '某人', remark: '' }],
      ['/api/company/user/save', { id: member.id, name: '改名', remark: '' }],
      ['/api/company/user/on', { id: member.id, status: 0 }],
      ['/api/company/user/del', { id: member.id, handover_id: member.id }],
      ['/api/company/privilege/save', { member_id: member.id, menu_id: [503] }],
    ] as const) {
      const res = await post(url, sub.auth, { ...body, ...b });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'MAIN_ONLY', msg: '仅企业主账号可以执行此操作' });
    }
    // with the grant a sub-user may look at the list
    expect((await get(`/api/company/user/lst?company_id=${owner.company.id}`, sub.auth)).json().data).toHaveLength(2);
    expect(await grants(member.id)).toEqual([5, 504, 505]);

    const other = await company();
    for (const [url, b] of [
      ['/api/company/user/save', { id: member.id, name: '改名', remark: '' }],
      ['/api/company/user/on', { id: member.id, status: 0 }],
      ['/api/company/privilege/save', { member_id: member.id, menu_id: [503] }],
    ] as const) {
      expect((await post(url, other.auth, b)).statusCode).toBe(404);
    }
    expect((await get(`/api/company/privilege/lst?member_id=${member.id}`, other.auth)).statusCode).toBe(404);
    expect((await get('/api/company/user/lst', {})).json().status).toBe(-1);
    expect((await members(owner.company.id))[1]).toMatchObject({ memberName: `成员${sub.user.id}`, status: 1 });
  });
});
