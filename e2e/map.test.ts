import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure } from './support/browser';
import { cascade, submitAndExpect } from './support/forms';
import { AMAP_STANDIN_KEY, PLACES, serveAMapStandIn } from './support/amap-standin';
import { apiGet, asAdmin, pickDate } from './support/session';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The map picker on every form that places something (issue 28), with the stand-in AMap at AMap's own address:
 * search → choose a tip → the marker → reverse geocoding fills the region and the address → the saved record holds
 * the point; at 390 px a click on the map picks a point of its own. Screenshots of the picker go to shots/.
 */
const j = journey(AMAP_STANDIN_KEY);
let page: Page | undefined;
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
type TPlace = (typeof PLACES)[number];
const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../shots');
/** A screenshot of the picker for a person to look at (the map in the middle of the view), kept out of git (shots/). */
async function keep(p: Page, name: string) {
  await p.locator('[role="application"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await p.screenshot({ path: path.join(shots, `${name}.png`) });
}
const detailOf = (p: TPlace) => p.address.slice(p.province.length + p.city.length + p.area.length);

async function open(viewport: { width: number; height: number }, phone: string, name: string) {
  const { context, page: p } = await newPage(j.browser, j.server.url, viewport);
  page = p;
  screenshotOnFailure(() => page, name);
  await serveAMapStandIn(context);
  await loginAs(p, phone);
  return { context, p };
}

/** Searches the place, chooses its tip, and waits until the marker stands on it and the form holds its region. */
async function searchAndPick(p: Page, place: TPlace, regionLabel: string) {
  const box = p.getByPlaceholder('搜索地点、小区、道路或工地名称');
  await box.fill(place.name.slice(0, 2));
  await p.locator('.ant-select-item-option', { hasText: place.name }).first().click();
  await p.locator(`.amap-standin-marker[data-position="${place.lng},${place.lat}"]`).waitFor({ state: 'attached' });
  const region = p.locator('.ant-form-item', { hasText: regionLabel }).locator('.ant-cascader').first();
  await expect.poll(() => region.innerText()).toContain(place.area);
  expect(await region.innerText()).toContain(place.city);
}

/** Clicks the map 100 px right and 50 px below its centre: the point is the stand-in's pixel scale from the centre. */
async function clickMap(p: Page) {
  const map = p.locator('.amap-standin');
  const before = (await map.getAttribute('data-center'))!;
  const [lng, lat] = before.split(',').map(Number);
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2 + 100, y: box.height / 2 + 50 } });
  const marker = p.locator('.amap-standin-marker');
  await expect.poll(() => marker.getAttribute('data-position')).not.toBe(before);
  const [mLng, mLat] = (await marker.getAttribute('data-position'))!.split(',').map(Number);
  // ~1 m a pixel: within 2 px of where the click was aimed (the box's sub-pixel rounding)
  expect(Math.abs(mLng - (lng + 100 * 1e-5))).toBeLessThan(2e-5);
  expect(Math.abs(mLat - (lat - 50 * 1e-5))).toBeLessThan(2e-5);
  return { lng: mLng, lat: mLat };
}

describe('the map picker', () => {
  for (const size of SIZES) {
    it(`listing form at ${size.width}: search → pick → the region and address filled → the saved listing holds the point`, async () => {
      const { context, p } = await open(size, '13800000002', `map-listing-${size.width}`);
      const list = p.waitForResponse((r) => /\/api\/ep\/index\?/.test(r.url()));
      await p.goto('/device/rent');
      const rows = ((await (await list).json()) as { data: { data: { id: number }[] } }).data.data;
      const id = rows[size.width === 1440 ? 0 : 1].id;
      await p.goto(`/device/edit/${id}`);
      await expect.poll(() => p.getByLabel('设备型号').inputValue()).not.toBe('');
      // the map opens at the listing's own point (demo listings have one), zoom 19
      await expect.poll(() => p.locator('.amap-standin').getAttribute('data-zoom')).toBe('19');
      const place = PLACES[size.width === 1440 ? 0 : 1];
      await searchAndPick(p, place, '所在地区');
      await expect.poll(() => p.getByLabel('详细地址').inputValue()).toBe(detailOf(place));
      let point: { lng: number; lat: number } = place;
      if (size.width === 390) point = await clickMap(p);
      await p.getByTestId('map-point').getByText(`经度 ${point.lng}，纬度 ${point.lat}`).waitFor();
      await keep(p, `map-picker-listing-${size.width}`);
      await p.getByRole('button', { name: /提交审核/ }).click();
      await p.waitForURL('**/device/rent*');
      const saved = await apiGet<{ lng: number; lat: number; area: number; address: string }>(p, `/api/ep/index/${id}`);
      expect(saved).toMatchObject({
        lng: point.lng,
        lat: point.lat,
        area: Number(place.adcode),
        address: detailOf(place),
      });
      await context.close();
    });

    it(`bidding form at ${size.width}: a rejected project corrected on the map keeps the picked point`, async () => {
      const { context, p } = await open(size, '13800000001', `map-bidding-${size.width}`);
      const BID = '周浦镇安置房';
      // the width before corrected it (back in review): the admin rejects it again
      if (size.width === 390)
        await asAdmin(j.browser, j.server.url, async (a) => {
          const q = await apiGet<{ data: { id: number; name: string }[] }>(
            a,
            '/api/admin/biddings?status=-1&size=50',
            false,
          );
          const target = q.data.find((b) => b.name.includes(BID))!;
          const res = await a.request.post(`/api/admin/biddings/${target.id}/review`, {
            headers: { 'X-Requested-With': 'XMLHttpRequest' },
            data: { action: 'reject', reason: '请核实项目位置' },
          });
          expect(res.status()).toBe(200);
        });
      await p.goto('/rent/compete?status=6');
      const row = p.locator('.ant-table-row, [data-testid="bidding-card"]', { hasText: BID }).first();
      await row.getByRole('button', { name: '修改后重新提交' }).click();
      await p.waitForURL('**/rent/public?id=*');
      const id = Number(new URL(p.url()).searchParams.get('id'));
      await expect.poll(() => p.getByLabel('施工地址', { exact: true }).inputValue()).not.toBe('');
      const place = PLACES[0];
      await searchAndPick(p, place, '所在区域');
      await expect.poll(() => p.getByLabel('施工地址', { exact: true }).inputValue()).toBe(detailOf(place));
      await pickDate(p, '报价截止日期', 7);
      await keep(p, `map-picker-bidding-${size.width}`);
      await submitAndExpect(p, p.getByRole('button', { name: /提交审核/ }), '发布成功');
      const saved = await asAdmin(j.browser, j.server.url, (a) =>
        apiGet<{ lng: number; lat: number; area: number }>(a, `/api/admin/biddings/${id}`, false),
      );
      expect(saved).toMatchObject({ lng: place.lng, lat: place.lat, area: Number(place.adcode) });
      await context.close();
    });

    it(`quick demand at ${size.width}: the demand is published with the picked point`, async () => {
      const { context, p } = await open(size, '13800000001', `map-demand-${size.width}`);
      await p.goto('/rent/dadd');
      const place = PLACES[1];
      await searchAndPick(p, place, '所在区域');
      await expect.poll(() => p.getByLabel('详细地址').inputValue()).toBe(detailOf(place).slice(0, 50));
      await cascade(p, p.locator('.ant-form-item', { hasText: '设备类型' }).locator('.ant-cascader'), [
        '挖掘机械',
        '挖掘机',
        '履带式挖掘机',
      ]);
      await p.getByLabel('数量（台）').fill('1');
      await p.getByLabel('工期（天）').fill('20');
      const remark = `地图需求${size.width}：园区道路开挖需要一台挖掘机`;
      await p.getByLabel('需求描述').fill(remark);
      await keep(p, `map-picker-demand-${size.width}`);
      await submitAndExpect(p, p.getByRole('button', { name: /提交审核/ }), '发布成功');
      const mine = await apiGet<{ data: { remark: string; lng: number; lat: number; area: number }[] }>(
        p,
        '/api/demand/demand?page=1&size=20',
      );
      expect(mine.data.find((d) => d.remark === remark)).toMatchObject({
        lng: place.lng,
        lat: place.lat,
        area: Number(place.adcode),
      });
      await context.close();
    });

    it(`inquiry at ${size.width}: the map fills the inquiry's region and address`, async () => {
      const { context, p } = await open(size, '13800000001', `map-inquiry-${size.width}`);
      const favs = await apiGet<{ data: { target_id: number }[] }>(p, '/api/index/favorite/lst?type=0&size=5');
      await p.goto(`/talk/post/${favs.data[0].target_id}`);
      await p.getByLabel('需求数量（台）').fill('1');
      const place = PLACES[0];
      await searchAndPick(p, place, '施工地区');
      await expect.poll(() => p.getByLabel('详细地址').inputValue()).toBe(detailOf(place));
      await pickDate(p, '进场日期', 5);
      await p.getByLabel('工期进度').fill(`地图询价${size.width}：工期一个月`);
      await p.getByLabel('联系电话').fill('13912345678');
      await keep(p, `map-picker-inquiry-${size.width}`);
      await p.getByRole('button', { name: /发送询价/ }).click();
      await p.waitForURL('**/talk/send');
      const sent = await apiGet<{ data: { schedule_progress: string; address: string; f_city: string }[] }>(
        p,
        '/api/ep/enquiry?page=1&size=20',
      );
      const mine = sent.data.find((r) => r.schedule_progress.startsWith(`地图询价${size.width}`));
      expect(mine?.address).toContain(detailOf(place));
      await context.close();
    });
  }

  it('the public listing and bidding pages show the point on a small map', async () => {
    const { context, page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'map-view');
    await serveAMapStandIn(context);
    await p.goto('/site');
    const market = await apiGet<{ data: { href: string }[] }>(p, '/api/site/market?page=1&size=1', false);
    await p.goto(market.data[0].href);
    await p.locator('.amap-standin-marker').waitFor({ state: 'attached' });
    await keep(p, 'map-view-listing-1440');
    const hall = await apiGet<{ data: { id: number }[] }>(p, '/api/site/bidding?page=1&size=1', false);
    await p.goto(`/site/bidding/${hall.data[0].id}`);
    await p.locator('.amap-standin-marker').waitFor({ state: 'attached' });
    const shown = await p.locator('.amap-standin-marker').getAttribute('data-position');
    const project = await apiGet<{ lng: number; lat: number }>(p, `/api/site/bidding/${hall.data[0].id}`, false);
    expect(shown).toBe(`${project.lng},${project.lat}`);
    await keep(p, 'map-view-bidding-1440');
    await context.close();
  });
});
