import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { idCardCheckChar } from '@jizu/shared/rules/identity';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure, shot } from './support/browser';
import { cascade } from './support/forms';

const j = journey();
let page: Page | undefined;

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const content = (p: Page) => p.locator('.ant-layout-content').first();

/** A photo-like JPEG for an ID card side. */
async function photo(text: string, color: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" fill="${color}"/><text x="320" y="210" font-size="40" fill="#fff" text-anchor="middle" font-family="Noto Sans CJK SC">${text}</text></svg>`;
  return { name: `${text}.jpg`, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer() };
}

/**
 * The visitor's personal verification, submitted through the user centre's own calls with the visitor's session (the
 * verification journey itself is e2e/verify.test.ts), then approved by the admin's session.
 */
async function verifyThroughApi(p: Page, admin: Page, phone: string, name: string, first17: string) {
  const paths: string[] = [];
  for (const [text, color] of [
    ['人像面', '#3465a4'],
    ['国徽面', '#a43434'],
  ]) {
    const res = await p.request.post('/api/index/upload/charter', {
      headers: XHR,
      multipart: { image: await photo(text, color) },
    });
    const body = await res.json();
    expect(body.status, JSON.stringify(body)).toBe(1);
    paths.push(body.data.path);
  }
  expect((await (await p.request.post('/api/sms/authSms', { headers: XHR, data: {} })).json()).status).toBe(1);
  const saved = await (
    await p.request.post('/api/index/saveAuth', {
      headers: XHR,
      data: {
        name,
        card: first17 + idCardCheckChar(first17),
        card_face: paths[0],
        card_back: paths[1],
        code: '123456',
      },
    })
  ).json();
  expect(saved.status, JSON.stringify(saved)).toBe(1);
  const queue = await (await admin.request.get('/api/admin/verify/person?status=3&size=50')).json();
  const row = queue.data.data.find((r: { phone: string }) => r.phone === phone);
  expect(row, JSON.stringify(queue)).toBeTruthy();
  expect(
    (await (await admin.request.post(`/api/admin/verify/person/${row.id}/approve`, { headers: XHR, data: {} })).json())
      .status,
  ).toBe(1);
}

describe('hiring demands', () => {
  it('a verified hirer publishes, the admin approves, the hall shows it, a verified visitor reveals the phone, the hirer ends it as 招聘成功', async () => {
    // the platform admin: the demo operator's personal verification is waiting; approved in the console
    const admin = await newPage(j.browser, j.server.url);
    const a = admin.page;
    page = a;
    screenshotOnFailure(() => page, 'recruit');
    await loginAs(a, '13800000000', 'Admin@2026');
    await a.goto('/admin/verify/person');
    await a
      .locator('tr', { hasText: '13800000003' })
      .getByRole('button', { name: /通\s*过/ })
      .click();
    await a
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => a.getByText('审核通过').count()).toBeGreaterThan(0);

    // the hirer (the operator, now verified) publishes from /operator/recruitment
    const hirer = await newPage(j.browser, j.server.url);
    const p = hirer.page;
    page = p;
    await loginAs(p, '13800000003');
    await p.goto('/operator/recruitment');
    await content(p).getByText('暂无招聘需求').waitFor();
    await shot(p, 'recruit-list-empty-1440');
    await content(p)
      .getByRole('button', { name: /发布招聘/ })
      .first()
      .click();
    await p.waitForURL('**/operator/mentAdd');
    await cascade(p, p.locator('.ant-form-item', { hasText: '招聘地区' }).locator('.ant-cascader'), [
      '江苏省',
      '苏州市',
      '虎丘区',
    ]);
    await p.getByLabel('详细地址').fill('科技城锦峰路158号项目部');
    await p.getByLabel('机械类别').fill('旋挖');
    await p.locator('.ant-select-item-option[title="旋挖钻机"]:visible').first().click();
    await p.getByLabel('期望工期').fill('45');
    await p.getByLabel('最低薪资').fill('12000');
    await p.getByLabel('最高薪资').fill('15000');
    // a phone written in Chinese numerals is refused beside the field, before anything is sent
    await p.getByLabel('招聘说明').fill('E2E招聘旋挖钻机机手，有意者联系一三八一二三四五六七八');
    await p.getByRole('button', { name: /提交审核/ }).click();
    const contentItem = p.locator('.ant-form-item', { hasText: '招聘说明' });
    await contentItem.getByText('内容不能包含手机号、微信、QQ、邮箱等联系方式').waitFor();
    expect(await contentItem.textContent()).toContain('/ 200');
    await shot(p, 'recruit-form-contact-1440');
    await p.getByLabel('招聘说明').fill('E2E招聘旋挖钻机机手两名，熟悉三一SR285，提供宿舍，工资月结');
    await p.getByRole('button', { name: /提交审核/ }).click();
    await p.waitForURL('**/operator/recruitment?statusAll=1');
    await content(p).getByText('招聘需求审核通过后将公开展示').waitFor();
    const row = content(p).locator('.ant-table-row', { hasText: 'E2E招聘' });
    await row.getByText('待审核').waitFor();
    expect(await row.textContent()).toContain('12000-15000元/月');
    await shot(p, 'recruit-list-pending-1440');

    // the admin approves it in the console
    page = a;
    await a.goto('/admin/recruits');
    await a
      .locator('.ant-table-row', { hasText: 'E2E招聘' })
      .getByRole('button', { name: /通\s*过/ })
      .click();
    await a.getByText('操作成功').waitFor();
    await a.getByRole('tab', { name: '招聘中' }).click();
    await a.locator('.ant-table-row', { hasText: 'E2E招聘' }).waitFor();
    await shot(a, 'recruit-admin-1440');

    // a visitor finds it in the hiring hall; the phone asks for verification first
    const visitor = await newPage(j.browser, j.server.url);
    const v = visitor.page;
    page = v;
    await v.goto('/site/hire');
    expect(await v.title()).toBe('招聘大厅 - 机租通');
    await v.getByTestId('hire-hall-card').first().waitFor();
    expect(await v.getByTestId('hire-hall-card').count()).toBeGreaterThanOrEqual(6);
    await shot(v, 'recruit-hall-1440');
    await v.getByTestId('hire-hall-card').filter({ hasText: '旋挖钻机' }).filter({ hasText: '12000-15000' }).click();
    await v.waitForURL('**/site/hire/*');
    await v.getByText('登录后查看联系方式').waitFor();
    await shot(v, 'recruit-page-stranger-1440');
    const hireUrl = new URL(v.url()).pathname;
    await loginAs(v, '13800000002');
    await v.goto(hireUrl);
    await v.getByText('完成个人认证后可查看联系方式').waitFor();
    await verifyThroughApi(v, a, '13800000002', '王立恒', '32050519900315123');
    await v.reload();
    await v.getByRole('button', { name: /查看电话/ }).click();
    await v.getByTestId('hire-phone').getByText('13800000003').waitFor();
    await shot(v, 'recruit-page-phone-1440');

    // the hirer ends it as 招聘成功; it shows under that tab
    page = p;
    await p.goto('/operator/recruitment?ident=2');
    const hiring = content(p).locator('.ant-table-row', { hasText: 'E2E招聘' });
    await hiring.getByRole('button', { name: /结\s*束/ }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByText('结束后机手将无法再联系您').waitFor();
    await dialog.getByText('招聘成功').click();
    await shot(p, 'recruit-end-dialog-1440');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await p.getByText('状态修改成功!').waitFor();
    await content(p).getByRole('tab', { name: '招聘成功' }).click();
    await p.waitForURL('**/operator/recruitment?ident=3');
    await content(p).locator('.ant-table-row', { hasText: 'E2E招聘' }).getByText('招聘成功').waitFor();
    await shot(p, 'recruit-list-succeeded-1440');
    // its public page now says 已招到 and gives no phone
    page = v;
    await v.goto(hireUrl);
    await v.getByText('已招到').waitFor();
    await v.getByText('该招聘已结束，无法联系招聘方').waitFor();

    // at 390 px: the list as cards, the hall, the page and the form
    for (const x of [p, v]) await x.setViewportSize({ width: 390, height: 844 });
    page = p;
    await p.goto('/operator/recruitment?ident=3');
    await content(p).getByTestId('recruit-card').filter({ hasText: 'E2E招聘' }).waitFor();
    await shot(p, 'recruit-list-390');
    await p.goto('/operator/mentAdd');
    await p.getByLabel('详细地址').waitFor();
    await shot(p, 'recruit-form-390');
    page = v;
    await v.goto('/site/hire');
    await v.getByTestId('hire-hall-card').first().waitFor();
    await shot(v, 'recruit-hall-390');
    await v.getByTestId('hire-hall-card').first().click();
    await v.waitForURL('**/site/hire/*');
    await v.getByRole('button', { name: /查看电话/ }).waitFor();
    await shot(v, 'recruit-page-390');

    for (const c of [admin, hirer, visitor]) await c.context.close();
  });

  it('an unverified user is led to personal verification before the form; the demo tenant sees every status with the reason and, once verified, corrects the rejected one, which the console refuses again with a reason; ends another as 已关闭', async () => {
    const { context, page: p } = await newPage(j.browser, j.server.url, { width: 390, height: 844 });
    page = p;
    // 孙海峰 (the third demo provider) has no personal verification
    await loginAs(p, '13800000012');
    await p.goto('/operator/mentAdd');
    await p.getByTestId('need-person-auth').waitFor();
    await shot(p, 'recruit-need-auth-390');
    await p.getByRole('button', { name: /去认证/ }).click();
    await p.waitForURL('**/dashboard/person');
    await context.close();

    const desk = await newPage(j.browser, j.server.url);
    page = desk.page;
    await loginAs(desk.page, '13800000001');
    await desk.page.goto('/operator/recruitment?ident=5');
    const failed = content(desk.page).locator('.ant-table-row').first();
    await failed.getByText('原因：').waitFor();
    await shot(desk.page, 'recruit-list-failed-1440');
    // an edit needs personal verification too; once verified, the form opens with the demand's values
    await failed.getByRole('button', { name: /编\s*辑/ }).click();
    await desk.page.waitForURL('**/operator/mentAdd-updata?id=*');
    await desk.page.getByTestId('need-person-auth').waitFor();
    const admin = await newPage(j.browser, j.server.url);
    await loginAs(admin.page, '13800000000', 'Admin@2026');
    await verifyThroughApi(desk.page, admin.page, '13800000001', '陈建国', '31011519850612345');
    await desk.page.reload();
    await expect.poll(() => desk.page.getByLabel('招聘说明').inputValue()).toContain('仓库招聘叉车司机');
    expect(await desk.page.getByLabel('详细地址').inputValue()).toBe('龙阳路2000号');
    await desk.page.getByLabel('招聘说明').fill('仓库招聘叉车司机两名，白班八小时，月休四天，提供午餐，需持叉车证');
    await shot(desk.page, 'recruit-edit-1440');
    await desk.page.getByRole('button', { name: /提交审核/ }).click();
    await desk.page.getByText('修改成功').waitFor();
    await desk.page.waitForURL('**/operator/recruitment?statusAll=1');
    await content(desk.page)
      .locator('.ant-table-row', { hasText: '仓库招聘叉车司机两名' })
      .getByText('待审核')
      .waitFor();
    await expect.poll(() => content(desk.page).locator('.ant-table-row').count()).toBe(5);
    await shot(desk.page, 'recruit-list-all-1440');

    // the console refuses the corrected demand with a reason (1 → 5): the tenant reads it under 审核失败
    await admin.page.goto('/admin/recruits');
    await admin.page
      .locator('.ant-table-row', { hasText: '仓库招聘叉车司机两名' })
      .getByRole('button', { name: /驳\s*回/ })
      .click();
    const rd = admin.page.getByRole('dialog');
    await rd.getByLabel('驳回原因').fill('请写明薪资待遇和每月休息天数');
    await rd.getByRole('button', { name: /确\s*定|OK/ }).click();
    await admin.page.getByText('操作成功').waitFor();
    await admin.context.close();
    await desk.page.goto('/operator/recruitment?ident=5');
    const refused = content(desk.page).locator('.ant-table-row', { hasText: '仓库招聘叉车司机两名' });
    await refused.getByText('审核失败').waitFor();
    await refused.getByText(/原因：请写明薪资待遇和每月休息天数/).waitFor();

    // the tenant's hiring demand ends without a hire (4): it moves to 已关闭
    await desk.page.goto('/operator/recruitment?ident=2');
    const live = content(desk.page).locator('.ant-table-row').first();
    await live.getByRole('button', { name: /结\s*束/ }).click();
    const dlg = desk.page.getByRole('dialog');
    await dlg.getByText('结束后机手将无法再联系您').waitFor();
    await dlg.getByText('未招到，关闭招聘').click();
    await dlg.getByRole('button', { name: /确\s*定|OK/ }).click();
    await desk.page.getByText('状态修改成功!').waitFor();
    await content(desk.page).getByRole('tab', { name: '已关闭' }).click();
    await desk.page.waitForURL('**/operator/recruitment?ident=4');
    await expect.poll(() => content(desk.page).locator('.ant-table-row').count()).toBe(2);
    await shot(desk.page, 'recruit-list-closed-1440');
    await desk.context.close();
  });
});
