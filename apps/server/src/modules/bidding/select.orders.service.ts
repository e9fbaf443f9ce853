import { and, desc, eq } from 'drizzle-orm';
import { BIDDING_CLASSIFY_TEXT, BIDDING_MACHINE, BIDDING_STATUS } from '@jizu/shared/constants/bidding';
import { transitionOf } from '@jizu/shared/rules/machine';
import { bidding as msg } from '@jizu/shared/messages/bidding';
import { fmt } from '@jizu/shared/messages/fmt';
import { inTx, type DB, type Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { recordAudit, type TActor } from '../audit/audit.service';
import { shanghaiDate } from '@jizu/shared/rules/datetime';
import { createDraftOrdersFromBidding } from '../order/order.create.service';
import { biddings } from './bidding.tables';
import { requireOwnBidding } from './bidding.access';
import { AUDIT_BIDDING } from './bidding.transition';
import { lockOwnBidding, selectedProviders, stateOf } from './select.service';
import { rowsWhere } from '../../db/rows';

/**
 * The add-order page's list (GET /rent/order/createPre): the company's completed projects whose orders are not yet
 * created, each with its selected providers. On biddings_company_status_idx.
 */
export async function orderCandidates(db: Executor, companyId: number) {
  const rows = await rowsWhere(
    db,
    biddings,
    and(eq(biddings.companyId, companyId), eq(biddings.status, BIDDING_STATUS.completed), eq(biddings.orderStatus, 0)),
    { orderBy: [desc(biddings.id)], limit: 100 },
  );
  return Promise.all(
    rows.map(async (b) => ({
      id: b.id,
      sn: b.sn,
      name: b.name,
      classify_v: BIDDING_CLASSIFY_TEXT[b.classify] ?? '',
      finish_date_v: shanghaiDate(b.finishedAt),
      providers: (await selectedProviders(db, b.id)).map((c) => c.name),
    })),
  );
}

/** POST /rent/bidding/createOrderPre: code 1001 with the confirmation text while orders are still to create, else 200. */
export async function createOrderPre(
  db: Executor,
  companyId: number,
  id: number,
): Promise<{ code: number; msg: string }> {
  const b = await requireOwnBidding(db, companyId, id);
  if (!transitionOf(BIDDING_MACHINE, stateOf(b), 'report', 'owner')) throw new AppError('BIDDING_NOT_COMPLETED');
  // a completed project whose orders were made already: nothing to confirm
  if (!transitionOf(BIDDING_MACHINE, stateOf(b), 'create_order', 'owner')) return { code: 200, msg: '' };
  const chosen = await selectedProviders(db, b.id);
  return {
    code: 1001,
    msg: fmt(msg.createOrderAsk, { n: chosen.length, names: chosen.map((c) => c.name).join('、') }),
  };
}

/** POST /rent/bidding/createOrder: the draft orders, once (order_status 0 → 1 by compare-and-set). */
export async function createOrders(db: DB, actor: TActor, companyId: number, id: number) {
  return inTx(db, async (tx) => {
    const b = await lockOwnBidding(tx, companyId, id);
    if (!transitionOf(BIDDING_MACHINE, stateOf(b), 'report', 'owner')) throw new AppError('BIDDING_NOT_COMPLETED');
    const created = await createDraftOrdersFromBidding(tx, actor, b.id);
    if (transitionOf(BIDDING_MACHINE, stateOf(b), 'create_order', 'owner')) {
      await tx
        .update(biddings)
        .set({ orderStatus: 1, updatedAt: new Date() })
        .where(and(eq(biddings.id, b.id), eq(biddings.orderStatus, 0)));
      await recordAudit(tx, actor, {
        entity: AUDIT_BIDDING,
        entityId: b.id,
        action: 'create_order',
        from: b.status,
        to: b.status,
        reason: created.map((o) => o.sn).join('、'),
      });
    }
    return { orders: created };
  });
}
