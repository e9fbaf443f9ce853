import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure, shot } from './support/browser';

const j = journey();
let page: Page | undefined;

const inDays = (n: number) => new Date(Date.now() + 8 * 3600_000 + n * 86400_000).toISOString().slice(0, 10);

/** A JSON call in the page's session (company_id from the cookie, as the app sends it). */
async function apiCall<T>(p: Page, method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
  return p.evaluate(
    async ({ method, url, body }) => {
      const cid = Number(/(?:^|; )company_id=(\d+)/.exec(document.cookie)?.[1]);
      const res = await fetch(method === 'GET' ? `${url}${url.includes('?') ? '&' : '?'}company_id=${cid}` : url, {
        method,
        credentials: 'include',
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'content-type': 'application/json' },
        body: method === 'POST' ? JSON.stringify({ ...body, company_id: cid }) : undefined,
      });
      return res.json();
    },
    { method, url, body },
  ) as Promise<T>;
}

const count = async (p: Page) =>
  Number(
    (await p
      .getByTestId('unread-count')
      .textContent({ timeout: 1000 })
      .catch(() => '0')) ?? 0,
  );

describe('live notifications', () => {
  for (const [label, viewport] of [
    ['1440', { width: 1440, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    it(`at ${label} px: an inquiry sent in another browser shows on the provider's page at once (count and notice), and opens its page`, async () => {
      // the provider watches its account home
      const { page: p, context } = await newPage(j.browser, j.server.url, viewport);
      page = p;
      screenshotOnFailure(() => page, `events-${label}`);
      await loginAs(p, '13800000002');
      // the stream is open before the tenant acts
      await p.locator('[data-testid="unread-bell"][data-live="on"]').waitFor();
      const before = await count(p);
      // the bell fits in the header: nothing wider than the screen
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shot(p, `events-before-${label}`);

      // the tenant, in a browser context of its own, sends an inquiry on one of the provider's listings
      const { page: t, context: c2 } = await newPage(j.browser, j.server.url);
      await loginAs(t, '13800000001');
      const favs = await apiCall<{ data: { data: { target_id: number }[] } }>(
        t,
        'GET',
        '/api/index/favorite/lst?type=0&size=5',
      );
      const sent = await apiCall<{ status: number; msg: string }>(t, 'POST', '/api/talk/post', {
        listing_id: favs.data.data[0].target_id,
        number: 1,
        province: 32,
        city: 3205,
        area: 320505,
        address: '浒关工业园青花路 18 号',
        approach_time: inDays(3),
        schedule_progress: '本周开工',
        invoice: 0,
        remark: '',
        phone: '13912345678',
      });
      expect(sent).toMatchObject({ status: 1 });
      await c2.close();

      // no reload: the notice and the count arrive on the provider's page
      const notice = p.getByTestId('live-notice');
      await notice.waitFor({ timeout: 10_000 });
      expect(await notice.textContent()).toContain('收到新的询价');
      await expect.poll(() => count(p), { timeout: 10_000 }).toBe(before + 1);
      await shot(p, `events-notice-${label}`);
      await notice.click();
      await p.waitForURL('**/talk/receive');
      await expect
        .poll(() => p.locator('.ant-table-row, .ant-list-item, [data-testid="inquiry-card"]').count())
        .toBeGreaterThan(0);
      await shot(p, `events-opened-${label}`);
      await context.close();
    });
  }
});
