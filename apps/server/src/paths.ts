import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Set by the development bundle of `npm run dev` (apps/server/scripts/build.mjs): src itself, wherever the bundle is. */
declare const __JIZU_CODE_ROOT__: string | undefined;

/**
 * Where the server's code is: apps/server/src under tsx (tests, the journeys) and for `npm run dev`'s bundle (which
 * says so), apps/server/dist when built (`npm start`; the bundle puts every module in that one folder, so a module's
 * own import.meta.url no longer says where its source was). Files read at run time are found from here:
 * scripts/build.mjs copies them to the same places under dist.
 */
export const codeRoot =
  typeof __JIZU_CODE_ROOT__ === 'string' ? __JIZU_CODE_ROOT__ : path.dirname(fileURLToPath(import.meta.url));

/** The committed migrations (drizzle-kit generate), applied at start. */
export const migrationsFolder = path.join(codeRoot, 'db/migrations');
/** The committed regions (scripts/gen-regions.mjs). */
export const regionsFile = path.join(codeRoot, 'data/regions.json');
/** The regions' centres (scripts/gen-region-centres.mjs). */
export const regionCentresFile = path.join(codeRoot, 'data/region-centres.json');
/** The built web app (apps/web/dist): the same two levels up from src and from dist. */
export const webDist = path.resolve(codeRoot, '../../web/dist');
