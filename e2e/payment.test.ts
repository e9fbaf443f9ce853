import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type TServer } from './support/server';
import { launch, newPage, screenshotOnFailure, shot } from './support/browser';

let server: TServer;
let browser: Browser;
let page: Page | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function login(p: Page, phone: string, password: string) {
  await p.goto('/login');
  await p.getByPlaceholder('请输入手机号码').first().fill(phone);
  await p.getByPlaceholder('请输入密码').first().fill(password);
  await p.getByRole('button', { name: /登\s*录/ }).click();
  await p.waitForURL('**/dashboard/index');
}

const gold = async (p: Page) => ((await (await p.request.get('/api/index/info')).json()) as { data: { score: { gold: number } } }).data.score.gold;

describe('payment journey', () => {
  it('buys coins, pays the QR on a second page, and the scan page redirects with the new balance', async () => {
    const { page: p } = await newPage(browser, server.url);
    page = p;
    screenshotOnFailure(() => page, 'payment-coins');
    const urls: string[] = [];
    p.on('framenavigated', (f) => f === p.mainFrame() && urls.push(f.url()));

    await login(p, '13800000001', 'Demo@2026');
    const before = await gold(p);

    await p.goto('/coin-purchase');
    await p.getByText('¥50.00').waitFor();
    // nothing chosen: the spec's texts
    await p.getByRole('button', { name: '立即支付' }).click();
    await p.getByText('请选择购买金额').waitFor();
    await p.getByRole('radio', { name: /500金币/ }).click();
    await p.getByRole('button', { name: '立即支付' }).click();
    await p.getByText('请选择支付方式').waitFor();
    await p.getByRole('radio', { name: '微信支付' }).click();
    await shot(p, 'coin-purchase-1440');
    await p.getByRole('button', { name: '立即支付' }).click();
    await p.waitForURL('**/coin-scan?order_sn=*');

    const qr = p.locator('img[data-code-url]');
    await qr.waitFor();
    const codeUrl = (await qr.getAttribute('data-code-url')) as string;
    expect(codeUrl).toMatch(/\/site\/pay\/sandbox\/S[0-9a-f]{24}$/);
    await p.getByText('请在10分钟内完成支付').waitFor();
    await p.getByText('400-820-1234').waitFor();
    await shot(p, 'coin-scan-1440');

    // the payer scans: a phone opens the QR's URL (no login), and pays
    const { context: phoneCtx, page: payer } = await newPage(browser, server.url, { width: 390, height: 844 });
    await payer.goto(codeUrl.replace(/^https?:\/\/[^/]+/, server.url));
    await payer.getByText('¥50.00').first().waitFor();
    await shot(payer, 'sandbox-pay-390');
    await payer.getByRole('button', { name: '确认支付' }).click();
    await payer.getByText('已支付成功').waitFor();
    await shot(payer, 'sandbox-paid-390');
    await phoneCtx.close();

    // the scan page sees SUCCESS within a poll or two, shows the new balance, then goes to the coin tab
    await p.getByText('支付成功').first().waitFor({ timeout: 10_000 });
    await expect.poll(() => p.getByTestId('new-balance').textContent()).toContain(String(before + 520));
    await shot(p, 'coin-scan-paid-1440');
    await expect.poll(() => urls.some((u) => u.endsWith('/integral-detail?tab=coin')), { timeout: 10_000 }).toBe(true);
    expect(await gold(p)).toBe(before + 520);

    // membership: the dashboard button leads to the payment page
    await p.goto('/dashboard/index');
    await p.getByRole('button', { name: '升级AA', exact: true }).click();
    await p.waitForURL('**/user-payment?level=AA');
    await p.getByText('365.00元').waitFor();
    await shot(p, 'user-payment-1440');
    await p.getByRole('radio', { name: '银联云闪付' }).click();
    await p.getByRole('button', { name: '立即支付' }).click();
    await p.waitForURL('**/chinaums-scan?buy_type=member&order_sn=*');
    const memberUrl = (await p.locator('img[data-code-url]').getAttribute('data-code-url')) as string;
    await shot(p, 'chinaums-scan-1440');
    const r = await p.request.post(`/api/pay/sandbox/${memberUrl.split('/').pop()}/pay`, { data: {} });
    expect(r.ok()).toBe(true);
    await p.waitForURL('**/payment-detail', { timeout: 15_000 });
    await p.getByText('有效').first().waitFor();
    await shot(p, 'payment-detail-1440');
    await p.goto('/dashboard/user-power');
    await p.getByText('续费AA').waitFor();
    await shot(p, 'user-power-1440');
    await p.goto('/dashboard/index');
    await p.getByRole('button', { name: '续费AA' }).waitFor();
  });

  it('phone width: coin purchase, scan and membership pages', async () => {
    const { page: p } = await newPage(browser, server.url, { width: 390, height: 844 });
    page = p;
    screenshotOnFailure(() => page, 'payment-390');
    await login(p, '13800000002', 'Demo@2026');
    await p.goto('/coin-purchase');
    await p.getByText('¥50.00').waitFor();
    await shot(p, 'coin-purchase-390');
    await p.getByRole('radio', { name: /100金币/ }).click();
    await p.getByRole('radio', { name: '微信支付' }).click();
    await p.getByRole('button', { name: '立即支付' }).click();
    await p.waitForURL('**/coin-scan?order_sn=*');
    await p.locator('img[data-code-url]').waitFor();
    await shot(p, 'coin-scan-390');
    await p.goto('/user-payment?level=AAA');
    await p.getByText('999.00元').waitFor();
    await shot(p, 'user-payment-390');
    await p.goto('/dashboard/user-power');
    await p.getByText('AAA级会员').first().waitFor();
    await shot(p, 'user-power-390');
  });

  it('admin console: coin packages, membership, payments', async () => {
    const { page: p } = await newPage(browser, server.url);
    page = p;
    screenshotOnFailure(() => page, 'payment-admin');
    await login(p, '13800000000', 'Admin@2026');
    await p.goto('/admin/coin');
    await p.getByText('兑换设置').waitFor();
    await shot(p, 'admin-coin-1440');
    await p.goto('/admin/member');
    await p.getByText('年费（元）').first().waitFor();
    await shot(p, 'admin-member-1440');
    await p.goto('/admin/payments');
    await p.locator('.ant-table-row').first().waitFor();
    await p.locator('.ant-table-row a').first().click();
    await p.getByText('回调日志').waitFor();
    await shot(p, 'admin-payments-1440');
  });
});
