import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { journey } from './support/journey';
import { expectConsole, newPage, screenshotOnFailure, shot } from './support/browser';

const j = journey();
let page: Page | undefined;

async function login(p: Page, phone: string, password: string) {
  await p.goto('/login');
  await p.getByPlaceholder('请输入手机号码').first().fill(phone);
  await p.getByPlaceholder('请输入密码').first().fill(password);
  await p.getByRole('button', { name: /登\s*录/ }).click();
}

const OK = /确\s*定/;
const NEW_PHONE = '13912345678';
const NOTICE_TITLE = '关于设备年检的通知';

describe('account security journey', () => {
  it('changes nickname, avatar, password and phone, then logs in with the new ones', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'security-user');
    await login(p, '13800000002', 'Demo@2026');
    await p.waitForURL('**/dashboard/index');
    const security = p.getByTestId('sec-nickname');
    await security.waitFor();
    await p.getByTestId('notice-list').waitFor();
    await shot(p, 'security-dashboard-1440');

    // nickname: once, then the edit actions are gone
    await security.getByRole('button').click();
    const nickDialog = p.getByRole('dialog');
    await nickDialog.getByText('昵称仅可修改一次').waitFor();
    await nickDialog.locator('input').fill('');
    await nickDialog.getByRole('button', { name: OK }).click();
    await nickDialog.getByText('请输入昵称').waitFor();
    await nickDialog.locator('input').fill('华东机械老王');
    await shot(p, 'security-nickname-1440');
    await nickDialog.getByRole('button', { name: OK }).click();
    await p.getByText('修改成功').first().waitFor();
    await expect.poll(() => p.getByTestId('profile-name').textContent()).toContain('华东机械老王');
    await expect.poll(() => security.textContent()).toContain('已修改');
    expect(await security.getByRole('button').count()).toBe(0);
    expect(await p.getByTestId('profile-name').getByRole('button').count()).toBe(0);

    // avatar: upload with progress, then it shows in the header
    await p.getByTestId('sec-avatar').getByRole('button').click();
    const avatarDialog = p.getByRole('dialog');
    const png = await sharp({ create: { width: 160, height: 160, channels: 3, background: '#d97706' } })
      .png()
      .toBuffer();
    await avatarDialog
      .getByTestId('avatar-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => avatarDialog.locator('img').first().getAttribute('src')).toContain('/uploads/avatar/');
    await shot(p, 'security-avatar-1440');
    await avatarDialog.getByRole('button', { name: /保存头像/ }).click();
    await expect
      .poll(() => p.getByTestId('user-menu').locator('img').getAttribute('src'))
      .toContain('/uploads/avatar/');

    // password: the wrong old one is refused with its message, then the change goes through
    await p.getByTestId('sec-password').getByRole('button').click();
    const pwDialog = p.getByRole('dialog');
    await pwDialog.getByRole('button', { name: OK }).click();
    await pwDialog.getByText('请输入旧密码').waitFor();
    await pwDialog.getByText('请输入新密码').waitFor();
    await pwDialog.getByText('请确认新密码').waitFor();
    expectConsole(p, /status of 400 .*\/api\/index\/passwd\)$/, 'a wrong old password: only the server knows it');
    await pwDialog.locator('input').nth(0).fill('Wrong@2026');
    await pwDialog.locator('input').nth(1).fill('Better@2027');
    await pwDialog.locator('input').nth(2).fill('Better@2027');
    await pwDialog.getByRole('button', { name: OK }).click();
    await pwDialog.getByText('旧密码错误').waitFor();
    await shot(p, 'security-password-1440');
    await pwDialog.locator('input').nth(0).fill('Demo@2026');
    await pwDialog.getByRole('button', { name: OK }).click();
    await p.getByText('修改成功').first().waitFor();
    await pwDialog.waitFor({ state: 'detached' });

    // phone: code to the old number first, then the new number with its own code
    await p.getByTestId('sec-phone').getByRole('button').click();
    const phDialog = p.getByRole('dialog');
    await expect.poll(() => phDialog.getByTestId('old-phone').inputValue()).toBe('138****0002');
    await phDialog.getByRole('button', { name: /获取验证码/ }).click();
    await phDialog.getByText(/秒后重发/).waitFor();
    expectConsole(p, /status of 400 .*\/api\/index\/checkOldMobile\)$/, 'a wrong SMS code: only the server knows it');
    await phDialog.getByPlaceholder('原手机验证码').fill('000000');
    await phDialog.getByRole('button', { name: /下一步/ }).click();
    await phDialog.getByText('原手机验证码错误').waitFor();
    await shot(p, 'security-phone-step1-1440');
    await phDialog.getByPlaceholder('原手机验证码').fill('123456');
    await phDialog.getByRole('button', { name: /下一步/ }).click();
    await phDialog.getByPlaceholder('新手机号码').waitFor();
    // the taken number of another demo user is refused before any SMS goes out
    expectConsole(p, /status of 409 .*\/api\/sms\/newMobile\)$/, "another account's phone: only the server knows it");
    await phDialog.getByPlaceholder('新手机号码').fill('13800000001');
    await phDialog.getByRole('button', { name: /获取验证码/ }).click();
    await p.getByText('该手机号已被其他账号使用').first().waitFor();
    await phDialog.getByPlaceholder('新手机号码').fill(NEW_PHONE);
    await phDialog.getByRole('button', { name: /获取验证码/ }).click();
    // step 1 stays mounted (hidden) with its own countdown: look at the visible one
    await phDialog.locator('button:visible', { hasText: '秒后重发' }).waitFor();
    await phDialog.getByPlaceholder('新手机验证码').fill('123456');
    await shot(p, 'security-phone-step2-1440');
    await phDialog.getByRole('button', { name: OK }).click();
    await p.getByText('修改成功').first().waitFor();
    await expect.poll(() => p.getByTestId('sec-phone').textContent()).toContain('139****5678');

    // log out; the old password no longer works, the new phone and password do
    await p.getByTestId('user-menu').click();
    await p.getByText('退出登录').click();
    // logout returns to the main site (spec/1 §2)
    await p.waitForURL((u) => u.pathname === '/site');
    expectConsole(p, /status of 400 .*\/api\/auth\/login\)$/, 'the old password, refused by the server');
    await login(p, NEW_PHONE, 'Demo@2026');
    await p.getByText('手机号或密码错误').first().waitFor();
    await login(p, NEW_PHONE, 'Better@2027');
    await p.waitForURL('**/dashboard/index');
    await expect.poll(() => p.getByTestId('profile-name').textContent()).toContain('华东机械老王');
    await p.context().close();
  });

  it('the admin publishes a notice and the user reads it on the dashboard', async () => {
    const { page: a } = await newPage(j.browser, j.server.url);
    page = a;
    screenshotOnFailure(() => page, 'security-admin');
    await login(a, '13800000000', 'Admin@2026');
    await a.waitForURL('**/dashboard/index');
    await a.goto('/admin/notices');
    await a.getByRole('button', { name: /新建公告/ }).click();
    const dialog = a.getByRole('dialog');
    await dialog.getByLabel('标题').waitFor();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('请填写公告标题').waitFor();
    await dialog.getByLabel('标题').fill(NOTICE_TITLE);
    await dialog.getByLabel('内容').fill('请各租赁商于本月底前完成在租设备的年检，并上传年检合格证明。');
    await shot(a, 'admin-notice-edit-1440');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await a.getByText('发布成功').first().waitFor();
    await a.getByRole('cell', { name: NOTICE_TITLE }).waitFor();
    await shot(a, 'admin-notices-1440');
    await a.context().close();

    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    await login(p, '13800000001', 'Demo@2026');
    await p.waitForURL('**/dashboard/index');
    const list = p.getByTestId('notice-list');
    await expect.poll(() => list.locator('li').first().textContent()).toContain(NOTICE_TITLE);
    // 6 at most, dates cut to yyyy-MM-dd
    expect(await list.locator('li').count()).toBeLessThanOrEqual(6);
    expect(await list.locator('li').first().textContent()).toMatch(/\d{4}-\d{2}-\d{2}$/);
    await list.getByText(NOTICE_TITLE).click();
    await p.getByTestId('notice-detail').getByText('请各租赁商于本月底前').waitFor();
    expect(p.url()).toContain('notice=');
    await shot(p, 'notice-detail-1440');
    // a reload shows the same notice
    await p.reload();
    await p.getByTestId('notice-detail').waitFor();
    await p.context().close();
  });

  it('phone width: the dashboard cards and the dialogs fit 390 px', async () => {
    const { page: p } = await newPage(j.browser, j.server.url, { width: 390, height: 844 });
    page = p;
    screenshotOnFailure(() => page, 'security-390');
    await login(p, '13800000003', 'Demo@2026');
    await p.waitForURL('**/dashboard/index');
    await p.getByTestId('sec-password').waitFor();
    await p.getByTestId('notice-list').waitFor();
    // nothing wider than the screen
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(p, 'security-dashboard-390');
    await p.getByTestId('sec-password').getByRole('button').click();
    await p.getByRole('dialog').getByText('确认新密码').first().waitFor();
    await shot(p, 'security-password-390');
    await p
      .getByRole('dialog')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await p.getByRole('dialog').waitFor({ state: 'detached' });
    await p.getByTestId('sec-phone').getByRole('button').click();
    await p.getByRole('dialog').getByText('验证原手机号').waitFor();
    await shot(p, 'security-phone-390');
    await p
      .getByRole('dialog')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await p.getByRole('dialog').waitFor({ state: 'detached' });
    await p.getByTestId('sec-nickname').getByRole('button').click();
    await p.getByRole('dialog').getByText('昵称仅可修改一次').waitFor();
    await shot(p, 'security-nickname-390');
    await p
      .getByRole('dialog')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await p.getByRole('dialog').waitFor({ state: 'detached' });
    await p.getByTestId('notice-list').locator('li button').first().click();
    await p.getByTestId('notice-detail').waitFor();
    await shot(p, 'notice-detail-390');
    await p.context().close();
  });
});
