import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { openDatabase, type TDatabase } from '../apps/server/src/db/client';
import { companyMembers, users } from '../apps/server/src/db/schema';
import { createScratchDatabase } from '../apps/server/src/test/scratch-db';
import { seedBidding } from '../apps/server/src/test/bidding';
import { startServer, type TServer } from './support/server';
import { expectConsole, launch, newPage, screenshotOnFailure, shot } from './support/browser';
import { loginAs } from './support/journey';

/**
 * The provider's response journey (issue 10): a responding project of the demo tenant is written to the database (the
 * server runs on a scratch PostgreSQL database, so the test can seed beside it); the demo provider quotes two lines at
 * /response/create/{id}, finds it in /response, changes a price, looks at its quote, withdraws at 390 px, and the create
 * page then refuses with the spec's rule.
 */
// npm test clears TEST_DATABASE_URL for the journeys (they run on the embedded database): fall back to the machine's server
const base = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let server: TServer;
let browser: Browser;
let database: TDatabase;
let page: Page | undefined;

beforeAll(async () => {
  scratch = await createScratchDatabase(base, 'jizu_e2e');
  [server, browser] = await Promise.all([
    startServer({ DATABASE_URL: scratch.url, SEED_DEMO: '1' }, { web: 'development' }),
    launch(),
  ]);
  database = await openDatabase({ url: scratch.url, poolSize: 2 });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.close();
  await scratch?.drop();
});

async function demoTenant() {
  const [m] = await database.db
    .select({ companyId: companyMembers.companyId, userId: users.id })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(users.phone, '13800000001'), eq(companyMembers.master, 1)))
    .limit(1);
  return m;
}

describe('responses', () => {
  it('the provider quotes two lines, sees it in /response, edits a price, views the quote, withdraws (1440 and 390 px)', async () => {
    const t = await demoTenant();
    const { bidding } = await seedBidding(database.db, t.companyId, t.userId, {
      name: '中铁建设集团华东工程有限公司苏州地铁8号线土方工程挖掘机租赁',
    });
    const { page: p, context } = await newPage(browser, server.url);
    page = p;
    screenshotOnFailure(() => page, 'response');
    await loginAs(p, '13800000002');

    await p.goto(`/response/create/${bidding.id}`);
    await p.getByText('苏州地铁8号线土方工程挖掘机租赁').first().waitFor();
    // line 1: capped at 300.00 a month, no entry/exit fee; line 2: per shift, no cap, entry/exit fee quoted
    await p.getByTestId('line-1').getByRole('checkbox').check();
    await p.getByTestId('line-2').getByRole('checkbox').check();
    const l1 = p.getByTestId('line-1');
    // the input holds the price within the cap (max = limit); the server refuses above it (offer.test.ts)
    await l1.getByLabel('不含税单价(元)').fill('301');
    await l1.getByLabel('不含税单价(元)').blur();
    await expect.poll(() => l1.getByLabel('不含税单价(元)').inputValue()).toBe('300.00');
    await l1.getByLabel('不含税单价(元)').fill('280.5');
    await l1.getByLabel('税率(%)').fill('13');
    await l1.getByLabel('响应数量(月)').fill('6');
    await expect.poll(() => p.getByTestId('taxed-1').textContent()).toBe('316.97');
    const l2 = p.getByTestId('line-2');
    await l2.getByLabel('不含税单价(元)').fill('1200');
    await l2.getByLabel('税率(%)').fill('9');
    await l2.getByLabel('响应数量(台班)').fill('10');
    await l2.getByLabel('进出场费(元)').fill('500');
    await expect.poll(() => p.getByTestId('taxed-2').textContent()).toBe('1,308.00');
    await p.getByLabel('联系人').fill('李师傅');
    await p.getByLabel('联系电话').fill('13955556666');
    await p.getByLabel('备注').fill('可提供持证机手，三日内进场');
    await shot(p, 'response-create-1440');
    await p.getByRole('button', { name: /提\s*交/ }).click();
    await p.getByText('提交成功').waitFor();
    await p.waitForURL('**/response');
    await expect.poll(() => p.locator('.ant-table-row').count()).toBeGreaterThan(0);
    const row = p.locator('.ant-table-row', { hasText: '苏州地铁8号线' });
    expect(await row.textContent()).toContain('响应中');
    expect(await row.textContent()).toContain('15,481.82');
    await shot(p, 'response-list-1440');

    // edit the first line's price
    await row.getByRole('button', { name: /修\s*改/ }).click();
    await p.waitForURL('**/response/edit/*');
    const offerId = Number(p.url().split('/').pop());
    await expect.poll(() => p.getByTestId('line-1').getByLabel('不含税单价(元)').inputValue()).toBe('280.50');
    await p.getByTestId('line-1').getByLabel('不含税单价(元)').fill('260');
    await expect.poll(() => p.getByTestId('taxed-1').textContent()).toBe('293.80');
    await p.getByRole('button', { name: /提\s*交/ }).click();
    await p.getByText('修改成功').waitFor();
    await p.waitForURL('**/response');
    await expect
      .poll(async () => (await p.locator('.ant-table-row', { hasText: '苏州地铁8号线' }).textContent()) ?? '')
      .toContain('15,342.80');

    // the detail and the quote view
    await p
      .locator('.ant-table-row', { hasText: '苏州地铁8号线' })
      .getByRole('button', { name: /查\s*看/ })
      .click();
    await p.waitForURL(`**/response/detail/${bidding.id}`);
    await p.getByText('我的报价').waitFor();
    await p.getByText('260.00').first().waitFor();
    await shot(p, 'response-detail-1440');
    await p.goto(`/rent/see/${offerId}/1`);
    await p.getByText('13955556666').waitFor();
    await shot(p, 'response-see-1440');

    // a phone: the list as cards, withdraw with a confirmation
    await p.setViewportSize({ width: 390, height: 844 });
    await p.goto('/response');
    const card = p.getByTestId('offer-card').filter({ hasText: '苏州地铁8号线' });
    await card.waitFor();
    await shot(p, 'response-list-390');
    await p.goto(`/response/detail/${bidding.id}`);
    await p.getByText('我的报价').waitFor();
    await shot(p, 'response-detail-390');
    await p.goto(`/response/edit/${offerId}`);
    await expect.poll(() => p.getByTestId('line-1').getByLabel('不含税单价(元)').inputValue()).toBe('260.00');
    await shot(p, 'response-edit-390');
    await p.goto('/response');
    await card.getByRole('button', { name: /撤\s*回/ }).click();
    await p.getByText('撤回后将不能再次响应该竞价项目，确定撤回吗？').waitFor();
    await p
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /撤\s*回/ })
      .click();
    await p.getByText('操作成功').waitFor();
    await expect.poll(async () => (await card.textContent()) ?? '').toContain('已撤回');
    await shot(p, 'response-withdrawn-390');
    await p.goto(`/rent/see/${offerId}/1`);
    await p.getByText('已撤回').first().waitFor();
    await shot(p, 'response-see-390');

    // a withdrawn response cannot respond again: the form says so and goes home
    expectConsole(
      p,
      /status of 409 .*\/api\/ep\/offer\/create\?/,
      'the response form of a withdrawn provider: its refusal is the message shown (spec/2 §8)',
    );
    await p.goto(`/response/create/${bidding.id}`);
    await p.getByRole('dialog').getByText('您已撤回对该竞价项目的响应，不能再次响应').waitFor();
    await shot(p, 'response-refused-390');
    await p
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await p.waitForURL('**/dashboard/index');
    await context.close();
  });
});
