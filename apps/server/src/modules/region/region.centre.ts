import fs from 'node:fs';
import type { TRegionCentre } from '@jizu/shared/schemas/region';
import { regionCentresFile } from '../../paths';

/** Rows of data/region-centres.json: [id, lng, lat, from]. */
type TCentreRow = [number, number, number, number];

let centres: Map<number, TRegionCentre> | null = null;

/**
 * The centre of a region, from the committed file (reference data that changes only with a release: read once, a
 * copy of a file, never the only copy of anything). Null for an id the file does not have.
 */
export function regionCentre(id: number): TRegionCentre | null {
  if (!centres) {
    const rows = (JSON.parse(fs.readFileSync(regionCentresFile, 'utf8')) as { rows: TCentreRow[] }).rows;
    centres = new Map(rows.map(([rid, lng, lat, from]) => [rid, { id: rid, lng, lat, from }]));
  }
  return centres.get(id) ?? null;
}
