import { afterAll, beforeAll } from 'vitest';
import { MemoryStore } from '../platform/object-store';
import { seedDemoIfEmpty } from '../seed/demo';
import { loadReferenceData } from '../seed/reference';
import { createTestApp } from './harness';

/**
 * A test app with the reference data and the demo seeded (one per test file), and the calls the demo tests make: log a
 * demo account in by password, GET with its token. Use at the top level of a test file: `const d = demoApp();`, then
 * `d.t` inside the tests.
 */
export function demoApp() {
  const d = {
    t: undefined as unknown as Awaited<ReturnType<typeof createTestApp>>,
    store: new MemoryStore(),
    login: async (phone: string, password: string) => {
      const res = await d.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, password } });
      return { authorization: `Bearer ${res.json().data.token as string}` };
    },
    get: (url: string, headers: Record<string, string>) => d.t.app.inject({ method: 'GET', url, headers }),
  };
  beforeAll(async () => {
    d.t = await createTestApp({}, { store: d.store });
    await loadReferenceData(d.t.db);
    await seedDemoIfEmpty(d.t.db, d.t.config, d.store);
  });
  afterAll(async () => d.t?.close());
  return d;
}
