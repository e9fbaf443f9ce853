import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure, shot } from './support/browser';
import { payOnPhone } from './support/pay';

const j = journey();
let page: Page | undefined;

describe('rent-then-buy shelves', () => {
  it('the provider applies for 2 shelves and pays, the admin approves, the provider puts a device on a shelf, the public page shows it', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'shelf');
    await loginAs(p, '13800000002');
    await p.getByTestId('side-menu').getByText('以租代售货架').click();
    await p.waitForURL('**/order/info');
    // the demo's effective order: 2 shelves, one carrying a device
    await expect.poll(() => p.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(2);
    await p.getByTestId('shelf-device').first().waitFor();
    await shot(p, 'shelf-list-1440');

    await p.getByRole('button', { name: /申请货架/ }).click();
    const d = p.getByRole('dialog');
    await d.getByText('申请以租代售货架').waitFor();
    await d.getByRole('spinbutton').fill('6');
    await d.getByRole('button', { name: /提交并支付/ }).click();
    await d.getByText('货架数量须为1至5个').waitFor();
    await d.getByRole('spinbutton').fill('2');
    await d.getByText('¥200.00').waitFor();
    await shot(p, 'shelf-apply-1440');
    await d.getByRole('button', { name: /提交并支付/ }).click();
    await p.waitForURL('**/chinaums-scan?buy_type=shelf&order_sn=*');
    const qr = p.locator('img[data-code-url]');
    await qr.waitFor();
    const codeUrl = (await qr.getAttribute('data-code-url')) as string;
    await shot(p, 'shelf-scan-1440');

    await payOnPhone(j.browser, j.server.url, codeUrl, '¥200.00');

    // paid: the order waits for the platform's review
    await p.waitForURL('**/order/info?tab=orders&status=0', { timeout: 15_000 });
    await expect.poll(() => p.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(2);
    await shot(p, 'shelf-orders-1440');

    const { context: adminCtx, page: a } = await newPage(j.browser, j.server.url);
    page = a;
    await loginAs(a, '13800000000', 'Admin@2026');
    await a.goto('/admin/shelf-orders');
    const row = a.locator('.ant-table-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('200.00');
    await shot(a, 'admin-shelf-orders-1440');
    await row.getByRole('button', { name: /通\s*过/ }).click();
    await a.getByRole('tooltip').getByRole('button').last().click();
    await expect.poll(() => a.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(1);
    await a.setViewportSize({ width: 390, height: 844 });
    await shot(a, 'admin-shelf-orders-390');
    await adminCtx.close();

    page = p;
    await p.goto('/order/info');
    await expect.poll(() => p.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(4);
    // the newest shelf is empty: put the free approved device on it
    await p
      .getByRole('button', { name: /添加设备/ })
      .first()
      .click();
    const dd = p.getByRole('dialog', { name: '货架添加设备' });
    await dd.getByRole('button', { name: /保\s*存/ }).click();
    await dd.getByText('请输入月租金').waitFor();
    await dd.getByRole('button', { name: /选择设备/ }).click();
    const picker = p.getByRole('dialog', { name: '选择设备' });
    await picker.locator('.ant-table-row').first().waitFor();
    await shot(p, 'shelf-picker-1440');
    await picker
      .getByRole('button', { name: /选\s*择/ })
      .first()
      .click();
    await dd.getByTestId('picked-device').waitFor();
    const inputs = dd.getByRole('spinbutton');
    await inputs.nth(0).fill('12000');
    await inputs.nth(1).fill('24');
    await inputs.nth(2).fill('150000');
    await shot(p, 'shelf-device-1440');
    await dd.getByRole('button', { name: /保\s*存/ }).click();
    await p.getByText('添加成功').waitFor();
    await expect.poll(() => p.getByTestId('shelf-device').count(), { timeout: 15_000 }).toBe(2);
    await p.getByText('月租 12,000.00 元 × 24 期，期满转让价 150,000.00 元').waitFor();
    await shot(p, 'shelf-filled-1440');
    await p.setViewportSize({ width: 390, height: 844 });
    await shot(p, 'shelf-filled-390');

    // the public rent-to-own page, without login
    const { context: pubCtx, page: pub } = await newPage(j.browser, j.server.url);
    await pub.goto('/site/rentbuy');
    await expect.poll(() => pub.getByTestId('rentbuy-card').count(), { timeout: 15_000 }).toBe(2);
    await pub.getByText('¥12,000.00').waitFor();
    await shot(pub, 'site-rentbuy-1440');
    await pub.setViewportSize({ width: 390, height: 844 });
    await shot(pub, 'site-rentbuy-390');
    await pubCtx.close();
  });

  it('the AAA provider binds a device to its free right (confirmed, irreversible), downloads a nameplate, sees the invoice page', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    await loginAs(p, '13800000002');
    await p.goto('/payment-detail');
    await p.getByRole('link', { name: '绑定设备' }).click();
    await p.waitForURL('**/dashboard/bind-device/*/AAA');
    // pick the first device by its radio, and see the pick land before confirming (a busy machine re-renders late)
    await p.locator('.ant-table-row').first().locator('input[type=radio]').check();
    await expect.poll(() => p.getByRole('button', { name: /确认绑定/ }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await shot(p, 'bind-device-1440');
    await p.getByRole('button', { name: /确认绑定/ }).click();
    const confirm = p.getByRole('dialog');
    await confirm.getByText(/绑定后不可更改/).waitFor();
    await shot(p, 'bind-device-confirm-1440');
    await confirm.getByRole('button', { name: /确定绑定/ }).click();
    await p.getByText('该权益已绑定设备').waitFor();
    await p.setViewportSize({ width: 390, height: 844 });
    await shot(p, 'bind-device-bound-390');
    await p.setViewportSize({ width: 1440, height: 900 });
    await p.goto('/payment-detail');
    await expect.poll(() => p.getByRole('link', { name: '下载铭牌' }).count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => p.getByRole('link', { name: '绑定设备' }).count(), { timeout: 15_000 }).toBe(0);
    await shot(p, 'payment-detail-rights-1440');
    await p.getByRole('link', { name: '下载铭牌' }).first().click();
    await p.waitForURL('**/dashboard/down-nameplate?id=*');
    const img = p.getByTestId('nameplate');
    await expect
      .poll(() => img.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    const href = (await p.getByRole('link', { name: /下载铭牌/ }).getAttribute('href')) as string;
    const res = await p.request.get(href);
    expect(res.headers()['content-type']).toBe('image/png');
    expect(res.headers()['content-disposition']).toMatch(/filename="13800000002_\d+\.png"/);
    await shot(p, 'nameplate-1440');
    const id = new URL(p.url()).searchParams.get('id');
    await p.goto(`/dashboard/bind-device/${id}/AAA`);
    await p.getByText('该权益已绑定设备').waitFor();
    await shot(p, 'bind-device-bound-1440');
    await p.goto('/dashboard/invoice');
    await p.getByText('暂无开票记录').waitFor();
    await shot(p, 'dashboard-invoice-1440');
    await p.setViewportSize({ width: 390, height: 844 });
    await shot(p, 'dashboard-invoice-390');
    await p.goto(`/dashboard/down-nameplate?id=${id}`);
    await shot(p, 'nameplate-390');
  });
});
