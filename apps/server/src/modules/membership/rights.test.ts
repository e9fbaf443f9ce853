import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { auditEvents, equipmentListings, memberGrants, rightBindings } from '../../db/schema';
import { inTx } from '../../db/client';
import { createTestApp, multipart, seedUser } from '../../test/harness';
import { seedListing } from '../../test/listing';
import { loadReferenceData } from '../../seed/reference';
import { applyMembership } from './membership.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
});
afterAll(async () => t?.close());

type H = Record<string, string>;
const get = (url: string, headers: H = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object, headers: H = {}) => t.app.inject({ method: 'POST', url, payload, headers });
const bindingsOf = (userId: number) => t.db.select().from(rightBindings).where(eq(rightBindings.userId, userId));

/** A user of the given paid tier (a year from now) with its right, and an approved listing of their company. */
async function member(level: 'AA' | 'AAA', name: string) {
  const u = await seedUser(t.db, { companyName: name });
  await inTx(t.db, (tx) => applyMembership(tx, u.user.id, level, 365, `PTEST${u.user.id}${level}`, 99_900, new Date()));
  const rights = (await get('/api/index/user/rightsList', u.auth)).json().data.data as { id: number; status: string }[];
  const listing = await seedListing(t.db, u.company.id, u.user.id);
  return { ...u, right: rights[0], listing };
}

describe('device rights of membership', () => {
  it('a stranger gets 401', async () => {
    for (const r of [
      await get('/api/index/user/rightsEqlst'),
      await post('/api/index/user/rightsEqSave', { id: 1, equipment_id: 1 }),
      await get('/api/index/user/nameplate?id=1'),
    ])
      expect(r.statusCode).toBe(401);
  });

  it('lists the company approved listings and no projects', async () => {
    const u = await member('AAA', '权益列表有限公司');
    await seedListing(t.db, u.company.id, u.user.id, { reviewStatus: 0, approvedAt: null });
    const lst = (await get(`/api/index/user/rightsEqlst?company_id=${u.company.id}`, u.auth)).json().data;
    expect(lst).toMatchObject({
      total: 1,
      data: [
        {
          id: u.listing.id,
          cover: expect.any(String),
          product_name_v: expect.any(String),
          province_v: expect.any(String),
        },
      ],
    });
    expect((await get(`/api/index/user/projectLst?company_id=${u.company.id}`, u.auth)).json()).toMatchObject({
      status: 1,
      data: [],
    });
  });

  it('refuses a non-AAA member with the message; nothing is bound', async () => {
    const u = await member('AA', '权益二级有限公司');
    const r = await post(
      '/api/index/user/rightsEqSave',
      { company_id: u.company.id, id: u.right.id, equipment_id: u.listing.id },
      u.auth,
    );
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ status: 0, msg: '仅AAA级会员可绑定设备和下载铭牌' });
    expect(await bindingsOf(u.user.id)).toHaveLength(0);
  });

  it("refuses another company's listing, an unapproved one, another user's right and an unknown project (404)", async () => {
    const u = await member('AAA', '权益规则有限公司');
    const other = await member('AAA', '别家权益有限公司');
    const pending = await seedListing(t.db, u.company.id, u.user.id, { reviewStatus: 0, approvedAt: null });
    for (const body of [
      { id: u.right.id, equipment_id: other.listing.id },
      { id: u.right.id, equipment_id: pending.id },
      { id: other.right.id, equipment_id: u.listing.id },
      { id: u.right.id, equipment_id: u.listing.id, project_id: 5 },
    ]) {
      const r = await post('/api/index/user/rightsEqSave', { company_id: u.company.id, ...body }, u.auth);
      expect(r.statusCode, JSON.stringify(body)).toBe(404);
    }
    expect(
      (await post('/api/index/user/rightsEqSave', { company_id: u.company.id, id: u.right.id }, u.auth)).json(),
    ).toMatchObject({
      status: 0,
      msg: '请选择设备',
    });
    expect(await bindingsOf(u.user.id)).toHaveLength(0);
  });

  it('refuses a right that is no longer valid (an expired year), with the message', async () => {
    const u = await member('AAA', '权益过期有限公司');
    const [old] = await t.db
      .insert(memberGrants)
      .values({
        userId: u.user.id,
        orderSn: `POLD${u.user.id}`,
        level: 'AAA',
        mode: 'new',
        amount: 99_900,
        beginsAt: new Date(Date.now() - 800 * 86_400_000),
        expiresAt: new Date(Date.now() - 435 * 86_400_000),
      })
      .returning();
    const r = await post(
      '/api/index/user/rightsEqSave',
      { company_id: u.company.id, id: old.id, equipment_id: u.listing.id },
      u.auth,
    );
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ status: 0, msg: '该权益已失效，不能绑定设备' });
    expect(await bindingsOf(u.user.id)).toHaveLength(0);
  });

  it('binds once: a second save and concurrent saves are refused, the binding shows in the rights list and the info', async () => {
    const u = await member('AAA', '权益绑定有限公司');
    const second = await seedListing(t.db, u.company.id, u.user.id);
    const body = (equipment_id: number) => ({ company_id: u.company.id, id: u.right.id, equipment_id });
    const results = await Promise.all(
      [u.listing.id, second.id, u.listing.id].map((id) => post('/api/index/user/rightsEqSave', body(id), u.auth)),
    );
    expect(results.filter((r) => r.json().status === 1)).toHaveLength(1);
    for (const r of results.filter((x) => x.json().status !== 1))
      expect(r.json()).toMatchObject({ status: 0, msg: '该权益已绑定设备，绑定后不可更改' });
    const [b] = await bindingsOf(u.user.id);
    const again = await post(
      '/api/index/user/rightsEqSave',
      body(b.listingId === second.id ? u.listing.id : second.id),
      u.auth,
    );
    expect(again.statusCode).toBe(409);
    expect(await bindingsOf(u.user.id)).toMatchObject([{ listingId: b.listingId }]);
    expect(
      await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'member_right'), eq(auditEvents.entityId, u.right.id))),
    ).toHaveLength(1);
    const lst = (await get('/api/index/user/rightsList', u.auth)).json().data.data;
    expect(lst[0]).toMatchObject({ equipment_id: b.listingId, equip_name: expect.any(String), status: '有效' });
    const info = (await post('/api/index/user/rightsEqInfo', { id: u.right.id }, u.auth)).json();
    expect(info).toMatchObject({
      status: 1,
      data: {
        id: u.right.id,
        equipment_id: b.listingId,
        isProject: 0,
        nameplate_url: `/api/index/user/nameplate?id=${u.right.id}`,
      },
    });
    const other = await member('AAA', '别家信息有限公司');
    expect((await post('/api/index/user/rightsEqInfo', { id: u.right.id }, other.auth)).statusCode).toBe(404);
  });

  it('downloads the nameplate as a PNG named phone_id, only for the owner', async () => {
    const u = await member('AAA', '铭牌下载有限公司');
    const jpg = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c0c0c0' } })
      .jpeg()
      .toBuffer();
    const form = await multipart([{ name: 'image', value: jpg, filename: 'plate.jpg' }]);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/ep/upload?company_id=${u.company.id}`,
      payload: form.payload,
      headers: { ...form.headers, ...u.auth },
    });
    expect(up.json().status).toBe(1);
    await t.db
      .update(equipmentListings)
      .set({ nameplate: up.json().data.path })
      .where(eq(equipmentListings.id, u.listing.id));
    // not bound yet
    expect((await get(`/api/index/user/nameplate?id=${u.right.id}`, u.auth)).statusCode).toBe(404);
    expect(
      (
        await post(
          '/api/index/user/rightsEqSave',
          { company_id: u.company.id, id: u.right.id, equipment_id: u.listing.id },
          u.auth,
        )
      ).json().status,
    ).toBe(1);
    const r = await get(`/api/index/user/nameplate?id=${u.right.id}`, u.auth);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="${u.phone}_${u.right.id}.png"; filename*=UTF-8''${u.phone}_${u.right.id}.png`,
    );
    expect((await sharp(r.rawPayload).metadata()).format).toBe('png');
    const other = await member('AAA', '别家铭牌有限公司');
    expect((await get(`/api/index/user/nameplate?id=${u.right.id}`, other.auth)).statusCode).toBe(404);
    const aa = await member('AA', '二级铭牌有限公司');
    expect((await get(`/api/index/user/nameplate?id=${u.right.id}`, aa.auth)).json()).toMatchObject({
      status: 0,
      msg: '仅AAA级会员可绑定设备和下载铭牌',
    });
  });
});
