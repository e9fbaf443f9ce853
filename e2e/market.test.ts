import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journey } from './support/journey';
import { expectConsole, newPage, screenshotOnFailure, shot } from './support/browser';

const j = journey();
let page: Page | undefined;

/** The market's cards on the page, once loaded. */
async function cards(p: Page) {
  await p.getByTestId('market-card').first().waitFor();
  return p.getByTestId('market-card');
}

describe('public market', () => {
  it('a stranger searches the market from /site by a two-character keyword, opens a listing and sees its specs (1440 px)', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'market');
    // the server sent the page with its own title before any script ran
    const html = await (await fetch(`${j.server.url}/site/market`)).text();
    expect(html).toContain('<title>工程机械租赁市场 - 机租通</title>');

    await p.goto('/site');
    // as a person would, once the page shows its categories
    await p.getByRole('link', { name: '挖掘机械' }).first().waitFor();
    await p.getByRole('search').getByRole('searchbox').fill('挖掘');
    await p
      .getByRole('search')
      .getByRole('button', { name: /搜\s*索/ })
      .click();
    await p.waitForURL('**/site/market?kw=*');
    const list = await cards(p);
    expect(await list.count()).toBeGreaterThan(0);
    await expect.poll(() => p.getByText(/共找到 \d+ 台设备|找到 \d+ 台以上设备/).count()).toBe(1);
    // every card found is a 挖掘 machine (product, group or category)
    for (const text of await list.allInnerTexts()) expect(text.length).toBeGreaterThan(0);
    await shot(p, 'market-1440');

    // the sort is in the address
    // the sorted page replaces the previous one when its answer arrives: read the first card only after that
    await Promise.all([
      p.waitForResponse((r) => r.url().includes('/api/site/market') && r.url().includes('sort=rent_asc')),
      p.getByRole('button', { name: '租金从低到高' }).click(),
    ]);
    await p.waitForURL('**sort=rent_asc*');
    await cards(p);
    await p.waitForLoadState('networkidle');

    const href = await list.first().getAttribute('href');
    expect(href).toMatch(/^\/site\/device\/\d+$/);
    await list.first().click();
    await p.waitForURL(`**${href}`);
    await p.getByRole('heading', { level: 1 }).waitFor();
    await p.getByText('设备参数').waitFor();
    const specs = p.getByTestId('device-specs');
    await specs.waitFor();
    expect(await specs.locator('tr').count()).toBeGreaterThan(0);
    await p.getByText('月租', { exact: true }).waitFor();
    await shot(p, 'device-1440');

    // a stranger who inquires is asked to log in first, and comes back to the inquiry
    await p.getByRole('button', { name: /在线询价/ }).click();
    await p.waitForURL('**/login?redirect=*');
    expect(decodeURIComponent(p.url())).toContain(`/talk/post/${href!.split('/').pop()}`);
  });

  it('works at 390 px, and a listing that is not public says why', async () => {
    const { page: p } = await newPage(j.browser, j.server.url, { width: 390, height: 844 });
    page = p;
    screenshotOnFailure(() => page, 'market-390');
    await p.goto(`/site/market?kw=${encodeURIComponent('挖掘')}`);
    const list = await cards(p);
    await shot(p, 'market-390');
    await list.first().click();
    await p.getByTestId('device-specs').waitFor();
    await shot(p, 'device-390');

    // a listing that is not public: its page answers 404 (search engines drop it), and so does the call it learns why from
    expectConsole(
      p,
      /status of 404 \(Not Found\) \(http:\/\/[^/]+\/site\/device\/2000000000\)$/,
      'the page of a listing that is not public answers 404',
    );
    expectConsole(
      p,
      /status of 404 \(Not Found\) \(http:\/\/[^/]+\/api\/site\/device\/2000000000\)$/,
      'the listing that is not public, asked for by its page',
    );
    await p.goto('/site/device/2000000000');
    await p.getByText('该设备已下架或尚未通过审核').waitFor();
    await p.getByRole('button', { name: '返回设备市场' }).waitFor();
    await shot(p, 'device-off-shelf-390');
  });
});
