import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type TServer } from './server';
import { launch } from './browser';

/**
 * One real server (fresh embedded database with the demo data: a copy of the run's seeded template when there is
 * one, template.ts), serving the development-like web build (its warnings fail the test, browser.ts), and one
 * Chromium for the journeys of a file.
 */
export function journey(env?: Record<string, string>) {
  const j = {} as { server: TServer; browser: Browser };
  beforeAll(async () => {
    [j.server, j.browser] = await Promise.all([
      startServer(env, { web: 'development', from: process.env.JIZU_E2E_TEMPLATE }),
      launch(),
    ]);
  });
  afterAll(async () => {
    await j.browser?.close();
    await j.server?.stop();
  });
  return j;
}

/** Logs in on the login page with a password and waits for the user centre. */
export async function loginAs(p: Page, phone: string, password = 'Demo@2026') {
  await p.goto('/login');
  await p.getByPlaceholder('请输入手机号码').first().fill(phone);
  await p.getByPlaceholder('请输入密码').first().fill(password);
  await p.getByRole('button', { name: /登\s*录/ }).click();
  await p.waitForURL('**/dashboard/index');
}
