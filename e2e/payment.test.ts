import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type TServer } from './support/server';
import { launch, newPage, screenshotOnFailure, shot } from './support/browser';

let server: TServer;
let browser: Browser;
let page: Page | undefined;

// the hotline is a server setting: a value of our own shows that the pages read it from the server
const HOTLINE = '400-600-2026';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SERVICE_HOTLINE: HOTLINE }, { web: 'development' }), launch()]);
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

const gold = async (p: Page) =>
  ((await (await p.request.get('/api/index/info')).json()) as { data: { score: { gold: number } } }).data.score.gold;

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
    // the pay info carries the user's coins
    await expect.poll(() => p.getByTestId('available-coins').textContent()).toBe(String(before));
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
    expect(await p.getByTestId('label-text').textContent()).toBe('购买金币 520个');
    await expect.poll(() => p.getByTestId('service-hotline').textContent()).toBe(HOTLINE);
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
    expect(await p.getByTestId('label-text').textContent()).toBe('AA级会员（365天）');
    await p.getByTestId('service-hotline').getByText(HOTLINE).waitFor();
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
    await p.getByTestId('service-hotline').getByText(HOTLINE).waitFor();
    await shot(p, 'coin-scan-390');
    await p.goto('/user-payment?level=AAA');
    await p.getByText('999.00元').waitFor();
    await shot(p, 'user-payment-390');
    await p.goto('/dashboard/user-power');
    await p.getByText('AAA级会员').first().waitFor();
    await shot(p, 'user-power-390');
    // the public site's footer shows the same server setting
    await p.goto('/site');
    await p.getByText(`客服热线：${HOTLINE}`).waitFor();
  });

  it('admin console: coin packages, membership, payments', async () => {
    const { page: p } = await newPage(browser, server.url);
    page = p;
    screenshotOnFailure(() => page, 'payment-admin');
    await login(p, '13800000000', 'Admin@2026');
    await p.goto('/admin/coin');
    await p.getByText('兑换设置').waitFor();
    await shot(p, 'admin-coin-1440');
    // a new package: its coins follow from the amount (1 yuan = 10 coins), they are not typed
    await p.getByRole('button', { name: '新增套餐' }).click();
    const dlg = p.getByRole('dialog');
    await dlg.getByLabel('金额（元）').fill('30');
    await dlg.getByText('30元 × 10 = 300金币（按兑换比例自动计算）').waitFor();
    expect(await dlg.getByLabel('金币数').inputValue()).toBe('300');
    expect(await dlg.getByLabel('金币数').isDisabled()).toBe(true);
    await dlg.getByLabel('金额（元）').fill('30.05');
    await dlg.getByText('按当前兑换比例（1元 = 10金币），30.05元不能折算为整数金币，请调整金额').waitFor();
    await shot(p, 'admin-coin-package-1440');
    await dlg.getByLabel('金额（元）').fill('30');
    await dlg.getByRole('button', { name: /确\s*定|OK/ }).click();
    await p.getByRole('cell', { name: '30.00' }).waitFor();
    await expect.poll(async () => (await p.getByRole('row', { name: /30\.00/ }).textContent()) ?? '').toContain('300');
    // a new rate reprices every package: the admin is asked first (and here declines)
    await p.getByLabel('1元可兑金币数').fill('20');
    await p.getByRole('button', { name: /保\s*存/ }).click();
    await p
      .getByText('保存后，所有套餐的金币数将按 1元 = 20金币 重新计算，已打开购买页的用户需重新选择套餐。确定保存？')
      .waitFor();
    await shot(p, 'admin-coin-rate-1440');
    await p.getByRole('button', { name: /取\s*消/ }).click();
    expect((await (await p.request.get('/api/admin/coin/packages')).json()).data.setting.gold_avg).toBe(10);
    await p.goto('/admin/member');
    await p.getByText('年费（元）').first().waitFor();
    await shot(p, 'admin-member-1440');
    await p.goto('/admin/payments');
    await p.locator('.ant-table-row').first().waitFor();
    // search by order number: the filter lives in the URL, so a reload shows the same list
    const sn = (await p.locator('.ant-table-row a').nth(1).textContent()) as string;
    await p.getByPlaceholder('订单编号').fill(sn);
    await p.getByPlaceholder('订单编号').press('Enter');
    await p.waitForURL(`**/admin/payments?order_sn=${sn}`);
    await expect.poll(() => p.locator('.ant-table-row').count()).toBe(1);
    await p.reload();
    await p.locator('.ant-table-row a', { hasText: sn }).waitFor();
    expect(await p.locator('.ant-table-row').count()).toBe(1);
    expect(await p.getByPlaceholder('订单编号').inputValue()).toBe(sn);
    await shot(p, 'admin-payments-search-1440');
    await p.setViewportSize({ width: 390, height: 844 });
    await p.reload();
    await p.locator('.ant-table-row a', { hasText: sn }).waitFor();
    await shot(p, 'admin-payments-search-390');
    // at phone width the console's menu is a drawer opened from the header
    await p.getByTestId('admin-menu-toggle').click();
    const drawer = p.getByRole('dialog');
    await drawer.getByText('积分设置').waitFor();
    await shot(p, 'admin-menu-390');
    await drawer.getByText('会员设置').click();
    await p.waitForURL('**/admin/member');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await p.goto(`/admin/payments?order_sn=${sn}`);
    await p.setViewportSize({ width: 1440, height: 900 });
    await p.reload();
    await p.locator('.ant-table-row a', { hasText: sn }).waitFor();
    await p.locator('.ant-table-row a').first().click();
    await p.getByText('回调日志').waitFor();
    await shot(p, 'admin-payments-1440');
  });
});
