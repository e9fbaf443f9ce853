import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page, Request } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { expectConsole, newPage, screenshotOnFailure, shot } from './support/browser';

const j = journey();
let page: Page | undefined;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-dup-'));
let big: Buffer;
let small: Buffer;

async function photo(fill: string, text: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${fill}"/><text x="120" y="320" font-size="56" font-family="DejaVu Sans" fill="#222">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}
const write = (name: string, bytes: Buffer) => {
  const f = path.join(dir, name);
  fs.writeFileSync(f, bytes);
  return f;
};
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

beforeAll(async () => {
  // above 1 MB (hashed in the worker): a JPEG padded after its end marker, which decoders ignore
  const j1 = await photo('#8ec5ee', 'DUP big');
  big = Buffer.concat([j1, Buffer.alloc(1_500_000 - j1.length, 0)]);
  small = await photo('#c9b28f', 'DUP small');
});

describe('search as you type and duplicate images (issue 28)', () => {
  it('the project search asks once after the typing pauses, not once per key; 搜索 still asks at once', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'typed-search');
    await loginAs(p, '13800000001');
    await p.goto('/rent/compete');
    await p.locator('.ant-table-row, [data-testid=bidding-card]').first().waitFor();
    const asked: string[] = [];
    const onRequest = (r: Request) => {
      if (r.url().includes('/api/rent/bidding/lst')) asked.push(new URL(r.url()).searchParams.get('name') ?? '');
    };
    p.on('request', onRequest);
    const box = p.getByLabel('项目名称', { exact: true });
    await box.click();
    // when each key landed in the box (a loaded machine may stretch a gap past the pause: each such gap may ask once)
    await box.evaluate((e) => {
      const w = window as unknown as { keyTimes: number[] };
      w.keyTimes = [];
      e.addEventListener('input', () => w.keyTimes.push(performance.now()));
    });
    // keys 40 ms apart: within the 200 ms pause
    await box.pressSequentially('XYZ-QWE', { delay: 40 });
    await expect.poll(() => asked.at(-1)).toBe('XYZ-QWE');
    await p.waitForTimeout(600);
    const times = await p.evaluate(() => (window as unknown as { keyTimes: number[] }).keyTimes);
    expect(times).toHaveLength(7);
    const pauses = times.slice(1).filter((t, i) => t - times[i] >= 200).length;
    // one request after the typing paused, not one per key (7 keys)
    expect(asked).toHaveLength(pauses + 1);
    if (pauses === 0) expect(asked).toEqual(['XYZ-QWE']);
    await p.waitForURL((u) => u.searchParams.get('name') === 'XYZ-QWE');
    // the box kept the focus and the text while the address changed
    expect(await box.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await box.inputValue()).toBe('XYZ-QWE');
    await shot(p, 'typed-search-1440');
    // clearing it asks once more, for everything
    // clearing it goes back to the whole list (cached: it need not ask again)
    await box.fill('');
    await p.waitForURL((u) => !u.searchParams.has('name'));
    await p.locator('.ant-table-row, [data-testid=bidding-card]').first().waitFor();
    // the search button asks at once with the other fields
    await box.fill('嘉闵');
    await p.getByRole('button', { name: /^搜\s*索$/ }).click();
    await expect.poll(() => asked.at(-1)).toBe('嘉闵');
    await p.waitForTimeout(800);
    expect(asked.filter((n) => n === '嘉闵')).toHaveLength(1);
    p.off('request', onRequest);
    await p.context().close();
  });

  it('the listing form checks each image by its MD5 before it is sent: the same bytes under another name are refused for another user', async () => {
    // the tenant's upload of the big photo, through the user centre's own call with the tenant's session
    const { page: t } = await newPage(j.browser, j.server.url);
    await loginAs(t, '13800000001');
    const up = await (
      await t.request.post('/api/ep/upload', {
        headers: XHR,
        multipart: { image: { name: 'tenant-original.jpg', mimeType: 'image/jpeg', buffer: big } },
      })
    ).json();
    expect(up.status, JSON.stringify(up)).toBe(1);
    await t.context().close();

    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'duplicate-images');
    expectConsole(p, /status of 409 .*\/api\/search\/checkImg\)$/, "the server's duplicate answer the test provokes");
    const checks: Record<string, unknown>[] = [];
    const uploads: string[] = [];
    let workers = 0;
    p.on('worker', () => workers++);
    p.on('request', (r) => {
      if (r.url().includes('/api/search/checkImg')) checks.push(r.postDataJSON() as Record<string, unknown>);
      if (r.url().includes('/api/ep/upload')) uploads.push(r.url());
    });
    await loginAs(p, '13800000002');
    await p.goto('/device/add');
    const input = p.locator('input[type=file][aria-label="上传图片"]');
    await input.waitFor({ state: 'attached' });

    // the provider's own photo twice, under two names: its MD5 is sent, and the server finds no one else's: both added
    await input.setInputFiles(write('mine-a.jpg', small));
    await expect.poll(() => p.getByTestId('listing-image').count()).toBe(1);
    await input.setInputFiles(write('mine-b.jpg', small));
    await expect.poll(() => p.getByTestId('listing-image').count()).toBe(2);
    expect(checks.filter((c) => c.md5 === md5(small))).toHaveLength(2);
    expect(uploads).toHaveLength(2);

    // the tenant's photo under another name, above 1 MB (hashed in a worker): the server's answer, and it is not sent
    await input.setInputFiles(write('provider-copy.jpg', big));
    await p.getByText('该图片已被其他用户使用，请更换图片').first().waitFor();
    expect(checks.at(-1)).toMatchObject({ md5: md5(big) });
    expect(workers).toBeGreaterThan(0);
    expect(uploads).toHaveLength(2);
    expect(await p.getByTestId('listing-image').count()).toBe(2);
    await shot(p, 'duplicate-image-1440');
    await p.context().close();
  });
});
