import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { createTestApp } from '../../test/harness';
import { loadReferenceData } from '../../seed/reference';
import fs from 'node:fs';
import { CHINA_BOUNDS } from '@jizu/shared/constants/region';
import type { TRegionCentre } from '@jizu/shared/schemas/region';
import { equipmentProducts, regions } from '../../db/schema';
import { regionCentresFile } from '../../paths';

let t: Awaited<ReturnType<typeof createTestApp>>;
let firstMs = 0;
beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  await loadReferenceData(t.db);
  firstMs = performance.now() - started;
});
afterAll(async () => t?.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return {
    code: res.statusCode,
    body: res.json() as { status: number; msg: string; data: { id: number; name: string }[] },
  };
};

describe('regions', () => {
  it('lists the 31 mainland provinces under id 1, ordered by id', async () => {
    const { code, body } = await get('/api/v1/city/1');
    expect(code).toBe(200);
    expect(body.status).toBe(1);
    expect(body.data).toHaveLength(31);
    expect(body.data[0]).toEqual({ id: 11, name: '北京市' });
    expect(body.data.map((r) => r.name)).toContain('广东省');
    expect(body.data.map((r) => r.name)).not.toContain('台湾省');
    const ids = body.data.map((r) => r.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it("lists a city's areas, and a municipality keeps the dataset's 市辖区 level", async () => {
    const cities = await get('/api/v1/city/44');
    expect(cities.body.data).toContainEqual({ id: 4401, name: '广州市' });
    const areas = await get('/api/v1/city/4401');
    expect(areas.body.data).toContainEqual({ id: 440106, name: '天河区' });
    expect((await get('/api/v1/city/11')).body.data).toEqual([{ id: 1101, name: '市辖区' }]);
    expect((await get('/api/v1/city/1101')).body.data).toContainEqual({ id: 110108, name: '海淀区' });
  });

  it('answers the same options by /index/area?pid=', async () => {
    expect((await get('/api/index/area?pid=4401')).body.data).toEqual((await get('/api/v1/city/4401')).body.data);
    expect((await get('/api/index/area')).body.data).toHaveLength(31);
  });

  it('answers an empty list for an unknown id and 400 for a malformed one', async () => {
    expect(await get('/api/v1/city/999999')).toMatchObject({ code: 200, body: { status: 1, data: [] } });
    expect(await get('/api/v1/city/110101')).toMatchObject({ code: 200, body: { status: 1, data: [] } });
    const bad = await get('/api/v1/city/abc');
    expect(bad.code).toBe(400);
    expect(bad.body).toMatchObject({ status: 0, msg: '请选择正确的地区' });
  });
});

describe('equipment taxonomy', () => {
  it("gives every district a centre inside China's box, its own where the data has one (the no-map fallback)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/city/320508/centre' });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const c = res.json().data as TRegionCentre;
    // 姑苏区, Suzhou: its own centre, a few km from the city's middle
    expect(c).toMatchObject({ id: 320508, from: 3 });
    expect(Math.abs(c.lng - 120.62)).toBeLessThan(0.05);
    expect(Math.abs(c.lat - 31.31)).toBeLessThan(0.05);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/city/999999/centre' })).json().data).toBeNull();
    const areas = (
      await t.db
        .select({ id: regions.id })
        .from(regions)
        .where(sql`${regions.level} = 3`)
    ).map((r) => r.id);
    const file = JSON.parse(fs.readFileSync(regionCentresFile, 'utf8')) as { rows: [number, number, number, number][] };
    const by = new Map(file.rows.map((r) => [r[0], r]));
    const inBox = (r: [number, number, number, number]) =>
      r[1] >= CHINA_BOUNDS.lng.min &&
      r[1] <= CHINA_BOUNDS.lng.max &&
      r[2] >= CHINA_BOUNDS.lat.min &&
      r[2] <= CHINA_BOUNDS.lat.max;
    expect(areas.filter((id) => !by.has(id) || !inBox(by.get(id)!))).toEqual([]);
    // most districts have their own centre (README § Maps: Shanghai's and Chongqing's take their province's)
    expect(areas.filter((id) => by.get(id)![3] === 3).length / areas.length).toBeGreaterThan(0.85);
  });

  it('has at least 8 categories with icons', async () => {
    const { body } = await get('/api/v1/etype');
    expect(body.data.length).toBeGreaterThanOrEqual(8);
    expect(body.data[0]).toEqual({ id: 1, name: '挖掘机械', icon: 'excavator' });
  });

  it('has groups per category and at least 60 products with params, attributes and units', async () => {
    const cats = (await get('/api/v1/etype')).body.data;
    let products = 0;
    for (const c of cats) {
      const groups = (await get(`/api/v1/egroup/${c.id}`)).body.data;
      expect(groups.length).toBeGreaterThan(0);
      for (const g of groups) {
        const res = await t.app.inject({ method: 'GET', url: `/api/v1/epro/${g.id}` });
        const list = res.json().data as {
          id: number;
          name: string;
          is_other: boolean;
          params: { key: string; input: string }[];
          units: string[];
        }[];
        expect(list.filter((p) => p.is_other)).toHaveLength(1);
        for (const p of list) {
          expect(p.params.length).toBeGreaterThan(0);
          expect(p.units.length).toBeGreaterThan(0);
        }
        products += list.filter((p) => !p.is_other).length;
      }
    }
    expect(products).toBeGreaterThanOrEqual(60);
  });

  it('describes an excavator and a pump truck with their spec parameters', async () => {
    const excavators = (await t.app.inject({ method: 'GET', url: '/api/v1/epro/101' })).json().data;
    const crawler = excavators.find((p: { name: string }) => p.name === '履带式挖掘机');
    expect(crawler.params).toContainEqual({
      key: 'weight',
      name: '整机质量',
      unit: 't',
      input: 'number',
      required: true,
    });
    expect(crawler.params).toContainEqual({
      key: 'bucket',
      name: '斗容量',
      unit: 'm³',
      input: 'number',
      required: true,
    });
    expect(crawler.attributes).toContainEqual({ name: '动力类型', options: ['柴油', '电动', '混合动力'] });
    expect(crawler.units).toContain('台班');
    const pumps = (await t.app.inject({ method: 'GET', url: '/api/v1/epro/701' })).json().data;
    expect(pumps[0].params.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['垂直泵送高度', '理论输送量']),
    );
  });

  it('answers empty lists for unknown ids', async () => {
    expect((await get('/api/v1/egroup/9999')).body).toMatchObject({ status: 1, data: [] });
    expect((await get('/api/v1/epro/9999')).body).toMatchObject({ status: 1, data: [] });
  });
});

describe('loadReferenceData', () => {
  it('changes nothing the second time and is quick', async () => {
    const before = await t.db.execute(sql`select count(*)::int as n from regions`);
    const started = performance.now();
    const again = await loadReferenceData(t.db);
    const secondMs = performance.now() - started;
    expect(again.regions).toBe('unchanged');
    const [r] = await t.db.select({ n: count() }).from(regions);
    const [p] = await t.db.select({ n: count() }).from(equipmentProducts);
    expect(r.n).toBe(3429);
    expect(p.n).toBe(again.products);
    expect(before).toBeTruthy();
    expect(secondMs).toBeLessThan(Math.max(500, firstMs));
    console.warn(`loadReferenceData: first ${firstMs.toFixed(0)} ms, second ${secondMs.toFixed(0)} ms`);
  });

  it('repairs a changed or missing region and keeps the serial sequences past the fixed ids', async () => {
    await t.db.execute(sql`update regions set name = '错误' where id = 110101`);
    await t.db.execute(sql`delete from regions where id = 110102`);
    expect((await loadReferenceData(t.db)).regions).toBe('loaded');
    const areas = (await get('/api/v1/city/1101')).body.data;
    expect(areas.slice(0, 2)).toEqual([
      { id: 110101, name: '东城区' },
      { id: 110102, name: '西城区' },
    ]);
    const [row] = await t.db.insert(equipmentProducts).values({ groupId: 101, name: '测试产品' }).returning();
    expect(row.id).toBeGreaterThan(100299);
    await t.db.execute(sql`delete from equipment_products where id = ${row.id}`);
  });
});
