import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure, shot } from './support/browser';
import { cascade, choose, okModal } from './support/forms';

const j = journey();
let page: Page | undefined;
const OVERVIEW = '本项目为城市轨道交通车站配套工程，主要施工内容包括基坑土方开挖与外运、场地平整和道路恢复。'.repeat(5);

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, disableFontFace: true }).promise;
  let out = '';
  for (let i = 1; i <= doc.numPages; i++) out += (await (await doc.getPage(i)).getTextContent()).items.map((it) => ('str' in it ? it.str : '')).join('');
  return out;
}

async function pickDate(p: Page, label: string, offsetDays: number) {
  const d = new Date(Date.now() + 8 * 3600_000 + offsetDays * 86400_000).toISOString().slice(0, 10);
  const input = p.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(d);
  // the typed date is taken when the panel shows it selected; Enter would also submit the form
  await p.locator(`.ant-picker-dropdown:visible td[title="${d}"].ant-picker-cell-selected, .ant-picker-dropdown:visible td[title="${d}"]`).first().click();
}
/** A provider responds to the project from the public hall with a price and quantity on the first line. */
async function respond(browser: Browser, url: string, viewport: { width: number; height: number }, phone: string, name: string, price: string, qty: string, tag: string) {
  const { context, page: p } = await newPage(browser, url, viewport);
  page = p;
  await loginAs(p, phone);
  await p.goto('/site/bidding');
  await p.getByTestId('hall-card').filter({ hasText: name }).click();
  await p.waitForURL('**/site/bidding/*');
  await p.getByText('项目基本信息').waitFor();
  await p.getByRole('button', { name: /参与报价/ }).click();
  await p.waitForURL('**/response/create/*');
  const l1 = p.getByTestId('line-1');
  await l1.getByRole('checkbox').check();
  await l1.getByLabel('不含税单价(元)').fill(price);
  await l1.getByLabel('税率(%)').fill('13');
  await l1.getByLabel('响应数量(月)').fill(qty);
  await p.getByLabel('联系人').fill('张工');
  await p.getByLabel('联系电话').fill('13955556666');
  await shot(p, `bidding-respond-${tag}`);
  await p.getByRole('button', { name: /提\s*交/ }).click();
  await p.getByText('提交成功').waitFor();
  await p.waitForURL('**/response');
  await context.close();
}

describe.each([
  { w: 1440, h: 900 },
  { w: 390, h: 844 },
])('bidding at $w px', ({ w, h }) => {
  it('a tenant publishes an itemised project, the admin approves it, two providers respond from the hall, the tenant cuts off early, compares, allocates between both, confirms, downloads the result PDF, and the draft orders exist', async () => {
    const viewport = { width: w, height: h };
    const name = `E2E${w}地铁土方挖掘机租赁`;
    const { context, page: p } = await newPage(j.browser, j.server.url, viewport);
    page = p;
    screenshotOnFailure(() => page, `bidding-${w}`);

    // the tenant publishes
    await loginAs(p, '13800000001');
    await p.goto('/rent/type');
    await shot(p, `bidding-type-${w}`);
    await p.getByRole('button', { name: /去发布/ }).first().click();
    await p.waitForURL('**/rent/public');
    await p.getByLabel('项目名称', { exact: true }).fill(name);
    await p.getByLabel('联系人', { exact: true }).fill('陈建国');
    await p.getByLabel('联系电话', { exact: true }).fill('13800000001');
    await pickDate(p, '报价截止日期', 7);
    await choose(p, '项目类型', '市政工程');
    await cascade(p, p.locator('.ant-form-item', { hasText: '所在区域' }).locator('.ant-cascader'), ['江苏省', '苏州市', '虎丘区']);
    await p.getByLabel('施工地址', { exact: true }).fill('科技城锦峰路158号');
    await p.getByLabel('项目概况', { exact: true }).fill(OVERVIEW);
    await choose(p, '发票类型', '增值税专用发票');
    await choose(p, '注册资本', '100万元以上');
    await cascade(p, p.getByTestId('bid-line').first().locator('.ant-cascader'), ['挖掘机械', '挖掘机', '履带式挖掘机']);
    await p.getByLabel('型号', { exact: true }).fill('SY215C');
    await p.getByLabel('设备数量（台）', { exact: true }).fill('2');
    await p.getByLabel('需求数量', { exact: true }).fill('6');
    await p.getByLabel('预计工期（天）', { exact: true }).fill('180');
    await p.getByLabel('不含税限价（元）', { exact: true }).fill('40000');
    await pickDate(p, '预计进场日期', 20);
    await shot(p, `bidding-form-${w}`);
    await p.getByRole('button', { name: /提交审核/ }).click();
    await p.getByText('发布成功').waitFor();
    await p.waitForURL('**/rent/compete*');
    await p.getByText(name).first().waitFor();
    await shot(p, `bidding-compete-review-${w}`);

    // the admin approves
    const admin = await newPage(j.browser, j.server.url, viewport);
    page = admin.page;
    await loginAs(admin.page, '13800000000', 'Admin@2026');
    await admin.page.goto('/admin/biddings');
    const row = admin.page.locator('.ant-table-row', { hasText: name });
    await row.getByRole('button', { name: /通\s*过/ }).click();
    await admin.page.getByText('操作成功').waitFor();
    await shot(admin.page, `bidding-admin-${w}`);
    await admin.context.close();

    // two providers respond from the hall
    await respond(j.browser, j.server.url, viewport, '13800000002', name, '35000', '6', `a-${w}`);
    await respond(j.browser, j.server.url, viewport, '13800000011', name, '33000', '6', `b-${w}`);

    // the tenant cuts off early, compares and allocates between both
    page = p;
    await p.goto('/rent/compete');
    await p.getByText(name).first().waitFor();
    const target = w > 991 ? p.locator('.ant-table-row', { hasText: name }) : p.getByTestId('bidding-card').filter({ hasText: name });
    await target.getByRole('button', { name: /查\s*看/ }).click();
    await p.waitForURL('**/rent/watch/*');
    const id = Number(p.url().split('/').pop());
    await p.getByRole('button', { name: /提前截止/ }).click();
    await okModal(p, '提前截止后服务商将不能再报价');
    await p.getByText('已截止').first().waitFor();
    await p.getByRole('button', { name: /对比报价/ }).click();
    await p.locator('.ant-modal:visible').getByText('江苏恒力工程机械租赁有限公司', { exact: false }).first().waitFor();
    await shot(p, `bidding-compare-${w}`);
    await p.locator('.ant-modal:visible .ant-modal-close').click();
    await p.getByTestId('watch-line').first().locator('button[aria-expanded]').click();
    const quotes = p.getByTestId('watch-line').first().locator('.ant-table-row');
    await expect.poll(() => quotes.count()).toBe(2);
    await quotes.filter({ hasText: '江苏恒力' }).getByRole('button', { name: /^选\s*择$/ }).click();
    const dlg = p.locator('.ant-modal:visible');
    await dlg.getByText('剩余可分配数量：6').waitFor();
    await dlg.getByLabel('分配数量').fill('4');
    await dlg.getByRole('button', { name: /确\s*定/ }).click();
    await p.getByText('选择成功').first().waitFor();
    await quotes.filter({ hasText: '浙江宏远' }).getByRole('button', { name: /^选\s*择$/ }).click();
    await p.locator('.ant-modal:visible').getByText('剩余可分配数量：2').waitFor();
    await p.locator('.ant-modal:visible').getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(async () => (await p.getByTestId('watch-line').first().textContent()) ?? '').toContain('已分配 6');
    await shot(p, `bidding-watch-selected-${w}`);

    // confirm: the pre-commit text, then the 1001 question before the draft orders
    await p.getByRole('button', { name: /确认选择/ }).click();
    await okModal(p, '确认选择后不可更改');
    await okModal(p, '将为以下2家服务商生成租赁订单草稿');
    await p.waitForURL('**/rent/compete');
    await p.goto(`/rent/watch/${id}`);
    await p.getByText('已完成').first().waitFor();
    await p.getByRole('img', { name: '项目二维码' }).waitFor();
    const orders = p.locator('a[href^="/rent/order?sn="]');
    await expect.poll(() => orders.count()).toBe(2);
    await shot(p, `bidding-watch-completed-${w}`);
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: /下载结果报告/ }).click()]);
    const file = await download.path();
    const text = await pdfText(fs.readFileSync(file));
    expect(text).toContain(`中铁建设集团华东工程有限公司${name}`);
    expect(text).toContain('江苏恒力工程机械租赁有限公司');
    await context.close();
  });
});

describe('the bidding hall', () => {
  it('shows responding projects to a stranger, with the project page and its own title', async () => {
    const { context, page: p } = await newPage(j.browser, j.server.url, { width: 390, height: 844 });
    page = p;
    await p.goto('/site/bidding');
    await p.getByTestId('hall-card').first().waitFor();
    await shot(p, 'bidding-hall-390');
    await p.getByTestId('hall-card').first().click();
    await p.waitForURL('**/site/bidding/*');
    await p.getByText('项目基本信息').waitFor();
    await p.getByRole('button', { name: /参与报价/ }).waitFor();
    await shot(p, 'bidding-page-390');
    const html = await (await fetch(`${j.server.url}${new URL(p.url()).pathname}`)).text();
    expect(html).toMatch(/<title>[^<]*竞价大厅 - 机租通<\/title>/);
    await context.close();
  });
});

describe('the other ends of a project', () => {
  it('the admin rejects a project with a reason and the tenant corrects it; the tenant closes a responding one; a provider sees its not-selected and closed responses', async () => {
    const viewport = { width: 1440, height: 900 };
    const admin = await newPage(j.browser, j.server.url, viewport);
    page = admin.page;
    screenshotOnFailure(() => page, 'bidding-ends');
    await loginAs(admin.page, '13800000000', 'Admin@2026');
    await admin.page.goto('/admin/biddings');
    const row = admin.page.locator('.ant-table-row', { hasText: '嘉闵高架' });
    await row.getByRole('button', { name: /驳\s*回/ }).click();
    await admin.page.getByLabel('驳回原因').fill('请补充吊装设备的额定起重量');
    await admin.page.locator('.ant-modal:visible').getByRole('button', { name: /确\s*定|OK/ }).click();
    await admin.page.getByText('操作成功').waitFor();
    await admin.context.close();

    const { context, page: p } = await newPage(j.browser, j.server.url, viewport);
    page = p;
    await loginAs(p, '13800000001');
    await p.goto('/rent/compete?status=6');
    const rejected = p.locator('.ant-table-row', { hasText: '嘉闵高架' });
    await rejected.getByText('请补充吊装设备的额定起重量').waitFor();
    await shot(p, 'bidding-rejected-1440');
    await rejected.getByRole('button', { name: /修改后重新提交/ }).click();
    await p.waitForURL('**/rent/public?id=*');
    await expect.poll(() => p.getByLabel('项目名称', { exact: true }).inputValue()).toContain('嘉闵高架');
    await p.getByRole('button', { name: /提交审核/ }).click();
    await p.getByText('发布成功').waitFor();
    await p.waitForURL('**/rent/compete*');

    await p.goto('/rent/compete?status=1');
    const open = p.locator('.ant-table-row', { hasText: '浦东机场四期' });
    await open.getByRole('button', { name: /关闭竞价/ }).click();
    await p.getByLabel('关闭原因').fill('项目方案调整');
    await p.locator('.ant-modal:visible').getByRole('button', { name: /关闭竞价/ }).click();
    await p.getByText('关闭成功').waitFor();
    await p.goto('/rent/compete?status=4');
    await p.locator('.ant-table-row', { hasText: '浦东机场四期' }).getByText('项目方案调整').waitFor();
    await shot(p, 'bidding-closed-1440');
    await context.close();

    const prov = await newPage(j.browser, j.server.url, { width: 390, height: 844 });
    page = prov.page;
    await loginAs(prov.page, '13800000012');
    await prov.page.goto('/response?status=3');
    await prov.page.getByTestId('offer-card').filter({ hasText: '地铁18号线' }).getByText('未选中').waitFor();
    await shot(prov.page, 'bidding-not-selected-390');
    await prov.context.close();
  });
});
