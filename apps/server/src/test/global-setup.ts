import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TEMPLATE_PREFIX } from './scratch-db';

/**
 * Global set-up of the API project: names the run (JIZU_TEST_RUN) so that the database images its workers leave on
 * the PostgreSQL server of TEST_DATABASE_URL (test/harness.ts databaseImage) are dropped when the run ends, however
 * it ends, and only this run's.
 */
export default function setup() {
  const run = randomBytes(4).toString('hex');
  process.env.JIZU_TEST_RUN = run;
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    admin.on('error', () => {});
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${TEMPLATE_PREFIX}${run}\\_%`]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
