import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { expectConsole, newPage, screenshotOnFailure, shot, takeCspViolations, watchConsole } from './support/browser';

const j = journey();
let page: Page | undefined;
const OK = /确\s*定/;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Opens 登录设备 from the security area of the account home. */
async function openDevices(p: Page) {
  await p.getByTestId('sec-devices').getByRole('button').click();
  const dialog = p.getByRole('dialog').filter({ hasText: '登录设备' });
  await dialog.getByTestId('device-list').waitFor();
  return dialog;
}

describe('login devices', () => {
  it('lists the logins of the account, ends one, then all the others; an ended login is asked to log in again (1440 and 390 px)', async () => {
    const { page: pc } = await newPage(j.browser, j.server.url);
    page = pc;
    screenshotOnFailure(() => page, 'devices');
    await loginAs(pc, '13800000001');
    const { page: phone, context: phoneCtx } = await newPage(j.browser, j.server.url, { width: 390, height: 844 });
    await phoneCtx.setExtraHTTPHeaders({ 'user-agent': IPHONE });
    await loginAs(phone, '13800000001');

    // the computer sees both, itself marked
    let dialog = await openDevices(pc);
    const rows = dialog.getByTestId('device-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    const mine = dialog.locator('[data-testid="device-row"][data-current="1"]');
    await expect.poll(() => mine.textContent()).toContain('当前设备');
    expect(await mine.textContent()).toContain('Chrome');
    expect(await mine.getByRole('button').count()).toBe(0);
    await shot(pc, 'devices-1440');
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();

    // the phone ends the computer's login, asked first; cancelling changes nothing
    page = phone;
    dialog = await openDevices(phone);
    const phoneRow = dialog.locator('[data-testid="device-row"][data-current="1"]');
    await expect.poll(() => phoneRow.textContent()).toContain('iPhone');
    await shot(phone, 'devices-390');
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    const pcRow = dialog.locator('[data-testid="device-row"][data-current="0"]').filter({ hasText: 'Chrome' }).first();
    await pcRow.getByRole('button', { name: '退出该设备' }).click();
    const ask = phone.locator('.ant-modal-confirm');
    await ask.locator('.ant-modal-confirm-title').getByText('确定退出该设备吗？').waitFor();
    await ask.getByRole('button', { name: /取\s*消/ }).click();
    await ask.waitFor({ state: 'hidden' });
    await pcRow.getByRole('button', { name: '退出该设备' }).click();
    await shot(phone, 'devices-confirm-390');
    await ask.getByRole('button', { name: OK }).click();
    await phone.getByText('已退出该设备').first().waitFor();
    await expect
      .poll(() => dialog.locator('[data-testid="device-row"][data-current="0"]').filter({ hasText: 'Chrome' }).count())
      .toBe(0);

    // the computer's next page asks it to log in again
    page = pc;
    await pc.reload();
    await pc.waitForURL('**/login**');

    // it logs in again; the phone ends every other login at once
    await loginAs(pc, '13800000001');
    page = phone;
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    dialog = await openDevices(phone);
    await expect.poll(() => dialog.getByTestId('device-row').count()).toBeGreaterThanOrEqual(2);
    await dialog.getByTestId('devices-end-others').click();
    await ask.locator('.ant-modal-confirm-title').getByText('确定退出其他设备吗？').waitFor();
    await ask.getByRole('button', { name: OK }).click();
    await phone.getByText('已退出其他设备').first().waitFor();
    await expect.poll(() => dialog.getByTestId('device-row').count()).toBe(1);
    await dialog.getByText('目前只有当前设备登录了本账号').waitFor();
    expect(await dialog.getByTestId('devices-end-others').isDisabled()).toBe(true);
    await shot(phone, 'devices-alone-390');
    page = pc;
    await pc.reload();
    await pc.waitForURL('**/login**');
    // the phone itself is still logged in
    await phone.reload();
    await phone.getByTestId('sec-devices').waitFor();
    expect(phone.url()).toContain('/dashboard/index');
  });
});

describe('browser-side defences', () => {
  it('the pages carry the policy with a fresh nonce on each of their scripts; the listener hears a blocked inline script', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'defences');
    for (const url of ['/login', '/site', '/dashboard/index']) {
      const res = await p.goto(url);
      const csp = res!.headers()['content-security-policy'];
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, url).toBeTruthy();
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      const html = await res!.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, url).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, url).toContain(`nonce="${nonce}"`);
      expect(res!.headers()['x-frame-options']).toBe('DENY');
    }
    // an inline script without the nonce, as an injection would add it: blocked and heard
    expectConsole(
      p,
      /Executing inline script violates the following Content Security Policy directive 'script-src /,
      'the test injects an inline script without the nonce',
    );
    await p.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = 1';
      document.body.append(s);
    });
    await expect
      .poll(() => takeCspViolations().join('\n'), { timeout: 5000 })
      .toContain('script-src-elem blocked inline');
    expect(await p.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  });

  it('a page of the app in a frame of another origin does not render', async () => {
    const other = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>elsewhere</title><iframe id="app" src="${j.server.url}/site" width="800" height="600"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    // a context of its own: the refusal is the parent's console error, not the app's
    const context = await j.browser.newContext();
    watchConsole(context);
    expectConsole(context, /frame-ancestors 'none'/, "the other origin's page frames the app, which refuses");
    try {
      const p = await context.newPage();
      // the same page at the top level renders (the check below can fail)
      await p.goto(`${j.server.url}/site`);
      await expect.poll(() => p.locator('#root *').count()).toBeGreaterThan(0);
      await p.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
      await expect.poll(() => p.frames().length).toBe(2);
      const frame = p.frames()[1];
      await expect.poll(() => frame.url()).toMatch(/^chrome-error:/);
      expect(await frame.locator('#root').count()).toBe(0);
    } finally {
      await context.close();
      other.close();
    }
  });
});
