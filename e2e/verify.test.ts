import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { creditCodeCheckChar } from '@jizu/shared/rules/identity';
import { journey, loginAs } from './support/journey';
import { expectConsole, newPage, screenshotOnFailure, shot } from './support/browser';

const j = journey();
let page: Page | undefined;

const login = loginAs;

/** A photo-like JPEG for the file inputs. */
async function photo(text: string, color: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" fill="${color}"/><text x="320" y="210" font-size="40" fill="#fff" text-anchor="middle" font-family="Noto Sans CJK SC">${text}</text></svg>`;
  return { name: `${text}.jpg`, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer() };
}

const content = (p: Page) => p.locator('.ant-layout-content').first();
/** Whether an <img> has loaded its picture (a refused private file would leave it broken). */
const loaded = (img: Locator) =>
  img.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0);
const verifyCard = (p: Page) => content(p).locator('section', { hasText: '认证状态' });

describe('verification journey', () => {
  it('a user submits personal verification, the admin approves it, the dashboard says 已认证 and a message arrives', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'verify-tenant');
    await login(p, '13800000001', 'Demo@2026');
    await expect.poll(() => p.getByTestId('side-menu').textContent()).toContain('个人认证');

    // dashboard → 立即认证 → the personal verification form
    const personalRow = verifyCard(p)
      .locator('div', { hasText: /^个人认证/ })
      .first();
    await expect.poll(() => personalRow.textContent()).toContain('未认证');
    await personalRow.getByRole('button', { name: /立即认证/ }).click();
    await p.waitForURL('**/dashboard/person');

    // the browser checks first: a wrong ID number is refused beside the field
    await p.getByLabel('真实姓名').fill('陈建国');
    await p.getByLabel('身份证号码').fill('310115198804120015');
    await p.getByRole('button', { name: /提交认证/ }).click();
    await expect.poll(() => content(p).textContent()).toContain('请输入正确的18位身份证号码');
    await expect.poll(() => content(p).textContent()).toContain('请上传身份证人像面');

    await p.getByLabel('身份证号码').fill('310115198804120032');
    await p.locator('input[type=file][aria-label="身份证人像面"]').setInputFiles(await photo('人像面', '#3465a4'));
    await p.locator('input[type=file][aria-label="身份证国徽面"]').setInputFiles(await photo('国徽面', '#a43434'));
    await expect.poll(() => content(p).locator('img[alt="身份证人像面"]').count()).toBe(1);
    await expect.poll(() => content(p).locator('img[alt="身份证国徽面"]').count()).toBe(1);
    // the ID photos are private files: the page's <img> loads them with the session cookie
    await expect.poll(() => loaded(content(p).locator('img[alt="身份证人像面"]'))).toBe(true);
    const facePath = new URL((await content(p).locator('img[alt="身份证人像面"]').getAttribute('src'))!, j.server.url)
      .pathname;
    const fromPage = await p.evaluate(async (u) => {
      const r = await fetch(u);
      return { status: r.status, cache: r.headers.get('cache-control') };
    }, facePath);
    expect(fromPage).toEqual({ status: 200, cache: 'private, no-store' });
    // anyone without the session gets the 404 of a missing file
    expect((await fetch(j.server.url + facePath)).status).toBe(404);
    await p.getByRole('button', { name: /获取验证码/ }).click();
    await expect.poll(() => p.getByText('短信发送成功').count()).toBeGreaterThan(0);
    await p.getByPlaceholder('请输入验证码').fill('123456');
    await shot(p, 'verify-person-form-1440');
    await p.getByRole('button', { name: /提交认证/ }).click();
    await expect.poll(() => content(p).textContent()).toContain('认证审核中');
    await expect.poll(() => content(p).textContent()).toContain('310115********0032');
    await shot(p, 'verify-person-pending-1440');

    // the platform admin approves it in the console
    const admin = await newPage(j.browser, j.server.url);
    const a = admin.page;
    await login(a, '13800000000', 'Admin@2026');
    await a.goto('/admin/verify/person');
    const row = a.locator('tr', { hasText: '13800000001' });
    await row.waitFor();
    // the demo operator waits in the queue as well
    await a.locator('tr', { hasText: '13800000003' }).waitFor();
    await expect.poll(() => row.locator('img').count()).toBe(2);
    // staff see the private ID photos, and the whole number while the submission waits
    await expect.poll(() => loaded(row.locator('img').first())).toBe(true);
    await expect.poll(() => loaded(row.locator('img').last())).toBe(true);
    expect(await row.textContent()).toContain('310115198804120032');
    await shot(a, 'admin-verify-person-1440');
    // rejecting needs a reason
    await a
      .locator('tr', { hasText: '13800000003' })
      .getByRole('button', { name: /驳\s*回/ })
      .click();
    await a
      .getByRole('dialog')
      .getByRole('button', { name: /驳\s*回/ })
      .click();
    await expect.poll(() => a.getByRole('dialog').textContent()).toContain('请填写驳回原因');
    await shot(a, 'admin-verify-reject-1440');
    await a
      .getByRole('dialog')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await row.getByRole('button', { name: /通\s*过/ }).click();
    await a
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => a.getByText('审核通过').count()).toBeGreaterThan(0);
    await expect.poll(() => a.locator('tr', { hasText: '13800000001' }).count()).toBe(0);
    await a.getByRole('tab', { name: '已通过' }).click();
    await a.locator('tr', { hasText: '13800000001' }).waitFor();
    await a.goto('/admin/verify/company');
    await a.getByRole('tab', { name: '待审核' }).waitFor();
    await shot(a, 'admin-verify-company-1440');
    await admin.context.close();

    // the user's dashboard says 已认证, and the message is in the inbox
    await p.goto('/dashboard/index');
    await expect
      .poll(() =>
        verifyCard(p)
          .locator('div', { hasText: /^个人认证/ })
          .first()
          .textContent(),
      )
      .toContain('已认证');
    await shot(p, 'verify-dashboard-1440');
    await p.getByTestId('side-menu').getByText('系统消息').click();
    await p.waitForURL('**/dashboard/message');
    const item = content(p).getByRole('button', { name: /个人认证已通过/ });
    await item.waitFor();
    await shot(p, 'message-1440');
    await item.click();
    await expect.poll(() => p.getByRole('dialog').textContent()).toContain('您提交的个人认证（陈建国）已审核通过。');
    await p
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await p.getByRole('tab', { name: '已读' }).click();
    await p.waitForURL('**/dashboard/message?tab=read');
    await content(p)
      .getByRole('button', { name: /个人认证已通过/ })
      .waitFor();

    // delete the selected (with confirmation)
    await content(p).getByRole('checkbox', { name: '个人认证已通过' }).check();
    await content(p)
      .getByRole('button', { name: /删除所选/ })
      .click();
    await p
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect
      .poll(() =>
        content(p)
          .getByRole('button', { name: /个人认证已通过/ })
          .count(),
      )
      .toBe(0);
    await p.context().close();
  });

  it('company verification form and message inbox at phone and desktop widths', async () => {
    for (const [w, h] of [
      [390, 844],
      [1440, 900],
    ]) {
      const { page: p } = await newPage(j.browser, j.server.url, { width: w, height: h });
      page = p;
      screenshotOnFailure(() => page, `verify-${w}`);
      // the operator: a personal company, not verified; personal verification in review
      await login(p, '13800000003', 'Demo@2026');
      await p.goto('/dashboard/company-auth');
      await p.getByText('下载授权委托书模板').waitFor();
      // the browser refuses a founding date in the last 10 days before anything is sent
      await p.getByRole('button', { name: /提交认证/ }).click();
      await expect.poll(() => content(p).textContent()).toContain('请上传营业执照');
      await shot(p, `verify-company-form-${w}`);
      const pdf = await p.evaluate(async () => {
        const r = await fetch('/api/index/download/certificate', { credentials: 'include' });
        return {
          type: r.headers.get('content-type'),
          head: new TextDecoder().decode((await r.arrayBuffer()).slice(0, 8)),
        };
      });
      expect(pdf).toEqual({ type: 'application/pdf', head: '%PDF-1.4' });
      await p.goto('/dashboard/person');
      await expect.poll(() => content(p).textContent()).toContain('认证审核中');
      await shot(p, `verify-person-pending-${w}`);
      await p.context().close();

      const t = await newPage(j.browser, j.server.url, { width: w, height: h });
      await login(t.page, '13800000001', 'Demo@2026');
      await t.page.goto('/dashboard/message');
      await content(t.page)
        .getByRole('button', { name: /企业认证已通过/ })
        .waitFor();
      await shot(t.page, `message-${w}`);
      await t.context.close();
    }
  });

  it('the verification buttons lead to their pages even when the menu call fails', async () => {
    for (const [w, h] of [
      [1440, 900],
      [390, 844],
    ]) {
      const { page: p } = await newPage(j.browser, j.server.url, { width: w, height: h });
      page = p;
      screenshotOnFailure(() => page, `verify-menu-down-${w}`);
      await p.route('**/api/index/menu*', (r) =>
        r.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ status: 0, msg: '服务器繁忙，请稍后再试', data: null }),
        }),
      );
      expectConsole(p, /status of 500 .*\/api\/index\/menu/, 'the test makes the menu call fail');
      // the operator: personal verification in review, a personal company not verified yet
      await login(p, '13800000003', 'Demo@2026');
      const company = p.getByTestId('verify-company');
      await expect.poll(() => company.textContent()).toContain('未认证');
      const go = company.getByRole('button', { name: /立即认证/ });
      expect(await go.isEnabled()).toBe(true);
      expect(
        await p
          .getByTestId('verify-person')
          .getByRole('button', { name: /认证中/ })
          .isDisabled(),
      ).toBe(true);
      // advanced verification waits for the company's, and says so
      const advanced = p.getByTestId('verify-advanced');
      expect(await advanced.getByRole('button', { name: /立即认证/ }).isDisabled()).toBe(true);
      expect(await p.getByTestId('verify-advanced-hint').getAttribute('title')).toBe('请先完成企业认证');
      expect(await content(p).textContent()).not.toContain('即将开放');
      await shot(p, `verify-menu-down-${w}`);
      if (w === 1440) {
        // the side menu says it failed and offers a retry, which brings it back once the server answers
        const failed = p.getByTestId('side-menu-error');
        await failed.waitFor({ timeout: 15_000 });
        expect(await failed.textContent()).toContain('菜单加载失败');
        await p.unroute('**/api/index/menu*');
        await failed.getByRole('button', { name: /重\s*试/ }).click();
        await p.getByTestId('side-menu').getByText('企业认证').waitFor();
      }
      await go.click();
      await p.waitForURL('**/dashboard/company-auth');
      await p.getByText('下载授权委托书模板').waitFor();
      await p.context().close();
    }
  });

  it('company verification approved, then advanced verification through the sandbox verifier and its signed callback', async () => {
    const { page: p } = await newPage(j.browser, j.server.url);
    page = p;
    screenshotOnFailure(() => page, 'verify-advanced');
    await login(p, '13800000003', 'Demo@2026');
    const first = '91320505MA1N8Q4K9';
    const registNo = first + creditCodeCheckChar(first);
    // the form was walked through above; here the operator's company submits through the same calls
    const submitted = await p.evaluate(async (registNo) => {
      const headers = { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };
      const info = (await (await fetch('/api/index/info')).json()).data;
      const image = async (color: string) => {
        const c = document.createElement('canvas');
        c.width = 320;
        c.height = 200;
        const g = c.getContext('2d')!;
        g.fillStyle = color;
        g.fillRect(0, 0, 320, 200);
        const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), 'image/jpeg'));
        const fd = new FormData();
        fd.append('image', blob, 'a.jpg');
        return (
          await (
            await fetch('/api/index/upload/charter', {
              method: 'POST',
              body: fd,
              headers: { 'X-Requested-With': 'XMLHttpRequest' },
            })
          ).json()
        ).data.path as string;
      };
      await fetch('/api/sms/authSms', { method: 'POST', headers, body: JSON.stringify({ phone: '13800000003' }) });
      const body = {
        company_id: info.company_id,
        name: '苏州李师傅机械服务有限公司',
        regist_no: registNo,
        legal: '李建军',
        province: 32,
        city: 3205,
        area: 320505,
        address: '苏州市虎丘区狮山路 88 号',
        registered_assets: 200,
        found_date: '2019-05-20',
        charter: await image('#336699'),
        registrant: '李建军',
        card: '310115198804120032',
        card_face: await image('#993333'),
        card_back: await image('#339933'),
        certificate: await image('#666666'),
        tel: '13800000003',
        code: '123456',
      };
      return (
        await fetch('/api/index/saveAuthCompany', { method: 'POST', headers, body: JSON.stringify(body) })
      ).json();
    }, registNo);
    expect(submitted).toMatchObject({ status: 1, data: { status: 3 } });
    await p.goto('/dashboard/company-auth');
    await expect.poll(() => content(p).textContent()).toContain('苏州李师傅机械服务有限公司');

    // the admin sees it in the company queue and approves
    const admin = await newPage(j.browser, j.server.url);
    await login(admin.page, '13800000000', 'Admin@2026');
    await admin.page.goto('/admin/verify/company');
    const row = admin.page.locator('tr', { hasText: '苏州李师傅机械服务有限公司' });
    await row.waitFor();
    await expect.poll(() => row.locator('img').count()).toBe(4);
    for (let i = 0; i < 4; i++) await expect.poll(() => loaded(row.locator('img').nth(i))).toBe(true);
    await shot(admin.page, 'admin-verify-company-1440');
    await row.getByRole('button', { name: /通\s*过/ }).click();
    await admin.page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => admin.page.locator('tr', { hasText: '苏州李师傅机械服务有限公司' }).count()).toBe(0);
    await admin.context.close();

    // the dashboard: company verified; advanced verification not yet
    await p.goto('/dashboard/index');
    const advancedRow = p.getByTestId('verify-advanced');
    await expect.poll(() => p.getByTestId('verify-company').textContent()).toContain('已认证');
    await expect.poll(() => advancedRow.textContent()).toContain('未认证');
    expect(await advancedRow.getByRole('button', { name: /立即认证/ }).isEnabled()).toBe(true);

    // a sub-user of the company sees both company buttons closed, and why (they are the main account's calls)
    const added = await p.evaluate(async () => {
      const headers = { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };
      const info = (await (await fetch('/api/index/info')).json()).data;
      await fetch('/api/company/user/sms', {
        method: 'POST',
        headers,
        body: JSON.stringify({ company_id: info.company_id, phone: '13800000002' }),
      });
      const res = await (
        await fetch('/api/company/user/add', {
          method: 'POST',
          headers,
          body: JSON.stringify({
            company_id: info.company_id,
            phone: '13800000002',
            code: '123456',
            name: '王立恒',
            remark: '设备对接',
          }),
        })
      ).json();
      return { status: res.status as number, companyId: info.company_id as number };
    });
    expect(added.status).toBe(1);
    for (const [w, h] of [
      [1440, 900],
      [390, 844],
    ]) {
      const sub = await newPage(j.browser, j.server.url, { width: w, height: h });
      await login(sub.page, '13800000002', 'Demo@2026');
      await sub.context.addCookies([{ name: 'company_id', value: String(added.companyId), url: j.server.url }]);
      await sub.page.goto('/dashboard/index');
      const subAdvanced = sub.page.getByTestId('verify-advanced');
      await expect.poll(() => subAdvanced.textContent()).toContain('未认证');
      expect(await subAdvanced.getByRole('button', { name: /立即认证/ }).isDisabled()).toBe(true);
      expect(await sub.page.getByTestId('verify-advanced-hint').getAttribute('title')).toBe(
        '企业认证和高级认证由企业主账号办理，如需办理请联系本企业主账号',
      );
      await expect
        .poll(() => sub.page.getByTestId('verify-main-only').textContent())
        .toContain('企业认证和高级认证由企业主账号办理');
      if (w === 1440) {
        await sub.page.getByTestId('verify-advanced-hint').hover();
        await sub.page.locator('.ant-tooltip', { hasText: '由企业主账号办理' }).waitFor();
      }
      await shot(sub.page, `verify-sub-user-${w}`);
      await sub.context.close();
    }

    // the main account starts: the verifier opens in a new window, and the dashboard says 认证中 meanwhile
    const [verifier] = await Promise.all([
      p.context().waitForEvent('page'),
      advancedRow.getByRole('button', { name: /立即认证/ }).click(),
    ]);
    await verifier.waitForURL('**/site/verify/sandbox/**');
    await verifier.getByText('苏州李师傅机械服务有限公司').waitFor();
    await shot(verifier, 'verify-sandbox-1440');
    await expect.poll(() => advancedRow.textContent()).toContain('认证中');
    expect(await advancedRow.getByRole('button', { name: /认证中/ }).isDisabled()).toBe(true);
    await shot(p, 'verify-advanced-waiting-1440');
    await p.setViewportSize({ width: 390, height: 844 });
    await shot(p, 'verify-advanced-waiting-390');
    await p.setViewportSize({ width: 1440, height: 900 });
    // 继续认证 answers the same order's page, not a new order
    const [again] = await Promise.all([
      p.context().waitForEvent('page'),
      p.getByTestId('verify-advanced-resume').click(),
    ]);
    await again.waitForURL('**/site/verify/sandbox/**');
    expect(again.url()).toBe(verifier.url());
    await again.close();

    // the verifier refuses, with a reason: 认证失败, the reason, and the button open again
    const reason = '营业执照登记信息与工商公示不一致';
    await verifier.getByLabel('不通过原因').fill(reason);
    await verifier.getByRole('button', { name: /认证不通过/ }).click();
    await verifier.getByText('结果已回调平台，可关闭本页面').waitFor();
    await shot(verifier, 'verify-sandbox-refused-1440');
    await verifier.close();
    await p.reload();
    await expect.poll(() => advancedRow.textContent()).toContain('认证失败');
    await expect.poll(() => verifyCard(p).textContent()).toContain(`原因：${reason}`);
    expect(await advancedRow.getByRole('button', { name: /重新认证/ }).isEnabled()).toBe(true);
    await shot(p, 'verify-advanced-failed-1440');
    await p.setViewportSize({ width: 390, height: 844 });
    await shot(p, 'verify-advanced-failed-390');
    await p.setViewportSize({ width: 1440, height: 900 });

    // 重新认证: a new order, and this time the verifier passes it
    const [second] = await Promise.all([
      p.context().waitForEvent('page'),
      advancedRow.getByRole('button', { name: /重新认证/ }).click(),
    ]);
    await second.waitForURL('**/site/verify/sandbox/**');
    expect(second.url()).not.toBe(verifier.url());
    await second.getByRole('button', { name: /认证通过/ }).click();
    await second.getByText('结果已回调平台，可关闭本页面').waitFor();
    await shot(second, 'verify-sandbox-done-1440');
    await second.close();

    await p.reload();
    await expect.poll(() => advancedRow.textContent()).toContain('已认证');
    expect(await advancedRow.getByRole('button', { name: /已认证/ }).isDisabled()).toBe(true);
    await shot(p, 'verify-advanced-passed-1440');

    // the supply-chain finance product (spec/2 §6): 未开通 → 开通 (after a confirm) opens the partner in a new window,
    // 审核中 meanwhile; the partner refuses with a reason, the company applies again, and the partner approves
    const fin = p.getByTestId('finance-product');
    await expect.poll(() => fin.textContent()).toContain('未开通');
    await fin.getByTestId('finance-product-apply').click();
    const [partner] = await Promise.all([
      p.context().waitForEvent('page'),
      p
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s*定/ })
        .click(),
    ]);
    await partner.waitForURL('**/site/finance/sandbox/KT**');
    await partner.getByText('苏州李师傅机械服务有限公司').waitFor();
    await shot(partner, 'finance-product-sandbox-1440');
    await p.bringToFront();
    await expect.poll(() => fin.textContent()).toContain('审核中');
    // the partner's deadline: unanswered by then, the application expires and the company may apply again
    await expect
      .poll(() => fin.getByTestId('finance-product-reason').textContent())
      .toMatch(/^金融机构审核截止：\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await partner.getByTestId('sandbox-product-reason').fill('近一年经营流水不足');
    await partner.getByRole('button', { name: /拒\s*绝/ }).click();
    await partner.getByText('该申请已处理').waitFor();
    await partner.close();
    await p.reload();
    await expect.poll(() => fin.textContent()).toContain('未通过');
    await expect.poll(() => fin.textContent()).toContain('未通过原因：近一年经营流水不足');
    await shot(p, 'finance-product-refused-1440');
    await fin.getByTestId('finance-product-apply').click();
    const [partner2] = await Promise.all([
      p.context().waitForEvent('page'),
      p
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s*定/ })
        .click(),
    ]);
    await partner2.waitForURL('**/site/finance/sandbox/KT**');
    await partner2.getByRole('button', { name: /审核通过/ }).click();
    await partner2.getByText('该申请已处理').waitFor();
    await partner2.close();
    // back on the dashboard: the status is read again when the window regains focus
    await p.bringToFront();
    await p.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => fin.textContent()).toContain('已开通');
    await shot(p, 'finance-product-open-1440');
    await p.goto('/dashboard/message');
    await content(p)
      .getByRole('button', { name: /高级认证未通过/ })
      .waitFor();
    await p.goto('/dashboard/message');
    await content(p)
      .getByRole('button', { name: /高级认证已通过/ })
      .waitFor();
    await content(p)
      .getByRole('button', { name: /企业认证已通过/ })
      .waitFor();
    await p.context().close();
  });

  it('the console lists finance-product applications by state and company name with their trail, and closes a stuck one with a reason; the company sees 已关闭 and may apply again', async () => {
    const { context, page: a } = await newPage(j.browser, j.server.url);
    page = a;
    screenshotOnFailure(() => page, 'finance-products-admin');
    await login(a, '13800000000', 'Admin@2026');
    await a.goto('/admin');
    await a.getByRole('button', { name: '金融产品开通' }).click();
    await a.waitForURL('**/admin/finance-products');
    // the demo's refused application, found by part of its company's name (the filter in the URL)
    await a.getByPlaceholder('企业名称').fill('徽建');
    await a.getByPlaceholder('企业名称').press('Enter');
    await a.waitForURL(/company=/);
    const refused = a.locator('.ant-table-row', { hasText: '安徽徽建工程机械有限公司' });
    await refused.getByText('已拒绝').waitFor();
    await refused.getByText('未通过原因：近一年经营流水不足').waitFor();
    await expect.poll(() => a.locator('.ant-table-row').count()).toBe(1);
    // its trail, from the audit service
    await refused.locator('.ant-table-row-expand-icon').click();
    const trail = a.getByTestId('finprod-trail');
    await trail.getByText('提交申请').waitFor();
    await trail.getByText('拒绝', { exact: true }).waitFor();
    await shot(a, 'finance-products-admin-1440');

    // 审核中: the demo's application still waiting at the partner; staff close it with a reason
    await a.getByPlaceholder('企业名称').fill('');
    await a.getByPlaceholder('企业名称').press('Enter');
    await a.locator('#tab-3').click();
    await a.waitForURL(/state=3/);
    const stuck = a.locator('.ant-table-row', { hasText: '浙江宏远建机设备租赁有限公司' });
    await stuck.getByText('审核中').waitFor();
    await stuck.getByRole('button', { name: /关闭申请/ }).click();
    const dlg = a.locator('.ant-modal:visible');
    await dlg.getByRole('button', { name: /关闭申请/ }).click();
    await dlg.locator('.ant-form-item-explain-error', { hasText: '请填写关闭原因' }).waitFor();
    const reason = '金融机构超过5个工作日未处理，平台关闭后请重新申请';
    await dlg.getByLabel('关闭原因').fill(reason);
    await shot(a, 'finance-products-close-1440');
    await dlg.getByRole('button', { name: /关闭申请/ }).click();
    await a.getByText('操作成功').first().waitFor();
    await expect.poll(() => a.locator('.ant-table-row', { hasText: '浙江宏远建机设备租赁有限公司' }).count()).toBe(0);
    await a.locator('#tab-5').click();
    await a.waitForURL(/state=5/);
    const closed = a.locator('.ant-table-row', { hasText: '浙江宏远建机设备租赁有限公司' });
    await closed.getByText(`平台已关闭该申请：${reason}`).waitFor();
    await closed.locator('.ant-table-row-expand-icon').click();
    await a.getByTestId('finprod-trail').getByText('平台关闭', { exact: true }).waitFor();
    await a.getByTestId('finprod-trail').getByText('平台管理员', { exact: true }).waitFor();
    await a.setViewportSize({ width: 390, height: 844 });
    await shot(a, 'finance-products-admin-390');
    await context.close();

    // the provider's dashboard: 已关闭 with the platform's reason, and 重新申请 open
    const prov = await newPage(j.browser, j.server.url);
    const p = prov.page;
    page = p;
    await login(p, '13800000011', 'Demo@2026');
    const fin = p.getByTestId('finance-product');
    await expect.poll(() => fin.textContent()).toContain('已关闭');
    await expect.poll(() => fin.textContent()).toContain(`平台已关闭该申请：${reason}`);
    expect(await fin.getByTestId('finance-product-apply').isEnabled()).toBe(true);
    expect(await fin.getByTestId('finance-product-apply').textContent()).toMatch(/重新申请/);
    await shot(p, 'finance-product-closed-1440');
    await p.goto('/dashboard/message');
    await content(p)
      .getByRole('button', { name: /供应链金融产品开通申请已关闭/ })
      .waitFor();
    await prov.context.close();
  });
});
