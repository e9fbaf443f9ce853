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

/** Adds a seal through the API in the page's session (upload with company_id in the query, then save), as the page would. */
async function addSealByApi(p: Page, name: string) {
  const b64 = (await seal(300)).toString('base64');
  const status = await p.evaluate(
    async ({ b64, name }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const fd = new FormData();
      fd.append('image', new Blob([bytes], { type: 'image/png' }), 'seal.png');
      const cid = Number(/(?:^|; )company_id=(\d+)/.exec(document.cookie)?.[1]);
      const headers = { 'X-Requested-With': 'XMLHttpRequest' };
      const up = await (
        await fetch(`/api/index/upload/signet?company_id=${cid}`, {
          method: 'POST',
          body: fd,
          credentials: 'include',
          headers,
        })
      ).json();
      const saved = await fetch('/api/company/signet/save', {
        method: 'POST',
        credentials: 'include',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ company_id: cid, name, image: up.data.path }),
      });
      return (await saved.json()).status as number;
    },
    { b64, name },
  );
  expect(status).toBe(1);
}

describe('company seals', () => {
  it('the tenant submits seals, the admin passes one and returns one for its details (1003), the tenant sees both and the messages; at 4 the add page says so', async () => {
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
    // the seal image is a private file: the list's <img> loads it with the session cookie; without it, 404
    const sealImg = p.getByTestId('seal').locator('img').first();
    await expect
      .poll(() => sealImg.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0))
      .toBe(true);
    expect((await fetch(new URL((await sealImg.getAttribute('src'))!, j.server.url))).status).toBe(404);
    await shot(p, 'seals-1440');
    // a second seal, to be returned for its details
    await addSealByApi(p, '财务专用章');
    await p.context().close();

    const { page: a } = await newPage(j.browser, j.server.url);
    page = a;
    await login(a, '13800000000', 'Admin@2026');
    await a.goto('/admin/seals');
    const row = a.locator('.ant-table-row', { hasText: '合同专用章' });
    await row.waitFor();
    // the reviewer sees the seal image itself
    await expect
      .poll(() =>
        row
          .locator('img')
          .first()
          .evaluate((i) => (i as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await shot(a, 'admin-seals-queue-1440');
    await row.getByRole('button', { name: /通\s*过/ }).click();
    await a.getByRole('tooltip').getByRole('button').last().click();
    await expect.poll(() => a.locator('.ant-table-row', { hasText: '合同专用章' }).count()).toBe(0);
    await shot(a, 'admin-seals-1440');
    // the reviewer returns the second one because the details do not match (1003), with a reason
    await a
      .locator('.ant-table-row', { hasText: '财务专用章' })
      .getByRole('button', { name: /退\s*回/ })
      .click();
    const d = a.getByRole('dialog');
    await d.getByText('退回印章').waitFor();
    expect(await d.getByRole('radio', { name: /图片不合格/ }).isChecked()).toBe(true);
    await d.getByRole('radio', { name: /信息不符/ }).check();
    expect(await d.getByRole('radio', { name: /信息不符/ }).isChecked()).toBe(true);
    await d.getByRole('textbox').fill('印章名称与营业执照上的企业名称不符');
    await shot(a, 'admin-seal-return-1440');
    const sent = a.waitForRequest((r) => /\/api\/admin\/seals\/\d+\/reject$/.test(r.url()));
    await d.getByRole('button', { name: /退\s*回/ }).click();
    expect((await sent).postDataJSON()).toEqual({ status: 1003, reason: '印章名称与营业执照上的企业名称不符' });
    await a.locator('.ant-message').getByText('已退回').waitFor();
    await expect.poll(() => a.locator('.ant-table-row', { hasText: '财务专用章' }).count()).toBe(0);
    await a.getByRole('tab', { name: '已退回' }).click();
    const returned = a.locator('.ant-table-row', { hasText: '财务专用章' });
    await expect.poll(() => returned.textContent()).toContain('已退回（信息不符）');
    expect(await returned.textContent()).toContain('印章名称与营业执照上的企业名称不符');
    await a.setViewportSize({ width: 390, height: 844 });
    await a.goto('/admin/seals?status=1002');
    await a.locator('.ant-table-row', { hasText: '财务专用章' }).waitFor();
    await shot(a, 'admin-seals-returned-390');
    await a.context().close();

    const { page: u } = await newPage(j.browser, j.server.url);
    page = u;
    await login(u, '13800000001');
    await u.goto('/company/sign');
    const passed = u.getByTestId('seal').filter({ hasText: '合同专用章' });
    await expect.poll(() => passed.textContent()).toContain('已通过');
    // the tenant sees the return, of which kind and why
    const back = u.getByTestId('seal').filter({ hasText: '财务专用章' });
    expect(await back.textContent()).toContain('已退回（信息不符）');
    expect(await back.textContent()).toContain('退回原因：印章名称与营业执照上的企业名称不符');
    await shot(u, 'seals-returned-1440');
    await u.goto('/dashboard/message');
    await u.getByText('印章审核通过').first().waitFor();
    await u.getByText('印章审核未通过').first().waitFor();
    await u.setViewportSize({ width: 390, height: 844 });
    await u.goto('/company/sign');
    await u.getByTestId('seal').first().waitFor();
    await shot(u, 'seals-390');
    // deleting asks first, naming the seal
    await passed.getByRole('button', { name: /删\s*除/ }).click();
    await u.getByText('确定删除“合同专用章”的印章吗？').waitFor();
    await u
      .getByRole('tooltip')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    expect(await u.getByTestId('seal').count()).toBe(2);

    // at 4 seals the add button hides, and the add page opened directly says why instead of showing a form
    await addSealByApi(u, '发票专用章');
    await addSealByApi(u, '公章');
    await u.setViewportSize({ width: 1440, height: 900 });
    await u.goto('/company/sign');
    await expect.poll(() => u.getByTestId('seal').count()).toBe(4);
    expect(await u.getByRole('button', { name: /添加印章/ }).count()).toBe(0);
    await u.goto('/company/sign/add');
    await u.getByText('每个企业最多添加4个印章').waitFor();
    expect(await u.getByPlaceholder('如：合同专用章').count()).toBe(0);
    await shot(u, 'seal-add-full-1440');
    await u.setViewportSize({ width: 390, height: 844 });
    await shot(u, 'seal-add-full-390');
    await u.getByRole('button', { name: /返回印章管理/ }).click();
    await u.waitForURL('**/company/sign');
    await u.context().close();
  });
});
