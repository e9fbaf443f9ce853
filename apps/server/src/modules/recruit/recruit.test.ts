import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MENU } from '@jizu/shared/constants/menu';
import { HIRE_PHONE_LIMIT, RECRUIT_MACHINE } from '@jizu/shared/constants/recruit';
import { auditEvents, personAuths, systemMessages } from '../../db/schema';
import { addMember, createTestApp, seedUser } from '../../test/harness';
import { loadReferenceData } from '../../seed/reference';
import { loadLabourTargets } from './labour';
import { recruitPhoneViews, recruits } from './recruit.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: Awaited<ReturnType<typeof seedUser>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
  staff = await seedUser(t.db, { role: 'admin' });
});
afterAll(async () => t?.close());

type H = Record<string, string>;
type TUser = Awaited<ReturnType<typeof seedUser>>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H = {}, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const form = (over: object = {}) => ({
  province: 32,
  city: 3205,
  area: 320505,
  address: '科技城锦峰路158号项目部',
  resume_category: 1,
  working_days: 30,
  salary_min: 8000,
  salary_max: 10000,
  negotiation: 2,
  content: '招聘熟练挖掘机机手一名，20吨级，包吃住，持证上岗',
  ...over,
});
const rowsOf = (companyId: number) => t.db.select().from(recruits).where(eq(recruits.companyId, companyId));
const rowOf = async (id: number) => (await t.db.select().from(recruits).where(eq(recruits.id, id)))[0];

let cards = 0;
/** A passed personal verification for the user (the verify module's table, as its own tests write it). */
async function verify(u: TUser) {
  cards += 1;
  await t.db.insert(personAuths).values({
    userId: u.user.id,
    name: '张三',
    card: 'sealed',
    cardMask: '110***********1234',
    cardIndex: `idx-hire-${u.user.id}-${cards}`,
    cardFace: '/f.png',
    cardBack: '/b.png',
    status: 1,
  });
  return u;
}
const hirer = async (companyName?: string) => verify(await seedUser(t.db, companyName ? { companyName } : {}));
const publish = async (u: TUser, over: object = {}) => {
  const res = (await call('POST', '/api/recruit/recruit', u.auth, form(over))).json();
  expect(res).toMatchObject({ status: 1, msg: '提交成功' });
  return res.data.id as number;
};
const review = (id: number, action: 'approve' | 'reject', reason = '') =>
  call('POST', `/api/admin/recruits/${id}/review`, staff.auth, { action, reason });

describe('hiring demands: publish, review, hall, phone, end', () => {
  it('runs a demand through its life; each step checked where the owner, the staff and the public see it', async () => {
    const owner = await hirer(`招聘方${Math.random().toString(36).slice(2, 6)}建设公司`);
    const id = await publish(owner);
    // the owner's list: pending, with its actions from the transition table
    const pending = (await call('GET', '/api/recruit/recruit?audit_status=1', owner.auth)).json().data;
    expect(pending.total).toBe(1);
    expect(pending.data[0]).toMatchObject({
      id,
      company_id: owner.company.id,
      category: 1,
      category_v: '挖掘机',
      resume_category: 1,
      province_v: '江苏省',
      city_v: '苏州市',
      working_days: 30,
      salary_v: '8000-10000元/月',
      negotiation: 2,
      audit_status: 1,
      audit_status_v: '待审核',
      audit_reason: '',
      view_url: `/site/hire/${id}`,
      op: ['edit', 'delete'],
    });
    expect(pending.data[0].create_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // not public before review
    expect((await call('GET', `/api/site/hire/${id}`)).json()).toMatchObject({
      status: 0,
      msg: '该招聘信息已下架或尚未通过审核',
      code: 'HIRE_NOT_PUBLIC',
    });
    expect(
      (await call('GET', '/api/site/hire?size=50')).json().data.data.map((r: { id: number }) => r.id),
    ).not.toContain(id);

    // staff only; a rejection needs its reason
    expect((await call('POST', `/api/admin/recruits/${id}/review`, owner.auth, { action: 'approve' })).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/admin/recruits', owner.auth)).statusCode).toBe(403);
    expect((await review(id, 'reject')).json()).toMatchObject({ status: 0, msg: '请填写驳回原因' });
    expect((await review(id, 'reject', '长'.repeat(201))).json().msg).toBe('驳回原因不能超过200个字');
    expect((await rowOf(id)).auditStatus).toBe(1);
    expect((await review(id, 'reject', '招聘说明过于简单')).json()).toMatchObject({ status: 1, msg: '操作成功' });
    const failed = (await call('GET', `/api/recruit/recruit/${id}/edit`, owner.auth)).json().data;
    expect(failed).toMatchObject({
      audit_status: 5,
      audit_status_v: '审核失败',
      audit_reason: '招聘说明过于简单',
      op: ['edit', 'delete'],
    });

    // corrected: back to review, reason gone; then approved
    expect(
      (
        await call(
          'PUT',
          `/api/recruit/recruit/${id}`,
          owner.auth,
          form({
            content: '招聘熟练挖掘机机手一名，20吨级，包吃住，月休四天，持证上岗',
            negotiation: 1,
            salary_min: '',
            salary_max: '',
          }),
        )
      ).json(),
    ).toMatchObject({ status: 1, msg: '修改成功' });
    expect(await rowOf(id)).toMatchObject({
      auditStatus: 1,
      auditReason: '',
      negotiation: 1,
      salaryMin: 0,
      salaryMax: 0,
    });
    expect((await review(id, 'approve')).json().status).toBe(1);
    expect((await review(id, 'approve')).statusCode).toBe(409);
    const inbox = await t.db.select().from(systemMessages).where(eq(systemMessages.userId, owner.user.id));
    expect(inbox.map((m) => m.title).sort()).toEqual(['招聘需求审核未通过', '招聘需求审核通过']);
    expect(inbox.find((m) => m.title === '招聘需求审核未通过')?.body).toContain('原因：招聘说明过于简单');

    // public: in the hall and on its page, salary 面议, the phone masked
    const hall = (await call('GET', '/api/site/hire?size=50')).json().data;
    const card = hall.data.find((r: { id: number }) => r.id === id);
    expect(card).toMatchObject({ salary_v: '面议', audit_status: 2, company_v: owner.company.name, phone_mask: '' });
    expect(card).not.toHaveProperty('audit_reason');
    expect(card).not.toHaveProperty('company_id');
    const pageData = (await call('GET', `/api/site/hire/${id}`)).json().data;
    expect(pageData).toMatchObject({
      id,
      category_v: '挖掘机',
      salary_v: '面议',
      phone_mask: `${owner.phone.slice(0, 3)}****${owner.phone.slice(-4)}`,
    });
    expect(JSON.stringify(pageData)).not.toContain(owner.phone);

    // the phone: a stranger must log in, an unverified user is refused, a verified one gets it and it is recorded
    expect((await call('POST', `/api/recruit/recruit/${id}/phone`)).json().status).toBe(-1);
    const plain = await seedUser(t.db);
    const refused = await call('POST', `/api/recruit/recruit/${id}/phone`, plain.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('完成个人认证后可查看联系方式');
    const seeker = await verify(await seedUser(t.db));
    expect((await call('POST', `/api/recruit/recruit/${id}/phone`, seeker.auth)).json()).toMatchObject({
      status: 1,
      data: { phone: owner.phone, contacts: owner.user.username },
    });
    const views = await t.db.select().from(recruitPhoneViews).where(eq(recruitPhoneViews.recruitId, id));
    expect(views.map((v) => ({ viewer: v.viewerId, owner: v.ownerId }))).toEqual([
      { viewer: seeker.user.id, owner: owner.user.id },
    ]);

    // hiring: no edit, no delete; end only as 3 or 4
    expect((await call('PUT', `/api/recruit/recruit/${id}`, owner.auth, form())).statusCode).toBe(409);
    expect((await call('DELETE', `/api/recruit/recruit/${id}`, owner.auth)).statusCode).toBe(409);
    expect((await call('PUT', `/api/recruit/recruit/${id}`, owner.auth, { type: 'end', sta: 5 })).statusCode).toBe(400);
    expect((await call('PUT', `/api/recruit/recruit/${id}`, owner.auth, { type: 'end', sta: 2 })).statusCode).toBe(400);
    expect((await rowOf(id)).auditStatus).toBe(2);
    expect((await call('PUT', `/api/recruit/recruit/${id}`, owner.auth, { type: 'end', sta: 3 })).json()).toMatchObject(
      {
        status: 1,
        msg: '状态修改成功!',
      },
    );
    expect((await call('PUT', `/api/recruit/recruit/${id}`, owner.auth, { type: 'end', sta: 4 })).statusCode).toBe(409);
    expect((await call('GET', '/api/recruit/recruit?audit_status=3', owner.auth)).json().data.data[0]).toMatchObject({
      id,
      audit_status_v: '招聘成功',
      op: ['view'],
    });
    // succeeded: its page stays (已招到), the hall and the phone do not
    expect((await call('GET', `/api/site/hire/${id}`)).json().data).toMatchObject({
      audit_status: 3,
      audit_status_v: '招聘成功',
    });
    expect(
      (await call('GET', '/api/site/hire?size=50')).json().data.data.map((r: { id: number }) => r.id),
    ).not.toContain(id);
    const late = await call('POST', `/api/recruit/recruit/${id}/phone`, seeker.auth);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe('该招聘已结束，无法联系招聘方');

    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'recruit'), eq(auditEvents.entityId, id)));
    expect(trail.map((e) => `${e.action}:${e.fromStatus}>${e.toStatus}`)).toEqual([
      'submit:>1',
      'reject:1>5',
      'edit:5>1',
      'approve:1>2',
      'end:2>3',
    ]);
  });

  const contacts = [
    '有意者请联系13812345678，待遇从优',
    '联系我：一三八一二三四五六七八，急招挖机师傅',
    '加V：jizu2026，详谈待遇，长期招人',
    'QQ 1234 5678 9 来聊，包吃住',
    '简历发邮箱 driver.li@163.com 谢谢',
  ];
  const bad: [string, object, string][] = [
    ['no region', { province: undefined, city: undefined, area: undefined }, '请填写所有必填项！'],
    ['a region that is not a chain', { area: 110101 }, '请选择正确的招聘地区'],
    ['no address', { address: '  ' }, '请填写所有必填项！'],
    ['an address over 100', { address: '路'.repeat(101) }, '详细地址不能超过100个字'],
    ['no category', { resume_category: '' }, '请填写所有必填项！'],
    ['an unknown category', { resume_category: 99 }, '请选择正确的机械类别'],
    ['three categories', { resume_category: '1,2,3' }, '请选择正确的机械类别'],
    ['working days 0', { working_days: 0 }, '期望工期不能为0'],
    ['working days missing', { working_days: '' }, '期望工期不能为0'],
    ['working days negative', { working_days: '-5' }, '期望工期不能为0'],
    ['working days not whole', { working_days: '1.5' }, '期望工期须为1-3650天的整数'],
    ['working days over 3650', { working_days: 3651 }, '期望工期须为1-3650天的整数'],
    ['salary min 0', { salary_min: 0 }, '薪资须为大于0的整数'],
    ['salary min not whole', { salary_min: '8000.5' }, '薪资须为大于0的整数'],
    ['salary max missing', { salary_max: '' }, '薪资须为大于0的整数'],
    ['salary max text', { salary_max: '一万' }, '薪资须为大于0的整数'],
    ['salary over the cap', { salary_max: 1_000_001 }, '薪资不能超过1000000元'],
    ['salary min above max', { salary_min: 12000, salary_max: 9000 }, '薪资格式错误，已恢复默认值'],
    ['salary min equal to max', { salary_min: 9000, salary_max: 9000 }, '薪资格式错误，已恢复默认值'],
    ['negotiation 3', { negotiation: 3 }, '信息填写有误'],
    ['no content', { content: '' }, '请填写所有必填项！'],
    ['content under 10', { content: '招挖机师傅' }, '内容为10-200个字'],
    ['content over 200', { content: '招'.repeat(201) }, '内容为10-200个字'],
    ...contacts.map((c): [string, object, string] => [
      `contact details: ${c}`,
      { content: c },
      '内容不能包含手机号、微信、QQ、邮箱等联系方式',
    ]),
  ];
  it.each(bad)('refuses %s with the exact message and writes nothing', async (_c, over, msg) => {
    const u = await hirer();
    const res = await call('POST', '/api/recruit/recruit', u.auth, form(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, msg });
    expect(await rowsOf(u.company.id)).toHaveLength(0);
  });

  it('refuses the same rules on an edit and leaves the row as it was', async () => {
    const u = await hirer();
    const id = await publish(u);
    const before = await rowOf(id);
    for (const [, over, msg] of bad.filter(([c]) => c !== 'a region that is not a chain')) {
      const res = await call('PUT', `/api/recruit/recruit/${id}`, u.auth, form(over));
      expect(res.json().msg).toBe(msg);
    }
    expect((await call('PUT', `/api/recruit/recruit/${id}`, u.auth, form({ area: 110101 }))).json().msg).toBe(
      '请选择正确的招聘地区',
    );
    expect(await rowOf(id)).toEqual(before);
  });

  it('takes defaults and ignores the salary when negotiable', async () => {
    const u = await hirer();
    const id = await publish(u, { negotiation: 1, salary_min: 'abc', salary_max: 0 });
    expect(await rowOf(id)).toMatchObject({
      negotiation: 1,
      salaryMin: 0,
      salaryMax: 0,
      auditStatus: 1,
      userId: u.user.id,
      companyId: u.company.id,
    });
    expect((await call('GET', `/api/recruit/recruit/${id}/edit`, u.auth)).json().data.salary_v).toBe('面议');
    const id2 = await publish(u, { negotiation: undefined, salary_min: '8500', salary_max: '9500' });
    expect(await rowOf(id2)).toMatchObject({ negotiation: 2, salaryMin: 8500, salaryMax: 9500 });
  });

  it('refuses an unverified publisher (and a pending verification) with the prompt; a stranger must log in', async () => {
    const u = await seedUser(t.db);
    let res = await call('POST', '/api/recruit/recruit', u.auth, form());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 0, msg: '发布前请先完成个人认证' });
    await t.db.insert(personAuths).values({
      userId: u.user.id,
      name: '张三',
      card: 'sealed',
      cardMask: '110***********1234',
      cardIndex: `idx-pending-${u.user.id}`,
      cardFace: '/f.png',
      cardBack: '/b.png',
      status: 3,
    });
    res = await call('POST', '/api/recruit/recruit', u.auth, form());
    expect(res.json().msg).toBe('发布前请先完成个人认证');
    expect(await rowsOf(u.company.id)).toHaveLength(0);
    expect((await call('POST', '/api/recruit/recruit', {}, form())).json().status).toBe(-1);
    expect((await call('GET', '/api/recruit/recruit')).statusCode).toBe(401);
  });

  it('allows each owner action only from its states (RECRUIT_MACHINE), compared on the row', async () => {
    const u = await hirer();
    // spec/3 §4, written out here rather than read from RECRUIT_MACHINE, so a wrong table fails
    const FROM: Record<string, number[]> = { edit: [1, 5], delete: [1, 5], end: [2], approve: [1], reject: [1] };
    const expected = (op: string, s: number) => FROM[op].includes(s);
    // the table's rows by the button they are (both endings are 结束), a new demand's submit aside
    const op = (a: string) => (a === 'succeed' || a === 'close' ? 'end' : a);
    expect(
      Object.fromEntries(
        RECRUIT_MACHINE.rows
          .filter((o) => o.action !== 'view' && o.action !== 'submit')
          .map((o) => [op(o.action), [...o.from]]),
      ),
    ).toEqual(FROM);
    for (const s of [1, 2, 3, 4, 5]) {
      const tries: [string, () => ReturnType<typeof call>, number | null][] = [];
      const mk = async () => {
        const id = await publish(u);
        await t.db.update(recruits).set({ auditStatus: s }).where(eq(recruits.id, id));
        return id;
      };
      const a = await mk();
      tries.push(['edit', () => call('PUT', `/api/recruit/recruit/${a}`, u.auth, form()), 1]);
      const b = await mk();
      tries.push(['delete', () => call('DELETE', `/api/recruit/recruit/${b}`, u.auth), null]);
      const c = await mk();
      tries.push(['end', () => call('PUT', `/api/recruit/recruit/${c}`, u.auth, { type: 'end', sta: 4 }), 4]);
      const d = await mk();
      tries.push(['approve', () => review(d, 'approve'), 2]);
      const e = await mk();
      tries.push(['reject', () => review(e, 'reject', '不符合要求'), 5]);
      for (const [i, [op, run, to]] of tries.entries()) {
        const id = [a, b, c, d, e][i];
        const before = await rowOf(id);
        const res = await run();
        const row = await rowOf(id);
        if (expected(op, s)) {
          expect(res.statusCode, `${op} from ${s}`).toBe(200);
          if (to === null) expect(row, `${op} from ${s}`).toBeUndefined();
          else expect(row.auditStatus, `${op} from ${s}`).toBe(to);
        } else {
          expect(res.statusCode, `${op} from ${s}`).toBe(409);
          expect(res.json().msg, `${op} from ${s}`).toBe('当前状态不能进行此操作，请刷新后重试');
          expect(row, `${op} from ${s}`).toEqual(before);
        }
      }
    }
  });

  it("another company's or user's demand answers 404 like a missing one; a sub-user needs the 招聘需求 grant", async () => {
    const a = await hirer();
    const b = await hirer();
    const id = await publish(a);
    for (const [m, url, body] of [
      ['GET', `/api/recruit/recruit/${id}/edit`, undefined],
      ['PUT', `/api/recruit/recruit/${id}`, form()],
      ['PUT', `/api/recruit/recruit/${id}`, { type: 'end', sta: 3 }],
      ['DELETE', `/api/recruit/recruit/${id}`, undefined],
      ['GET', '/api/recruit/recruit/999999/edit', undefined],
    ] as const) {
      const res = await call(m, url, b.auth, body);
      expect(res.statusCode, `${m} ${url}`).toBe(404);
      expect(res.json().msg).toBe('信息不存在或已删除');
    }
    expect((await call('GET', '/api/recruit/recruit', b.auth)).json().data.total).toBe(0);
    // b naming a's company: not a member
    expect((await call('GET', `/api/recruit/recruit?company_id=${a.company.id}`, b.auth)).statusCode).toBe(403);
    // a sub-user of a's company: only with the grant of menu 4203
    const sub = await verify(await seedUser(t.db));
    await addMember(t.db, a.company.id, sub.user.id, { menus: [MENU.rentDemand] });
    expect((await call('GET', `/api/recruit/recruit?company_id=${a.company.id}`, sub.auth)).statusCode).toBe(403);
    const granted = await verify(await seedUser(t.db));
    await addMember(t.db, a.company.id, granted.user.id, { menus: [MENU.recruit] });
    expect(
      (await call('GET', `/api/recruit/recruit?company_id=${a.company.id}`, granted.auth))
        .json()
        .data.data.map((r: { id: number }) => r.id),
    ).toEqual([id]);
    // a granted sub-user without personal verification may read the company's demands but not publish or edit one
    const unverified = await seedUser(t.db);
    await addMember(t.db, a.company.id, unverified.user.id, { menus: [MENU.recruit] });
    const before = await rowOf(id);
    for (const [m, url] of [
      ['POST', '/api/recruit/recruit'],
      ['PUT', `/api/recruit/recruit/${id}`],
    ] as const) {
      const res = await call(
        m,
        url,
        unverified.auth,
        form({ company_id: a.company.id, content: '招聘熟练挖掘机机手两名，30吨级，包吃住，持证上岗' }),
      );
      expect(res.statusCode, `${m} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ status: 0, msg: '发布前请先完成个人认证' });
    }
    expect(await rowsOf(a.company.id)).toHaveLength(1);
    expect(await rowOf(id)).toEqual(before);
  });

  it('filters the list by tab, category and a region keyword; pages of 5', async () => {
    const u = await hirer();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++)
      ids.push(
        await publish(u, {
          resume_category: i < 3 ? 2 : 5,
          address: `工业园${i}号`,
          ...(i === 5 ? { province: 44, city: 4403, area: 440305 } : {}),
        }),
      );
    await review(ids[0], 'approve');
    const list = async (qs: string) =>
      (await call('GET', `/api/recruit/recruit?${qs}`, u.auth)).json().data as {
        data: { id: number }[];
        total: number;
      };
    const first = await list('');
    expect(first.total).toBe(6);
    expect(first.data.map((r) => r.id)).toEqual(ids.slice(1).reverse());
    expect((await list('page=2')).data.map((r) => r.id)).toEqual([ids[0]]);
    expect((await list('audit_status=2')).data.map((r) => r.id)).toEqual([ids[0]]);
    expect((await list('audit_status=1&resume_category=2')).data.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect((await list(`address=${encodeURIComponent('深圳')}`)).data.map((r) => r.id)).toEqual([ids[5]]);
    expect((await list(`address=${encodeURIComponent('南山区')}`)).data.map((r) => r.id)).toEqual([ids[5]]);
    expect((await list(`address=${encodeURIComponent('工业园3号')}`)).data.map((r) => r.id)).toEqual([ids[3]]);
    expect((await list(`address=${encodeURIComponent('苏州 虎丘')}`)).total).toBe(5);
    expect((await call('GET', '/api/recruit/recruit?audit_status=6', u.auth)).statusCode).toBe(400);
  });
});

describe('the hiring hall, the console and the comment targets', () => {
  it('lists hiring demands only, by category, province and city; pages, sitemap and meta; one not public answers its own 招聘信息已下架', async () => {
    const u = await hirer('大厅测试建设有限公司');
    const sz = await publish(u, { resume_category: 9, province: 44, city: 4403, area: 440305, address: '科技园南区' });
    const sh = await publish(u, { resume_category: 9, province: 31, city: 3101, area: 310115, address: '张江路' });
    const waiting = await publish(u, { resume_category: 9 });
    const closed = await publish(u, { resume_category: 9 });
    for (const id of [sz, sh, closed]) await review(id, 'approve');
    await call('PUT', `/api/recruit/recruit/${closed}`, u.auth, { type: 'end', sta: 4 });
    const hall = async (qs: string) =>
      (await call('GET', `/api/site/hire?${qs}`)).json().data as {
        data: { id: number }[];
        total: number;
        total_capped: boolean;
      };
    expect((await hall('resume_category=9')).data.map((r) => r.id)).toEqual([sh, sz]);
    expect((await hall('resume_category=9&province=44')).data.map((r) => r.id)).toEqual([sz]);
    expect((await hall('resume_category=9&city=3101')).data.map((r) => r.id)).toEqual([sh]);
    expect((await hall('resume_category=9&province=44&city=3101')).total).toBe(0);
    expect(await hall('resume_category=9&size=1')).toMatchObject({ total: 2, total_capped: false, data: [{ id: sh }] });
    // ended (4) and pending are not public at all
    for (const id of [waiting, closed]) {
      const res = await call('GET', `/api/site/hire/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 0, msg: '该招聘信息已下架或尚未通过审核' });
    }

    const page = await call('GET', `/site/hire/${sz}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>招聘叉车机手 - 广东省深圳市 - 8000-10000元/月 - 招聘大厅 - 机租通</title>');
    expect(page.body).toMatch(/<meta name="description" content="大厅测试建设有限公司招聘叉车机手，工期30天/);
    expect(page.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/site/hire/${sz}" />`);
    // a demand that is not public: its own title and text, not the listing's 设备已下架
    for (const id of [waiting, closed]) {
      const gone = await call('GET', `/site/hire/${id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.body).toContain('noindex');
      expect(gone.body).toContain('<title>招聘信息已下架 - 招聘大厅 - 机租通</title>');
      expect(gone.body).toContain('<meta name="description" content="该招聘信息已下架或尚未通过审核"');
      expect(gone.body).not.toContain('设备已下架');
    }
    expect((await call('GET', '/site/hire?resume_category=9')).body).toContain(
      '<title>叉车机手招聘 - 招聘大厅 - 机租通</title>',
    );
    const map = (await call('GET', '/sitemap.xml')).body;
    expect(map).toContain(`<loc>${t.config.publicUrl}/site/hire</loc>`);
    expect(map).toContain(`<loc>${t.config.publicUrl}/site/hire/${sz}</loc>`);
    expect(map).not.toContain(`/site/hire/${closed}<`);
    expect(map).not.toContain(`/site/hire/${waiting}<`);
  });

  it('the console filters its queue by status, category and keyword', async () => {
    const u = await hirer('队列筛选建设公司');
    const a = await publish(u, { resume_category: 13, content: '混凝土泵车操作手，会保养，长期稳定工作' });
    const b = await publish(u, { resume_category: 13, content: '泵车司机，夜班为主，包住宿不包伙食' });
    await review(b, 'reject', '请补充工作时间');
    const queue = async (qs: string) =>
      (await call('GET', `/api/admin/recruits?${qs}`, staff.auth)).json().data as {
        data: { id: number; company_name: string; publisher: string; phone: string }[];
        total: number;
      };
    expect((await queue('resume_category=13')).data.map((r) => r.id)).toEqual([a]);
    expect((await queue('resume_category=13&audit_status=0')).data.map((r) => r.id)).toEqual([b, a]);
    expect((await queue('resume_category=13&audit_status=5')).data.map((r) => r.id)).toEqual([b]);
    expect((await queue(`audit_status=0&kw=${encodeURIComponent('夜班')}`)).data.map((r) => r.id)).toEqual([b]);
    expect((await queue(`audit_status=0&kw=${encodeURIComponent('长期稳定')}`)).data.map((r) => r.id)).toEqual([a]);
    expect((await queue('resume_category=13')).data[0]).toMatchObject({
      company_name: '队列筛选建设公司',
      publisher: u.user.username,
      phone: u.phone,
    });
    expect(
      (await call('POST', '/api/admin/recruits/999999/review', staff.auth, { action: 'approve' })).statusCode,
    ).toBe(404);
  });

  it('limits phone reveals per user per hour', async () => {
    const u = await hirer();
    const id = await publish(u);
    await review(id, 'approve');
    const seeker = await verify(await seedUser(t.db));
    for (let i = 0; i < HIRE_PHONE_LIMIT.perWindow; i++)
      expect((await call('POST', `/api/recruit/recruit/${id}/phone`, seeker.auth)).statusCode).toBe(200);
    const over = await call('POST', `/api/recruit/recruit/${id}/phone`, seeker.auth);
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toBe('查看联系方式过于频繁，请稍后再试');
    expect(
      await t.db.select().from(recruitPhoneViews).where(eq(recruitPhoneViews.viewerId, seeker.user.id)),
    ).toHaveLength(HIRE_PHONE_LIMIT.perWindow);
  });

  it('registers hiring demands as comment targets: public while hiring or succeeded', async () => {
    const u = await hirer();
    const [p, h, s, c] = [await publish(u), await publish(u), await publish(u), await publish(u)];
    for (const id of [h, s, c]) await review(id, 'approve');
    await call('PUT', `/api/recruit/recruit/${s}`, u.auth, { type: 'end', sta: 3 });
    await call('PUT', `/api/recruit/recruit/${c}`, u.auth, { type: 'end', sta: 4 });
    const got = await loadLabourTargets(t.db, 'recruit', [p, h, s, c, 999999]);
    expect([...got.keys()].sort((x, y) => x - y)).toEqual([p, h, s, c]);
    expect([p, h, s, c].map((id) => got.get(id)!.public)).toEqual([false, true, true, false]);
    expect(got.get(h)).toMatchObject({
      ownerUserId: u.user.id,
      view_url: `/site/hire/${h}`,
      address: '江苏省苏州市',
      resume_category: '挖掘机',
    });
  });
});
