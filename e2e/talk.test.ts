import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure, shot } from './support/browser';
import { apiGet } from './support/session';

const j = journey();
let page: Page | undefined;

const inDays = (n: number) => new Date(Date.now() + 8 * 3600_000 + n * 86400_000).toISOString().slice(0, 10);

describe('inquiries', () => {
  it('the tenant sends an inquiry on a provider’s listing; the provider sees it under 收到的询价 with a system message', async () => {
    const { page: p, context } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'talk');
    await loginAs(p, '13800000001');
    // a listing of the provider: the tenant's demo favourites are the provider's machines
    const favs = await apiGet<{ data: { target_id: number; equipment: { equip_name: string } }[] }>(
      p,
      '/api/index/favorite/lst?type=0&size=5',
    );
    const listingId = favs.data[0].target_id;

    await p.goto(`/talk/post/${listingId}`);
    await p.getByText('江苏恒力工程机械租赁有限公司').waitFor();
    await p.getByLabel('需求数量（台）').fill('2');
    await p.locator('.ant-cascader').click();
    await p.locator('.ant-cascader-menu-item', { hasText: '江苏省' }).click();
    await p.locator('.ant-cascader-menu-item', { hasText: '苏州市' }).click();
    await p.locator('.ant-cascader-menu-item', { hasText: '虎丘区' }).click();
    await p.getByLabel('详细地址').fill('浒关工业园青花路 18 号厂房扩建工地');
    // a date before yesterday is refused with the spec's message
    const date = p.getByLabel('进场日期');
    await date.click();
    await date.fill(inDays(5));
    await date.press('Enter');
    await p.getByLabel('工期进度').fill('工期约两个月，本月底开工');
    await p.getByLabel('备注').fill('需带机手，白班');
    await p.getByLabel('联系电话').fill('13912345678');
    await shot(p, 'talk-post-1440');
    await p.getByRole('button', { name: /发送询价/ }).click();
    await p.waitForURL('**/talk/send');
    await expect.poll(async () => (await p.locator('.ant-table-row').count()) > 0).toBe(true);
    expect(await p.locator('.ant-table-row').first().textContent()).toContain('处理中');
    await shot(p, 'talk-send-1440');
    // the package tab opens with to_type=0
    await p.getByRole('tab', { name: '路桥套餐' }).click();
    await p.waitForURL('**/talk/send?to_type=0');
    await expect.poll(() => p.locator('.ant-table-row').count()).toBe(2);
    await shot(p, 'talk-send-suit-1440');
    await p.goto('/talk/suit');
    await p.getByText('设备清单').first().waitFor();
    await shot(p, 'talk-suit-1440');
    await p.goto('/dashboard/favorite');
    await expect.poll(() => p.getByTestId('favorite').count()).toBeGreaterThan(0);
    await shot(p, 'favorite-1440');
    await p.goto('/dashboard/report');
    await p.getByText('已处理').first().waitFor();
    await shot(p, 'report-1440');
    await context.close();

    // the provider
    const { page: q, context: c2 } = await newPage(j.browser, j.server.url);
    page = q;
    await loginAs(q, '13800000002');
    await q.getByTestId('side-menu').getByText('收到的询价').click();
    await q.waitForURL('**/talk/receive');
    await expect.poll(() => q.locator('.ant-table-row').count()).toBe(4);
    const first = q.locator('.ant-table-row').first();
    expect(await first.textContent()).toContain('中铁建设集团华东工程有限公司');
    await first.getByRole('button', { name: /^详\s*情$/ }).click();
    await q.getByText('浒关工业园青花路 18 号厂房扩建工地', { exact: false }).waitFor();
    await shot(q, 'talk-receive-detail-1440');
    await q
      .getByRole('button', { name: /^关\s*闭$/ })
      .last()
      .click();
    await first.getByRole('button', { name: /^标\s*记\s*完\s*成$/ }).click();
    await q.getByRole('button', { name: /^确\s*定$/ }).click();
    await expect.poll(async () => (await q.locator('.ant-table-row').first().textContent()) ?? '').toContain('已完成');
    await shot(q, 'talk-receive-1440');
    await q.goto('/dashboard/message');
    await q.getByText('您收到一条新的询价').first().waitFor();
    expect(await q.getByText('您收到一条新的询价').count()).toBeGreaterThanOrEqual(1);
    await c2.close();
  });

  it('the pages at 390 px, and the admin’s report and package pages', async () => {
    const { page: p, context } = await newPage(j.browser, j.server.url, { width: 390, height: 844 });
    page = p;
    screenshotOnFailure(() => page, 'talk-390');
    await loginAs(p, '13800000001');
    const favs = await apiGet<{ data: { target_id: number }[] }>(p, '/api/index/favorite/lst?type=0&size=5');
    for (const [url, name, wait] of [
      [`/talk/post/${favs.data[0].target_id}`, 'talk-post-390', '发送询价'],
      ['/talk/send', 'talk-send-390', '询价单号：'],
      ['/talk/suit', 'talk-suit-390', '设备清单'],
      ['/dashboard/favorite', 'favorite-390', '取消收藏'],
      ['/dashboard/report', 'report-390', '举报单号：'],
    ] as const) {
      await p.goto(url);
      await p.getByText(wait).first().waitFor();
      await shot(p, name);
    }
    await context.close();

    const { page: a, context: c2 } = await newPage(j.browser, j.server.url);
    page = a;
    await loginAs(a, '13800000000', 'Admin@2026');
    await a.goto('/admin/reports');
    await a.getByText('页面留的联系电话多次拨打均为空号').waitFor();
    await a
      .getByRole('button', { name: /^处\s*理$/ })
      .first()
      .click();
    await a.getByLabel(/处理结果/).fill('已联系出租方核实并更新联系电话。');
    await a.getByRole('button', { name: /^提\s*交$/ }).click();
    await a
      .getByText('暂无数据')
      .or(a.getByText('No data'))
      .first()
      .waitFor()
      .catch(() => undefined);
    await a.getByRole('tab', { name: '已处理' }).click();
    await a.getByText('已联系出租方核实并更新联系电话。').waitFor();
    await shot(a, 'admin-reports-1440');
    await a.goto('/admin/suits');
    await a.getByText('江苏', { exact: false }).first().waitFor();
    await a
      .getByRole('button', { name: /^报\s*价$/ })
      .first()
      .click();
    await a.getByLabel('套餐内容').fill('50吨汽车起重机 1 台、SR285 旋挖钻机 2 台，含机手，月结');
    await a.getByLabel('报价金额（元）').fill('326000');
    await shot(a, 'admin-suits-respond-1440');
    await a.getByRole('button', { name: /^提\s*交$/ }).click();
    await a.getByText('报价已提交').waitFor();
    await shot(a, 'admin-suits-1440');
    await c2.close();
  });
});
