import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure, shot } from './support/browser';
import { cascade, choose } from './support/forms';
import { payOnPhone } from './support/pay';

let page: Page | undefined;

const TEXT = 'E2E求职：挖掘机操作八年，熟悉三一、徐工机型，做过地铁基坑和市政管网。';
const COMMENT = '师傅经验丰富，我们苏州工地正缺挖机手，欢迎来看看。';
const certificate = async () => ({
  name: 'cert.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 640, height: 420, channels: 3, background: '#f6f1e4' } })
    .png()
    .toBuffer(),
});
const toast = (p: Page, text: string) => p.getByText(text).first().waitFor();

/** The console approves the demo operator's personal verification (waiting since the demo was loaded). */
async function verifyOperator(p: Page) {
  await p.goto('/admin/verify/person');
  const row = p.locator('tr', { hasText: '13800000003' });
  await row.getByRole('button', { name: /通\s*过/ }).click();
  await p
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect.poll(() => p.locator('tr', { hasText: '13800000003' }).count()).toBe(0);
}

/**
 * The journey of issue 12's Tests paragraph, at one width: the demo operator (personal verification approved by the
 * admin first) publishes a job card, the admin approves it, a verified hirer comments on it (and likes it) from the
 * public hall, the operator sees the comment, then enrols in a training major and pays through the sandbox, landing on
 * /operator/index. Every person uses the same width.
 */
async function operatorJourney(j: ReturnType<typeof journey>, viewport: { width: number; height: number }) {
  const w = viewport.width;
  const admin = await newPage(j.browser, j.server.url, viewport);
  page = admin.page;
  screenshotOnFailure(() => page, `jobcard-${w}`);
  await loginAs(admin.page, '13800000000', 'Admin@2026');
  await verifyOperator(admin.page);

  // the operator publishes: the browser checks the schema's rules and the image before anything is sent
  const op = await newPage(j.browser, j.server.url, viewport);
  const p = op.page;
  page = p;
  await loginAs(p, '13800000003');
  await p.goto('/operator/jobCard');
  await p.getByText('您还没有发布求职卡').waitFor();
  await p
    .getByRole('button', { name: /发布求职卡/ })
    .first()
    .click();
  await p.waitForURL('**/operator/release-job');
  await p.getByLabel('机械类别', { exact: true }).click();
  for (const c of ['挖掘机', '装载机', '推土机', '压路机'])
    await p.locator(`.ant-select-item-option[title="${c}"]:visible`).first().click();
  await toast(p, '最多只能选择三项');
  await p.keyboard.press('Escape');
  expect(await p.locator('.ant-select-selection-item', { hasText: '压路机' }).count()).toBe(0);
  await choose(p, '驾龄', '5-10年');
  await cascade(p, p.locator('.ant-form-item', { hasText: '所在地区' }).locator('.ant-cascader'), [
    '江苏省',
    '苏州市',
    '虎丘区',
  ]);
  await p.getByLabel('详细地址').fill('科技城锦峰路158号');
  await p.getByLabel('求职说明').fill('有活就打幺三八 幺二三四 五六七八，十年经验');
  await p.getByRole('button', { name: /添加证书/ }).click();
  await p.getByLabel('证书名称 1').fill('挖掘机操作证');
  const file = p.locator('[data-testid="cert-entry"] input[type=file]');
  await file.setInputFiles({ name: 'cert.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await toast(p, '请上传JPG、PNG格式图片');
  await file.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await toast(p, '文件大小应不超过5M');
  await file.setInputFiles(await certificate());
  await p.locator('[data-testid="cert-entry"] img[alt="证书照片"]').waitFor();
  await p.getByRole('button', { name: /提交审核/ }).click();
  await expect
    .poll(() => p.locator('.ant-form-item-explain-error').allTextContents())
    .toContain('内容不能包含手机号、微信、QQ、邮箱等联系方式');
  await p.getByLabel('求职说明').fill(TEXT);
  await shot(p, `jobcard-form-${w}`);
  await p.getByRole('button', { name: /提交审核/ }).click();
  await toast(p, '提交成功');
  await p.waitForURL('**/operator/jobCard?statusAll=1');
  await p.getByText('求职卡审核通过后将公开展示，找到工作后请及时更新求职状态。').waitFor();
  const card = p.getByTestId('job-card');
  await expect.poll(() => card.textContent()).toContain('待审核');
  expect(await card.textContent()).toContain('挖掘机操作证');
  await shot(p, `jobcard-list-pending-${w}`);

  // the admin approves it in the console
  page = admin.page;
  await admin.page.goto('/admin/job-cards');
  const row = admin.page.locator('.ant-table-row', { hasText: 'E2E求职' });
  await row.locator('img').first().waitFor();
  await shot(admin.page, `jobcard-admin-${w}`);
  await row.getByRole('button', { name: /通\s*过/ }).click();
  await toast(admin.page, '操作成功');
  await admin.context.close();

  // a verified hirer finds it in the operators' hall, sees the phone, comments and likes
  const hirer = await newPage(j.browser, j.server.url, viewport);
  const h = hirer.page;
  page = h;
  await loginAs(h, '13800000011');
  await h.goto('/site/job');
  await h.getByTestId('job-hall-card').filter({ hasText: 'E2E求职' }).click();
  await h.waitForURL('**/site/job/*');
  await expect.poll(() => h.title()).toContain('挖掘机、装载机、推土机机手求职');
  await h
    .getByTestId('phone-box')
    .getByRole('button', { name: /查看电话/ })
    .click();
  await h.getByTestId('phone-box').getByText('13800000003').waitFor();
  await h.getByLabel('评论', { exact: true }).fill('加我微信 wxid_abc123 详谈，待遇从优');
  await h.getByRole('button', { name: /发表评论/ }).click();
  await expect
    .poll(() => h.locator('.ant-form-item-explain-error').allTextContents())
    .toContain('内容不能包含手机号、微信、QQ、邮箱等联系方式');
  await h.getByLabel('评论', { exact: true }).fill(COMMENT);
  await h.getByRole('button', { name: /发表评论/ }).click();
  await toast(h, '评论成功');
  await h.getByTestId('labour-comment').filter({ hasText: COMMENT }).waitFor();
  await h.getByRole('button', { name: /点赞 0/ }).click();
  await h.getByRole('button', { name: /已赞 1/ }).waitFor();
  await shot(h, `jobcard-page-hirer-${w}`);
  await hirer.context.close();

  // the operator sees the comment received and the counters
  page = p;
  await p.goto('/operator/comments');
  const got = p.getByTestId('comment-item').filter({ hasText: COMMENT });
  await got.waitFor();
  expect(await got.textContent()).toContain('刘志强');
  await shot(p, `jobcard-comments-${w}`);
  await p.goto('/operator/jobCard');
  await expect.poll(() => p.getByTestId('card-counters').first().textContent()).toMatch(/浏览 1.*评论 1.*点赞 1/);
  await expect.poll(() => card.textContent()).toContain('求职中');
  await shot(p, `jobcard-list-${w}`);

  // the labour centre shows the card, its counters and the comment received; from there the operator enrols in a
  // training major and pays by the WeChat QR in the sandbox, landing back on the centre with the fee paid
  // on a phone the side menu is a drawer opened from the header
  if (w < 992) await p.getByRole('button', { name: '菜单' }).click();
  await p.getByTestId('side-menu').getByText('劳务首页').click();
  await p.waitForURL('**/operator/index');
  await expect.poll(() => p.getByTestId('stat-求职中').textContent()).toBe('1求职中');
  await expect.poll(() => p.getByTestId('centre-counters').textContent()).toMatch(/浏览 1.*评论 1.*点赞 1/);
  expect(await p.getByTestId('stat-收到评论').textContent()).toBe('1收到评论');
  expect(await p.getByTestId('stat-已缴费').textContent()).toBe('0已缴费');
  await shot(p, `operator-index-${w}`);
  await p.getByRole('button', { name: /报名培训/ }).click();
  await p.waitForURL('**/operator/training');
  await choose(p, '培训专业', '挖掘机操作（¥2,800.00）');
  await p.getByLabel('最高学历').fill('高中');
  await p.getByLabel('最高学历').press('Escape');
  await p.getByRole('radio', { name: '微信支付' }).click();
  await p.getByRole('button', { name: '立即支付' }).click();
  await p.waitForURL('**/operator/wxpayment?order_sn=*');
  const qr = p.locator('img[data-code-url]');
  await qr.waitFor();
  await payOnPhone(j.browser, j.server.url, (await qr.getAttribute('data-code-url')) as string, '¥2,800.00');
  await p.getByText('支付成功').first().waitFor({ timeout: 10_000 });
  await p.waitForURL('**/operator/index', { timeout: 15_000 });
  await expect.poll(() => p.getByTestId('stat-已缴费').textContent()).toBe('1已缴费');
  await shot(p, `operator-index-paid-${w}`);
  await op.context.close();
}

describe('job cards, comments and likes at 1440 px', () => {
  const j = journey();
  it('a verified operator publishes a card with a certificate, the admin approves it, a verified hirer comments and likes it from the hall, the operator sees both, enrols in training and pays', async () => {
    await operatorJourney(j, { width: 1440, height: 900 });
  });

  it('on a phone: the hall, the card page for a stranger, the comments and the end dialog', async () => {
    const phone = { width: 390, height: 844 };
    const s = await newPage(j.browser, j.server.url, phone);
    page = s.page;
    screenshotOnFailure(() => page, 'jobcard-390');
    await s.page.goto('/site/job');
    await s.page.getByTestId('job-hall-card').filter({ hasText: 'E2E求职' }).waitFor();
    await shot(s.page, 'jobcard-hall-390');
    await s.page.getByTestId('job-hall-card').filter({ hasText: 'E2E求职' }).click();
    await s.page.getByText('登录后查看联系方式').waitFor();
    expect(await s.page.getByTestId('phone-box').textContent()).toContain('138****0003');
    await s.page.getByTestId('labour-comment').filter({ hasText: COMMENT }).waitFor();
    await shot(s.page, 'jobcard-page-stranger-390');
    await s.context.close();

    const o = await newPage(j.browser, j.server.url, phone);
    const p = o.page;
    page = p;
    await loginAs(p, '13800000003');
    await p.goto('/operator/comments');
    await p.getByTestId('comment-item').filter({ hasText: COMMENT }).waitFor();
    await shot(p, 'jobcard-comments-390');
    await p.goto('/operator/jobCard');
    const card = p.getByTestId('job-card');
    await expect.poll(() => card.textContent()).toContain('求职中');
    await shot(p, 'jobcard-list-390');
    await card.getByRole('button', { name: /结\s*束/ }).click();
    const dialog = p.locator('.ant-modal:visible');
    await dialog.getByText('结束后招聘方将无法再联系您，确定结束该求职卡吗？').waitFor();
    await dialog.getByText('未找到关闭').click();
    await shot(p, 'jobcard-end-390');
    await dialog.getByRole('button', { name: /确定结束/ }).click();
    await toast(p, '状态修改成功!');
    const history = p.getByTestId('history-card').filter({ hasText: 'E2E求职' });
    await expect.poll(() => history.textContent()).toContain('已关闭');
    expect(await history.getByRole('button', { name: /重新发布/ }).count()).toBe(1);
    await p.getByText('您还没有发布求职卡').waitFor();

    // republished, it goes back to review; the console refuses it with a reason, which the operator reads (审核失败)
    await history.getByRole('button', { name: /重新发布/ }).click();
    await p
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await toast(p, '已重新发布，请等待审核');
    await expect.poll(() => card.textContent()).toContain('待审核');
    const a = await newPage(j.browser, j.server.url);
    page = a.page;
    await loginAs(a.page, '13800000000', 'Admin@2026');
    await a.page.goto('/admin/job-cards');
    const row = a.page.locator('.ant-table-row', { hasText: 'E2E求职' });
    await row.getByRole('button', { name: /驳\s*回/ }).click();
    const rd = a.page.getByRole('dialog');
    await rd.getByRole('button', { name: /确\s*定|OK/ }).click();
    await toast(a.page, '请填写驳回原因');
    await rd.getByLabel('请填写驳回原因（将通知机手）').fill('证书照片不清晰，请重新上传');
    await rd.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => a.page.locator('.ant-table-row', { hasText: 'E2E求职' }).count()).toBe(0);
    await a.context.close();
    page = p;
    await p.reload();
    await expect.poll(() => card.textContent()).toContain('审核失败');
    expect(await card.textContent()).toContain('证书照片不清晰，请重新上传');
    await shot(p, 'jobcard-rejected-390');
    await o.context.close();
  });

  it('the hall shows the demo operators; one who found work ends his card as 已找到工作: it leaves the hall for his history', async () => {
    const o = await newPage(j.browser, j.server.url);
    const p = o.page;
    page = p;
    screenshotOnFailure(() => page, 'jobcard-found-1440');
    await p.goto('/site/job');
    const his = p.getByTestId('job-hall-card').filter({ hasText: '赵德胜' });
    await his.waitFor();
    // the demo's six searching operators (the journey's own card is refused by now)
    expect(await p.getByTestId('job-hall-card').count()).toBe(6);
    await loginAs(p, '13800000032');
    await p.goto('/operator/jobCard');
    const card = p.getByTestId('job-card');
    await expect.poll(() => card.textContent()).toContain('求职中');
    await card.getByRole('button', { name: /结\s*束/ }).click();
    const dialog = p.locator('.ant-modal:visible');
    await dialog.getByText('已找到工作').click();
    await dialog.getByRole('button', { name: /确定结束/ }).click();
    await toast(p, '状态修改成功!');
    const history = p.getByTestId('history-card').filter({ hasText: '汽车吊、履带吊操作十二年' });
    await expect.poll(() => history.textContent()).toContain('已找到工作');
    expect(await history.getByRole('button', { name: /重新发布/ }).count()).toBe(1);
    await p.getByText('您还没有发布求职卡').waitFor();
    await shot(p, 'jobcard-found-1440');
    await p.goto('/site/job');
    await p.getByTestId('job-hall-card').first().waitFor();
    expect(await p.getByTestId('job-hall-card').count()).toBe(5);
    expect(await his.count()).toBe(0);
    await o.context.close();
  });
});

describe('the same journey at 390 px (a fresh server: the demo operator again unverified and without a card)', () => {
  const j = journey();
  it('a verified operator publishes a card, the admin approves it, a verified hirer comments and likes it from the hall, the operator sees both, enrols in training and pays, landing on the labour centre', async () => {
    await operatorJourney(j, { width: 390, height: 844 });
  });
});
