import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { journey, loginAs } from './support/journey';
import { expectConsole, newPage, screenshotOnFailure, shot } from './support/browser';
import { openProviderMachines, pickDay } from './support/forms';

const j = journey();
let page: Page | undefined;
const NOTE = '铲斗侧板裂纹为进场前旧伤，退场照片角度不全，请补拍后再核对';
const DAMAGE = '铲斗右侧板裂纹约15厘米';

/** A photo of the damage, as a phone takes it. */
const damagePhoto = async () => ({
  name: 'damage.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#d9a516' } })
    .jpeg()
    .toBuffer(),
});

/** The journey's screenshots also go to the worktree's shots/ (a person looks at them there). */
async function keep(p: Page, name: string) {
  await shot(p, name);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dir = path.resolve(here, '../shots');
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.resolve(here, 'artifacts', `${name}.png`), path.join(dir, `${name}.png`));
}

describe('entry and exit inspection', () => {
  it('the provider records an exit with fuel and a damage item; the tenant disputes it with a note; the dispute shows on both order details and the month’s settlement draft, at 1440 and 390 px', async () => {
    // the provider exits the demo order's working machine with its inspection
    const prov = await newPage(j.browser, j.server.url);
    page = prov.page;
    const q = prov.page;
    screenshotOnFailure(() => page, 'inspection');
    await loginAs(q, '13800000002');
    const orderId = await openProviderMachines(q, '虹桥枢纽');
    await q.goto(`/rent-order/inout/${orderId}?status=0`);
    await q
      .locator('.ant-table-row')
      .first()
      .getByRole('button', { name: /退\s*场/ })
      .click();
    const dlg = q.locator('.ant-modal:visible');
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    await pickDay(q, dlg, '退场日期', today);
    // below the entry's reading (812.0): the server refuses it
    expectConsole(
      q,
      /status of 400 .*\/api\/ep\/ct_epout/,
      'an exit hour meter below the entry reading is a server rule: its refusal is what the test provokes',
    );
    await dlg.getByLabel('小时表读数').fill('800');
    await dlg.getByRole('button', { name: /退\s*场/ }).click();
    await q.getByText('退场小时表读数不能低于进场读数').first().waitFor();
    await dlg.getByLabel('小时表读数').fill('905.5');
    await dlg.getByLabel('油量').click();
    await q.locator('.ant-select-item-option[title="3/8"]:visible').first().click();
    await dlg.getByRole('button', { name: /添加损伤/ }).click();
    // a damage item needs its description and a photo
    await dlg.getByRole('button', { name: /退\s*场/ }).click();
    await dlg.getByText('请填写损伤描述').waitFor();
    await dlg.getByLabel('损伤描述 1').fill(DAMAGE);
    await dlg
      .locator('[data-testid="damage-item"] input[type=file]')
      .first()
      .setInputFiles(await damagePhoto());
    await dlg.locator('[data-testid="damage-item"] img[alt="损伤照片"]').first().waitFor();
    await keep(q, 'inspection-exit-1440');
    await dlg.getByRole('button', { name: /退\s*场/ }).click();
    await q.getByText('操作成功').first().waitFor();
    await dlg.waitFor({ state: 'hidden' });

    // the tenant opens the inspection record and disputes the exit
    const ten = await newPage(j.browser, j.server.url);
    page = ten.page;
    const p = ten.page;
    await loginAs(p, '13800000001');
    await p.goto(`/rent/order/inout/${orderId}?status=1`);
    const row = p.locator('.ant-table-row', { hasText: '905.5' });
    await row.getByTestId('machine-checks').click();
    const rec = p.locator('.ant-modal:visible');
    const exit = rec.getByTestId('check-1');
    await exit.getByText(DAMAGE).waitFor();
    await exit.getByText('3/8').waitFor();
    await exit.getByText('待承租方确认').waitFor();
    await exit.getByRole('button', { name: /有异议/ }).click();
    // a dispute needs its note
    await exit.getByRole('button', { name: /提交异议/ }).click();
    await exit.getByText('请填写异议说明').waitFor();
    await exit.getByLabel('异议说明').fill(NOTE);
    await keep(p, 'inspection-dispute-1440');
    await exit.getByRole('button', { name: /提交异议/ }).click();
    await p.getByText('已提交异议').first().waitFor();
    await exit.getByText('承租方有异议').waitFor();
    await exit.getByText(NOTE, { exact: false }).waitFor();
    await keep(p, 'inspection-disputed-1440');
    await rec.locator('.ant-modal-close').click();

    // on the tenant's order detail, with the badge
    await p.goto(`/rent/order/watch/${orderId}`);
    await p.getByTestId('dispute-badge').waitFor();
    await p.getByTestId('order-disputes').getByText(NOTE, { exact: false }).waitFor();
    await keep(p, 'inspection-order-tenant-1440');
    // on the settlement draft of this month, with the hours beside the work days
    await p.goto(`/rent/order/settle-add/${orderId}`);
    await p.getByTestId('draft-disputes').getByText(NOTE, { exact: false }).waitFor();
    await p.getByTestId('draft-hours').first().waitFor();
    await keep(p, 'inspection-draft-1440');
    // and on the provider's order detail
    page = q;
    await q.goto(`/rent-order/watch/${orderId}`);
    await q.getByTestId('dispute-badge').waitFor();
    await q.getByTestId('order-disputes').getByText(NOTE, { exact: false }).waitFor();
    await keep(q, 'inspection-order-provider-1440');
    await prov.context.close();

    // the same on a phone
    page = p;
    await p.setViewportSize({ width: 390, height: 844 });
    await p.goto(`/rent/order/watch/${orderId}`);
    await p.getByTestId('order-disputes').getByText(NOTE, { exact: false }).waitFor();
    await keep(p, 'inspection-order-390');
    await p.goto(`/rent/order/settle-add/${orderId}`);
    await p.getByTestId('draft-disputes').getByText(NOTE, { exact: false }).waitFor();
    await keep(p, 'inspection-draft-390');
    await p.goto(`/rent/order/inout/${orderId}?status=1`);
    const card = p.getByTestId('machine-card').filter({ hasText: `→ ${today}` });
    await card.getByTestId('machine-checks').click();
    await p.locator('.ant-modal:visible').getByTestId('check-1').getByText(NOTE, { exact: false }).waitFor();
    await keep(p, 'inspection-record-390');
    await ten.context.close();
  });
});
