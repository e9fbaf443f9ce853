import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readXlsx } from '../apps/server/src/test/xlsx';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure, shot } from './support/browser';

const j = journey();
let page: Page | undefined;

/** Clicks the list's 导出Excel, waits for the file, and answers its sheet; the button is busy while it streams. */
async function exportFrom(p: Page) {
  const button = p.getByRole('button', { name: /导出Excel/ }).first();
  await button.waitFor();
  const [download] = await Promise.all([p.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await download.path();
  await p.getByText('导出完成').first().waitFor();
  return { name: download.suggestedFilename(), ...readXlsx(fs.readFileSync(file)) };
}

/** The list's total as its own call answers it, in the page's session. */
async function totalOf(p: Page, url: string) {
  const env = await (await p.request.get(url, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json();
  expect(env.status).toBe(1);
  return env.data.total as number;
}

describe('exports', () => {
  it('the provider exports its device list at 1440 px; the tenant its filtered orders at 390 px: the rows the list counts', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'export');
    await loginAs(p, '13800000002');
    await p.goto('/device/rent');
    await p.locator('.ant-table-row').first().waitFor();
    await shot(p, 'export-listings-1440');
    const listings = await exportFrom(p);
    expect(listings.name).toContain('直租设备');
    expect(listings.rows[0].slice(0, 3)).toEqual(['设备名称', '型号', '品牌']);
    expect(listings.rows.length - 1).toBe(await totalOf(p, '/api/ep/index?tab=all&page=1&size=5'));
    expect(listings.rows.length).toBeGreaterThan(1);

    const { page: m } = await newPage(j.browser, j.server.url, { width: 390, height: 844 });
    page = m;
    await loginAs(m, '13800000001');
    await m.goto('/rent/order?status=1');
    await m
      .getByRole('button', { name: /导出Excel/ })
      .first()
      .waitFor();
    await shot(m, 'export-orders-390');
    const orders = await exportFrom(m);
    expect(orders.name).toContain('租入订单');
    expect(orders.rows[0][0]).toBe('订单编号');
    const submitted = await totalOf(m, '/api/rent/order/lst?status=1&page=1&size=5');
    expect(orders.rows.length - 1).toBe(submitted);
    expect(orders.rows.length - 1).toBeLessThan(await totalOf(m, '/api/rent/order/lst?status=-1&page=1&size=5'));
    for (const f of ['export-listings-1440', 'export-orders-390']) {
      const from = path.resolve(import.meta.dirname, 'artifacts', `${f}.png`);
      const to = path.resolve(import.meta.dirname, '../shots');
      fs.mkdirSync(to, { recursive: true });
      if (fs.existsSync(from)) fs.copyFileSync(from, path.join(to, `${f}.png`));
    }
  });
});
