import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DRIVING_AGES, OPERATOR_CATEGORIES } from '@jizu/shared/constants/recruit';
import { personAuths } from '../../db/schema';
import { createTestApp, seedUser } from '../../test/harness';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
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
    const check = async () => (await t.app.inject({ method: 'GET', url: '/api/recruit/check_person_auth', headers: u.auth })).json();
    expect(await check()).toMatchObject({ status: 1, data: 0 });
    const base = { userId: u.user.id, name: '张三', card: 'sealed', cardMask: '110***********1234', cardIndex: `idx-${u.user.id}`, cardFace: '/f.png', cardBack: '/b.png' };
    // a pending or failed submission is not verification
    await t.db.insert(personAuths).values({ ...base, status: 3 });
    expect((await check()).data).toBe(0);
    await t.db.update(personAuths).set({ status: 1 }).where(eq(personAuths.userId, u.user.id));
    expect((await check()).data).toBe(1);
  });
});
