import type { Page } from 'playwright-core';

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
      const opened = await p.locator(`.ant-cascader-menu-item-active[title="${n}"]:visible`).first().waitFor({ timeout: 5000 }).then(() => true, () => false);
      if (opened) break;
      await item.click();
    }
  }
}
/** Presses the OK button of the open dialog (waiting for `text` in it first). */
export async function okModal(p: Page, text?: string, button: RegExp = /确\s*定|OK/) {
  const dialog = p.locator('.ant-modal-confirm:visible, .ant-modal:visible').last();
  if (text) await dialog.getByText(text, { exact: false }).first().waitFor();
  await dialog.getByRole('button', { name: button }).click();
}
/**
 * Waits for the message a submit shows (a toast or the page's text). When it does not come, the error names what the
 * page shows instead (the form's field errors and any message), so that a failure in CI says why the submit did not go.
 */
export async function expectShown(p: Page, text: string, timeout = 15_000) {
  try {
    await p.getByText(text).first().waitFor({ timeout });
  } catch (e) {
    const shown = await p.locator('.ant-form-item-explain-error:visible, .ant-message-notice:visible, .ant-modal:visible').allInnerTexts().catch(() => []);
    throw new Error(`"${text}" was not shown within ${timeout} ms; the page shows: ${shown.map((s) => s.replace(/\s+/g, ' ')).join(' | ') || 'no field error, message or dialog'} (at ${p.url()})`, { cause: e });
  }
}
