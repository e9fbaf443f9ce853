import type { Page } from 'playwright-core';

/** Picks an option of an antd Select found by its label. */
export async function choose(p: Page, label: string, option: string) {
  await p.getByLabel(label, { exact: true }).click();
  await p.locator(`.ant-select-item-option[title="${option}"]:visible`).first().click();
}
/** Walks an antd Cascader through the given names. */
export async function cascade(p: Page, at: ReturnType<Page['locator']>, names: string[]) {
  await at.click();
  for (const n of names) await p.locator(`.ant-cascader-menu-item[title="${n}"]:visible`).first().click();
}
/** Presses the OK button of the open dialog (waiting for `text` in it first). */
export async function okModal(p: Page, text?: string, button: RegExp = /确\s*定|OK/) {
  const dialog = p.locator('.ant-modal-confirm:visible, .ant-modal:visible').last();
  if (text) await dialog.getByText(text, { exact: false }).first().waitFor();
  await dialog.getByRole('button', { name: button }).click();
}
