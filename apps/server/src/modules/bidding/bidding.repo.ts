import { and, eq, gt, inArray } from 'drizzle-orm';
import { BIDDING_CLASSIFY } from '@jizu/shared/constants/bidding';
import type { Executor } from '../../db/client';
import { biddingLines, biddingOfferLines, biddingOffers, biddings } from './bidding.tables';
import { rowsWhere } from '../../db/rows';

/*
 * What other modules read of the bidding tables (a module reads another's tables only through its exported functions:
 * eslint jizu/no-foreign-tables). The rental orders of a completed project are made from these rows.
 */

/** The responses chosen on a project (selected = 1). */
export function selectedOffers(db: Executor, biddingId: number) {
  return rowsWhere(db, biddingOffers, and(eq(biddingOffers.biddingId, biddingId), eq(biddingOffers.selected, 1)));
}

/** A project's lines, in no particular order. */
export function linesOfBidding(db: Executor, biddingId: number) {
  return rowsWhere(db, biddingLines, eq(biddingLines.biddingId, biddingId));
}

/** The quote lines of a chosen response an order is made of: itemised, those with an allocation; comprehensive, all. */
export function orderedQuotes(db: Executor, offerId: number, classify: number) {
  return rowsWhere(
    db,
    biddingOfferLines,
    and(
      eq(biddingOfferLines.offerId, offerId),
      classify === BIDDING_CLASSIFY.itemised ? gt(biddingOfferLines.allotNum, 0) : gt(biddingOfferLines.num, -1),
    ),
  );
}

/** Lines by id (the requirements an order line was made from). */
export async function biddingLinesByIds(db: Executor, ids: number[]) {
  return ids.length ? rowsWhere(db, biddingLines, inArray(biddingLines.id, ids)) : [];
}

/** Projects by id (the requirements of a comprehensive project's orders). */
export async function biddingsByIds(db: Executor, ids: number[]) {
  return ids.length ? rowsWhere(db, biddings, inArray(biddings.id, ids)) : [];
}
