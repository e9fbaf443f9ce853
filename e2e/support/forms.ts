import type { Locator, Page, Request } from 'playwright-core';
import { pageShows } from './browser';

/** Picks an option of an antd Select found by its label. */
export async function choose(p: Page, label: string, option: string) {
  await p.getByLabel(label, { exact: true }).click();
  await p.locator(`.ant-select-item-option[title="${option}"]:visible`).first().click();
}
/** Walks an antd Cascader through the given names. */
export async function cascade(p: Page, at: ReturnType<Page['locator']>, names: string[]) {
  await at.click();
  for (const [i, n] of names.entries()) {
    const item = p.locator(`.ant-cascader-menu-item[title="${n}"]:visible`).first();
    await item.click();
    if (i === names.length - 1) continue;
    // a level that loads its children on open can drop a click that lands while the column above is still settling
    for (let tries = 0; tries < 3; tries++) {
      const opened = await p
        .locator(`.ant-cascader-menu-item-active[title="${n}"]:visible`)
        .first()
        .waitFor({ timeout: 5000 })
        .then(
          () => true,
          () => false,
        );
      if (opened) break;
      await item.click();
    }
  }
}
/** Types a day into the antd DatePicker labelled `label` inside `at`, then picks it in the open panel. */
export async function pickDay(p: Page, at: Locator, label: string, day: string) {
  await at.getByLabel(label).click();
  await at.getByLabel(label).fill(day);
  await p.locator(`.ant-picker-dropdown:visible td[title="${day}"]`).first().click();
}
/** From the provider's orders in progress, the machines page of the order of `project`; the order's id. */
export async function openProviderMachines(p: Page, project: string): Promise<string> {
  await p.goto('/rent-order?status=2');
  await p
    .locator('.ant-table-row', { hasText: project })
    .getByRole('button', { name: /设备进退场/ })
    .click();
  await p.waitForURL('**/rent-order/inout/*');
  return new URL(p.url()).pathname.split('/').pop()!;
}
/** Presses the OK button of the open dialog (waiting for `text` in it first). */
export async function okModal(p: Page, text?: string, button: RegExp = /确\s*定|OK/) {
  const dialog = p.locator('.ant-modal-confirm:visible, .ant-modal:visible').last();
  if (text) await dialog.getByText(text, { exact: false }).first().waitFor();
  await dialog.getByRole('button', { name: button }).click();
}
/**
 * Clicks a form's submit button and waits for the message it shows (a toast or the page's text). When the message
 * does not come, the error says what happened instead: the API writes the page sent since the click and their answers,
 * the form's field errors (hidden ones too) and any message or dialog, so that a failure in CI says why.
 */
export async function submitAndExpect(p: Page, button: Locator, text: string, timeout = 15_000) {
  const writes: Promise<string>[] = [];
  const onRequest = (r: Request) => {
    if (r.method() === 'GET' || !r.url().includes('/api/')) return;
    const what = `${r.method()} ${new URL(r.url()).pathname}`;
    writes.push(
      r.response().then(
        async (res) => `${what} → ${res?.status()} ${(await res?.text().catch(() => ''))?.slice(0, 200) ?? ''}`,
        () => `${what} → no answer`,
      ),
    );
  };
  p.on('request', onRequest);
  const shownWithin = (ms: number) =>
    p
      .getByText(text)
      .first()
      .waitFor({ timeout: ms })
      .then(
        () => true,
        () => false,
      );
  try {
    await button.click();
    if (await shownWithin(timeout)) return;
    const sent = await Promise.all(writes);
    throw new Error(
      `"${text}" was not shown; the page is ${await pageShows(p)}; API writes since the click: ${sent.join(' ; ') || 'none'}`,
    );
  } finally {
    p.off('request', onRequest);
  }
}
