import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { expectConsole, newPage, screenshotOnFailure, shot } from './support/browser';
import { cascade, okModal, openProviderMachines, pickDay } from './support/forms';
import { addDays } from '@jizu/shared/rules/datetime';
import { latestPastDate } from '@jizu/shared/rules/pastDate';

const j = journey();
let page: Page | undefined;
/** the demo's draft order of the demo provider (江苏恒力) on the 地铁18号线 project */
const PROJECT = '地铁18号线';

describe('rental orders', () => {
  it('the tenant completes and submits a draft (line edited, special invoice), the provider confirms it, the timeline shows each step; the pre-check dialog; closing on a phone', async () => {
    const { context, page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'order');
    await loginAs(p, '13800000001');

    // 添加订单: nothing left to create from → the pre-check's message in 提示, then the dashboard
    expectConsole(
      p,
      /status of 409 .*\/api\/rent\/order\/createCheck\?/,
      "添加订单's pre-check (spec/2 §8): its refusal is how the page learns there is nothing to create",
    );
    await p.goto('/rent/order');
    await p.getByRole('button', { name: /添加订单/ }).click();
    await okModal(p, '暂无可生成订单的竞价项目');
    await p.waitForURL('**/dashboard/index');

    await p.goto('/rent/order?status=0');
    const row = p.locator('.ant-table-row', { hasText: PROJECT }).filter({ hasText: '江苏恒力' });
    await row.getByRole('button', { name: /提交订单/ }).click();
    await p.waitForURL('**/rent/order/submit/*');
    await p.getByText('设备清单').waitFor();
    // edit the first line: the tax-inclusive price follows the rate
    await p
      .locator('.ant-table-row')
      .first()
      .getByRole('button', { name: /修\s*改/ })
      .click();
    const dialog = p.locator('.ant-modal:visible');
    await dialog.getByLabel('税率（%）').fill('9');
    await dialog.getByTestId('line-taxed').filter({ hasText: '38,150.00' }).waitFor();
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await p.getByText('修改成功').waitFor();
    await p.locator('.ant-table-row').first().getByText('38,150.00').waitFor();

    // special VAT: its four fields become required; the first error is focused
    await p.getByLabel('增值税专用发票').check();
    await p.getByRole('button', { name: /提交订单/ }).click();
    await p.getByText('请输入公司地址').first().waitFor();
    await p.getByText('请输入收票人姓名').first().waitFor();
    await p.getByLabel('公司地址').fill('上海市浦东新区世纪大道100号');
    await p.getByLabel('公司电话').fill('021-58881234');
    await p.getByLabel('开户银行').fill('中国建设银行上海分行');
    await p.getByLabel('银行账号').fill('31050161393600001234');
    await p.getByLabel('收票人姓名').fill('刘会计');
    await p.getByLabel('收票人手机').fill('13900001111');
    await cascade(p, p.locator('.ant-form-item', { hasText: '所在区域' }).locator('.ant-cascader'), [
      '上海市',
      '市辖区',
      '浦东新区',
    ]);
    await p.getByLabel('收票详细地址').fill('世纪大道100号25楼财务部');
    await shot(p, 'order-submit-1440');
    await p.getByRole('button', { name: /提交订单/ }).click();
    await okModal(p, '请再次确认订单内容，提交后将不能修改', /提交订单/);
    await p.getByText('提交成功').waitFor();
    await p.waitForURL('**/rent/order');

    // the provider confirms: the agreement is required
    const prov = await newPage(j.browser, j.server.url);
    page = prov.page;
    const q = prov.page;
    await loginAs(q, '13800000002');
    await q.goto('/rent-order?status=1');
    await q
      .locator('.ant-table-row', { hasText: PROJECT })
      .getByRole('button', { name: /确认订单/ })
      .click();
    await q.waitForURL('**/rent-order/confirm/*');
    await q.getByLabel('收款银行名称').fill('中国工商银行苏州分行');
    await q.getByLabel('银行账号').fill('1102020109000012345');
    await q.getByRole('button', { name: /确认订单/ }).click();
    await q.getByText('请先同意采用租立得平台供应链金融服务进行支付，再点击确认订单').waitFor();
    await q.getByLabel('同意采用租立得平台供应链金融服务进行支付').check();
    await shot(q, 'order-confirm-1440');
    await q.getByRole('button', { name: /确认订单/ }).click();
    await okModal(q, '确认订单后将不能修改', /确认订单/);
    await q.getByText('操作成功').waitFor();
    await q.waitForURL('**/rent-order');
    await q.goto('/rent-order?status=2');
    await q.locator('.ant-table-row', { hasText: PROJECT }).waitFor();
    await prov.context.close();

    // the tenant's order is in progress, its timeline shows every step
    page = p;
    await p.goto('/rent/order?status=2');
    await p
      .locator('.ant-table-row', { hasText: PROJECT })
      .getByRole('button', { name: /查\s*看/ })
      .click();
    await p.waitForURL('**/rent/order/watch/*');
    await p.getByTestId('timeline-item').filter({ hasText: '服务商确认订单' }).waitFor();
    const steps = await p.getByTestId('timeline-item').allTextContents();
    // newest first
    expect(steps.map((s) => s.replace(/^\S+ \S+ /, '').split('：')[0])).toEqual([
      '服务商确认订单',
      '承租方提交订单',
      '修改设备明细',
      '生成订单',
    ]);
    // who took each step: the company and the person, the name masked
    const who = await p.getByTestId('timeline-who').allTextContents();
    expect(who.slice(0, 2)).toEqual(['江苏恒力工程机械租赁有限公司王**', '中铁建设集团华东工程有限公司陈**']);
    expect(who.join('')).not.toContain('王立恒');
    await p.getByText('31050161393600001234').waitFor();
    await shot(p, 'order-watch-1440');

    // on a phone: close the other draft with a reason
    await p.setViewportSize({ width: 390, height: 844 });
    await p.goto('/rent/order?status=0');
    const card = p.getByTestId('order-card').first();
    await card.getByRole('button', { name: /关闭订单/ }).click();
    await p.locator('.ant-modal:visible').getByLabel('关闭原因').fill('项目工期调整，暂不租赁');
    await p
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /关闭订单/ })
      .click();
    await p.getByText('关闭成功').waitFor();
    await p.goto('/rent/order?status=4');
    await p.getByText('关闭原因：项目工期调整，暂不租赁').first().waitFor();
    await shot(p, 'order-closed-390');
    await context.close();
  });

  it('contracts: the tenant uploads one and voids it by typing 确认, the provider signs the waiting one with an SMS code, the signed PDF verifies on /site/verify and a changed copy does not', async () => {
    const { context, page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'contract');
    await loginAs(p, '13800000001');
    await p.goto('/rent/order?status=2');
    await p
      .locator('.ant-table-row', { hasText: '虹桥枢纽' })
      .getByRole('button', { name: /合同管理/ })
      .click();
    await p.waitForURL('**/rent/order/contract/*');
    await p.getByText('已签署 1 份，待签署 1 份').waitFor();
    await p.getByRole('button', { name: /上传合同/ }).click();
    await p.waitForURL('**/rent/order/contract-add/*');
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]).drawText('E2E supplementary agreement', {
      x: 60,
      y: 760,
      size: 16,
      font: await doc.embedFont(StandardFonts.Helvetica),
    });
    const file = path.join(os.tmpdir(), `e2e-contract-${Date.now()}.pdf`);
    fs.writeFileSync(file, await doc.save());
    await p.locator('input[type=file]').setInputFiles(file);
    await p.getByTestId('contract-file').waitFor();
    await p.getByLabel('合同编号').fill('E2E-HT-001');
    await p.getByLabel('合同名称').fill('设备进场补充协议');
    // the latest day the picker allows: today − 10 days (the spec's "not later than about 10 days before today")
    const latest = latestPastDate();
    await p.getByLabel('合同日期').click();
    const picker = p.locator('.ant-picker-dropdown:visible');
    await p.getByLabel('合同日期').fill(latest);
    // the day after it is disabled
    expect(
      await picker
        .locator(`td[title="${addDays(latest, 1)}"]`)
        .first()
        .getAttribute('class'),
    ).toMatch(/ant-picker-cell-disabled/);
    await picker.locator(`td[title="${latest}"]`).first().click();
    await shot(p, 'contract-add-1440');
    await p.getByRole('button', { name: /提\s*交/ }).click();
    await okModal(p, '合同提交后将不能修改', /提\s*交/);
    await p.getByText('提交成功').waitFor();
    await p.waitForURL('**/rent/order/contract/*');
    const mine = p.locator('.ant-table-row', { hasText: 'E2E-HT-001' });
    await mine.getByRole('button', { name: /作\s*废/ }).click();
    const typing = p.locator('.ant-modal:visible');
    await typing.locator('input').fill('确认');
    await typing.getByRole('button', { name: /作\s*废/ }).click();
    await p.getByText('操作成功').waitFor();
    await mine.getByText('已作废').waitFor();
    await shot(p, 'contract-list-1440');

    const prov = await newPage(j.browser, j.server.url);
    page = prov.page;
    const q = prov.page;
    await loginAs(q, '13800000002');
    await q.goto('/rent-order?status=2');
    await q
      .locator('.ant-table-row', { hasText: '虹桥枢纽' })
      .getByRole('button', { name: /合同管理/ })
      .click();
    await q.waitForURL('**/rent-order/contract/*');
    await q
      .locator('.ant-table-row', { hasText: '挖掘机租赁补充协议' })
      .getByRole('button', { name: /签\s*署/ })
      .click();
    const dlg = q.locator('.ant-modal:visible');
    await dlg.getByRole('button', { name: /获取验证码/ }).click();
    await dlg.getByText(/验证码将发送至企业管理员手机 138\*{4}0002/).waitFor();
    await dlg.getByPlaceholder('请输入短信验证码').fill('123456');
    await dlg.getByRole('button', { name: /签\s*署/ }).click();
    await q.getByText('签署成功').waitFor();
    await q.getByText('已签署 2 份，待签署 0 份').waitFor();
    // the provider's timeline names who signed: its own company and its person, masked
    const contractPage = q.url();
    await q.goto('/rent-order?status=2');
    await q
      .locator('.ant-table-row', { hasText: '虹桥枢纽' })
      .getByRole('button', { name: /查\s*看/ })
      .click();
    await q.waitForURL('**/rent-order/watch/*');
    await q.getByTestId('timeline-item').first().filter({ hasText: '服务商签署合同' }).waitFor();
    expect(await q.getByTestId('timeline-who').first().textContent()).toBe('江苏恒力工程机械租赁有限公司王**');
    await shot(q, 'order-timeline-provider-1440');
    await q.goto(contractPage);
    await q.getByText('已签署 2 份，待签署 0 份').waitFor();
    // the signed file, as the provider downloads it, verifies; one byte changed does not
    const href = await q
      .locator('.ant-table-row', { hasText: '挖掘机租赁补充协议' })
      .getByRole('link', { name: /查\s*看/ })
      .getAttribute('href');
    const signed = Buffer.from(await (await q.request.get(href!)).body());
    expect(signed.subarray(0, 5).toString()).toBe('%PDF-');
    const signedFile = path.join(os.tmpdir(), `e2e-signed-${Date.now()}.pdf`);
    fs.writeFileSync(signedFile, signed);
    await q.goto('/site/verify');
    await q.locator('input[type=file]').setInputFiles(signedFile);
    await q.getByText('该文件是在机租通平台签署的合同，签署后未被修改').waitFor();
    await q.getByTestId('verify-result').getByText('丙方（服务商）：江苏恒力工程机械租赁有限公司').waitFor();
    await shot(q, 'contract-verify-1440');
    signed[Math.floor(signed.length / 2)] ^= 1;
    fs.writeFileSync(signedFile, signed);
    await q.locator('input[type=file]').setInputFiles(signedFile);
    await q.getByText(/未找到与该文件一致的签署记录/).waitFor();
    await q.setViewportSize({ width: 390, height: 844 });
    await shot(q, 'contract-verify-390');
    await prov.context.close();

    page = p;
    await p.goto('/rent/order?status=2');
    await p
      .locator('.ant-table-row', { hasText: '虹桥枢纽' })
      .getByRole('button', { name: /查\s*看/ })
      .click();
    // the timeline, newest first: this signing on top; the demo's first signing and the order's creation are older than
    // the first page, shown by 查看更早的动态 below it
    await p.getByTestId('timeline-item').first().filter({ hasText: '服务商签署合同' }).waitFor();
    await p.getByTestId('timeline-item').filter({ hasText: '承租方作废合同' }).waitFor();
    expect(await p.getByTestId('timeline-item').count()).toBe(20);
    await expect.poll(() => p.getByTestId('timeline-item').filter({ hasText: '生成订单' }).count()).toBe(0);
    const older = p.getByRole('button', { name: '查看更早的动态' });
    for (let shown = 20; await older.isVisible();) {
      await older.click();
      await expect.poll(() => p.getByTestId('timeline-item').count()).toBeGreaterThan(shown);
      shown = await p.getByTestId('timeline-item').count();
    }
    await p.getByTestId('timeline-item').last().filter({ hasText: '生成订单' }).waitFor();
    await p.getByTestId('timeline-item').filter({ hasText: '服务商签署合同' }).nth(1).waitFor();
    await shot(p, 'order-timeline-1440');
    await context.close();
  });

  it('settlements: the tenant settles the month from the draft with a voucher, the provider confirms and invoices, the console issues the platform invoice, the tenant confirms receipt', async () => {
    const { context, page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'settle');
    await loginAs(p, '13800000001');
    await p.goto('/rent/order?status=2');
    await p
      .locator('.ant-table-row', { hasText: '虹桥枢纽' })
      .getByRole('button', { name: /结算管理/ })
      .click();
    await p.waitForURL('**/rent/order/settle/*');
    const orderId = new URL(p.url()).pathname.split('/').pop();
    await p.getByRole('button', { name: /新增结算/ }).click();
    await p.waitForURL('**/rent/order/settle-add/*');
    await p.getByRole('button', { name: /使用测算金额/ }).click();
    await p.getByLabel('结算单号').fill('E2E-JS-01');
    // the settlement date starts at the latest day allowed: today − 10 days
    expect(await p.getByLabel('结算日期').inputValue()).toBe(latestPastDate());
    const img = path.join(os.tmpdir(), `e2e-voucher-${Date.now()}.png`);
    fs.writeFileSync(
      img,
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c8d6e5' } })
        .png()
        .toBuffer(),
    );
    await p.locator('input[type=file]').first().setInputFiles(img);
    await p.locator('.ant-form-item', { hasText: '结算凭证' }).locator('img').first().waitFor();
    await shot(p, 'settle-add-1440');
    await p.getByRole('button', { name: /提\s*交/ }).click();
    await p.getByText('提交成功').waitFor();
    await p.waitForURL(`**/rent/order/settle/${orderId}`);
    await p.locator('.ant-table-row', { hasText: 'E2E-JS-01' }).getByText('待确认').waitFor();

    const prov = await newPage(j.browser, j.server.url);
    page = prov.page;
    const q = prov.page;
    await loginAs(q, '13800000002');
    await q.goto(`/rent-order/settle/${orderId}?status=0`);
    await q
      .locator('.ant-table-row', { hasText: 'E2E-JS-01' })
      .getByRole('button', { name: /确认结算/ })
      .click();
    await q.waitForURL('**/rent-order/settle-confirm/*');
    await q.getByTestId('settle-affirm').waitFor();
    await q
      .getByRole('button', { name: /确认结算/ })
      .last()
      .click();
    await okModal(q, '确认结算单金额无误');
    await q.getByText('操作成功').waitFor();
    await q.getByRole('button', { name: /保存发票/ }).waitFor();
    const share = (
      (await q
        .locator('.ant-descriptions-item', { hasText: '服务商应收（元）' })
        .locator('.ant-descriptions-item-content')
        .textContent()) ?? ''
    ).replace(/,/g, '');
    await q.getByLabel('增值税普通发票').check();
    await q.getByLabel('发票代码').fill('032002600999');
    await q.getByLabel('发票号码').fill('20261124');
    await q.getByLabel('开票日期').click();
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    await q.getByLabel('开票日期').fill(today);
    await q.locator(`.ant-picker-dropdown:visible td[title="${today}"]`).first().click();
    await q.getByLabel('校验码后6位').fill('12345');
    await q.getByRole('button', { name: /保存发票/ }).click();
    await q.getByText('校验码须为6位').waitFor();
    await q.getByLabel('校验码后6位').fill('123456');
    await q.getByLabel('价税合计（元）').fill(share);
    await q.getByRole('button', { name: /保存发票/ }).click();
    await q.getByText('保存成功').waitFor();
    await q.locator('.ant-table-row', { hasText: '20261124' }).waitFor();
    await shot(q, 'settle-invoice-1440');
    await q.getByRole('button', { name: /提交发票/ }).click();
    await okModal(q, '提交后发票信息不可修改');
    await q.getByText('提交成功').waitFor();
    await prov.context.close();

    const admin = await newPage(j.browser, j.server.url);
    page = admin.page;
    await loginAs(admin.page, '13800000000', 'Admin@2026');
    await admin.page.goto('/admin/settlements');
    await admin.page
      .locator('.ant-table-row', { hasText: 'E2E-JS-01' })
      .getByRole('button', { name: /开具发票/ })
      .click();
    await admin.page.locator('.ant-modal:visible').getByLabel('发票号码').fill('31009999');
    await admin.page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await admin.page.getByText('操作成功').waitFor();
    await admin.context.close();

    page = p;
    await p.goto(`/rent/order/settle/${orderId}?status=3`);
    await p
      .locator('.ant-table-row', { hasText: 'E2E-JS-01' })
      .getByRole('button', { name: /确认收票/ })
      .click();
    await p.waitForURL('**/rent/order/settle-confirm/**');
    await p.getByText('31009999').first().waitFor();
    await p
      .getByRole('button', { name: /确认收票/ })
      .last()
      .click();
    await okModal(p, '确认已收到发票');
    await p.getByText('操作成功').waitFor();
    await p.getByText('已收票').first().waitFor();
    await shot(p, 'settle-watch-1440');
    await p.goto(`/rent/order/watch/${orderId}`);
    for (const step of ['承租方提交结算单', '服务商确认结算单', '服务商提交发票', '平台开具发票', '承租方确认收票'])
      await p.getByTestId('timeline-item').filter({ hasText: step }).last().waitFor();
    await context.close();
  });

  it("the platform invoice's receiving address: the tenant's changes are checked in the form (a bad phone, missing fields), then saved and shown; on a phone too", async () => {
    const { context, page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'settle-inv-address');
    await loginAs(p, '13800000001');
    await p.goto('/rent/order?status=2');
    await p
      .locator('.ant-table-row', { hasText: '虹桥枢纽' })
      .getByRole('button', { name: /结算管理/ })
      .click();
    await p.waitForURL('**/rent/order/settle/*');
    const orderId = new URL(p.url()).pathname.split('/').pop();
    // the demo's settled month waiting for the provider's invoices: the platform's invoice is not issued yet
    const sn = `HQ-JS-${new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7).replace('-', '')}-3`;
    await p.goto(`/rent/order/settle/${orderId}?status=1`);
    await p
      .locator('.ant-table-row', { hasText: sn })
      .getByRole('button', { name: /查\s*看/ })
      .click();
    await p.waitForURL(`**/rent/order/settle-watch/*/${orderId}`);
    const shown = p.getByTestId('settle-inv-address');
    await shown.getByText('刘会计').waitFor();
    await shown.getByText('未开具').waitFor();
    await p.getByTestId('settle-inv-address-edit').click();

    // the form's own checks: every field emptied or wrong, nothing is sent
    const form = p.locator('form').filter({ has: p.getByTestId('settle-inv-address-save') });
    await form.getByLabel('收票人姓名').fill('');
    await form.getByLabel('收票人手机').fill('1390000');
    await form.getByLabel('收票详细地址').fill('');
    const region = form
      .locator('.ant-form-item', { hasText: '所在区域' })
      .locator('.ant-cascader, .ant-select')
      .first();
    await region.hover();
    await form
      .locator('.ant-form-item', { hasText: '所在区域' })
      .locator('.ant-select-clear, .ant-cascader-clear')
      .first()
      .click();
    await p.getByTestId('settle-inv-address-save').click();
    for (const m of ['请输入收票人姓名', '收票人手机格式不正确', '请选择所在区域', '请输入收票详细地址'])
      await form.locator('.ant-form-item-explain-error', { hasText: m }).waitFor();
    await shot(p, 'settle-inv-address-errors-1440');
    await form.getByLabel('收票人手机').fill('');
    await form.locator('.ant-form-item-explain-error', { hasText: '请输入收票人手机' }).waitFor();

    // corrected: saved, and the card shows the new address
    await form.getByLabel('收票人姓名').fill('王出纳');
    await form.getByLabel('收票人手机').fill('13912345678');
    await cascade(
      p,
      form.locator('.ant-form-item', { hasText: '所在区域' }).locator('.ant-cascader, .ant-select').first(),
      ['江苏省', '苏州市', '虎丘区'],
    );
    await form.getByLabel('收票详细地址').fill('科技城锦峰路158号项目部财务室');
    await p.getByTestId('settle-inv-address-save').click();
    await p.getByText('保存成功').first().waitFor();
    await p.getByTestId('settle-inv-address-save').waitFor({ state: 'detached' });
    for (const v of ['王出纳', '13912345678', '江苏省苏州市虎丘区', '科技城锦峰路158号项目部财务室'])
      await shown.getByText(v).waitFor();
    await shot(p, 'settle-inv-address-saved-1440');
    // kept on the server: a reload, and a phone, show the same
    await p.setViewportSize({ width: 390, height: 844 });
    await p.reload();
    for (const v of ['王出纳', '13912345678', '科技城锦峰路158号项目部财务室'])
      await p.getByTestId('settle-inv-address').getByText(v).waitFor();
    await shot(p, 'settle-inv-address-390');
    await context.close();
  });

  it('machinery: the provider enters a machine and exits both working ones, the tenant reads the list on a phone and completes the order', async () => {
    const prov = await newPage(j.browser, j.server.url);
    page = prov.page;
    const q = prov.page;
    screenshotOnFailure(() => page, 'machinery');
    await loginAs(q, '13800000002');
    await openProviderMachines(q, '虹桥枢纽');
    await q.getByRole('button', { name: /设备进场/ }).click();
    await q.waitForURL('**/rent-order/indev/*');
    await q.getByLabel('选择设备').click();
    await q.locator('.ant-select-item-option:visible').first().click();
    await q.getByLabel('小时表读数').fill('876.5');
    await shot(q, 'machine-enter-1440');
    await q.getByRole('button', { name: /确\s*定/ }).click();
    await q.getByText('添加成功!').waitFor();
    await q.waitForURL('**/rent-order/inout/*');
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    for (let i = 0; i < 2; i++) {
      await q.goto(`${new URL(q.url()).pathname}?status=0`);
      await q
        .locator('.ant-table-row')
        .first()
        .getByRole('button', { name: /退\s*场/ })
        .click();
      const dlg = q.locator('.ant-modal:visible');
      await pickDay(q, dlg, '退场日期', today);
      await dlg.getByRole('button', { name: /退\s*场/ }).click();
      await q.getByText('操作成功').first().waitFor();
      await dlg.waitFor({ state: 'hidden' });
    }
    await q.goto(`${new URL(q.url()).pathname}?status=0`);
    await q.getByText('暂无进场设备').waitFor();
    await q.goto(new URL(q.url()).pathname);
    await q.locator('.ant-table-row').nth(2).waitFor();
    await shot(q, 'machine-list-1440');
    await prov.context.close();

    const { context, page: p } = await newPage(j.browser, j.server.url, { width: 390, height: 844 });
    page = p;
    await loginAs(p, '13800000001');
    await p.goto('/rent/order?status=2');
    await p
      .getByTestId('order-card')
      .filter({ hasText: '虹桥枢纽' })
      .getByRole('button', { name: /设备进退场/ })
      .click();
    await p.waitForURL('**/rent/order/inout/*');
    await p.getByText('设备进退场由服务商登记；请核对每次进场、退场的验收记录，确认或提出异议').waitFor();
    await p.getByTestId('machine-card').nth(2).waitFor();
    expect(await p.getByTestId('machine-card').count()).toBe(3);
    expect(await p.getByRole('button', { name: /退\s*场/ }).count()).toBe(0);
    await shot(p, 'machine-tenant-390');
    await p.getByRole('button', { name: /返回订单|返\s*回/ }).click();
    await p.waitForURL('**/rent/order/watch/*');
    await p.getByRole('button', { name: /完成订单/ }).click();
    await p
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await p.getByText('已完成').first().waitFor();
    await p.getByTestId('timeline-item').filter({ hasText: '完成订单' }).waitFor();
    await context.close();
  });
});
