import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure, shot } from './support/browser';

const j = journey();
let page: Page | undefined;

const content = (p: Page) => p.locator('main, .ant-layout-content').first();

describe('points journey', () => {
  it('the tenant signs in on the dashboard, sees the beans in the ledger, converts beans to coins and sees the coin tab', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'points-tenant');
    await loginAs(p, '13800000001');

    // the demo streak: two days; today's sign-in is day 3 of the streak (5 + the day-3 bonus of 10)
    await expect.poll(() => p.getByTestId('sign-continuous').textContent()).toContain('已连续签到 2 天');
    await expect.poll(() => content(p).textContent()).toContain('270');
    const button = p.getByTestId('sign-in');
    expect(await button.isEnabled()).toBe(true);
    await shot(p, 'points-dashboard-before-1440');
    await button.click();
    await expect.poll(() => p.getByText(/签到成功，获得 15 积分/).count()).toBeGreaterThan(0);
    await expect.poll(() => button.textContent()).toContain('今日已签到');
    expect(await button.isDisabled()).toBe(true);
    await expect.poll(() => p.getByTestId('sign-continuous').textContent()).toContain('已连续签到 3 天');
    await expect.poll(() => content(p).textContent()).toContain('285');
    await shot(p, 'points-dashboard-1440');

    // the ledger shows the row
    await p.getByTestId('side-menu').getByText('积分明细').click();
    await p.waitForURL('**/integral-detail');
    await expect.poll(() => p.getByTestId('points-available').textContent()).toBe('285');
    const firstRow = p.locator('.ant-table-tbody tr.ant-table-row').first();
    await expect.poll(() => firstRow.textContent()).toContain('签到奖励');
    expect(await firstRow.textContent()).toContain('+15');
    expect(await firstRow.textContent()).toContain('连续签到第3天');
    await shot(p, 'points-detail-1440');

    // conversion: empty is refused with the spec's text, then 5 coins for 50 beans
    await p.getByTestId('open-convert').click();
    const dialog = p.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('10 积分 = 1 金币');
    expect(await dialog.textContent()).toContain('28 金币');
    await dialog.getByRole('button', { name: /确认兑换/ }).click();
    await expect.poll(() => dialog.textContent()).toContain('待换金币数需大于0');
    await dialog.getByPlaceholder('请输入待换金币数').fill('5');
    await expect.poll(() => dialog.textContent()).toContain('将消耗积分 50');
    await shot(p, 'points-convert-1440');
    await dialog.getByRole('button', { name: /确认兑换/ }).click();
    await expect.poll(() => p.getByText(/兑换成功/).count()).toBeGreaterThan(0);
    await expect.poll(() => p.getByTestId('points-available').textContent()).toBe('235');
    await expect.poll(() => firstRow.textContent()).toContain('兑换金币');

    // the coin tab, in the URL
    await p.getByRole('tab', { name: '金币' }).click();
    await p.waitForURL('**/integral-detail?tab=coin');
    await expect.poll(() => p.getByTestId('points-available').textContent()).toBe('35');
    await expect.poll(() => firstRow.textContent()).toContain('积分兑换');
    expect(await firstRow.textContent()).toContain('+5');
    await p.reload();
    await expect.poll(() => p.getByRole('tab', { selected: true }).textContent()).toBe('金币');
    await shot(p, 'points-coin-1440');

    // the type filter lives in the URL too
    await p.goto('/integral-detail?type=1');
    await expect.poll(() => content(p).textContent()).toContain('共 3 条');

    await p.goto('/gain-peas');
    await expect.poll(() => p.getByTestId('gain-days').textContent()).toContain('+15');
    await shot(p, 'points-gain-1440');
    await p.context().close();
  });

  it('phone width: the dashboard card, the ledger and the rules page', async () => {
    const { page: p } = await newPage(j.browser, j.server.url, { width: 390, height: 844 });
    page = p;
    screenshotOnFailure(() => page, 'points-mobile');
    await loginAs(p, '13800000002');
    await p.getByTestId('sign-in').click();
    await expect.poll(() => p.getByTestId('sign-in').textContent()).toContain('今日已签到');
    await shot(p, 'points-dashboard-390');
    await p.goto('/integral-detail');
    await expect.poll(() => p.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    await shot(p, 'points-detail-390');
    await p.getByTestId('open-convert').click();
    await p.getByRole('dialog').getByPlaceholder('请输入待换金币数').waitFor();
    await shot(p, 'points-convert-390');
    await p.keyboard.press('Escape');
    await p.goto('/gain-peas');
    await p.getByTestId('gain-days').waitFor();
    await shot(p, 'points-gain-390');
    await p.context().close();
  });

  it('staff set the sign-in rewards and the ratio in the admin console', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'points-admin');
    await loginAs(p, '13800000000', 'Admin@2026');
    await p.goto('/admin/points');
    const ratio = p.getByLabel('兑换比例（积分/金币）');
    await ratio.waitFor();
    await ratio.fill('0');
    await p.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => p.getByText('兑换比例需为1到10000的整数').count()).toBeGreaterThan(0);
    await ratio.fill('20');
    await p.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => p.getByText('保存成功').count()).toBeGreaterThan(0);
    await shot(p, 'points-admin-1440');
    const rule = await p.evaluate(async () =>
      (await fetch('/api/index/score/convertRule', { credentials: 'include' })).json(),
    );
    expect(rule.data.ratio).toBe(20);
    await p.context().close();
  });
});
