import { and, eq, inArray } from 'drizzle-orm';
import { BIDDING_MACHINE, offerFollowOf, type TBiddingAction, type TBiddingWho } from '@jizu/shared/constants/bidding';
import { statusAfter, transitionOf } from '@jizu/shared/rules/machine';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { recordAudit, type TActor } from '../audit/audit.service';
import { biddingOffers, biddings } from './bidding.tables';
import { countResponses, type TBiddingRow } from './bidding.view';

/** The audit trail's entity names of this area. */
export const AUDIT_BIDDING = 'bidding';
export const AUDIT_OFFER = 'bidding_offer';

/**
 * Moves a bidding by one transition of BIDDING_MACHINE, in the caller's transaction: checks the table for the role
 * (and the responding-company rule of an early cut-off), compare-and-sets the status against the value read, moves
 * every offer with it (the response table's `bidding` rows) and records the change in the audit trail. `set` carries the
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
  const t = transitionOf(BIDDING_MACHINE, { status: b.status, responses }, action, who);
  // an early cut-off refused only for want of a responding company says so
  if (!t)
    throw new AppError(
      action === 'advance' && transitionOf(BIDDING_MACHINE, { status: b.status, responses: 1 }, action, who)
        ? 'BIDDING_NO_RESPONSE'
        : 'BIDDING_STATE',
    );
  const to = statusAfter(t, b.status);
  const now = new Date();
  const [row] = await tx
    .update(biddings)
    .set({ ...opts.set, status: to, updatedAt: now })
    .where(and(eq(biddings.id, b.id), eq(biddings.status, b.status)))
    .returning();
  if (!row) throw new AppError('BIDDING_STATE');
  if (to !== b.status) await syncOfferStatuses(tx, b.id, to);
  await recordAudit(tx, actor, {
    entity: AUDIT_BIDDING,
    entityId: b.id,
    action,
    from: b.status,
    to,
    reason: opts.reason,
  });
  return row;
}

/**
 * Moves every offer of a bidding by the row of the response table its state takes when the bidding reaches a status
 * (withdrawn ones take none), compare-and-set on the status read, in the bidding's transaction: no list of responses
 * shows a half-moved project. The bidding's row is locked by its own update, and an offer's own changes take it
 * shared first, so no offer moves meanwhile.
 */
export async function syncOfferStatuses(tx: Executor, biddingId: number, biddingStatus: number): Promise<void> {
  const offers = await tx
    .select({ id: biddingOffers.id, status: biddingOffers.status, selected: biddingOffers.selected })
    .from(biddingOffers)
    .where(eq(biddingOffers.biddingId, biddingId));
  const moves = new Map<string, { from: number; to: number; ids: number[] }>();
  for (const o of offers) {
    const t = offerFollowOf(biddingStatus, { status: o.status, selected: o.selected === 1 });
    if (!t) continue;
    const to = statusAfter(t, o.status);
    const key = `${o.status}>${to}`;
    const m = moves.get(key) ?? { from: o.status, to, ids: [] };
    m.ids.push(o.id);
    moves.set(key, m);
  }
  const now = new Date();
  for (const m of moves.values()) {
    await tx
      .update(biddingOffers)
      .set({ status: m.to, updatedAt: now })
      .where(and(inArray(biddingOffers.id, m.ids), eq(biddingOffers.status, m.from)));
  }
}
