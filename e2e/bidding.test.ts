import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { expectConsole, newPage, screenshotOnFailure, shot } from './support/browser';
import { cascade, choose, okModal, submitAndExpect } from './support/forms';
import { pickDate } from './support/session';

const j = journey();
let page: Page | undefined;
const OVERVIEW = '本项目为城市轨道交通车站配套工程，主要施工内容包括基坑土方开挖与外运、场地平整和道路恢复。'.repeat(5);

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, disableFontFace: true })
    .promise;
  let out = '';
  for (let i = 1; i <= doc.numPages; i++)
    out += (await (await doc.getPage(i)).getTextContent()).items.map((it) => ('str' in it ? it.str : '')).join('');
  return out;
}

/** A provider responds to the project from the public hall with a price and quantity on the first line. */
async function respond(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  phone: string,
  name: string,
  price: string,
  qty: string,
  tag: string,
) {
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
  await submitAndExpect(p, p.getByRole('button', { name: /提\s*交/ }), '提交成功');
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
    await p
      .getByRole('button', { name: /去发布/ })
      .first()
      .click();
    await p.waitForURL('**/rent/public');
    await p.getByLabel('项目名称', { exact: true }).fill(name);
    await p.getByLabel('联系人', { exact: true }).fill('陈建国');
    await p.getByLabel('联系电话', { exact: true }).fill('13800000001');
    await pickDate(p, '报价截止日期', 7);
    await choose(p, '项目类型', '市政工程');
    await cascade(p, p.locator('.ant-form-item', { hasText: '所在区域' }).locator('.ant-cascader'), [
      '江苏省',
      '苏州市',
      '虎丘区',
    ]);
    await p.getByLabel('施工地址', { exact: true }).fill('科技城锦峰路158号');
    await p.getByLabel('项目概况', { exact: true }).fill(OVERVIEW);
    await choose(p, '发票类型', '增值税专用发票');
    await choose(p, '注册资本', '100万元以上');
    await cascade(p, p.getByTestId('bid-line').first().locator('.ant-cascader'), [
      '挖掘机械',
      '挖掘机',
      '履带式挖掘机',
    ]);
    await p.getByLabel('型号', { exact: true }).fill('SY215C');
    await p.getByLabel('设备数量（台）', { exact: true }).fill('2');
    await p.getByLabel('需求数量', { exact: true }).fill('6');
    await p.getByLabel('预计工期（天）', { exact: true }).fill('180');
    await p.getByLabel('不含税限价（元）', { exact: true }).fill('40000');
    await pickDate(p, '预计进场日期', 20);
    await shot(p, `bidding-form-${w}`);
    await submitAndExpect(p, p.getByRole('button', { name: /提交审核/ }), '发布成功');
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
    const target =
      w > 991
        ? p.locator('.ant-table-row', { hasText: name })
        : p.getByTestId('bidding-card').filter({ hasText: name });
    await target.getByRole('button', { name: /查\s*看/ }).click();
    await p.waitForURL('**/rent/watch/*');
    const id = Number(p.url().split('/').pop());
    // the project's page, not the list still shown while its code loads: the list's rows have a 提前截止 of their own
    await p.getByText('服务商要求').first().waitFor();
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
    await quotes
      .filter({ hasText: '江苏恒力' })
      .getByRole('button', { name: /^选\s*择$/ })
      .click();
    const dlg = p.locator('.ant-modal:visible');
    await dlg.getByText('剩余可分配数量：6').waitFor();
    await dlg.getByLabel('分配数量').fill('4');
    await dlg.getByRole('button', { name: /确\s*定/ }).click();
    await p.getByText('选择成功').first().waitFor();
    await quotes
      .filter({ hasText: '浙江宏远' })
      .getByRole('button', { name: /^选\s*择$/ })
      .click();
    await p.locator('.ant-modal:visible').getByText('剩余可分配数量：2').waitFor();
    await p
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect
      .poll(async () => (await p.getByTestId('watch-line').first().textContent()) ?? '')
      .toContain('已分配 6');
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
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      p.getByRole('button', { name: /下载结果报告/ }).click(),
    ]);
    const file = await download.path();
    const text = await pdfText(fs.readFileSync(file));
    expect(text).toContain(`中铁建设集团华东工程有限公司${name}`);
    expect(text).toContain('江苏恒力工程机械租赁有限公司');
    await context.close();
  });
});

/** A provider quotes the comprehensive project from the public hall: the quantity is the project's and fixed; the fee is quoted (inout 3). */
async function respondTotal(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  phone: string,
  name: string,
  price: string,
  fee: string,
  tag: string,
) {
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
  await expect.poll(() => l1.getByLabel('响应数量(方)').inputValue()).toBe('12000');
  expect(await l1.getByLabel('响应数量(方)').isDisabled()).toBe(true);
  await l1.getByLabel('不含税单价(元)').fill(price);
  await l1.getByLabel('税率(%)').fill('9');
  await l1.getByLabel('进出场费(元)').fill(fee);
  await p.getByLabel('联系人').fill('张工');
  await p.getByLabel('联系电话').fill('13955556666');
  await shot(p, `bidding-total-respond-${tag}`);
  await submitAndExpect(p, p.getByRole('button', { name: /提\s*交/ }), '提交成功');
  await p.waitForURL('**/response');
  return { context, page: p };
}
/** The provider's row (table at a desktop width, card on a phone) of a project in /response. */
const offerRow = (p: Page, w: number, name: string) =>
  w > 991 ? p.locator('.ant-table-row', { hasText: name }) : p.getByTestId('offer-card').filter({ hasText: name });

describe.each([
  { w: 1440, h: 900 },
  { w: 390, h: 844 },
])('comprehensive bidding at $w px', ({ w, h }) => {
  it('a tenant publishes a comprehensive project, the admin approves it, providers respond, one changes its price and one withdraws, the tenant cuts off, sorts, selects one provider and confirms; the providers see selected and not selected', async () => {
    const viewport = { width: w, height: h };
    const name = `E2E${w}综合站场土方整体租赁`;
    const { context, page: p } = await newPage(j.browser, j.server.url, viewport);
    page = p;
    screenshotOnFailure(() => page, `bidding-total-${w}`);

    // the tenant publishes a comprehensive project (status 5, in review)
    await loginAs(p, '13800000001');
    await p.goto('/rent/type');
    await p
      .getByRole('button', { name: /去发布/ })
      .nth(1)
      .click();
    await p.waitForURL('**/rent/total');
    await p.getByText('发布综合竞价').first().waitFor();
    await p.getByLabel('项目名称', { exact: true }).fill(name);
    await p.getByLabel('联系人', { exact: true }).fill('陈建国');
    await p.getByLabel('联系电话', { exact: true }).fill('13800000001');
    await pickDate(p, '报价截止日期', 7);
    await choose(p, '项目类型', '市政工程');
    await choose(p, '计费方式', '按量计费');
    await cascade(p, p.locator('.ant-form-item', { hasText: '所在区域' }).locator('.ant-cascader'), [
      '江苏省',
      '苏州市',
      '虎丘区',
    ]);
    await p.getByLabel('施工地址', { exact: true }).fill('科技城锦峰路158号');
    await p.getByLabel('项目概况', { exact: true }).fill(OVERVIEW);
    await choose(p, '发票类型', '增值税专用发票');
    await choose(p, '注册资本', '100万元以上');
    // the comprehensive block
    await p.getByLabel('需求数量', { exact: true }).fill('12000');
    await choose(p, '计量单位', '方');
    await p.getByLabel('不含税限价（元）', { exact: true }).fill('25');
    await p.getByLabel('预计工期（天）', { exact: true }).fill('90');
    await pickDate(p, '预计进场日期', 20);
    await choose(p, '设备年限', '5年以内');
    await choose(p, '机手安排', '服务商配备机手');
    await choose(p, '进出场费', '服务商负责，进出场费另计');
    await choose(p, '油费', '服务商承担');
    await choose(p, '食宿', '服务商自理食宿');
    await cascade(p, p.getByTestId('bid-line').first().locator('.ant-cascader'), [
      '挖掘机械',
      '挖掘机',
      '履带式挖掘机',
    ]);
    await p.getByLabel('型号', { exact: true }).fill('SY365H');
    await p.getByLabel('设备数量（台）', { exact: true }).fill('3');
    await shot(p, `bidding-total-form-${w}`);
    await submitAndExpect(p, p.getByRole('button', { name: /提交审核/ }), '发布成功');
    await p.waitForURL('**/rent/compete*');
    const listed = () =>
      w > 991
        ? p.locator('.ant-table-row', { hasText: name })
        : p.getByTestId('bidding-card').filter({ hasText: name });
    await listed().getByText('审核中').waitFor();

    // the admin approves (status 1, responding)
    const admin = await newPage(j.browser, j.server.url, viewport);
    page = admin.page;
    await loginAs(admin.page, '13800000000', 'Admin@2026');
    await admin.page.goto('/admin/biddings');
    await admin.page
      .locator('.ant-table-row', { hasText: name })
      .getByRole('button', { name: /通\s*过/ })
      .click();
    await admin.page.getByText('操作成功').waitFor();
    await admin.context.close();

    // two providers respond (response status 1); the first changes its price at /response/edit/{id}
    const a = await respondTotal(j.browser, j.server.url, viewport, '13800000002', name, '22', '8000', `a-${w}`);
    page = a.page;
    // 12000 方 × 23.98 + 8000
    await expect.poll(async () => (await offerRow(a.page, w, name).textContent()) ?? '').toContain('295,760.00');
    await offerRow(a.page, w, name).getByText('响应中').waitFor();
    await offerRow(a.page, w, name)
      .getByRole('button', { name: /修\s*改/ })
      .click();
    await a.page.waitForURL('**/response/edit/*');
    const price = a.page.getByTestId('line-1').getByLabel('不含税单价(元)');
    await expect.poll(() => price.inputValue()).toBe('22.00');
    await expect.poll(() => a.page.getByTestId('line-1').getByLabel('响应数量(方)').inputValue()).toBe('12000');
    await price.fill('21');
    await expect.poll(() => a.page.getByTestId('taxed-1').textContent()).toBe('22.89');
    await shot(a.page, `bidding-total-edit-${w}`);
    await a.page.getByRole('button', { name: /提\s*交/ }).click();
    await a.page.getByText('修改成功').waitFor();
    await a.page.waitForURL('**/response');
    // 12000 方 × 22.89 + 8000
    await expect.poll(async () => (await offerRow(a.page, w, name).textContent()) ?? '').toContain('282,680.00');
    await a.context.close();
    const b = await respondTotal(j.browser, j.server.url, viewport, '13800000011', name, '20', '6000', `b-${w}`);
    await b.context.close();

    // a third provider responds, withdraws (status 6), and cannot respond again
    const c = await respondTotal(j.browser, j.server.url, viewport, '13800000012', name, '23', '5000', `c-${w}`);
    page = c.page;
    await offerRow(c.page, w, name)
      .getByRole('button', { name: /撤\s*回/ })
      .click();
    await c.page.getByText('撤回后将不能再次响应该竞价项目，确定撤回吗？').waitFor();
    await c.page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /撤\s*回/ })
      .click();
    await c.page.getByText('操作成功').waitFor();
    await expect.poll(async () => (await offerRow(c.page, w, name).textContent()) ?? '').toContain('已撤回');
    await shot(c.page, `bidding-total-withdrawn-${w}`);
    await c.page.goto('/site/bidding');
    await c.page.getByTestId('hall-card').filter({ hasText: name }).click();
    await c.page.waitForURL('**/site/bidding/*');
    await c.page.getByText('项目基本信息').waitFor();
    expectConsole(
      c.page,
      /status of 409 .*\/api\/ep\/offer\/create\?/,
      'the response form of a withdrawn provider: its refusal is the message shown (spec/2 §8)',
    );
    await c.page.getByRole('button', { name: /参与报价/ }).click();
    await c.page.getByRole('dialog').getByText('您已撤回对该竞价项目的响应，不能再次响应').waitFor();
    await c.page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await c.page.waitForURL('**/dashboard/index');
    await c.context.close();

    // the tenant cuts off early (status 2; the responses show 已截止) and sorts the quote table by the total amount
    page = p;
    await p.goto('/rent/compete');
    await listed()
      .getByRole('button', { name: /查\s*看/ })
      .click();
    await p.waitForURL('**/rent/watch/*');
    const id = Number(p.url().split('/').pop());
    await p.getByText('工程要求').first().waitFor();
    await p.getByText('12000方').first().waitFor();
    await p.getByRole('button', { name: /提前截止/ }).click();
    await okModal(p, '提前截止后服务商将不能再报价');
    await p.getByText('已截止').first().waitFor();
    const quotes = p.locator('.ant-table-row', { hasText: '有限公司' });
    await expect.poll(() => quotes.count()).toBe(2);
    await expect.poll(async () => (await quotes.first().textContent()) ?? '').toContain('已截止');
    const amount = p.locator('.ant-table-column-sorters:visible', { hasText: '报价总额' }).first();
    await amount.click();
    await expect.poll(async () => (await quotes.first().textContent()) ?? '').toContain('267,600.00');
    expect(await quotes.first().textContent()).toContain('浙江宏远');
    await amount.click();
    await expect.poll(async () => (await quotes.first().textContent()) ?? '').toContain('282,680.00');
    expect(await quotes.first().textContent()).toContain('江苏恒力');
    await shot(p, `bidding-total-sorted-${w}`);

    // one provider only: select it (the page's question), then confirm (pre-commit text, then the 1001 question)
    await quotes
      .filter({ hasText: '浙江宏远' })
      .getByRole('button', { name: /^选\s*择$/ })
      .click();
    await okModal(p, '确定选择浙江宏远建机设备租赁有限公司为中选服务商吗？');
    await p.getByText('选择成功').first().waitFor();
    await expect
      .poll(async () => (await quotes.filter({ hasText: '浙江宏远' }).textContent()) ?? '')
      .toContain('已选择');
    await shot(p, `bidding-total-selected-${w}`);
    // a second provider is refused while one is selected, at once: the page knows it (no question, nothing asked)
    await quotes
      .filter({ hasText: '江苏恒力' })
      .getByRole('button', { name: /^选\s*择$/ })
      .click();
    await p.getByText('综合竞价只能选择一家服务商，请先取消已选择的服务商').first().waitFor();
    await expect.poll(() => p.locator('.ant-modal-confirm:visible').count()).toBe(0);
    expect(await quotes.filter({ hasText: '江苏恒力' }).textContent()).not.toContain('已选择');
    await p.getByRole('button', { name: /确认选择/ }).click();
    await okModal(p, '确认选择后不可更改。已选择服务商：浙江宏远建机设备租赁有限公司');
    await okModal(p, '将为以下1家服务商生成租赁订单草稿：浙江宏远建机设备租赁有限公司');
    await p.waitForURL('**/rent/compete');

    // completed (status 3): QR code, one draft order, the result report
    await p.goto(`/rent/watch/${id}`);
    await p.getByText('已完成').first().waitFor();
    await p.getByRole('img', { name: '项目二维码' }).waitFor();
    const orders = p.locator('a[href^="/rent/order?sn="]');
    await expect.poll(() => orders.count()).toBe(1);
    expect(await orders.first().textContent()).toContain('浙江宏远建机设备租赁有限公司');
    await expect
      .poll(async () => (await quotes.filter({ hasText: '江苏恒力' }).textContent()) ?? '')
      .toContain('未选中');
    expect(await quotes.filter({ hasText: '浙江宏远' }).textContent()).toContain('已选择');
    await shot(p, `bidding-total-completed-${w}`);
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      p.getByRole('button', { name: /下载结果报告/ }).click(),
    ]);
    const text = await pdfText(fs.readFileSync(await download.path()));
    expect(text).toContain(`中铁建设集团华东工程有限公司${name}`);
    expect(text).toContain('浙江宏远建机设备租赁有限公司');
    await context.close();

    // the providers: selected (4) and not selected (3)
    for (const [phone, state] of [
      ['13800000011', '已选中'],
      ['13800000002', '未选中'],
    ] as const) {
      const v = await newPage(j.browser, j.server.url, viewport);
      page = v.page;
      await loginAs(v.page, phone);
      await v.page.goto('/response');
      await offerRow(v.page, w, name).getByText(state).waitFor();
      await shot(v.page, `bidding-total-${phone === '13800000011' ? 'selected' : 'not-selected'}-provider-${w}`);
      await v.context.close();
    }
  }, 360_000);
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
    await expect.poll(() => admin.page.getByLabel('驳回原因').inputValue()).toBe('请补充吊装设备的额定起重量');
    await admin.page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
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
    await submitAndExpect(p, p.getByRole('button', { name: /提交审核/ }), '发布成功');
    await p.waitForURL('**/rent/compete*');

    await p.goto('/rent/compete?status=1');
    const open = p.locator('.ant-table-row', { hasText: '浦东机场四期' });
    await open.getByRole('button', { name: /关闭竞价/ }).click();
    await p.getByLabel('关闭原因').fill('项目方案调整');
    await p
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /关闭竞价/ })
      .click();
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
