import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure, shot } from './support/browser';

const j = journey();
let page: Page | undefined;

async function addAddress(p: Page, name: string, region: [string, string, string], detail: string) {
  await p
    .getByRole('button', { name: /新增收货地址/ })
    .first()
    .click();
  const d = p.getByRole('dialog');
  await d.getByPlaceholder('请输入收件人').fill(name);
  await d.getByPlaceholder('请输入手机号码').fill('13912345678');
  await d.locator('.ant-cascader').click();
  for (const r of region) await p.locator('.ant-cascader-menu-item', { hasText: r }).first().click();
  await d.getByPlaceholder('街道、门牌号、楼层等').fill(detail);
  await d.getByRole('button', { name: /保\s*存/ }).click();
  await expect.poll(() => p.getByRole('dialog').count()).toBe(0);
}

describe('invoice information', () => {
  it('the tenant keeps a special VAT qualification and up to 3 receiving addresses', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'invoice');
    await loginAs(p, '13800000001');
    await p.getByTestId('side-menu').getByText('发票信息').click();
    await p.waitForURL('**/company/invoice');
    await p.getByText('还没有收货地址').waitFor();
    // title and tax number come from the register
    await expect
      .poll(() => p.locator('main, .ant-layout-content').first().textContent())
      .toContain('91310115MA1K3G7X2D');

    await p.getByRole('button', { name: /修改开票信息/ }).click();
    const d = p.getByRole('dialog');
    await d.getByText('增值税专用发票').click();
    await d.getByPlaceholder('专用发票必填', { exact: true }).fill('上海市浦东新区张江路 1238 号');
    await d.getByRole('button', { name: /保\s*存/ }).click();
    await d.getByText('请输入注册电话').waitFor();
    await d.getByPlaceholder('专用发票必填，如：021-50800000').fill('021-50800000');
    await d.getByPlaceholder('如：中国工商银行上海张江支行').fill('中国工商银行上海张江支行');
    await d.getByPlaceholder('请输入银行账号').fill('6222021001123456');
    await d.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => p.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => p.locator('main, .ant-layout-content').first().textContent()).toContain('6222021001123456');

    await addAddress(p, '张工', ['上海市', '市辖区', '浦东新区'], '张江路 1238 号 18 层');
    await addAddress(p, '李会计', ['江苏省', '南京市', '玄武区'], '中山路 1 号');
    await addAddress(p, '王经理', ['上海市', '市辖区', '浦东新区'], '世纪大道 100 号');
    await expect.poll(() => p.getByTestId('invoice-address').count()).toBe(3);
    expect(await p.getByRole('button', { name: /新增收货地址/ }).count()).toBe(0);
    const first = p.getByTestId('invoice-address').first();
    expect(await first.textContent()).toContain('默认');
    expect(await first.getByRole('button', { name: '删除' }).isDisabled()).toBe(true);
    await p.getByTestId('invoice-address').nth(1).getByRole('button', { name: '设为默认' }).click();
    await p.getByText('设置成功').waitFor();
    await expect.poll(() => p.getByTestId('invoice-address').nth(1).textContent()).toContain('默认');
    await first.getByRole('button', { name: '删除' }).click();
    await p
      .getByRole('tooltip')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect.poll(() => p.getByTestId('invoice-address').count()).toBe(2);
    await shot(p, 'invoice-1440');
    await p.setViewportSize({ width: 390, height: 844 });
    await shot(p, 'invoice-390');
    await p.context().close();
  });
});
