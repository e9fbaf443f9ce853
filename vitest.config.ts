import { defineConfig } from 'vitest/config';

// How many files run at once (npm test sets these, scripts/test.mjs); one by default
const apiWorkers = Number(process.env.JIZU_API_WORKERS) || 1;
const e2eWorkers = Number(process.env.JIZU_E2E_WORKERS) || 1;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          include: [
            'apps/server/src/**/*.test.ts',
            'packages/shared/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'eslint/**/*.test.ts',
          ],
          // names the run, and drops the PostgreSQL database images its workers made (src/test/harness.ts databaseImage)
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          pool: 'forks',
          // one module graph per worker, not per file: each file imported the whole app again (≈3 s each, 200 s a run);
          // files share no state but their imports (each makes its own app and database), and no test mocks a module
          isolate: false,
          // each worker its own module graph and its own database images (src/test/harness.ts databaseImage)
          maxWorkers: apiWorkers,
          testTimeout: 30_000,
          // a worker's first demo file seeds the demo in its hook (src/test/demo.ts), beside the journeys under npm test
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/template.ts'],
          pool: 'forks',
          // each file has its own server and browser (e2e/support/journey.ts): files may run side by side
          fileParallelism: e2eWorkers > 1,
          maxWorkers: e2eWorkers,
          // a page's data arrives when the machine allows: expect.poll waits as long as a locator does (1 s by default)
          expect: { poll: { timeout: 15_000 } },
          // a journey is many pages; under npm test the API suites run beside it (scripts/test.mjs)
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
