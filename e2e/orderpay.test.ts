import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { expectConsole, newPage, screenshotOnFailure, shot } from './support/browser';

// the return journey signs again with a code minutes after the first journey's: no 60 s wait between sends here
const j = journey({ SMS_RESEND_SECONDS: '0' });
let page: Page | undefined;
/** the demo order in progress (上海虹桥枢纽), whose third settled settlement's payment waits for the provider's signature */
const PROJECT = '虹桥枢纽';

/** Presses OK in the open popconfirm. */
async function popOk(p: Page) {
  await p
    .locator('.ant-popconfirm:visible, .ant-popover:visible')
    .last()
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
}

describe('payments and financing', () => {
  it('the provider signs the receivable with the code, applies for financing, the partner reviews and signs, the payment completes; the timeline shows each step', async () => {
    const { context, page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'orderpay');
    await loginAs(p, '13800000002');
    await p.goto('/rent-order?status=2');
    await p
      .locator('.ant-table-row', { hasText: PROJECT })
      .getByRole('button', { name: /查\s*看/ })
      .click();
    await p.waitForURL('**/rent-order/watch/*');
    const orderId = new URL(p.url()).pathname.split('/').pop();
    await p.getByRole('button', { name: /支付管理/ }).click();
    await p.waitForURL(`**/rent-order/payment/${orderId}`);
    await p.getByTestId('pay-stats').getByText('可融资金额').waitFor();
    await p.locator('.ant-table-row').first().waitFor();
    // signed and paid out, signed with a financing in review, waiting for the signature, returned by the provider
    expect(await p.locator('.ant-table-row').count()).toBe(4);
    await shot(p, 'orderpay-list-1440');

    // the tab in the URL; the one to sign
    await p.locator('#tab-1').click();
    await p.waitForURL(/status=1/);
    const row = p.locator('.ant-table-row', { hasText: '待签收' });
    await expect.poll(() => p.locator('.ant-table-row').count()).toBe(1);
    const sn = (await row.locator('td').first().innerText()).split('\n')[0].trim();
    await row.getByRole('button', { name: /签\s*收/ }).click();
    const dialog = p.locator('.ant-modal:visible');
    await dialog.getByRole('button', { name: /获取验证码/ }).click();
    await p.getByText('短信发送成功').first().waitFor();
    await dialog.locator('input').fill('123456');
    await shot(p, 'orderpay-sign-1440');
    await dialog.getByRole('button', { name: /签\s*收/ }).click();
    // signing answers the payment's financing page
    await p.waitForURL(`**/rent-order/payinfo/*/${orderId}`);
    await p.getByText('暂无融资记录').waitFor();

    // apply: the partner's page opens in a new window
    await p.goto(`/rent-order/payment/${orderId}?status=2`);
    const mine = p.locator('.ant-table-row', { hasText: sn });
    await mine.getByRole('button', { name: /申请融资/ }).click();
    const popup = context.waitForEvent('page');
    await popOk(p);
    const partner = await popup;
    await partner.waitForLoadState();
    expect(partner.url()).toMatch(/\/site\/finance\/sandbox\/RZ[0-9a-f]{24}$/);
    await partner.getByTestId('sandbox-fin-status').getByText('待审核').waitFor();
    await shot(partner, 'orderpay-sandbox-1440');
    await partner.getByRole('button', { name: /审核通过/ }).click();
    await partner.getByTestId('sandbox-fin-status').getByText('待签约').waitFor();

    // the provider's financing page offers the contract now
    await p.goto(`/rent-order/payment/${orderId}?status=2`);
    await mine.getByRole('button', { name: /查看融资/ }).click();
    await p.waitForURL(`**/rent-order/payinfo/*/${orderId}`);
    await p.locator('.ant-table-row', { hasText: '待签约' }).waitFor();
    await shot(p, 'orderpay-payinfo-1440');

    await partner.getByRole('button', { name: /签署融资合同并放款/ }).click();
    await popOk(partner);
    await partner.getByTestId('sandbox-fin-status').getByText('已放款').waitFor();
    await partner.close();

    await p.reload();
    await p.locator('.ant-table-row', { hasText: '已放款' }).waitFor();
    await p.goto(`/rent-order/payment/${orderId}?status=3`);
    await p.locator('.ant-table-row', { hasText: sn }).getByText('已完成').waitFor();
    await p.goto(`/rent-order/watch/${orderId}`);
    for (const step of ['生成付款单', '服务商签收应收账款', '服务商申请融资', '融资审核通过', '金融机构放款'])
      await p.getByTestId('timeline-item').filter({ hasText: step }).last().waitFor();
    await context.close();
  });

  it('a returned payment: the console corrects and re-issues it, the provider returns it again with a reason, both sides read it under 已退回, the console re-issues it and the provider signs it', async () => {
    const admin = await newPage(j.browser, j.server.url);
    const a = admin.page;
    page = a;
    screenshotOnFailure(() => page, 'orderpay-return');
    await loginAs(a, '13800000000', 'Admin@2026');
    // the console's 已退回 tab: the demo payment the provider returned, with its reason
    await a.goto('/admin/order-payments?status=4');
    const ret = a.locator('.ant-table-row', { hasText: '已退回' });
    await ret.getByText('退回原因：应收金额未按合同约定的1%服务费计算').waitFor();
    const sn = (await ret.locator('td').first().innerText()).split('\n')[0].trim();
    await shot(a, 'orderpay-admin-returned-1440');
    await ret.getByRole('button', { name: /更正并重新开立/ }).click();
    const fix = a.locator('.ant-modal:visible');
    await fix.getByText('结算金额（元） 15,600.00').waitFor();
    // the browser's checks: the note is required, the amount stays within the settlement's (which the dialog shows)
    await fix.getByLabel('应付服务商金额（元）').fill('15600.01');
    await fix.getByRole('button', { name: /确\s*定|OK/ }).click();
    await fix.locator('.ant-form-item-explain-error', { hasText: '请填写更正说明' }).waitFor();
    await fix.getByLabel('更正说明').fill('按合同约定的1%服务费重新核算应付金额');
    await fix.getByRole('button', { name: /确\s*定|OK/ }).click();
    await a.getByText('应付服务商金额不能超过结算金额 15,600.00 元').waitFor();
    await fix.getByLabel('应付服务商金额（元）').fill('15444.00');
    await shot(a, 'orderpay-admin-reissue-1440');
    await fix.getByRole('button', { name: /确\s*定|OK/ }).click();
    await a.getByText('操作成功').first().waitFor();
    await expect.poll(() => a.locator('.ant-table-row', { hasText: sn }).count()).toBe(0);

    // the provider: back to 待签收 at the corrected amount with the platform's note; it returns it again, with a reason
    const prov = await newPage(j.browser, j.server.url);
    const p = prov.page;
    page = p;
    await loginAs(p, '13800000002');
    await p.goto('/rent-order?status=2');
    await p
      .locator('.ant-table-row', { hasText: PROJECT })
      .getByRole('button', { name: /查\s*看/ })
      .click();
    await p.waitForURL('**/rent-order/watch/*');
    const orderId = new URL(p.url()).pathname.split('/').pop();
    await p.goto(`/rent-order/payment/${orderId}?status=1`);
    const row = p.locator('.ant-table-row', { hasText: sn });
    await row.getByText('平台更正：按合同约定的1%服务费重新核算应付金额').waitFor();
    await row.getByText('15,444.00').first().waitFor();
    await row.getByRole('button', { name: /退\s*回/ }).click();
    const dlg = p.locator('.ant-modal:visible');
    await dlg.getByRole('button', { name: /退\s*回/ }).click();
    await dlg.locator('.ant-form-item-explain-error', { hasText: '请填写退回原因' }).waitFor();
    await dlg.getByLabel('退回原因').fill('应付日期与合同约定的月结30天不符');
    await shot(p, 'orderpay-return-dialog-1440');
    await dlg.getByRole('button', { name: /退\s*回/ }).click();
    await p.getByText('操作成功').first().waitFor();
    await p.locator('#tab-4').click();
    await p.waitForURL(/status=4/);
    await p
      .locator('.ant-table-row', { hasText: sn })
      .getByText('退回原因：应付日期与合同约定的月结30天不符')
      .waitFor();
    // nothing to do with it on the provider's side until the platform re-issues it
    expect(await p.locator('.ant-table-row', { hasText: sn }).getByRole('button').count()).toBe(0);
    await shot(p, 'orderpay-returned-provider-1440');

    // the tenant reads it under 已退回 with the reason, out of what it owes until re-issued (desktop and phone)
    for (const width of [1440, 390]) {
      const ten = await newPage(j.browser, j.server.url, { width, height: 900 });
      page = ten.page;
      await loginAs(ten.page, '13800000001');
      await ten.page.goto(`/rent/order/payment/${orderId}?status=4`);
      const item =
        width < 992
          ? ten.page.getByTestId('pay-card').filter({ hasText: sn })
          : ten.page.locator('.ant-table-row', { hasText: sn });
      await item.getByText('已退回').first().waitFor();
      await item.getByText('退回原因：应付日期与合同约定的月结30天不符').waitFor();
      await item.getByText('服务商已退回该付款单，平台核实更正后将重新开立，期间不计入应付').waitFor();
      expect(await item.getByRole('button', { name: /签\s*收|申请融资/ }).count()).toBe(0);
      await shot(ten.page, `orderpay-returned-tenant-${width}`);
      await ten.context.close();
    }

    // the console re-issues it once more (the due date kept, a note), and the provider signs it with the code
    page = a;
    await a.goto('/admin/order-payments?status=4');
    const again = a.locator('.ant-table-row', { hasText: sn });
    await again.getByText('退回原因：应付日期与合同约定的月结30天不符').waitFor();
    await again.getByRole('button', { name: /更正并重新开立/ }).click();
    await a
      .locator('.ant-modal:visible')
      .getByLabel('更正说明')
      .fill('已与服务商核实：应付日期按结算确认后30天，金额不变');
    await a
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await a.getByText('操作成功').first().waitFor();
    await admin.context.close();

    page = p;
    await p.goto(`/rent-order/payment/${orderId}?status=1`);
    const signRow = p.locator('.ant-table-row', { hasText: sn });
    await signRow.getByText('平台更正：已与服务商核实：应付日期按结算确认后30天，金额不变').waitFor();
    await signRow.getByRole('button', { name: /签\s*收/ }).click();
    const sign = p.locator('.ant-modal:visible');
    await sign.getByRole('button', { name: /获取验证码/ }).click();
    await p.getByText('短信发送成功').first().waitFor();
    await sign.locator('input').fill('123456');
    await sign.getByRole('button', { name: /签\s*收/ }).click();
    await p.waitForURL(`**/rent-order/payinfo/*/${orderId}`);
    await p.goto(`/rent-order/payment/${orderId}?status=2`);
    await p
      .locator('.ant-table-row', { hasText: sn })
      .getByRole('button', { name: /申请融资/ })
      .waitFor();
    await p.goto(`/rent-order/watch/${orderId}`);
    for (const step of ['服务商退回付款单', '平台更正并重新开立付款单'])
      await p.getByTestId('timeline-item').filter({ hasText: step }).last().waitFor();
    expect(await p.getByTestId('timeline-item').filter({ hasText: '平台更正并重新开立付款单' }).count()).toBe(2);
    await prov.context.close();
  });

  it('the tenant reads its payments and PayerStat on a phone and on a desktop; the statistics page keeps its tabs in the URL', async () => {
    for (const width of [390, 1440]) {
      const { context, page: p } = await newPage(j.browser, j.server.url, { width, height: 844 });
      page = p;
      screenshotOnFailure(() => page, `orderpay-tenant-${width}`);
      await loginAs(p, '13800000001');
      await p.goto('/rent/order?status=2');
      const card =
        width < 992
          ? p.locator('[data-testid="order-card"], .ant-table-row', { hasText: PROJECT }).first()
          : p.locator('.ant-table-row', { hasText: PROJECT });
      await card
        .getByRole('button', { name: /查\s*看/ })
        .first()
        .click();
      await p.waitForURL('**/rent/order/watch/*');
      const orderId = new URL(p.url()).pathname.split('/').pop();
      await p.goto(`/rent/order/payment/${orderId}`);
      await p.getByTestId('pay-stats').getByText('应付总额').waitFor();
      await p.getByTestId('pay-debt').waitFor();
      if (width < 992) await p.getByTestId('pay-card').first().waitFor();
      else await p.locator('.ant-table-row').first().waitFor();
      // the tenant signs nothing
      expect(await p.getByRole('button', { name: /签\s*收|申请融资/ }).count()).toBe(0);
      await shot(p, `orderpay-tenant-${width}`);

      await p.goto('/rent/payment-stat?side=payer');
      await p.getByTestId('pay-stats').getByText('应付总额').waitFor();
      await p.locator('#tab-3').click();
      await p.waitForURL(/side=payer.*status=3|status=3.*side=payer/);
      await shot(p, `orderpay-stat-${width}`);
      await context.close();
    }
  });

  it('a payment page of an order the company cannot see goes back to the dashboard', async () => {
    const { context, page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'orderpay-denied');
    await loginAs(p, '13800000003');
    expectConsole(
      p,
      /status of 404 .*\/api\/rent\/(payment|order)\/\w+\?/,
      "another company's order, asked for by its address: the page's calls learn it from their refusal",
    );
    await p.goto('/rent/order/payment/1');
    await p.waitForURL('**/dashboard/index');
    await context.close();
  });
});
