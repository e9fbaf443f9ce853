import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure, shot } from './support/browser';

const j = journey();
let page: Page | undefined;

describe('quick demands', () => {
  it('a tenant publishes a demand, the admin approves it, the hall shows it, the tenant closes it; a rejected one shows its reason on a phone', async () => {
    const { context, page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'demand');
    await loginAs(p, '13800000001');
    await p.goto('/rent/demand');
    await p.getByRole('button', { name: /发布需求/ }).click();
    await p.waitForURL('**/rent/dadd');
    await p.locator('.ant-form-item', { hasText: '所在区域' }).locator('.ant-cascader').click();
    for (const n of ['江苏省', '苏州市', '虎丘区'])
      await p.locator(`.ant-cascader-menu-item[title="${n}"]:visible`).first().click();
    await p.getByLabel('详细地址').fill('科技城锦峰路158号');
    await p.locator('.ant-form-item', { hasText: '设备类型' }).locator('.ant-cascader').click();
    for (const n of ['挖掘机械', '挖掘机', '履带式挖掘机'])
      await p.locator(`.ant-cascader-menu-item[title="${n}"]:visible`).first().click();
    await p.getByLabel('数量（台）').fill('2');
    await p.getByLabel('工期（天）').fill('30');
    await p.getByLabel('需求描述').fill('E2E需求：地铁站基坑开挖需要两台履带式挖掘机');
    await shot(p, 'demand-form-1440');
    await p.getByRole('button', { name: /提交审核/ }).click();
    await p.getByText('发布成功').waitFor();
    await p.waitForURL('**/rent/demand');
    await p.getByText('E2E需求').first().waitFor();
    await shot(p, 'demand-list-1440');

    const admin = await newPage(j.browser, j.server.url);
    page = admin.page;
    await loginAs(admin.page, '13800000000', 'Admin@2026');
    await admin.page.goto('/admin/demands');
    await admin.page
      .locator('.ant-table-row', { hasText: 'E2E需求' })
      .getByRole('button', { name: /通\s*过/ })
      .click();
    await admin.page.getByText('操作成功').waitFor();
    await shot(admin.page, 'demand-admin-1440');
    await admin.context.close();

    page = p;
    await p.goto('/site/demand');
    await p.getByTestId('demand-hall-card').filter({ hasText: 'E2E需求' }).click();
    await p.waitForURL('**/site/demand/*');
    await p.getByText('13800000001').first().waitFor();
    await shot(p, 'demand-page-1440');

    await p.goto('/rent/demand?state=2');
    const row = p.locator('.ant-table-row', { hasText: 'E2E需求' });
    await row.getByRole('button', { name: /关\s*闭/ }).click();
    await p
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await p.getByText('关闭成功').waitFor();
    await p.goto('/rent/demand?state=3');
    await p.getByText('E2E需求').first().waitFor();

    await p.setViewportSize({ width: 390, height: 844 });
    await p.goto('/rent/demand?state=1');
    const card = p.getByTestId('demand-card').first();
    await card.waitFor();
    expect(await card.textContent()).toContain('原因：');
    await shot(p, 'demand-rejected-390');
    await p.goto('/site/demand');
    await p.getByTestId('demand-hall-card').first().waitFor();
    await shot(p, 'demand-hall-390');
    await context.close();
  });
});
