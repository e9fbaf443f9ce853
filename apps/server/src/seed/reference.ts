import type { DB } from '../db/client';
import { loadReference } from '../modules/region/region.service';

/**
 * Reference data every database needs (regions, equipment taxonomy), loaded idempotently at every start:
 * a release that adds rows adds them to existing databases too.
 */
export async function loadReferenceData(db: DB) {
  return loadReference(db);
}
