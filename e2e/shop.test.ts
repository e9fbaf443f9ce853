import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { expectConsole, newPage, screenshotOnFailure, shot } from './support/browser';

const j = journey();
let page: Page | undefined;
let coverFile: string;
const TITLE = '常州高铁站前广场土方工程';

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-shop-'));
  coverFile = path.join(dir, 'case.jpg');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="#90caf9"/><rect y="280" width="800" height="220" fill="#8d6e63"/><rect x="200" y="220" width="220" height="70" rx="10" fill="#f6b400"/><text x="30" y="60" font-size="36" fill="#fff" font-family="Noto Sans CJK SC">${TITLE}</text></svg>`;
  fs.writeFileSync(coverFile, await sharp(Buffer.from(svg)).jpeg().toBuffer());
});

describe('shop', () => {
  it('the provider adds a case on /shop/decorate, the admin approves it, the public shop page shows it', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'shop');
    await loginAs(p, '13800000002');
    await p.getByTestId('side-menu').getByText('店铺装修').click();
    await p.waitForURL('**/shop/decorate');
    await p.getByRole('tab', { name: '热租设备' }).waitFor();
    await shot(p, 'shop-decorate-1440');
    const href = await p.getByRole('link', { name: '查看店铺' }).getAttribute('href');
    expect(href).toMatch(/^\/site\/shop\/\d+$/);

    await p.getByRole('tab', { name: '工程案例' }).click();
    await p.waitForURL('**/shop/decorate?tab=project');
    await expect.poll(() => p.getByTestId('case').count()).toBeGreaterThan(0);
    await p.getByRole('button', { name: /添加案例/ }).click();
    const d = p.getByRole('dialog');
    // every field is required, with the schema's messages
    await d.getByRole('button', { name: /提交审核/ }).click();
    await d.getByText('请输入案例标题').waitFor();
    await d.getByText('请上传图片').waitFor();
    await d.getByLabel('案例标题').fill(TITLE);
    await d.locator('input[type=file]').setInputFiles(coverFile);
    await d.locator('img[alt="案例封面"]').waitFor();
    await d
      .getByLabel('案例内容')
      .fill('为常州高铁站前广场改造项目提供挖掘机8台、自卸车12台，完成土方外运约9万立方米。');
    await shot(p, 'shop-case-add-1440');
    await d.getByRole('button', { name: /提交审核/ }).click();
    await p.locator('.ant-message').getByText('添加成功').waitFor();
    const added = p.getByTestId('case').filter({ hasText: TITLE });
    await expect.poll(() => added.textContent()).toContain('待审核');
    await shot(p, 'shop-cases-1440');
    await p.setViewportSize({ width: 390, height: 844 });
    await shot(p, 'shop-cases-390');
    await p.goto('/shop/setting');
    await p.getByRole('button', { name: '装修店铺' }).waitFor();
    await shot(p, 'shop-setting-390');
    await p.setViewportSize({ width: 1440, height: 900 });
    await shot(p, 'shop-setting-1440');
    await p.context().close();

    const { page: a } = await newPage(j.browser, j.server.url);
    page = a;
    await loginAs(a, '13800000000', 'Admin@2026');
    await a.goto('/admin/shops');
    // the tenant's shop waits in the first queue
    await a.locator('.ant-table-row', { hasText: '中铁建设华东设备中心' }).waitFor();
    await shot(a, 'admin-shops-1440');
    await a.getByRole('tab', { name: '工程案例' }).click();
    const row = a.locator('.ant-table-row', { hasText: TITLE });
    await row.waitFor();
    await shot(a, 'admin-shop-cases-1440');
    await row.getByRole('button', { name: /通\s*过/ }).click();
    await a.getByRole('tooltip').getByRole('button').last().click();
    await expect.poll(() => a.locator('.ant-table-row', { hasText: TITLE }).count()).toBe(0);
    await a.context().close();

    const { page: v } = await newPage(j.browser, j.server.url);
    page = v;
    await v.goto(href!);
    await v.getByRole('heading', { name: '恒力工程机械租赁' }).waitFor();
    await v.getByTestId('shop-case').filter({ hasText: TITLE }).waitFor();
    await v.getByText('江苏省工程机械租赁行业诚信单位').waitFor();
    await shot(v, 'site-shop-1440');
    await v.setViewportSize({ width: 390, height: 844 });
    await shot(v, 'site-shop-390');
    // a shop that is not public says so: its page answers 404 (search engines drop it), and so does the call it learns why from
    expectConsole(
      v,
      /status of 404 \(Not Found\) \(http:\/\/[^/]+\/site\/shop\/999999\)$/,
      'the page of a shop that is not public answers 404',
    );
    expectConsole(
      v,
      /status of 404 \(Not Found\) \(http:\/\/[^/]+\/api\/site\/shop\/999999\)$/,
      'the shop that is not public, asked for by its page',
    );
    await v.goto('/site/shop/999999');
    await v.getByText('店铺不存在或暂未开放').waitFor();
    await v.context().close();
  });

  it('the setting page follows the shop status: in review for the tenant, 设置店铺信息 with the prompts for the operator', async () => {
    const { page: t } = await newPage(j.browser, j.server.url, { width: 390, height: 844 });
    page = t;
    await loginAs(t, '13800000001');
    await t.goto('/shop/setting');
    await t.getByText('店铺信息已提交，平台将尽快完成审核，审核通过后即可装修店铺。').waitFor();
    await t.getByRole('button', { name: /修改店铺信息/ }).waitFor();
    await shot(t, 'shop-setting-review-390');
    // decoration waits for the approval: 抱歉 with the server's message and the way back
    await t.goto('/shop/decorate');
    await t.getByText('店铺审核通过后才能装修').waitFor();
    await t.getByRole('button', { name: '前往店铺设置' }).waitFor();
    await shot(t, 'shop-decorate-sorry-390');
    await t.context().close();

    const { page: o } = await newPage(j.browser, j.server.url);
    page = o;
    await loginAs(o, '13800000003');
    await o.goto('/shop/setting');
    await o.getByText('请先上传设备后再设置店铺').waitFor();
    await shot(o, 'shop-setting-none-1440');
    await o.getByRole('button', { name: '设置店铺信息' }).click();
    await o.locator('.ant-message').getByText('请先上传设备后再设置店铺').waitFor();
    await o.context().close();
  });
});
