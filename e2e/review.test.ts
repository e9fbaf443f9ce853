import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure, shot } from './support/browser';

const j = journey();
let page: Page | undefined;
/** the demo's completed order that neither side has reviewed yet (seed/demo.review.ts) */
const PROJECT = '周浦镇排水管网改造';
const TENANT_TEXT = '挖掘机车况好，机手准时进场，沟通顺畅。';

/** Stars of one criterion in the open review form: the n-th star of its antd Rate. */
const rate = (p: Page, key: string, n: number) =>
  p
    .locator('.ant-modal:visible')
    .getByTestId(`rate-${key}`)
    .locator('li')
    .nth(n - 1)
    .click();

async function api<T>(p: Page, url: string): Promise<T> {
  const r = await p.request.get(url);
  return ((await r.json()) as { data: T }).data;
}

describe('reviews after an order', () => {
  it('the tenant reviews at 1440 px, the provider at 390 px; the shop page shows both sides’ published review at both widths', async () => {
    const t = await newPage(j.browser, j.server.url);
    page = t.page;
    screenshotOnFailure(() => page, 'review');
    await loginAs(t.page, '13800000001');
    const list = await api<{ data: { id: number; project_name: string }[] }>(
      t.page,
      '/api/rent/order/lst?status=3&size=20',
    );
    const order = list.data.find((o) => o.project_name.includes(PROJECT))!;
    expect(order).toBeDefined();

    // the tenant: 评价 on the completed order, each criterion's stars and a text; a phone number is refused first
    await t.page.goto(`/rent/order/watch/${order.id}`);
    const block = t.page.getByTestId('order-reviews');
    await block.getByText('对方尚未评价').waitFor();
    await t.page.getByTestId('party-scores').waitFor();
    await t.page.getByTestId('review-open').click();
    await t.page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /提交评价/ })
      .click();
    await t.page.getByText('请为每一项打分（1–5星）').first().waitFor();
    await rate(t.page, 'equipment', 5);
    await rate(t.page, 'punctual', 4);
    await rate(t.page, 'service', 5);
    const text = t.page.locator('.ant-modal:visible textarea');
    await text.fill('有问题打 13912345678');
    await t.page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /提交评价/ })
      .click();
    await t.page.getByText('评价内容不能包含手机号、微信、QQ、邮箱等联系方式').waitFor();
    await text.fill(TENANT_TEXT);
    await shot(t.page, 'review-form-1440');
    await t.page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /提交评价/ })
      .click();
    await t.page.getByText('评价已提交，双方均评价或评价期结束后公开').first().waitFor();
    await block.getByText('我的评价').waitFor();
    await block.getByText(TENANT_TEXT).waitFor();
    expect(await t.page.getByTestId('review-open').count()).toBe(0);
    await shot(t.page, 'review-tenant-done-1440');

    // where the tenant chose this provider: its average beside its quote (the in-progress demo order's bidding)
    const running = await api<{ data: { id: number }[] }>(t.page, '/api/rent/order/lst?status=2&size=20');
    const detail = await api<{ bid: number }>(t.page, `/api/rent/order/detail?id=${running.data[0].id}`);
    await t.page.goto(`/rent/watch/${detail.bid}`);
    await t.page.getByText('服务商要求').first().waitFor();
    const closed = t.page.getByTestId('watch-line').locator('button[aria-expanded="false"]');
    if (await closed.count()) await closed.first().click();
    const badge = t.page.locator('.ant-table-row').getByTestId('score-badge').first();
    await badge.waitFor();
    expect(await badge.innerText()).toMatch(/\d\.\d\s*·\s*\d+条评价|暂无评价/);
    await badge.scrollIntoViewIfNeeded();
    await shot(t.page, 'review-quote-table-1440');

    // the provider on a phone: knows a review waits, not what it says, until it has written its own
    const v = await newPage(j.browser, j.server.url, { width: 390, height: 844 });
    page = v.page;
    await loginAs(v.page, '13800000002');
    await v.page.goto(`/rent-order/watch/${order.id}`);
    const pblock = v.page.getByTestId('order-reviews');
    await pblock.getByText('对方已评价，您评价后或评价期结束后公开').waitFor();
    expect(await pblock.getByText(TENANT_TEXT).count()).toBe(0);
    await v.page.getByTestId('review-open').click();
    await rate(v.page, 'payment', 5);
    await rate(v.page, 'cooperation', 4);
    await v.page.locator('.ant-modal:visible textarea').fill('付款及时，现场配合到位。');
    await shot(v.page, 'review-form-390');
    await v.page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /提交评价/ })
      .click();
    await v.page.getByText('评价已提交，双方均评价或评价期结束后公开').first().waitFor();
    await pblock.getByText(TENANT_TEXT).waitFor();
    await pblock.getByText('付款及时，现场配合到位。').waitFor();
    await shot(v.page, 'review-provider-done-390');

    // the shop page, as anyone sees it: the provider's averages over 4 reviews now, the new text first
    const shop = await api<{ id: number }>(v.page, '/api/shop/shop');
    for (const [w, h] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      const a = await newPage(j.browser, j.server.url, { width: w, height: h });
      page = a.page;
      await a.page.goto(`/site/shop/${shop.id}`);
      const reviews = a.page.getByTestId('shop-reviews');
      await reviews.getByText('4条评价').waitFor();
      expect(await reviews.getByTestId('shop-criterion').allInnerTexts()).toEqual([
        expect.stringContaining('设备状况'),
        expect.stringContaining('准时进场'),
        expect.stringContaining('服务沟通'),
      ]);
      await expect
        .poll(async () => (await reviews.getByTestId('review-view').first().innerText()).includes(TENANT_TEXT))
        .toBe(true);
      await reviews.scrollIntoViewIfNeeded();
      await shot(a.page, `review-shop-${w}`);
      await a.context.close();
    }

    // the console: the review is listed; hidden with a reason, its author is told and the shop counts one fewer
    const adm = await newPage(j.browser, j.server.url);
    page = adm.page;
    await loginAs(adm.page, '13800000000', 'Admin@2026');
    await adm.page.goto('/admin/reviews');
    const row = adm.page.locator('.ant-table-row', { hasText: TENANT_TEXT });
    await row.getByTestId('review-hide').click();
    await adm.page.locator('.ant-modal:visible textarea').fill('评价内容与订单无关');
    await shot(adm.page, 'review-admin-hide-1440');
    await adm.page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await adm.page.getByText('评价已隐藏，已通知评价人').first().waitFor();
    await expect
      .poll(
        async () =>
          (
            await api<{ count: number }>(
              adm.page,
              `/api/site/review/shop?company_id=${(await api<{ provider_card: { company_id: number } }>(t.page, `/api/rent/order/review?id=${order.id}`)).provider_card.company_id}`,
            )
          ).count,
      )
      .toBe(3);
    await t.page.goto('/dashboard/message');
    await t.page.getByText('您的评价已被平台隐藏').first().waitFor();
    await adm.context.close();
    await t.context.close();
    await v.context.close();
  });
});
