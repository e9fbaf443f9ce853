import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { smsCodes } from '../../db/schema';
import { createTestApp, testPhone } from '../../test/harness';
import { sendSmsCode, verifySmsCode } from './sms.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ SMS_MAX_ATTEMPTS: '3' });
});
afterAll(async () => t?.close());

const deps = () => ({ db: t.db, config: t.config, sms: { send: async () => {} } });
const settle = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: Error) => e.message,
  );

describe('verifySmsCode', () => {
  it('consumes a code exactly once under concurrent use', async () => {
    const phone = testPhone();
    await sendSmsCode(deps(), phone, 'member_add', '10.1.1.1');
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => settle(verifySmsCode(t.db, phone, 'member_add', '123456', 3))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r !== 'ok').every((r) => r === '验证码已过期，请重新获取')).toBe(true);
  });

  it('keeps scenes apart', async () => {
    const phone = testPhone();
    await sendSmsCode(deps(), phone, 'old_mobile', '10.1.1.2');
    expect(await settle(verifySmsCode(t.db, phone, 'new_mobile', '123456', 3))).toBe('验证码已过期，请重新获取');
    expect(await settle(verifySmsCode(t.db, phone, 'old_mobile', '123456', 3))).toBe('ok');
  });

  it('honours the configured attempt cap and an empty code', async () => {
    const phone = testPhone();
    await sendSmsCode(deps(), phone, 'auth', '10.1.1.3');
    expect(await settle(verifySmsCode(t.db, phone, 'auth', '', 3))).toBe('请输入验证码');
    expect(await settle(verifySmsCode(t.db, phone, 'auth', '111111', 3))).toBe('验证码错误');
    expect(await settle(verifySmsCode(t.db, phone, 'auth', '111111', 3))).toBe('验证码错误');
    expect(await settle(verifySmsCode(t.db, phone, 'auth', '111111', 3))).toBe('验证码错误次数过多，请重新获取');
    expect(await settle(verifySmsCode(t.db, phone, 'auth', '123456', 3))).toBe('验证码错误次数过多，请重新获取');
    const [row] = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row).toMatchObject({ attempts: 3, usedAt: null });
  });

  it('stores only a hash of the code and a random code without a dev code', async () => {
    const phone = testPhone();
    let seen = '';
    const cfg = { ...t.config, sms: { ...t.config.sms, devCode: undefined } };
    await sendSmsCode(
      { db: t.db, config: cfg, sms: { send: async (_p, code) => void (seen = code) } },
      phone,
      'login',
      '10.1.1.4',
    );
    expect(seen).toMatch(/^\d{6}$/);
    const [row] = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row.codeHash).not.toContain(seen);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await settle(verifySmsCode(t.db, phone, 'login', seen, 3))).toBe('ok');
  });
});

describe('OpenAPI', () => {
  it('lists the auth, account, company, staff and admin routes', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    for (const p of [
      '/api/auth/sms',
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/index/info',
      '/api/index/menu',
      '/api/company/info',
      '/api/index/staff',
      '/api/index/staff_list',
      '/api/admin/overview',
      '/api/admin/users',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
