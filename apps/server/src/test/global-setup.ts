import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { dumpPglite, openDatabase } from '../db/client';
import { TEMPLATE_PREFIX } from './scratch-db';

/**
 * Global set-up of the API project: names the run (JIZU_TEST_RUN), and makes its migrated database image once, outside
 * any test's time limit: an empty database with the committed migrations applied by the real migrator, which every
 * test database then copies (test/harness.ts databaseImage): a PGlite dump in a file, or a database on the server
 * of TEST_DATABASE_URL (JIZU_TEST_IMAGE). The teardown drops this run's PostgreSQL images (the workers' seeded ones
 * too), however the run ends, and only this run's.
 */
export default async function setup() {
  const run = randomBytes(4).toString('hex');
  process.env.JIZU_TEST_RUN = run;
  const url = process.env.TEST_DATABASE_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-images-'));
  const teardown = async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (!url) return;
    await withAdmin(url, async (admin) => {
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
        `${TEMPLATE_PREFIX}${run}\\_%`,
      ]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    });
  };
  try {
    if (url) {
      const name = `${TEMPLATE_PREFIX}${run}_migrated`;
      await withAdmin(url, (admin) => admin.query(`CREATE DATABASE ${name}`));
      const u = new URL(url);
      u.pathname = `/${name}`;
      const database = await openDatabase({ url: u.toString(), poolSize: 2 });
      await database.close();
      process.env.JIZU_TEST_IMAGE = name;
    } else {
      const database = await openDatabase({ dataDir: null });
      try {
        const file = path.join(dir, 'migrated.tar');
        const dump = await dumpPglite((database.db as unknown as { $client: PGlite }).$client);
        fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
        process.env.JIZU_TEST_IMAGE = file;
      } finally {
        await database.close();
      }
    }
  } catch (e) {
    await teardown();
    throw e;
  }
  return teardown;
}

async function withAdmin<T>(url: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  admin.on('error', () => {});
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}
