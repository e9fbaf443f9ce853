import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure, shot } from './support/browser';
import { choose } from './support/forms';
import { payOnPhone as pay } from './support/pay';

const j = journey();
let page: Page | undefined;

/** The demo learner: 刘志强, personally verified, with a paid and a lapsed unpaid enrolment. */
const LEARNER = '13800000011';

const payOnPhone = (codeUrl: string, amount: string) => pay(j.browser, j.server.url, codeUrl, amount);

const rowOf = (p: Page, course: string) => p.locator('.ant-table-row', { hasText: course });

describe('training enrolment and payment', () => {
  it('a verified user enrols in a major, leaves the QR unpaid (待支付), continues it from the list (去支付), pays by the WeChat QR, lands on the labour home and sees it paid; pays a lapsed one again by bank-union QR', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'training');
    await loginAs(p, LEARNER);
    await p.getByTestId('side-menu').getByText('培训报名').click();
    await p.waitForURL('**/operator/registration');
    await expect.poll(() => p.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(2);
    expect(await rowOf(p, '挖掘机操作').textContent()).toContain('已支付');
    expect(await rowOf(p, '装载机操作').textContent()).toContain('已关闭');
    await shot(p, 'training-registration-1440');

    await p
      .getByRole('button', { name: /报名培训/ })
      .first()
      .click();
    await p.waitForURL('**/operator/training');
    await p.getByTestId('training-member').getByText('刘志强').waitFor();
    // nothing filled in: the spec's text
    await p.getByRole('button', { name: '立即支付' }).click();
    await expect.poll(() => p.getByText('请填写所有必填项！').count()).toBeGreaterThan(0);
    await choose(p, '培训专业', '起重机司机（特种作业）（¥3,500.00）');
    await p.getByTestId('major-detail').getByText('¥3,500.00').waitFor();
    await p
      .getByTestId('major-detail')
      .getByText(/流动式起重机司机/)
      .waitFor();
    await p.getByLabel('最高学历').fill('全日制普通高等教育本科');
    await p.getByText('不超过10个字').waitFor();
    await p.getByLabel('最高学历').fill('大专');
    await p.getByLabel('最高学历').press('Escape');
    await expect.poll(() => p.getByText('不超过10个字').count()).toBe(0);
    await p.getByRole('radio', { name: '微信支付' }).click();
    await shot(p, 'training-enrol-1440');
    await p.getByRole('button', { name: '立即支付' }).click();

    await p.waitForURL('**/operator/wxpayment?order_sn=*');
    const qr = p.locator('img[data-code-url]');
    await qr.waitFor();
    expect(await p.getByTestId('label-text').textContent()).toBe('培训报名费-起重机司机（特种作业）');
    await p.getByText('请在10分钟内完成支付').waitFor();
    await p.getByTestId('service-hotline').waitFor();
    await shot(p, 'training-wxpayment-1440');
    // left unpaid, the sign-up waits as 待支付; 去支付 leads back to the same order's QR page
    const sn = new URL(p.url()).searchParams.get('order_sn');
    await p.goto('/operator/registration');
    await expect.poll(() => rowOf(p, '起重机司机（特种作业）').textContent(), { timeout: 15_000 }).toContain('待支付');
    await shot(p, 'training-registration-waiting-1440');
    await rowOf(p, '起重机司机（特种作业）')
      .getByRole('button', { name: /去支付/ })
      .click();
    await p.waitForURL(`**/operator/wxpayment?order_sn=${sn}`);
    await qr.waitFor();
    await payOnPhone((await qr.getAttribute('data-code-url')) as string, '¥3,500.00');
    // polled within 2 s: success, then the labour home
    await p.getByText('支付成功').first().waitFor({ timeout: 10_000 });
    await p.waitForURL('**/operator/index', { timeout: 15_000 });

    await p.goto('/operator/registration');
    await expect.poll(() => p.locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => rowOf(p, '起重机司机（特种作业）').textContent()).toContain('已支付');
    expect(await rowOf(p, '起重机司机（特种作业）').textContent()).toContain('大专');
    await shot(p, 'training-registration-paid-1440');

    // the lapsed enrolment is paid again, by the bank-union QR page (buy_type=reg), which lands on the labour home too
    await rowOf(p, '装载机操作')
      .getByRole('button', { name: /重新支付/ })
      .click();
    const dlg = p.getByRole('dialog');
    await dlg.getByText('原支付订单已超时关闭').waitFor();
    await dlg.getByRole('radio', { name: '银联云闪付' }).click();
    await shot(p, 'training-pay-again-1440');
    await dlg.getByRole('button', { name: /确\s*定/ }).click();
    await p.waitForURL('**/chinaums-scan?order_sn=*&buy_type=reg');
    const union = (await p.locator('img[data-code-url]').getAttribute('data-code-url')) as string;
    expect(await p.getByTestId('label-text').textContent()).toBe('培训报名费-装载机操作');
    await shot(p, 'training-chinaums-scan-1440');
    const r = await p.request.post(`/api/pay/sandbox/${union.split('/').pop()}/pay`, { data: {} });
    expect(r.ok()).toBe(true);
    await p.waitForURL('**/operator/index', { timeout: 15_000 });
    await p.goto('/operator/registration');
    await expect.poll(() => rowOf(p, '装载机操作').textContent(), { timeout: 15_000 }).toContain('已支付');
    // nothing left to pay
    expect(await p.getByRole('button', { name: /去支付|重新支付/ }).count()).toBe(0);
  });

  it('phone width: the list as cards, enrolment with the alipay-style form, its payer page returns to the labour home and its help page; an unverified user is sent to personal verification', async () => {
    const { page: p } = await newPage(j.browser, j.server.url, { width: 390, height: 844 });
    page = p;
    screenshotOnFailure(() => page, 'training-390');
    await loginAs(p, LEARNER);
    await p.goto('/operator/registration');
    await expect.poll(() => p.getByTestId('enrol-card').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await shot(p, 'training-registration-390');
    await p.goto('/operator/training');
    await choose(p, '培训专业', '高空作业平台（¥1,800.00）');
    await p.getByLabel('最高学历').fill('高中');
    await p.getByLabel('最高学历').press('Escape');
    await p.getByRole('radio', { name: '支付宝' }).click();
    await shot(p, 'training-enrol-390');
    await p.getByRole('button', { name: '立即支付' }).click();
    // the form submits itself to the sandbox payer page
    await p.waitForURL('**/site/pay/sandbox/*');
    await p.getByText('¥1,800.00').first().waitFor();
    await p.getByRole('button', { name: '确认支付' }).click();
    await p.getByRole('button', { name: '返回商户' }).click();
    await p.waitForURL('**/operator/index');
    // the centre itself, still logged in (not a login page the address passes through): the demo's paid sign-up and three here
    await expect.poll(() => p.getByTestId('stat-已缴费').textContent()).toBe('4已缴费');
    await shot(p, 'training-home-390');
    // the centre's help page for operators and hirers
    await p.getByRole('link', { name: /帮助中心/ }).click();
    await p.waitForURL('**/operator/gethelp');
    await p.getByText('发布求职卡或招聘需求需要什么条件？').waitFor();
    await shot(p, 'operator-gethelp-390');
    await p.goto('/operator/registration');
    const card = p.getByTestId('enrol-card').filter({ hasText: '高空作业平台' });
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('已支付');
    await p.context().close();

    // the demo operator's personal verification is still in review
    const op = await newPage(j.browser, j.server.url, { width: 390, height: 844 });
    page = op.page;
    await loginAs(op.page, '13800000003');
    await op.page.goto('/operator/training');
    await op.page.getByText('抱歉，个人认证后才能报名缴费培训').first().waitFor();
    await shot(op.page, 'training-unverified-390');
    await op.page.getByRole('button', { name: '去个人认证' }).click();
    await op.page.waitForURL('**/dashboard/person');
    await op.context.close();
  });

  it('the admin adds a major in the console and sees the enrolments listed per major', async () => {
    const { page: a } = await newPage(j.browser, j.server.url);
    page = a;
    screenshotOnFailure(() => page, 'training-admin');
    await loginAs(a, '13800000000', 'Admin@2026');
    await a.goto('/admin/training');
    await a.locator('.ant-table-row', { hasText: '挖掘机操作' }).waitFor();
    await a.getByRole('button', { name: '新增专业' }).click();
    const d = a.getByRole('dialog');
    await d.getByRole('button', { name: /确\s*定|OK/ }).click();
    await d.getByText('请填写专业名称').waitFor();
    await d.getByLabel('专业名称').fill('叉车司机（特种作业）');
    await d
      .getByLabel('专业介绍')
      .fill('N1 叉车司机特种设备作业人员培训：叉车构造、安全驾驶、货物叉取与堆垛实操，共 15 天。');
    await d.getByLabel('培训费用（元）').fill('1500');
    await shot(a, 'admin-training-major-add-1440');
    await d.getByRole('button', { name: /确\s*定|OK/ }).click();
    await a.getByText('添加成功').waitFor();
    const added = a.locator('.ant-table-row', { hasText: '叉车司机（特种作业）' });
    await added.waitFor();
    expect(await added.textContent()).toContain('1,500.00');
    await shot(a, 'admin-training-majors-1440');

    // the excavator major's paid enrolments (the demo learner's), from the major's count
    await a.locator('.ant-table-row', { hasText: '挖掘机操作' }).getByTestId('major-paid').click();
    await a.waitForURL('**/admin/training/enrolments?major_id=*');
    const row = a.locator('.ant-table-row', { hasText: '刘志强' });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('挖掘机操作');
    expect(text).toContain('已支付');
    expect(text).toMatch(/330106\*{8}451[\dX]/);
    await shot(a, 'admin-training-enrolments-1440');
    await a.setViewportSize({ width: 390, height: 844 });
    await shot(a, 'admin-training-enrolments-390');
    await a.goto('/admin/training');
    await a.locator('.ant-table-row', { hasText: '叉车司机（特种作业）' }).waitFor();
    await shot(a, 'admin-training-majors-390');
  });
});
