import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { newPage, screenshotOnFailure, shot } from './support/browser';

const j = journey();
let page: Page | undefined;
let sealFile: string;
let smallFile: string;

async function seal(size: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2 - 10}" fill="none" stroke="#d40000" stroke-width="12"/><text x="50%" y="56%" font-size="${size / 6}" text-anchor="middle" fill="#d40000" font-family="Noto Sans CJK SC">合同专用章</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-seal-'));
  sealFile = path.join(dir, 'seal.png');
  smallFile = path.join(dir, 'small.png');
  fs.writeFileSync(sealFile, await seal(300));
  fs.writeFileSync(smallFile, await seal(200));
});

const login = loginAs;

describe('company seals', () => {
  it('the tenant submits a seal, the admin passes it, the tenant sees 已通过 and a message', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'seals');
    await login(p, '13800000001');
    await p.getByTestId('side-menu').getByText('印章管理').click();
    await p.waitForURL('**/company/sign');
    await p.getByText('还没有印章').waitFor();
    await p.getByRole('button', { name: /添加印章/ }).click();
    await p.waitForURL('**/company/sign/add');
    // the browser refuses a 200×200 image before uploading
    await p.locator('input[type=file]').setInputFiles(smallFile);
    await p.getByText('印章图片尺寸须为300×300像素').first().waitFor();
    await p.locator('input[type=file]').setInputFiles(sealFile);
    await p.locator('img[alt="上传印章"]').waitFor();
    await p.getByPlaceholder('如：合同专用章').fill('合同专用章');
    await p.getByPlaceholder('选填，20字以内').fill('租赁合同');
    await shot(p, 'seal-add-1440');
    await p.getByRole('button', { name: /提交审核/ }).click();
    await p.waitForURL('**/company/sign');
    await expect.poll(() => p.getByTestId('seal').count()).toBe(1);
    expect(await p.getByTestId('seal').textContent()).toContain('审核中');
    await shot(p, 'seals-1440');
    await p.context().close();

    const { page: a } = await newPage(j.browser, j.server.url);
    page = a;
    await login(a, '13800000000', 'Admin@2026');
    await a.goto('/admin/seals');
    const row = a.locator('.ant-table-row', { hasText: '合同专用章' });
    await row.waitFor();
    // the reviewer sees the seal image itself
    await expect.poll(() => row.locator('img').first().evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await shot(a, 'admin-seals-queue-1440');
    await row.getByRole('button', { name: /通\s*过/ }).click();
    await a.getByRole('tooltip').getByRole('button').last().click();
    await expect.poll(() => a.locator('.ant-table-row', { hasText: '合同专用章' }).count()).toBe(0);
    await shot(a, 'admin-seals-1440');
    await a.context().close();

    const { page: u } = await newPage(j.browser, j.server.url);
    page = u;
    await login(u, '13800000001');
    await u.goto('/company/sign');
    await expect.poll(() => u.getByTestId('seal').textContent()).toContain('已通过');
    await u.goto('/dashboard/message');
    await u.getByText('印章审核通过').first().waitFor();
    await u.setViewportSize({ width: 390, height: 844 });
    await u.goto('/company/sign');
    await u.getByTestId('seal').waitFor();
    await shot(u, 'seals-390');
    // deleting asks first, naming the seal
    await u.getByTestId('seal').getByRole('button', { name: /删\s*除/ }).click();
    await u.getByText('确定删除“合同专用章”的印章吗？').waitFor();
    await u.getByRole('tooltip').getByRole('button', { name: /取\s*消/ }).click();
    expect(await u.getByTestId('seal').count()).toBe(1);
    await u.context().close();
  });
});
