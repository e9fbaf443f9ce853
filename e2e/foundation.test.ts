import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure, shot } from './support/browser';

const j = journey();
let page: Page | undefined;

const loginByPassword = loginAs;

describe('foundation journey', () => {
  it('the demo tenant logs in, sees the shell and menu, switches company, opens customer service, logs out', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'foundation-tenant');

    // not logged in: the user centre sends to the login page
    await p.goto('/');
    await p.waitForURL('**/login**');
    await shot(p, 'login-1440');

    await loginByPassword(p, '13800000001', 'Demo@2026');
    await expect.poll(() => p.getByTestId('side-menu').textContent()).toContain('账户首页');
    await expect.poll(() => p.getByTestId('side-menu').textContent()).toContain('企业信息');
    await p.getByText('当前位置').first().waitFor();
    await p.getByText('138****0001').first().waitFor();
    await shot(p, 'shell-1440');

    // a logged-in user opening /login goes to the user centre
    await p.goto('/login');
    await p.waitForURL('**/dashboard/index');

    // the enterprise company's info page
    await p.getByTestId('side-menu').getByText('企业信息').click();
    await p.waitForURL('**/company/info');
    await expect
      .poll(() => p.locator('main, .ant-layout-content').first().textContent())
      .toContain('中铁建设集团华东工程有限公司');

    // /company (and /company/) opens the company area on its info page (spec/1 §2)
    for (const path of ['/company', '/company/']) {
      await p.goto(path);
      await p.waitForURL((u) => u.pathname === '/company/info');
      await expect
        .poll(() => p.locator('main, .ant-layout-content').first().textContent())
        .toContain('中铁建设集团华东工程有限公司');
    }

    // switch to the personal company: its own data
    await p.getByTestId('company-switcher').click();
    await p
      .getByText(/个人用户/)
      .last()
      .click();
    await expect
      .poll(() => p.locator('main, .ant-layout-content').first().textContent(), { timeout: 15_000 })
      .not.toContain('中铁建设集团华东工程有限公司');
    const cookies = await p.context().cookies();
    expect(cookies.find((c) => c.name === 'company_id')).toBeTruthy();

    // customer service
    await p.getByTestId('cs-button').click();
    const dialog = p.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('客服');
    // the staff's QR code itself, not the grey placeholder shown when it fails to load
    const qr = dialog.locator('img').first();
    await expect
      .poll(() => qr.evaluate((i: HTMLImageElement) => (i.complete && i.naturalWidth > 0 ? i.currentSrc : '')))
      .toContain('/uploads/staff/');
    await shot(p, 'customer-service-1440');
    await dialog.getByRole('button', { name: /更换客服/ }).click();
    await dialog.locator('.ant-radio-wrapper, .ant-card, [role=radio]').nth(1).click();
    await p
      .getByRole('button', { name: /确\s*定|确认/ })
      .last()
      .click();
    await expect.poll(() => p.getByText('修改成功').count()).toBeGreaterThan(0);
    await p.keyboard.press('Escape');

    // logout ends the session on the server and returns to the main site (spec/1 §2)
    await p.getByTestId('user-menu').click();
    await p.getByText('退出登录').click();
    await p.waitForURL((u) => u.pathname === '/site');
    // asked beside the page (with its cookies), not by it: the page itself asks nothing that answers 401
    const info = await (await p.request.get('/api/index/info')).json();
    expect(info.status).toBe(-1);
    await p.context().close();
  });

  it('a sub-user sees only the granted sections after switching to that company', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'foundation-subuser');
    await loginByPassword(p, '13800000002', 'Demo@2026');
    await p.getByTestId('company-switcher').click();
    await p.getByText('中铁建设集团华东工程有限公司').last().click();
    await expect.poll(() => p.getByTestId('company-switcher').textContent()).toContain('中铁建设');
    // granted 企业信息 only: the other pages of the section are not in the menu
    await expect.poll(() => p.getByTestId('side-menu').textContent()).not.toContain('发票信息');
    expect(await p.getByTestId('side-menu').textContent()).toContain('企业信息');
    await p.getByTestId('side-menu').getByText('企业信息').click();
    await expect
      .poll(() => p.locator('main, .ant-layout-content').first().textContent())
      .toContain('中铁建设集团华东工程有限公司');
    await p.context().close();
  });

  it('below 992 px the side menu moves into a drawer opened from the header', async () => {
    for (const [w, h] of [
      [991, 800],
      [390, 844],
    ]) {
      const { page: p } = await newPage(j.browser, j.server.url, { width: w, height: h });
      page = p;
      screenshotOnFailure(() => page, `foundation-mobile-${w}`);
      await p.goto('/login');
      await p.getByPlaceholder('请输入手机号码').first().waitFor();
      await shot(p, `login-${w}`);
      await loginByPassword(p, '13800000001', 'Demo@2026');
      await p.getByText('138****0001').first().waitFor();
      expect(await p.getByTestId('side-menu').count()).toBe(0);
      await shot(p, `shell-${w}`);
      await p.getByTestId('cs-button').click();
      await p
        .getByRole('dialog')
        .getByRole('button', { name: /更换客服/ })
        .waitFor();
      await shot(p, `customer-service-${w}`);
      await p.keyboard.press('Escape');
      await expect.poll(() => p.getByRole('dialog').count()).toBe(0);
      await p.getByRole('button', { name: '菜单' }).click();
      await p.getByTestId('side-menu').getByText('企业信息').click();
      await p.waitForURL('**/company/info');
      await expect.poll(() => p.getByTestId('side-menu').count()).toBe(0);
      await expect
        .poll(() => p.locator('main, .ant-layout-content').first().textContent())
        .toContain('中铁建设集团华东工程有限公司');
      await shot(p, `company-info-${w}`);
      await p.context().close();
    }
  });

  it('unknown pages show the 404 page with its two buttons, at desktop and phone widths', async () => {
    for (const [w, h] of [
      [1440, 900],
      [390, 844],
    ]) {
      const { page: p } = await newPage(j.browser, j.server.url, { width: w, height: h });
      page = p;
      await p.goto('/no/such/page');
      await p.waitForURL('**/404');
      await p.getByText('抱歉，您访问的页面不存在').waitFor();
      await p.getByRole('button', { name: '返回首页' }).waitFor();
      await p.getByRole('button', { name: '返回上一页' }).waitFor();
      await shot(p, `404-${w}`);
      await p.context().close();
    }
  });

  it('the admin console is for platform staff only', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'foundation-admin');
    await loginByPassword(p, '13800000003', 'Demo@2026');
    await p.goto('/admin');
    await expect.poll(() => p.getByText('仅平台工作人员可以访问管理后台').count()).toBeGreaterThan(0);
    await p.context().clearCookies();
    await p.goto('/login');
    await p.getByPlaceholder('请输入手机号码').first().fill('13800000000');
    await p.getByPlaceholder('请输入密码').first().fill('Admin@2026');
    await p.getByRole('button', { name: /登\s*录/ }).click();
    await p.waitForURL('**/dashboard/index');
    await p.goto('/admin/users');
    await expect.poll(() => p.locator('body').textContent()).toContain('13800000001');
    await shot(p, 'admin-users-1440');
    await p.context().close();
  });
});
