import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { ZJobCardSave } from '@jizu/shared/schemas/jobcard';
import { hasContact } from '@jizu/shared/rules/contact';
import { jobCards } from '../modules/jobcard/jobcard.tables';
import { recruits } from '../modules/recruit/recruit.tables';
import { labourComments, labourCounters, labourLikes, labourViews } from '../modules/jobcard/feedback.tables';
import { uploads } from '../db/schema';
import { DEMO_ACCOUNTS } from './demo';
import { DEMO_OPERATORS } from './demo.jobcard';
import { demoApp } from '../test/demo';

// the demo seeded by seedDemoIfEmpty on an empty database, a copy per file (test/demo.ts)
const d = demoApp();
let t: typeof d.t;
beforeAll(() => {
  t = d.t;
});

const login = async (phone: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, password: 'Demo@2026' } });
  return { authorization: `Bearer ${res.json().data.token as string}` };
};
const get = async (url: string, headers: Record<string, string> = {}) =>
  (await t.app.inject({ method: 'GET', url, headers })).json();

describe('demo job cards', () => {
  it('cover every status; six or more are in the hall across categories and regions; each passes the form schema', async () => {
    const rows = await t.db.select().from(jobCards);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set([1, 2, 3, 4, 5]));
    const hall = (await get('/api/site/job?size=50')).data;
    expect(hall.total).toBeGreaterThanOrEqual(6);
    expect(
      new Set(hall.data.flatMap((r: { resume_category_ids: number[] }) => r.resume_category_ids)).size,
    ).toBeGreaterThanOrEqual(6);
    expect(new Set(hall.data.map((r: { province: number }) => r.province)).size).toBeGreaterThanOrEqual(5);
    for (const r of rows) {
      const certs = (await get(`/api/site/job/${r.id}`)).data?.cert;
      const parsed = ZJobCardSave.safeParse({
        resume_category: r.categories,
        resume_driving_age: r.drivingAge,
        content: r.content,
        province: r.province,
        city: r.city,
        area: r.area,
        address: r.address,
        cert: certs ?? [],
      });
      expect(parsed.success, r.content).toBe(true);
    }
    // images are the operators' own recruit uploads and are served
    const card = hall.data.find(
      (r: { cert: unknown[]; experience: unknown[] }) => r.cert.length && r.experience.length,
    );
    for (const img of [card.cert[0].img, card.experience[0].img]) {
      const [u] = await t.db.select().from(uploads).where(eq(uploads.path, img));
      expect(u.kind).toBe('recruit');
      expect(u.userId).toBe(rows.find((r) => r.id === card.id)!.userId);
      const res = await t.app.inject({ method: 'GET', url: img });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('counters match their rows; comments are on passed cards', async () => {
    for (const c of await t.db.select().from(labourCounters)) {
      const where = <T extends typeof labourComments | typeof labourLikes | typeof labourViews>(tb: T) =>
        and(eq(tb.targetType, c.targetType), eq(tb.targetId, c.targetId));
      const [[cm], [lk], [vw]] = await Promise.all([
        t.db.select({ n: count() }).from(labourComments).where(where(labourComments)),
        t.db.select({ n: count() }).from(labourLikes).where(where(labourLikes)),
        t.db.select({ n: count() }).from(labourViews).where(where(labourViews)),
      ]);
      expect([c.commentNum, c.likeNum, c.browseNum]).toEqual([cm.n, lk.n, vw.n]);
    }
    const commented = await t.db
      .select({ id: labourComments.targetId })
      .from(labourComments)
      .where(eq(labourComments.targetType, 'card'));
    expect(commented.length).toBeGreaterThanOrEqual(5);
    for (const { id } of commented)
      expect((await t.db.select().from(jobCards).where(eq(jobCards.id, id)))[0].status).toBe(2);
    // hiring demands have comments and likes too, on hiring ones, each comment free of contact details
    const onHires = await t.db.select().from(labourComments).where(eq(labourComments.targetType, 'recruit'));
    expect(onHires.length).toBeGreaterThanOrEqual(3);
    for (const c of onHires) {
      expect((await t.db.select().from(recruits).where(eq(recruits.id, c.targetId)))[0]).toMatchObject({
        auditStatus: 2,
        userId: c.targetOwnerId,
      });
      expect(hasContact(c.content), c.content).toBe(false);
    }
    const [{ n: hireLikes }] = await t.db
      .select({ n: count() })
      .from(labourLikes)
      .where(eq(labourLikes.targetType, 'recruit'));
    expect(hireLikes).toBeGreaterThan(0);
  });

  it('the first demo operator sees his card, his history and the comments received; the hirer is verified', async () => {
    const auth = await login(DEMO_OPERATORS[0].phone);
    const my = (await get('/api/recruit/card?type=my', auth)).data;
    expect(my.data[0]).toMatchObject({ audit_status: 2, option: ['edit', 'end', 'view'] });
    expect(my.data[0].comment_num).toBeGreaterThan(0);
    expect(
      (await get('/api/recruit/card?type=history', auth)).data.data
        .map((r: { audit_status: number }) => r.audit_status)
        .sort(),
    ).toEqual([3, 4]);
    expect((await get('/api/recruit/comment?type=receive', auth)).data.total).toBe(2);
    // the demo tenant, a hirer, receives the operators' comments on the hiring demand, marked 招聘需求
    const tenant = (await get('/api/recruit/comment?type=receive', await login(DEMO_ACCOUNTS.tenant.phone))).data;
    expect(tenant.total).toBe(2);
    expect(tenant.data.map((c: { type_v: string }) => c.type_v)).toEqual(['招聘需求', '招聘需求']);
    const hirer = await login(DEMO_ACCOUNTS.provider2.phone);
    expect((await get('/api/recruit/check_person_auth', hirer)).data).toBe(1);
    // the demo operator's own verification is still in review: he is asked to verify before publishing
    expect((await get('/api/recruit/check_person_auth', await login(DEMO_ACCOUNTS.operator.phone))).data).toBe(0);
  });
});
