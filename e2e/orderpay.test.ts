import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure, shot } from './support/browser';

const j = journey();
let page: Page | undefined;
/** the demo order in progress (上海虹桥枢纽), whose third settled settlement's payment waits for the provider's signature */
const PROJECT = '虹桥枢纽';

/** Presses OK in the open popconfirm. */
async function popOk(p: Page) {
  await p.locator('.ant-popconfirm:visible, .ant-popover:visible').last().getByRole('button', { name: /确\s*定|OK/ }).click();
}

describe('payments and financing', () => {
  it('the provider signs the receivable with the code, applies for financing, the partner reviews and signs, the payment completes; the timeline shows each step', async () => {
    const { context, page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'orderpay');
    await loginAs(p, '13800000002');
    await p.goto('/rent-order?status=2');
    await p.locator('.ant-table-row', { hasText: PROJECT }).getByRole('button', { name: /查\s*看/ }).click();
    await p.waitForURL('**/rent-order/watch/*');
    const orderId = new URL(p.url()).pathname.split('/').pop();
    await p.getByRole('button', { name: /支付管理/ }).click();
    await p.waitForURL(`**/rent-order/payment/${orderId}`);
    await p.getByTestId('pay-stats').getByText('可融资金额').waitFor();
    await p.locator('.ant-table-row').first().waitFor();
    expect(await p.locator('.ant-table-row').count()).toBe(3);
    await shot(p, 'orderpay-list-1440');

    // the tab in the URL; the one to sign
    await p.locator('#tab-1').click();
    await p.waitForURL(/status=1/);
    const row = p.locator('.ant-table-row', { hasText: '待签收' });
    await expect.poll(() => p.locator('.ant-table-row').count()).toBe(1);
    const sn = (await row.locator('td').first().innerText()).split('\n')[0].trim();
    await row.getByRole('button', { name: /签\s*收/ }).click();
    const dialog = p.locator('.ant-modal:visible');
    await dialog.getByRole('button', { name: /获取验证码/ }).click();
    await p.getByText('短信发送成功').first().waitFor();
    await dialog.locator('input').fill('123456');
    await shot(p, 'orderpay-sign-1440');
    await dialog.getByRole('button', { name: /签\s*收/ }).click();
    // signing answers the payment's financing page
    await p.waitForURL(`**/rent-order/payinfo/*/${orderId}`);
    await p.getByText('暂无融资记录').waitFor();

    // apply: the partner's page opens in a new window
    await p.goto(`/rent-order/payment/${orderId}?status=2`);
    const mine = p.locator('.ant-table-row', { hasText: sn });
    await mine.getByRole('button', { name: /申请融资/ }).click();
    const popup = context.waitForEvent('page');
    await popOk(p);
    const partner = await popup;
    await partner.waitForLoadState();
    expect(partner.url()).toMatch(/\/site\/finance\/sandbox\/RZ[0-9a-f]{24}$/);
    await partner.getByTestId('sandbox-fin-status').getByText('待审核').waitFor();
    await shot(partner, 'orderpay-sandbox-1440');
    await partner.getByRole('button', { name: /审核通过/ }).click();
    await partner.getByTestId('sandbox-fin-status').getByText('待签约').waitFor();

    // the provider's financing page offers the contract now
    await p.goto(`/rent-order/payment/${orderId}?status=2`);
    await mine.getByRole('button', { name: /查看融资/ }).click();
    await p.waitForURL(`**/rent-order/payinfo/*/${orderId}`);
    await p.locator('.ant-table-row', { hasText: '待签约' }).waitFor();
    await shot(p, 'orderpay-payinfo-1440');

    await partner.getByRole('button', { name: /签署融资合同并放款/ }).click();
    await popOk(partner);
    await partner.getByTestId('sandbox-fin-status').getByText('已放款').waitFor();
    await partner.close();

    await p.reload();
    await p.locator('.ant-table-row', { hasText: '已放款' }).waitFor();
    await p.goto(`/rent-order/payment/${orderId}?status=3`);
    await p.locator('.ant-table-row', { hasText: sn }).getByText('已完成').waitFor();
    await p.goto(`/rent-order/watch/${orderId}`);
    for (const step of ['生成付款单', '服务商签收应收账款', '服务商申请融资', '融资审核通过', '金融机构放款']) await p.getByTestId('timeline-item').filter({ hasText: step }).last().waitFor();
    await context.close();
  });

  it('the tenant reads its payments and PayerStat on a phone and on a desktop; the statistics page keeps its tabs in the URL', async () => {
    for (const width of [390, 1440]) {
      const { context, page: p } = await newPage(j.browser, j.server.url, { width, height: 844 });
      page = p;
      screenshotOnFailure(() => page, `orderpay-tenant-${width}`);
      await loginAs(p, '13800000001');
      await p.goto('/rent/order?status=2');
      const card = width < 992 ? p.locator('[data-testid="order-card"], .ant-table-row', { hasText: PROJECT }).first() : p.locator('.ant-table-row', { hasText: PROJECT });
      await card.getByRole('button', { name: /查\s*看/ }).first().click();
      await p.waitForURL('**/rent/order/watch/*');
      const orderId = new URL(p.url()).pathname.split('/').pop();
      await p.goto(`/rent/order/payment/${orderId}`);
      await p.getByTestId('pay-stats').getByText('应付总额').waitFor();
      await p.getByTestId('pay-debt').waitFor();
      if (width < 992) await p.getByTestId('pay-card').first().waitFor();
      else await p.locator('.ant-table-row').first().waitFor();
      // the tenant signs nothing
      expect(await p.getByRole('button', { name: /签\s*收|申请融资/ }).count()).toBe(0);
      await shot(p, `orderpay-tenant-${width}`);

      await p.goto('/rent/payment-stat?side=payer');
      await p.getByTestId('pay-stats').getByText('应付总额').waitFor();
      await p.locator('#tab-3').click();
      await p.waitForURL(/side=payer.*status=3|status=3.*side=payer/);
      await shot(p, `orderpay-stat-${width}`);
      await context.close();
    }
  });

  it('a payment page of an order the company cannot see goes back to the dashboard', async () => {
    const { context, page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'orderpay-denied');
    await loginAs(p, '13800000003');
    await p.goto('/rent/order/payment/1');
    await p.waitForURL('**/dashboard/index');
    await context.close();
  });
});
