import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure, shot } from './support/browser';

const j = journey();
let page: Page | undefined;
const files: string[] = [];

async function photo(fill: string, text: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${fill}"/><rect x="150" y="260" width="420" height="160" rx="20" fill="#f2b705"/><circle cx="230" cy="440" r="50" fill="#222"/><circle cx="500" cy="440" r="50" fill="#222"/><text x="180" y="350" font-size="48" font-family="DejaVu Sans" fill="#222">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-listing-'));
  for (const [name, fill, text] of [
    ['front.jpg', '#8ec5ee', 'E2E-215 front'],
    ['side.jpg', '#c9b28f', 'E2E-215 side'],
    ['plate.jpg', '#cfd3d8', 'SN E2E2150001'],
  ]) {
    const f = path.join(dir, name);
    fs.writeFileSync(f, await photo(fill, text));
    files.push(f);
  }
});

async function choose(p: Page, label: string, option: string) {
  await p.getByLabel(label, { exact: true }).click();
  await p.locator(`.ant-select-item-option[title="${option}"]:visible`).first().click();
}

const MODEL = 'E2E-215LC';

describe('equipment listings', () => {
  it('the provider publishes a machine with photos and a nameplate, the admin approves it, the provider sees it listed and delists it', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'listings');
    await loginAs(p, '13800000002');
    await p.getByTestId('side-menu').getByText('直租设备').click();
    await p.waitForURL('**/device/rent');
    await p.locator('.ant-table-row').first().waitFor();
    await shot(p, 'device-rent-1440');

    await p
      .getByRole('button', { name: /发布设备/ })
      .first()
      .click();
    await p.waitForURL('**/device/add');
    await choose(p, '设备类型', '挖掘机械');
    await choose(p, '设备分组', '挖掘机');
    await choose(p, '设备名称', '履带式挖掘机');
    await p.getByLabel('设备型号').fill(MODEL);
    await p.getByLabel('品牌').fill('三一重工');
    await p.getByLabel('出厂日期').fill('2019-06-01');
    await p.getByLabel('出厂日期').press('Enter');
    await p.getByLabel('月租金').fill('28000');
    await p.getByLabel('台班租金').fill('1400.50');
    await p.getByLabel('整机质量').fill('21.5');
    await p.getByLabel('斗容量').fill('1.1');
    await p.getByLabel('额定功率').fill('118');
    await p.locator('.ant-cascader').click();
    for (const name of ['江苏省', '苏州市', '虎丘区'])
      await p.locator(`.ant-cascader-menu-item[title="${name}"]`).click();
    await p.getByLabel('详细地址').fill('科技城锦峰路 158 号');
    // two photos at once, then the nameplate
    await p.locator('input[type=file][aria-label="上传图片"]').setInputFiles([files[0], files[1]]);
    await expect.poll(() => p.getByTestId('listing-image').count(), { timeout: 15_000 }).toBe(2);
    await p.locator('input[type=file][aria-label="上传铭牌"]').setInputFiles(files[2]);
    await p.locator('img[alt="上传铭牌"]').waitFor();
    await choose(p, '设备唯一标识', '出厂编号');
    await p.locator('#serial_number').fill('E2E2150001');
    await shot(p, 'device-add-1440');
    await p.getByRole('button', { name: /提交审核/ }).click();
    await p.waitForURL('**/device/rent?tab=submitted');
    const mine = p.locator('.ant-table-row', { hasText: MODEL });
    await expect.poll(() => mine.textContent()).toContain('审核中');
    await shot(p, 'device-rent-submitted-1440');
    await p.context().close();

    const { page: a } = await newPage(j.browser, j.server.url);
    page = a;
    await loginAs(a, '13800000000', 'Admin@2026');
    await a.goto('/admin/equipment');
    const row = a.locator('.ant-table-row', { hasText: MODEL });
    await row.waitFor();
    await row.getByRole('button', { name: /查\s*看/ }).click();
    const drawer = a.getByRole('dialog');
    await drawer.getByText('审核记录').waitFor();
    await expect.poll(() => drawer.locator('img').count()).toBeGreaterThanOrEqual(3);
    await shot(a, 'admin-equipment-detail-1440');
    await a.keyboard.press('Escape');
    await row.getByRole('button', { name: /通\s*过/ }).click();
    await a.getByRole('tooltip').getByRole('button').last().click();
    await expect.poll(() => a.locator('.ant-table-row', { hasText: MODEL }).count()).toBe(0);
    await shot(a, 'admin-equipment-1440');
    await a.setViewportSize({ width: 390, height: 844 });
    await a.goto('/admin/equipment?status=2');
    await a.locator('.ant-table-row').first().waitFor();
    await shot(a, 'admin-equipment-rejected-390');
    await a.context().close();

    const { page: u } = await newPage(j.browser, j.server.url);
    page = u;
    await loginAs(u, '13800000002');
    await u.goto('/device/rent?tab=listed');
    const listed = u.locator('.ant-table-row', { hasText: MODEL });
    await expect.poll(() => listed.textContent()).toContain('审核通过');
    await listed.getByRole('button', { name: /下\s*架/ }).click();
    await u.getByRole('tooltip').getByRole('button').last().click();
    await u.locator('.ant-message').getByText('下架成功').waitFor();
    await expect.poll(() => u.locator('.ant-table-row', { hasText: MODEL }).count()).toBe(0);
    await u.getByRole('tab', { name: '已下架' }).click();
    await u.waitForURL('**/device/rent?tab=delisted');
    await expect.poll(() => u.locator('.ant-table-row', { hasText: MODEL }).count()).toBe(1);
    await shot(u, 'device-rent-delisted-1440');
    // deleting asks first
    await u
      .locator('.ant-table-row', { hasText: MODEL })
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await u.getByText('确定删除该设备吗？删除后不可恢复。').waitFor();
    await u.getByRole('tooltip').getByRole('button').last().click();
    await u.locator('.ant-message').getByText('删除成功').waitFor();
    await expect.poll(() => u.locator('.ant-table-row', { hasText: MODEL }).count()).toBe(0);
    // a leased listing: only its address and rents can change, and it has no list / delist or delete
    await u.goto('/device/rent');
    const leased = u.locator('.ant-table-row', { hasText: 'SY365H' });
    await leased.waitFor();
    expect(await leased.getByRole('button', { name: /删\s*除|下\s*架/ }).count()).toBe(0);
    await leased.getByRole('button', { name: /编\s*辑/ }).click();
    await u.waitForURL('**/device/edit/*');
    await u.getByText('该设备已有租赁，只能修改设备位置和租金').waitFor();
    await expect.poll(() => u.getByLabel('设备型号').inputValue()).toBe('SY365H');
    expect(await u.getByLabel('设备型号').isDisabled()).toBe(true);
    expect(await u.getByLabel('月租金').isDisabled()).toBe(false);
    await u.getByLabel('月租金').fill('50000');
    await shot(u, 'device-edit-leased-1440');
    await u.getByRole('button', { name: /提交审核/ }).click();
    await u.waitForURL('**/device/rent');
    await expect.poll(() => u.locator('.ant-table-row', { hasText: 'SY365H' }).textContent()).toContain('50,000.00');
    // a rejected listing shows why; a leased one cannot be deleted or delisted
    await u.getByRole('tab', { name: '已提交' }).click();
    await u.getByText('驳回原因：铭牌照片模糊').waitFor();
    await u.getByRole('tab', { name: '全部' }).click();
    await u.setViewportSize({ width: 390, height: 844 });
    await u.getByTestId('listing-card').first().waitFor();
    await shot(u, 'device-rent-390');
    await u.goto('/device/add');
    await u.getByLabel('设备类型').waitFor();
    await shot(u, 'device-add-390');
    await u.context().close();
  });
});
