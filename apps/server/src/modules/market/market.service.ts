import type { Executor } from '../../db/client';

/**
 * Keeps the market's read model of one listing in step with the listing (called by equipment.service inside the
 * transaction of every change: create, edit, review, list / delist, delete, lease). The market issue's search
 * index lives behind this one call.
 */
export async function syncMarketListing(_tx: Executor, _listingId: number): Promise<void> {
  // the market module fills this in
}
