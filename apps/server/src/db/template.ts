import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { codeRoot, migrationsFolder, regionsFile } from '../paths';

/**
 * An empty embedded database with every migration applied, made once (by the server's build, npm start's first step)
 * and copied into each new data directory. A new PGlite directory otherwise runs PostgreSQL's initdb in WebAssembly
 * and then all the migrations: 5–15 s of a first start on this project's 2-core machine, against well under a
 * second for the copy (scripts/cold-start.mjs). The template holds the schema and the reference data (regions, the
 * equipment catalogue), which every start checks and brings up to date anyway (seed/reference.ts); the migrations
 * insert no rows and the demo data is loaded at start as before: a copy is the database a fresh start would make.
 *
 * It lives in apps/server/node_modules/.cache (a cache beside dist, like the dev bundle's), under a key of the
 * PGlite version, the migrations' and the regions' contents: a new migration or another PGlite makes a new one, and a
 * start finding none (the API tests' in-memory databases, a build that could not make it) takes the old way.
 * openDatabase still migrates the copy, which applies nothing.
 */
export const pgliteTemplateRoot = path.resolve(codeRoot, '../node_modules/.cache/jizu-pglite');

/** The key of the template that fits this code: the PGlite version, every migration file's name and bytes, the regions. */
export function pgliteTemplateKey(): string {
  const h = createHash('sha256');
  const require = createRequire(import.meta.url);
  const pkg = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '../package.json');
  h.update(`pglite ${JSON.parse(fs.readFileSync(pkg, 'utf8')).version}\n`);
  for (const f of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const p = path.join(migrationsFolder, f);
    if (fs.statSync(p).isDirectory()) continue;
    h.update(`${f}\n`).update(fs.readFileSync(p));
  }
  h.update(fs.readFileSync(regionsFile));
  return h.digest('hex').slice(0, 16);
}

export const pgliteTemplateDir = (key = pgliteTemplateKey()) => path.join(pgliteTemplateRoot, key);

/**
 * Fills a new PGlite directory (absent or empty) from the template when there is one; true when it did. The copy is
 * made beside `dir` and renamed into place, so a start stopped half-way leaves no half database behind.
 */
export function copyPgliteTemplate(dir: string, root = pgliteTemplateRoot): boolean {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) return false;
  const template = path.join(root, pgliteTemplateKey());
  if (!fs.existsSync(path.join(template, 'PG_VERSION'))) return false;
  const tmp = `${dir}.copy-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  // a copy-on-write clone where the filesystem has them, else a plain copy (~45 MB, most of it one WAL segment)
  fs.cpSync(template, tmp, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(tmp, dir);
  return true;
}

/**
 * Makes the template of this code when it is missing (initdb and the migrations in a scratch directory, closed
 * cleanly, renamed into place) and removes those of other keys. Returns how long it took, or null when it existed.
 */
export async function makePgliteTemplate(
  open: (dataDir: string) => Promise<{ close(): Promise<void> }>,
  root = pgliteTemplateRoot,
): Promise<number | null> {
  const key = pgliteTemplateKey();
  const dir = path.join(root, key);
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return null;
  const started = Date.now();
  fs.mkdirSync(root, { recursive: true });
  const scratch = fs.mkdtempSync(path.join(root, `.make-${key}-`));
  try {
    const database = await open(scratch);
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(path.join(scratch, 'pg'), dir);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  for (const other of fs.readdirSync(root))
    if (other !== key && !other.startsWith('.make-'))
      fs.rmSync(path.join(root, other), { recursive: true, force: true });
  return Date.now() - started;
}
