import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { copyPgliteTemplate, makePgliteTemplate, pgliteTemplateKey } from './template';
import { loadReferenceData } from '../seed/reference';
// the build makes the template (apps/server/scripts/build.mjs): its key must be the one the server looks for
// @ts-expect-error a plain JavaScript module of the build, without types
import { pgliteTemplateKey as buildKey } from '../../scripts/build.mjs';

const rows = async (db: Awaited<ReturnType<typeof openDatabase>>['db'], q: ReturnType<typeof sql>) => {
  const r = await db.execute(q);
  return (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, unknown>[];
};

// the embedded database's template; PGlite only, so it runs once (the PostgreSQL run skips it)
describe.skipIf(!!process.env.TEST_DATABASE_URL)(
  'the migrated empty database new PGlite directories start from',
  () => {
    let root: string;
    beforeAll(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'jizu-template-'));
    });
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

    it('has the same key at build and at run time, which changes with the migrations', () => {
      expect(buildKey()).toBe(pgliteTemplateKey());
      expect(pgliteTemplateKey()).toMatch(/^[0-9a-f]{16}$/);
    });

    it('is made once, and a new directory copied from it is migrated with the reference data; an existing database is never replaced', async () => {
      const templates = path.join(root, 'templates');
      // no template yet: nothing is copied (the server then makes its database the old way)
      expect(copyPgliteTemplate(path.join(root, 'none/pg'), templates)).toBe(false);
      // an older key's template is removed when the new one is made
      fs.mkdirSync(path.join(templates, '0123456789abcdef'), { recursive: true });
      const made = await makePgliteTemplate(async (dataDir) => {
        const database = await openDatabase({ dataDir, template: false });
        await loadReferenceData(database.db);
        return database;
      }, templates);
      expect(made).toEqual(expect.any(Number));
      expect(fs.readdirSync(templates)).toEqual([pgliteTemplateKey()]);
      expect(await makePgliteTemplate(() => Promise.reject(new Error('not called: it exists')), templates)).toBeNull();

      const dir = path.join(root, 'data/pg');
      expect(copyPgliteTemplate(dir, templates)).toBe(true);
      expect(fs.readdirSync(path.dirname(dir))).toEqual(['pg']); // no copy left beside it
      const database = await openDatabase({ dataDir: path.dirname(dir), template: false });
      try {
        const applied = await rows(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        const journal = JSON.parse(
          fs.readFileSync(path.join(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8'),
        ).entries.length;
        expect(applied[0].n).toBe(journal);
        expect((await rows(database.db, sql`select count(*)::int as n from regions`))[0].n).toBeGreaterThan(3000);
        expect((await rows(database.db, sql`select count(*)::int as n from users`))[0].n).toBe(0);
        await database.db.execute(sql`create table kept_here (v text)`);
        await database.db.execute(sql`insert into kept_here values ('kept')`);
      } finally {
        await database.close();
      }
      // a directory that holds a database already keeps it
      expect(copyPgliteTemplate(dir, templates)).toBe(false);
      const again = await openDatabase({ dataDir: path.dirname(dir), template: false });
      try {
        expect((await rows(again.db, sql`select v from kept_here`))[0]?.v).toBe('kept');
      } finally {
        await again.close();
      }
    }, 120_000);
  },
);
