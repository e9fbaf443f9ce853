import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure, shot } from './support/browser';

const j = journey();
let page: Page | undefined;

const login = loginAs;

async function addCard(p: Page, bank: string, no: string) {
  await p
    .getByRole('button', { name: /添加银行卡/ })
    .first()
    .click();
  const dialog = p.getByRole('dialog');
  await dialog.getByPlaceholder('如：中国工商银行上海张江支行').fill(bank);
  await dialog.getByPlaceholder('请输入银行账号').fill(no);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect.poll(() => p.getByRole('dialog').count()).toBe(0);
}

describe('company bank cards', () => {
  it('the main account adds cards up to the limit, sees only the last 4 digits, and switches the default', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'bank');
    await login(p, '13800000001');
    await p.getByTestId('side-menu').getByText('银行卡管理').click();
    await p.waitForURL('**/company/bank');
    await p.getByText('还没有银行卡').waitFor();
    await shot(p, 'bank-empty-1440');

    // the form refuses a bad number before calling the server
    await p
      .getByRole('button', { name: /添加银行卡/ })
      .first()
      .click();
    await p.getByRole('dialog').getByPlaceholder('请输入银行账号').fill('12ab');
    await p
      .getByRole('dialog')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await p.getByText('银行账号应为8-30位数字').waitFor();
    await p
      .getByRole('dialog')
      .getByRole('button', { name: /取\s*消/ })
      .click();

    await addCard(p, '中国工商银行上海张江支行', '6222 0210 0112 3456');
    await expect.poll(() => p.getByTestId('bank-card').count()).toBe(1);
    const body = await p.locator('main, .ant-layout-content').first().textContent();
    expect(body).toContain('**** **** **** 3456');
    expect(body).not.toContain('62220210');
    expect(body).toContain('默认');
    for (const [bank, no] of [
      ['招商银行上海分行', '6225880212345678'],
      ['中国建设银行浦东支行', '6217001234567890'],
      ['交通银行张江支行', '6222600987654321'],
    ]) {
      await addCard(p, bank, no);
    }
    await expect.poll(() => p.getByTestId('bank-card').count()).toBe(4);
    // the add button hides at 4
    expect(await p.getByRole('button', { name: /添加银行卡/ }).count()).toBe(0);
    await p.getByTestId('bank-card').nth(2).getByRole('button', { name: '设为默认' }).click();
    await p.getByText('设置成功').waitFor();
    await expect.poll(() => p.getByTestId('bank-card').nth(2).textContent()).toContain('默认');
    await shot(p, 'bank-1440');
    await p.setViewportSize({ width: 390, height: 844 });
    await shot(p, 'bank-390');
    await p.context().close();
  });

  it('a sub-user without the bank grant does not see the section', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'bank-subuser');
    await login(p, '13800000002');
    await p.getByTestId('company-switcher').click();
    await p.getByText('中铁建设集团华东工程有限公司').last().click();
    await expect.poll(() => p.getByTestId('company-switcher').textContent()).toContain('中铁建设');
    await expect.poll(() => p.getByTestId('side-menu').textContent()).not.toContain('银行卡管理');
    expect(await p.getByTestId('side-menu').textContent()).toContain('企业信息');
    await p.goto('/company/bank');
    await p.getByText('您没有该功能的权限，请联系企业主账号开通').first().waitFor();
    await p.context().close();
  });
});
