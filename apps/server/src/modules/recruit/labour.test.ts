import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DRIVING_AGES, OPERATOR_CATEGORIES } from '@jizu/shared/constants/recruit';
import { DISGUISED, ORDINARY } from '@jizu/shared/rules/contact.fixtures';
import { personAuths } from '../../db/schema';
import { createTestApp, seedUser } from '../../test/harness';
import { loadReferenceData } from '../../seed/reference';
import { jobCards } from '../jobcard/jobcard.tables';
import { labourComments } from '../jobcard/feedback.tables';
import { recruits } from './recruit.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
});
afterAll(async () => t?.close());

describe('labour area: shared calls', () => {
  it('serves the option dictionaries to anyone and refuses an unknown type', async () => {
    const cat = (await t.app.inject({ method: 'GET', url: '/api/recruit/options?type=category' })).json();
    expect(cat).toMatchObject({ status: 1, data: OPERATOR_CATEGORIES });
    const dage = (await t.app.inject({ method: 'GET', url: '/api/recruit/options?type=dage' })).json();
    expect(dage.data).toEqual(DRIVING_AGES);
    const bad = await t.app.inject({ method: 'GET', url: '/api/recruit/options?type=salary' });
    expect(bad.statusCode).toBe(400);
  });

  it('check_person_auth says 1 only after a passed personal verification; a stranger must log in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/recruit/check_person_auth' })).json().status).toBe(-1);
    const u = await seedUser(t.db);
    const check = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/recruit/check_person_auth', headers: u.auth })).json();
    expect(await check()).toMatchObject({ status: 1, data: 0 });
    const base = {
      userId: u.user.id,
      name: '张三',
      card: 'sealed',
      cardMask: '110***********1234',
      cardIndex: `idx-${u.user.id}`,
      cardFace: '/f.png',
      cardBack: '/b.png',
    };
    // a pending or failed submission is not verification
    await t.db.insert(personAuths).values({ ...base, status: 3 });
    expect((await check()).data).toBe(0);
    await t.db.update(personAuths).set({ status: 1 }).where(eq(personAuths.userId, u.user.id));
    expect((await check()).data).toBe(1);
  });
});

describe('contact details in the content of a hiring demand, a job card and a comment (spec/3 §5)', () => {
  const CONTACT = '内容不能包含手机号、微信、QQ、邮箱等联系方式';
  type TUser = Awaited<ReturnType<typeof seedUser>>;
  const call = (method: 'POST' | 'PUT', url: string, u: TUser, payload: object) =>
    t.app.inject({ method, url, headers: u.auth, payload });
  const verified = async () => {
    const u = await seedUser(t.db);
    await t.db.insert(personAuths).values({
      userId: u.user.id,
      name: '张三',
      card: 'sealed',
      cardMask: '110***********1234',
      cardIndex: `idx-contact-${u.user.id}`,
      cardFace: '/f.png',
      cardBack: '/b.png',
      status: 1,
    });
    return u;
  };
  const region = { province: 32, city: 3205, area: 320505 };
  const demand = (content: string) => ({
    ...region,
    address: '科技城锦峰路158号',
    resume_category: 1,
    working_days: 30,
    salary_min: 8000,
    salary_max: 10000,
    negotiation: 2,
    content,
  });
  const card = (content: string) => ({
    ...region,
    address: '科技城锦峰路158号',
    resume_category: [1],
    resume_driving_age: 2,
    content,
    cert: [],
    experience: [],
  });
  const PLAIN = '本人有十年挖掘机操作经验，熟悉卡特320、小松200等机型。';

  it(`refuses each of the ${DISGUISED.length} disguised forms on all three with the exact message and changes nothing; lets the ${ORDINARY.length} ordinary sentences through`, async () => {
    expect(DISGUISED.length).toBeGreaterThanOrEqual(20);
    expect(ORDINARY.length).toBeGreaterThanOrEqual(10);
    const staff = await seedUser(t.db, { role: 'admin' });
    const hirer = await verified();
    const operator = await verified();
    const cardId = (await call('POST', '/api/recruit/card', operator, card(PLAIN))).json().data.id as number;
    // another operator's approved card to comment on
    const target = await verified();
    const targetId = (await call('POST', '/api/recruit/card', target, card(PLAIN))).json().data.id as number;
    expect(
      (await call('POST', `/api/admin/job-cards/${targetId}/review`, staff, { action: 'approve' })).json().status,
    ).toBe(1);
    const commenter = await seedUser(t.db);
    const state = async () => ({
      demands: await t.db.select().from(recruits).where(eq(recruits.userId, hirer.user.id)),
      card: await t.db.select().from(jobCards).where(eq(jobCards.id, cardId)),
      comments: await t.db.select().from(labourComments).where(eq(labourComments.userId, commenter.user.id)),
    });
    const before = await state();
    for (const [text] of DISGUISED) {
      for (const res of [
        await call('POST', '/api/recruit/recruit', hirer, demand(text)),
        await call('PUT', `/api/recruit/card/${cardId}`, operator, card(text)),
        await call('POST', '/api/recruit/comment', commenter, { type: 'card', id: targetId, content: text }),
      ]) {
        expect(res.statusCode, text).toBe(400);
        expect(res.json(), text).toMatchObject({ status: 0, msg: CONTACT });
      }
    }
    expect(await state()).toEqual(before);
    for (const text of ORDINARY) {
      for (const res of [
        await call('POST', '/api/recruit/recruit', hirer, demand(text)),
        await call('PUT', `/api/recruit/card/${cardId}`, operator, card(text)),
        await call('POST', '/api/recruit/comment', commenter, { type: 'card', id: targetId, content: text }),
      ])
        expect(res.json(), text).toMatchObject({ status: 1 });
      expect((await t.db.select().from(jobCards).where(eq(jobCards.id, cardId)))[0].content, text).toBe(text);
    }
    const after = await state();
    expect(after.demands.map((r) => r.content).sort()).toEqual([...ORDINARY].sort());
    expect(after.comments.map((r) => r.content).sort()).toEqual([...ORDINARY].sort());
  });
});
