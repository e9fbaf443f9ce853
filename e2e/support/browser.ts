import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';

const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/** Debian's Chromium, never a downloaded browser. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

export async function newPage(browser: Browser, baseURL: string, viewport = { width: 1440, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Keeps a screenshot of the page when the current test fails. */
export function screenshotOnFailure(page: () => Page | undefined, name: string) {
  onTestFailed(async () => {
    const p = page();
    if (!p) return;
    fs.mkdirSync(artifacts, { recursive: true });
    await p.screenshot({ path: path.join(artifacts, `${name}-${Date.now()}.png`), fullPage: true }).catch(() => {});
  });
}

/** A screenshot for a person to look at, taken once dialogs, drawers and messages have finished their entry motion. */
export async function shot(page: Page, name: string) {
  fs.mkdirSync(artifacts, { recursive: true });
  await page.waitForFunction(() => !document.querySelector('[class*="-appear"], [class*="-enter"]'), undefined, { timeout: 3000 }).catch(() => {});
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
}
