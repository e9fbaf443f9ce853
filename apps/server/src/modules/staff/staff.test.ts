import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { csStaff, userStaff } from '../../db/schema';
import { createTestApp, seedUser } from '../../test/harness';

let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: (typeof csStaff.$inferSelect)[];
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.db
    .insert(csStaff)
    .values([
      { sn: 'T01', name: '客服甲', phone: '400-000-0001', imgQrcode: '/uploads/staff/T01.png' },
      { sn: 'T02', name: '客服乙', phone: '400-000-0002', imgQrcode: '/uploads/staff/T02.png' },
      { sn: 'T03', name: '客服丙', phone: '400-000-0003', status: 0 },
    ])
    .returning();
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const assigned = async (userId: number) =>
  (await t.db.select().from(userStaff).where(eq(userStaff.userId, userId)))[0]?.staffId;

describe('customer-service staff', () => {
  it('assigns the least-loaded active staff member once, then keeps it', async () => {
    const a = await seedUser(t.db);
    let res = await get('/api/index/staff?type=my', a.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 1,
      msg: '操作成功',
      data: {
        id: staff[0].id,
        sn: 'T01',
        name: '客服甲',
        phone: '400-000-0001',
        staff_id: staff[0].id,
        img_qrcode: '/uploads/staff/T01.png',
      },
    });
    const b = await seedUser(t.db);
    res = await get('/api/index/staff?type=my', b.auth);
    expect(res.json().data.sn).toBe('T02');
    res = await get('/api/index/staff?type=my', a.auth);
    expect(res.json().data.sn).toBe('T01');
    expect(await assigned(a.user.id)).toBe(staff[0].id);
  });

  it('concurrent first calls assign exactly one', async () => {
    const u = await seedUser(t.db);
    const res = await Promise.all([1, 2, 3].map(() => get('/api/index/staff?type=my', u.auth)));
    const sns = new Set(res.map((r) => r.json().data.sn));
    expect(sns.size).toBe(1);
    expect((await t.db.select().from(userStaff).where(eq(userStaff.userId, u.user.id))).length).toBe(1);
  });

  it('lists active staff only', async () => {
    const u = await seedUser(t.db);
    const res = await get('/api/index/staff_list', u.auth);
    expect(res.json().data).toEqual([
      { id: staff[0].id, sn: 'T01', name: '客服甲', phone: '400-000-0001', img_qrcode: '/uploads/staff/T01.png' },
      { id: staff[1].id, sn: 'T02', name: '客服乙', phone: '400-000-0002', img_qrcode: '/uploads/staff/T02.png' },
    ]);
  });

  it('changes the contact; unknown or inactive ids answer 404 and change nothing', async () => {
    const u = await seedUser(t.db);
    await get('/api/index/staff?type=my', u.auth);
    const before = await assigned(u.user.id);
    const target = before === staff[0].id ? staff[1] : staff[0];
    for (const id of [999999, staff[2].id]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/index/staff',
        headers: u.auth,
        payload: { staff_id: id },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 0, msg: '客服不存在', code: 'STAFF_NOT_FOUND' });
      expect(await assigned(u.user.id)).toBe(before);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/index/staff',
      headers: u.auth,
      payload: { staff_id: target.id },
    });
    expect(res.json()).toMatchObject({
      status: 1,
      msg: '修改成功',
      data: { id: target.id, staff_id: target.id, sn: target.sn },
    });
    expect(await assigned(u.user.id)).toBe(target.id);
    expect((await get('/api/index/staff?type=my', u.auth)).json().data.id).toBe(target.id);
  });

  it('reassigns when the contact stops serving', async () => {
    const u = await seedUser(t.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/index/staff',
      headers: u.auth,
      payload: { staff_id: staff[1].id },
    });
    await t.db.update(csStaff).set({ status: 0 }).where(eq(csStaff.id, staff[1].id));
    try {
      const res = await get('/api/index/staff?type=my', u.auth);
      expect(res.json().data.sn).toBe('T01');
      expect(await assigned(u.user.id)).toBe(staff[0].id);
    } finally {
      await t.db.update(csStaff).set({ status: 1 }).where(eq(csStaff.id, staff[1].id));
    }
  });

  it('needs a login', async () => {
    expect((await get('/api/index/staff_list', {})).json().status).toBe(-1);
  });
});
