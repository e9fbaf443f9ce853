import { openDatabase } from './client';
import { loadReferenceData } from '../seed/reference';
import { makePgliteTemplate, pgliteTemplateDir } from './template';

/**
 * Makes the embedded database's template of this code (db/template.ts) when it is missing: run by the server's build
 * (apps/server/scripts/build.mjs), so that npm start's first start on a new data directory copies it.
 */
const ms = await makePgliteTemplate(async (dataDir) => {
  const database = await openDatabase({ dataDir, template: false });
  await loadReferenceData(database.db);
  return database;
});
if (ms !== null)
  console.log(
    `Empty database (PGlite, migrated) made in ${(ms / 1000).toFixed(1)} s: new data directories start from a copy (${pgliteTemplateDir()})`,
  );
