import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU } from '@jizu/shared/constants/menu';
import { addMember, createTestApp, seedUser } from '../../test/harness';
import { loadReferenceData } from '../../seed/reference';
import { call, publishCard, verifiedUser, type TT, type TUser } from '../jobcard/jobcard.fixtures';

let t: TT;
let staff: TUser;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
  staff = await seedUser(t.db, { role: 'admin' });
});
afterAll(async () => t?.close());

const demand = {
  province: 32,
  city: 3205,
  area: 320505,
  address: '科技城锦峰路158号项目部',
  resume_category: 1,
  working_days: 30,
  salary_min: 8000,
  salary_max: 10000,
  negotiation: 2,
  content: '招聘挖掘机司机两名，熟练操作20吨挖机，包吃住，长期稳定。',
};
const center = async (u: TUser, q = '') => (await call(t, 'GET', `/api/recruit/center${q}`, u.auth)).json();

describe('labour centre (GET /recruit/center)', () => {
  it("counts the user's cards, the company's demands, training and received comments; each from its own module", async () => {
    const op = await verifiedUser(t, { companyName: `机手之家${Math.random().toString(36).slice(2, 6)}劳务公司` });
    const empty = await center(op);
    expect(empty).toMatchObject({
      status: 1,
      data: {
        member: { verified: 1, real_name: '张三' },
        card: { total: 0 },
        recruit: { total: 0 },
        training: { total: 0, paid: 0 },
        comments: { received: 0 },
      },
    });
    expect(empty.data.member.phone_v).toMatch(/^\d{3}\*{4}\d{4}$/);

    const cardId = await publishCard(t, op, staff, 'approve');
    expect((await call(t, 'POST', '/api/recruit/recruit', op.auth, demand)).json().status).toBe(1);
    expect((await call(t, 'POST', '/api/recruit/recruit', op.auth, demand)).json().status).toBe(1);
    // another verified user comments on the card and likes it; the owner's own comment is not "received"
    const hirer = await verifiedUser(t);
    expect(
      (
        await call(t, 'POST', '/api/recruit/comment', hirer.auth, {
          type: 'card',
          id: cardId,
          content: '师傅经验丰富，我们项目正缺人，欢迎来面试。',
        })
      ).json().status,
    ).toBe(1);
    expect(
      (await call(t, 'POST', '/api/recruit/like', hirer.auth, { type: 'card', id: cardId, like: true })).json().status,
    ).toBe(1);
    expect(
      (
        await call(t, 'POST', '/api/recruit/comment', op.auth, {
          type: 'card',
          id: cardId,
          content: '谢谢关注，随时可以到岗，期待合作。',
        })
      ).json().status,
    ).toBe(1);

    // a training enrolment (unpaid: its order waits)
    expect(
      (
        await call(t, 'POST', '/api/admin/training/major', staff.auth, {
          name: `挖掘机操作${Math.random().toString(36).slice(2, 5)}`,
          content: '理论与实操，考核合格颁发结业证书。',
          price: 280000,
        })
      ).json().status,
    ).toBe(1);
    const major = (await call(t, 'GET', '/api/recruit/applyo/create', op.auth)).json().data.category[0];
    expect(
      (
        await call(t, 'POST', '/api/recruit/applyo', op.auth, {
          apply_category_id: major.id,
          education: '高中',
          pay_name: 'wx',
        })
      ).json().status,
    ).toBe(1);

    const d = (await center(op)).data;
    expect(d.training).toEqual({ total: 1, paid: 0 });
    expect(d.card).toMatchObject({ total: 1, by_status: { '2': 1 }, comment_num: 2, like_num: 1 });
    expect(d.recruit).toMatchObject({ total: 2, by_status: { '1': 2 } });
    expect(d.recruit.company_name).toContain('机手之家');
    expect(d.comments.received).toBe(1);
  });

  it("shows a sub-user the company's demands only with the grant of 招聘需求; strangers and non-members are refused", async () => {
    const owner = await verifiedUser(t, { companyName: `招工${Math.random().toString(36).slice(2, 6)}建设公司` });
    expect((await call(t, 'POST', '/api/recruit/recruit', owner.auth, demand)).json().status).toBe(1);
    const plain = await seedUser(t.db);
    await addMember(t.db, owner.company.id, plain.user.id, { menus: [] });
    const q = `?company_id=${owner.company.id}`;
    expect((await center(plain, q)).data.recruit).toEqual({ total: 0, by_status: {}, company_name: '' });
    const granted = await seedUser(t.db);
    await addMember(t.db, owner.company.id, granted.user.id, { menus: [MENU.recruit] });
    expect((await center(granted, q)).data.recruit).toMatchObject({ total: 1, by_status: { '1': 1 } });
    // the person's own figures are the person's, whatever the company
    expect((await center(granted, q)).data.member.verified).toBe(0);
    expect((await call(t, 'GET', '/api/recruit/center')).json().status).toBe(-1);
    const outsider = await seedUser(t.db);
    expect((await call(t, 'GET', `/api/recruit/center${q}`, outsider.auth)).statusCode).toBe(403);
  });

  it("a hirer's phone comes only through the hiring call (its rules: none once 已招到), not the job-card phone call", async () => {
    const viewer = await verifiedUser(t);
    const res = await call(t, 'POST', '/api/site/labour/phone', viewer.auth, { type: 'recruit', id: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, msg: '请求参数有误' });
  });
});
