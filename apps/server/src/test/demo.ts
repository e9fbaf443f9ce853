import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { MemoryStore } from '../platform/object-store';
import { seedDemoIfEmpty } from '../seed/demo';
import { loadReferenceData } from '../seed/reference';
import { createTestApp, databaseImage, testConfig } from './harness';

/**
 * The demo data, seeded once per worker process into a database image (harness.ts databaseImage) by the real
 * seedDemoIfEmpty on an empty migrated database, with a data key and an object store of its own; each demoApp starts
 * on a copy of that database, with that key and a copy of that store. (seed/demo.test.ts and demo.listings.test.ts
 * test the seeding itself, on a database of their own.)
 */
const DEMO_ENV = { DATA_KEYS: randomBytes(32).toString('base64') };
const demoStore = new MemoryStore();
const demoImage = () =>
  databaseImage('demo', async (db) => {
    await loadReferenceData(db);
    const r = await seedDemoIfEmpty(db, testConfig(DEMO_ENV), demoStore);
    if (!r.seeded) throw new Error('the demo data was not seeded on an empty database');
  });

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
    const image = demoImage();
    await image;
    for (const [key, file] of demoStore.files)
      d.store.files.set(key, { bytes: Buffer.from(file.bytes), contentType: file.contentType });
    d.t = await createTestApp(DEMO_ENV, { store: d.store }, image);
  });
  afterAll(async () => d.t?.close());
  return d;
}
