/**
 * JavaScript a person downloads on the first load of each area, measured in real Chromium: every script response of a
 * fresh page load, gzipped (level 9, as a static server would send it) and summed. Budget: the user centre ≤ 250 KB.
 * Usage: npm run build && npm run bench:bundle [-- --files]   (--files lists each script of each load)
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { startServer } from '../e2e/support/server';
import { launch, newPage } from '../e2e/support/browser';

const BUDGET_KB = 250;

async function firstLoad(browser: Browser, baseUrl: string, path: string, login?: { phone: string; password: string }) {
  const { context, page } = await newPage(browser, baseUrl);
  if (login) {
    const r = await context.request.post('/api/auth/login', { data: login, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    if (!r.ok()) throw new Error(`login failed for ${login.phone}`);
  }
  const files: { name: string; size: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => null);
    if (body) files.push({ name: res.url().split('/').pop() ?? '', size: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await context.close();
  if (process.argv.includes('--files')) {
    for (const f of files.sort((a, b) => b.size - a.size)) console.log(`    ${(f.size / 1024).toFixed(1).padStart(6)} KB  ${f.name}`);
  }
  return { files: files.length, kb: files.reduce((a, f) => a + f.size, 0) / 1024 };
}

async function main() {
  const [server, browser] = await Promise.all([startServer({ LOG_LEVEL: 'warn' }), launch()]);
  const tenant = { phone: '13800000001', password: 'Demo@2026' };
  const admin = { phone: '13800000000', password: 'Admin@2026' };
  const rows: [string, string, { phone: string; password: string } | undefined, boolean][] = [
    ['user centre: /dashboard/index', '/dashboard/index', tenant, true],
    ['user centre: /company/info', '/company/info', tenant, true],
    ['/login', '/login', undefined, false],
    ['public site: /site', '/site', undefined, false],
    ['admin console: /admin/users', '/admin/users', admin, false],
  ];
  try {
    console.log('first-load JavaScript, gzipped (KB)\n');
    let over = false;
    for (const [label, path, login, budgeted] of rows) {
      const r = await firstLoad(browser, server.url, path, login);
      const flag = budgeted ? (r.kb <= BUDGET_KB ? `within ${BUDGET_KB}` : `OVER ${BUDGET_KB}`) : '';
      if (budgeted && r.kb > BUDGET_KB) over = true;
      console.log(`${label.padEnd(34)} ${r.kb.toFixed(1).padStart(7)} KB in ${String(r.files).padStart(2)} files  ${flag}`);
    }
    if (over) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
