import { SandboxFinance } from '../platform/finance';
import { createTestApp } from './harness';

/** The finance partner's HMAC key in tests (its callbacks are signed with it). */
export const FINANCE_TEST_SECRET = 'test-finance-secret-0123456789';

/** A test app whose finance partner is the sandbox, its HTTP callbacks delivered through the app itself. */
export async function createFinanceTestApp(env: Record<string, string> = {}) {
  const box: { t?: Awaited<ReturnType<typeof createTestApp>> } = {};
  const finance = new SandboxFinance({
    secret: FINANCE_TEST_SECRET,
    publicUrl: 'http://jizu.test',
    callbackBase: '',
    post: async (url, body) => {
      const res = await box.t!.app.inject({ method: 'POST', url, payload: body });
      return { status: res.statusCode, body: res.json() };
    },
  });
  box.t = await createTestApp(env, { finance });
  return box.t;
}
