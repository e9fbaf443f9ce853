import { and, eq, ne, sql } from 'drizzle-orm';
import { BIDDING_STATUS, OFFER_STATUS, biddingTransition, type TBiddingAction, type TBiddingWho } from '@jizu/shared/constants/bidding';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { recordAudit, type TActor } from '../audit/audit.service';
import { biddingOffers, biddings } from './bidding.tables';
import { countResponses, type TBiddingRow } from './bidding.view';

/** The audit trail's entity names of this area. */
export const AUDIT_BIDDING = 'bidding';
export const AUDIT_OFFER = 'bidding_offer';

/**
 * Moves a bidding by one transition of BIDDING_TRANSITIONS, in the caller's transaction: checks the table for the role
 * (and the responding-company rule of an early cut-off), compare-and-sets the status against the value read, moves
 * every offer with it (offerStatusAfter, one statement) and records the change in the audit trail. `set` carries the
 * transition's own fields (a reason, cutoffAt, finishedAt). A status that changed meanwhile answers BIDDING_STATE.
 * select / deselect keep the status: callers use it only as the permission check (`check: true`).
 */
export async function moveBidding(
  tx: Executor,
  actor: TActor,
  b: Pick<TBiddingRow, 'id' | 'status'>,
  action: TBiddingAction,
  who: TBiddingWho,
  opts: { reason?: string; set?: Partial<typeof biddings.$inferInsert> } = {},
): Promise<TBiddingRow> {
  const responses = action === 'advance' ? ((await countResponses(tx, [b.id])).get(b.id) ?? 0) : 0;
  const t = biddingTransition(b.status, action, who, responses);
  if (!t) throw new AppError(action === 'advance' && b.status === BIDDING_STATUS.responding ? 'BIDDING_NO_RESPONSE' : 'BIDDING_STATE');
  const now = new Date();
  const [row] = await tx
    .update(biddings)
    .set({ ...opts.set, status: t.to, updatedAt: now })
    .where(and(eq(biddings.id, b.id), eq(biddings.status, b.status)))
    .returning();
  if (!row) throw new AppError('BIDDING_STATE');
  if (t.to !== b.status) await syncOfferStatuses(tx, b.id, t.to);
  await recordAudit(tx, actor, { entity: AUDIT_BIDDING, entityId: b.id, action, from: b.status, to: t.to, reason: opts.reason });
  return row;
}

/**
 * Sets every offer of a bidding to what offerStatusAfter says for the bidding's new status (withdrawn ones stay): one
 * UPDATE, so a list of responses never shows a half-moved project.
 */
export async function syncOfferStatuses(tx: Executor, biddingId: number, biddingStatus: number): Promise<void> {
  const O = OFFER_STATUS;
  const to =
    biddingStatus === BIDDING_STATUS.responding
      ? sql`${O.responding}::smallint`
      : biddingStatus === BIDDING_STATUS.cutoff
        ? sql`${O.cutoff}::smallint`
        : biddingStatus === BIDDING_STATUS.completed
          ? sql`(case when ${biddingOffers.selected} = 1 then ${O.selected} else ${O.notSelected} end)::smallint`
          : biddingStatus === BIDDING_STATUS.closed
            ? sql`${O.closed}::smallint`
            : null;
  if (!to) return;
  await tx
    .update(biddingOffers)
    .set({ status: sql`${to}`, updatedAt: new Date() })
    .where(and(eq(biddingOffers.biddingId, biddingId), ne(biddingOffers.status, O.withdrawn)));
}
