import type { Browser, Page } from 'playwright-core';
import { newPage } from './browser';
import { loginAs } from './journey';

/**
 * A JSON GET in the page's session, as the app sends it (company_id from the cookie, unless `company` is false);
 * answers the envelope's data.
 */
export async function apiGet<T>(p: Page, url: string, company = true): Promise<T> {
  return p.evaluate(
    async ([u, withCompany]) => {
      const cid = /(?:^|; )company_id=(\d+)/.exec(document.cookie)?.[1];
      const full = withCompany && cid ? `${u}${u.includes('?') ? '&' : '?'}company_id=${cid}` : u;
      const res = await fetch(full, { credentials: 'include', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
      return (await res.json()).data;
    },
    [url, company] as const,
  ) as Promise<T>;
}

/** Types a date `offsetDays` from today (Asia/Shanghai) into a date picker found by its label, and closes its panel. */
export async function pickDate(p: Page, label: string, offsetDays: number) {
  const d = new Date(Date.now() + 8 * 3600_000 + offsetDays * 86400_000).toISOString().slice(0, 10);
  const input = p.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(d);
  // the typed date is taken when the panel shows it selected; Enter would also submit the form
  await p
    .locator(
      `.ant-picker-dropdown:visible td[title="${d}"].ant-picker-cell-selected, .ant-picker-dropdown:visible td[title="${d}"]`,
    )
    .first()
    .click();
  // the panel closed (and its closing motion over) before the next field or the submit button is clicked
  await p.locator('.ant-picker-dropdown:visible').first().waitFor({ state: 'hidden' });
}

/** Does `work` in a page of the platform admin's own session (the console's calls), then closes it. */
export async function asAdmin<T>(browser: Browser, baseURL: string, work: (p: Page) => Promise<T>): Promise<T> {
  const { context, page } = await newPage(browser, baseURL);
  try {
    await loginAs(page, '13800000000', 'Admin@2026');
    return await work(page);
  } finally {
    await context.close();
  }
}
