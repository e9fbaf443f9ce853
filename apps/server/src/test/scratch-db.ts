import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL database images of a run (test/harness.ts databaseImage) are named `${TEMPLATE_PREFIX}<run>_<pid>_<name>`. */
export const TEMPLATE_PREFIX = 'jizu_img_';

/**
 * A fresh database of a test's own on the server of `baseUrl` (TEST_DATABASE_URL), never shared with another file.
 * `drop` waits for the pools that used it to say goodbye (a killed client raises an uncaught 'terminating connection'
 * error in the process that owned it) and forces only as the last resort; `terminate…` cut this database's backends
 * as a restart or fail-over does, and only this database's.
 */
export async function createScratchDatabase(baseUrl: string, prefix = 'jizu_t', template?: string) {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  admin.on('error', () => {});
  await admin.connect();
  if (template) await createFromTemplate(admin, name, template);
  else await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  const terminate = async (extra: string) =>
    Number(
      (
        await admin.query(
          `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()${extra}`,
          [name],
        )
      ).rows[0].n,
    );
  return {
    name,
    url: u.toString(),
    host: u.hostname,
    port: Number(u.port || 5432),
    /** pg_terminate_backend for every backend of this database */
    terminateAll: () => terminate(''),
    /** only the backends of this database that are inside a transaction, between two statements */
    terminateInTransaction: () => terminate(" AND state = 'idle in transaction'"),
    async drop() {
      try {
        for (let i = 0; ; i++) {
          try {
            await admin.query(
              i < 60 ? `DROP DATABASE IF EXISTS ${name}` : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
            );
            break;
          } catch (e) {
            if (i >= 60 || (e as { code?: string }).code !== '55006') throw e;
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      } finally {
        await admin.end();
      }
    },
  };
}

/**
 * CREATE DATABASE … TEMPLATE: a copy of a database nobody is connected to (the harness's migrated or seeded images).
 * The backends of the pool that filled the template may take a moment to leave after its end(): PostgreSQL then
 * answers 55006 (being accessed by other users), and the copy is tried again.
 */
async function createFromTemplate(admin: pg.Client, name: string, template: string) {
  if (!/^[a-z0-9_]+$/.test(template)) throw new Error(`bad template name ${template}`);
  for (let i = 0; ; i++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (e) {
      if (i >= 100 || (e as { code?: string }).code !== '55006') throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
