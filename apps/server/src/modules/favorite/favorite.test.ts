import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { favorites } from '../../db/schema';
import { createTestApp, seedUser } from '../../test/harness';
import { seedListing } from '../../test/listing';
import { loadReferenceData } from '../../seed/reference';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await loadReferenceData(t.db);
});
afterAll(async () => t?.close());

type THeaders = Record<string, string>;
const get = (url: string, headers: THeaders) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: THeaders, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const rowsOf = (userId: number) => t.db.select().from(favorites).where(eq(favorites.userId, userId));

describe('favourites', () => {
  it('adds a public listing once, counts it, lists it with the card and removes it', async () => {
    const provider = await seedUser(t.db, { companyName: '收藏出租方有限公司' });
    const listing = await seedListing(t.db, provider.company.id, provider.user.id);
    const me = await seedUser(t.db);
    const other = await seedUser(t.db);
    // a stranger sees the count and favorited false
    expect((await get(`/api/index/favorite/state?type=0&target_id=${listing.id}`, {})).json().data).toEqual({
      favorited: false,
      id: null,
      fav_num: 0,
    });
    const first = await post('/api/index/favorite/add', me.auth, { type: 0, target_id: listing.id });
    expect(first.json()).toMatchObject({ status: 1, msg: '收藏成功', data: { favorited: true, fav_num: 1 } });
    const again = await post('/api/index/favorite/add', me.auth, { type: 0, target_id: listing.id });
    expect(again.json().data).toEqual(first.json().data);
    expect(await rowsOf(me.user.id)).toHaveLength(1);
    await post('/api/index/favorite/add', other.auth, { type: 0, target_id: listing.id });
    expect((await get(`/api/index/favorite/state?type=0&target_id=${listing.id}`, {})).json().data).toEqual({
      favorited: false,
      id: null,
      fav_num: 2,
    });
    expect((await get(`/api/index/favorite/state?type=0&target_id=${listing.id}`, me.auth)).json().data).toMatchObject({
      favorited: true,
      fav_num: 2,
    });

    const list = (await get('/api/index/favorite/lst?type=0', me.auth)).json().data;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      id: first.json().data.id,
      type: 0,
      target_id: listing.id,
      shop: null,
      equipment: {
        id: listing.id,
        cover: listing.cover,
        fav_num: 2,
        href: `/site/device/${listing.id}`,
        province_v: '江苏省',
        city_v: '苏州市',
        company_name: '收藏出租方有限公司',
        monthly_rent: 3_000_000,
      },
    });
    expect(list.data[0].equipment.equip_name).toBeTruthy();
    expect((await get('/api/index/favorite/lst?type=1', me.auth)).json().data).toEqual({ data: [], total: 0 });

    // someone else's favourite is not found and stays
    const id = first.json().data.id;
    expect((await post('/api/index/favorite/del', other.auth, { id })).statusCode).toBe(404);
    expect(await rowsOf(me.user.id)).toHaveLength(1);
    expect((await post('/api/index/favorite/del', me.auth, { id })).json()).toMatchObject({
      status: 1,
      msg: '已取消收藏',
    });
    expect(await rowsOf(me.user.id)).toHaveLength(0);
    expect((await post('/api/index/favorite/del', me.auth, { id })).json()).toMatchObject({
      status: 0,
      msg: '收藏记录不存在',
    });
  });

  it('refuses unapproved or delisted listings and shops that are not public; a stranger must log in', async () => {
    const provider = await seedUser(t.db, { companyName: '收藏规则有限公司' });
    const pending = await seedListing(t.db, provider.company.id, provider.user.id, { reviewStatus: 0 });
    const delisted = await seedListing(t.db, provider.company.id, provider.user.id, { onSell: 2 });
    const me = await seedUser(t.db);
    for (const l of [pending, delisted]) {
      const res = await post('/api/index/favorite/add', me.auth, { type: 0, target_id: l.id });
      expect([res.statusCode, res.json().msg]).toEqual([409, '该设备已下架或尚未审核通过，无法收藏']);
    }
    expect((await post('/api/index/favorite/add', me.auth, { type: 1, target_id: 1 })).json().msg).toBe(
      '该店铺暂未开放，无法收藏',
    );
    expect((await post('/api/index/favorite/add', me.auth, { type: 3, target_id: 1 })).json().msg).toBe(
      '收藏类型不正确',
    );
    expect(await rowsOf(me.user.id)).toHaveLength(0);
    expect((await post('/api/index/favorite/add', {}, { type: 0, target_id: pending.id })).statusCode).toBe(401);
    expect((await get('/api/index/favorite/lst', {})).statusCode).toBe(401);
    expect((await post('/api/index/favorite/del', {}, { id: 1 })).statusCode).toBe(401);
  });

  it('keeps one row when two adds race', async () => {
    const provider = await seedUser(t.db, { companyName: '并发收藏有限公司' });
    const listing = await seedListing(t.db, provider.company.id, provider.user.id);
    const me = await seedUser(t.db);
    const res = await Promise.all(
      [1, 2, 3].map(() => post('/api/index/favorite/add', me.auth, { type: 0, target_id: listing.id })),
    );
    expect(res.map((r) => r.json().status)).toEqual([1, 1, 1]);
    const rows = await t.db
      .select()
      .from(favorites)
      .where(and(eq(favorites.userId, me.user.id), eq(favorites.targetId, listing.id)));
    expect(rows).toHaveLength(1);
    // every add answers the one row and its count, also the ones that lost the race
    expect(res.map((r) => r.json().data)).toEqual(
      [1, 2, 3].map(() => ({ favorited: true, id: rows[0].id, fav_num: 1 })),
    );
  });
});
