import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { expectConsole, newPage, screenshotOnFailure, shot } from './support/browser';

const j = journey();
let page: Page | undefined;

const login = loginAs;

describe('company members and permissions', () => {
  it('the main account adds a sub-user by SMS and grants bank cards and members (groups go with pages; switching back shows what was saved); the sub-user sees only those, members with disabled controls, and adds a card', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'members');
    await login(p, '13800000001');
    await p.getByTestId('side-menu').getByText('用户管理').click();
    await p.waitForURL('**/company/user');
    await p.getByRole('button', { name: /添加用户/ }).click();
    const d = p.getByRole('dialog');
    await d.getByPlaceholder('请输入手机号码').fill('13800000003');
    await d.getByRole('button', { name: /获取验证码/ }).click();
    await p.getByText('短信发送成功').first().waitFor();
    await d.getByPlaceholder('请输入验证码').fill('123456');
    await d.getByPlaceholder('请输入用户名称').fill('李师傅');
    await d.getByPlaceholder('选填，如：设备部').fill('设备部');
    await d.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => p.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => p.locator('.ant-table-tbody').textContent()).toContain('李师傅');
    await shot(p, 'members-1440');

    await p.getByTestId('side-menu').getByText('权限管理').click();
    await p.waitForURL('**/company/auth');
    const tree = p.locator('.ant-tree');
    const checkedPages = () => tree.locator('.ant-tree-treenode-checkbox-checked').allTextContents();
    /** Clicks save and answers the menu ids the page sent. */
    const saveGrants = async () => {
      const sent = p.waitForRequest((r) => r.url().endsWith('/api/company/privilege/save'));
      await p.getByRole('button', { name: /保存权限/ }).click();
      await p.getByText('保存成功').first().waitFor();
      return ((await sent).postDataJSON() as { menu_id: number[] }).menu_id;
    };
    // the provider was granted 企业信息 (a page without its group): saving the untouched tree sends the group too
    await p.getByTestId('privilege-members').getByText('王立恒').click();
    await expect.poll(checkedPages).toEqual(['企业信息']);
    expect((await saveGrants()).sort()).toEqual([5, 501]);
    await p.getByTestId('privilege-members').getByText('李师傅').click();
    await tree.getByText('银行卡管理').waitFor();
    expect(await checkedPages()).toEqual([]);
    await tree.getByText('银行卡管理').click();
    await tree.getByText('用户管理').click();
    // groups plus pages: the 企业管理 group (half-checked) goes with its two pages
    expect((await saveGrants()).sort()).toEqual([5, 503, 504]);
    await shot(p, 'privilege-1440');
    // switching away and back shows what was saved, not the tree cached before the save
    await p.getByTestId('privilege-members').getByText('王立恒').click();
    await expect.poll(checkedPages).toEqual(['企业信息']);
    await p.getByTestId('privilege-members').getByText('李师傅').click();
    await expect.poll(checkedPages).toEqual(['银行卡管理', '用户管理']);
    for (const [w, h] of [
      [991, 800],
      [390, 844],
    ]) {
      await p.setViewportSize({ width: w, height: h });
      await shot(p, `privilege-${w}`);
      await p.goto('/company/user');
      await p.locator('.ant-table-row, [data-testid=member-card]').first().waitFor();
      await shot(p, `members-${w}`);
      await p.goto('/company/auth');
      await p.getByTestId('privilege-members').waitFor();
    }
    await p.context().close();

    const { page: s } = await newPage(j.browser, j.server.url);
    page = s;
    await login(s, '13800000003');
    await s.getByTestId('company-switcher').click();
    await s.getByText('中铁建设集团华东工程有限公司').last().click();
    await expect.poll(() => s.getByTestId('company-switcher').textContent()).toContain('中铁建设');
    await expect.poll(() => s.getByTestId('side-menu').textContent()).not.toContain('企业信息');
    const menu = await s.getByTestId('side-menu').textContent();
    expect(menu).toContain('银行卡管理');
    expect(menu).toContain('用户管理');
    for (const other of ['企业信息', '发票信息', '权限管理']) expect(menu).not.toContain(other);
    // a sub-user sees the members with the controls disabled, and why (spec/1 §6)
    await s.getByTestId('side-menu').getByText('用户管理').click();
    await s.waitForURL('**/company/user');
    await s.locator('.ant-table-row', { hasText: '李师傅' }).waitFor();
    expect(await s.getByRole('button', { name: /添加用户/ }).count()).toBe(0);
    const actions = s.getByTestId('member-actions');
    expect(await actions.count()).toBe(3);
    for (const b of await actions.getByRole('button').all()) expect(await b.isDisabled()).toBe(true);
    for (const sw of await s.locator('.ant-table-row').getByRole('switch').all())
      expect(await sw.isDisabled()).toBe(true);
    await actions.nth(1).hover();
    await s.getByRole('tooltip').getByText('仅企业主账号可以执行此操作').waitFor();
    await shot(s, 'members-sub-1440');
    await s.setViewportSize({ width: 390, height: 844 });
    await s.getByTestId('member-card').first().waitFor();
    expect(
      await s
        .getByTestId('member-card')
        .getByRole('button', { name: /修\s*改/ })
        .first()
        .isDisabled(),
    ).toBe(true);
    await shot(s, 'members-sub-390');
    await s.setViewportSize({ width: 1440, height: 900 });
    await s.getByTestId('side-menu').getByText('银行卡管理').click();
    await s
      .getByRole('button', { name: /添加银行卡/ })
      .first()
      .click();
    const bd = s.getByRole('dialog');
    await bd.getByPlaceholder('如：中国工商银行上海张江支行').fill('中国农业银行南京分行');
    await bd.getByPlaceholder('请输入银行账号').fill('6228480012345678');
    await bd.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => s.getByTestId('bank-card').count()).toBeGreaterThan(0);
    expect(await s.locator('main, .ant-layout-content').first().textContent()).toContain('**** **** **** 5678');
    await s.context().close();
  });

  it('the main account switches the sub-user off: the sub-user, already working in the company, is refused at once', async () => {
    // the provider works in the tenant's company (granted 企业信息 only) in an open session
    const { page: s } = await newPage(j.browser, j.server.url);
    page = s;
    screenshotOnFailure(() => page, 'members-off');
    await login(s, '13800000002');
    await s.getByTestId('company-switcher').click();
    await s.getByText('中铁建设集团华东工程有限公司').last().click();
    await expect.poll(() => s.getByTestId('company-switcher').textContent()).toContain('中铁建设');
    await expect.poll(() => s.getByTestId('side-menu').textContent()).not.toContain('发票信息');

    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    await login(p, '13800000001');
    await p.goto('/company/user');
    const row = p.locator('.ant-table-row', { hasText: '王立恒' });
    await row.getByRole('switch').click();
    await p.getByText('已停用').first().waitFor();
    const res = await p.evaluate(async () => {
      const r = await fetch('/api/company/user/lst', { credentials: 'include' });
      return r.status;
    });
    expect(res).toBe(200);
    await p.context().close();

    // the open session's next company call is refused; the app moves on to the provider's own company
    page = s;
    expectConsole(
      s,
      /status of 403 .*\/api\/company\/info\?/,
      'switched off in another session: the page learns it from the refusal of its next call',
    );
    await s.getByTestId('side-menu').getByText('企业信息').click();
    await s.getByText('您不是该企业的成员，或账号已被停用').first().waitFor();
    await expect.poll(() => s.getByTestId('company-switcher').textContent()).toContain('江苏恒力');
    await expect
      .poll(() => s.locator('main, .ant-layout-content').first().textContent())
      .toContain('江苏恒力工程机械租赁有限公司');
    await shot(s, 'members-off-moved-1440');
    await s.getByTestId('company-switcher').click();
    const choices = s.getByRole('menu');
    await choices.getByRole('menuitem').first().waitFor();
    expect(await choices.textContent()).toContain('江苏恒力工程机械租赁有限公司');
    expect(await choices.textContent()).not.toContain('中铁建设集团华东工程有限公司');
    await s.context().close();
  });
});
