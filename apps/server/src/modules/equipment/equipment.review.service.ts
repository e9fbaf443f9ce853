import { fmt, M } from '@jizu/shared/messages';
import { statusAfter } from '@jizu/shared/rules/machine';
import type { TAdminListingDetail, TAdminListingRow } from '@jizu/shared/schemas/equipment';
import type { TAttributeDef } from '@jizu/shared/schemas/region';
import { maskPhone } from '@jizu/shared/rules/mask';
import { inTx, type DB, type Executor } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { listAuditTrail, recordAudit, type TActor } from '../audit/audit.service';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { mainAccountUserIds } from '../company/company.repo';
import { syncMarketListing } from '../market/market.service';
import { createMessage } from '../message/message.service';
import * as repo from './equipment.repo';
import { AUDIT_ENTITY, listingNext } from './equipment.service';
import { detailView, rowsView } from './equipment.view';

/** The platform's review of listings (the admin console). */

/** The console's review queue of one status. */
export async function pageListingReviews(
  db: Executor,
  status: number,
  page: number,
  size: number,
): Promise<{ data: TAdminListingRow[]; total: number }> {
  const offset = (page - 1) * size;
  const { rows, total } = await repo.pageReviewQueue(db, status, offset, size);
  const views = await rowsView(db, rows);
  return {
    data: rows.map((r, i) => ({
      ...views[i],
      company_id: r.l.companyId,
      company_name: r.companyName,
      submitter: maskPhone(r.submitter),
      images: r.l.images,
      review_time: shanghaiDateTime(r.l.reviewedAt),
    })),
    total,
  };
}

/** The console's detail of one listing: everything of the form, the named parameters and attributes, the audit trail. */
export async function adminListingDetail(db: Executor, id: number): Promise<TAdminListingDetail> {
  const named = await repo.findListingWithNames(db, id);
  if (!named) return notFound();
  const detail = await detailView(db, named);
  const chain = await repo.findProductChain(db, named.l.productId);
  const attrDefs = (chain?.product.attributes ?? []) as TAttributeDef[];
  const parts = named.l.attribute ? named.l.attribute.split('-') : [];
  return {
    ...detail,
    company_id: named.l.companyId,
    company_name: named.companyName,
    submitter: maskPhone(named.submitter),
    attributes_v: attrDefs.flatMap((d, i) => (parts[i] ? [{ name: d.name, value: parts[i] }] : [])),
    audit: await listAuditTrail(db, AUDIT_ENTITY, id),
  };
}

/**
 * Approves or rejects a pending listing (the review table for staff), compare-and-set on the review status; the
 * creator and the company's main accounts get a system message with the reason.
 */
export async function reviewListing(
  db: DB,
  actor: TActor,
  id: number,
  action: 'approve' | 'reject',
  reason: string,
): Promise<void> {
  const named = await repo.findListingWithNames(db, id);
  if (!named) return notFound();
  const row = named.l;
  const t = listingNext(row, action, 'staff');
  if (!t) throw new AppError('LISTING_REVIEWED');
  const to = statusAfter(t, row.reviewStatus);
  const passed = action === 'approve';
  await inTx(db, async (tx) => {
    const now = new Date();
    const updated = await repo.updateListingIf(
      tx,
      id,
      { reviewStatus: row.reviewStatus },
      {
        reviewStatus: to,
        reviewReason: passed ? '' : reason,
        reviewerId: actor.userId,
        reviewedAt: now,
        ...(passed ? { approvedAt: now } : {}),
      },
    );
    if (!updated) throw new AppError('LISTING_REVIEWED');
    await recordAudit(tx, actor, {
      entity: AUDIT_ENTITY,
      entityId: id,
      action,
      from: row.reviewStatus,
      to,
      reason: passed ? '' : reason,
    });
    await syncMarketListing(tx, id);
    const vars = {
      name: named.isOther && row.productAlias ? row.productAlias : named.product,
      model: row.model,
      reason,
    };
    const recipients = new Set([row.userId, ...(await mainAccountUserIds(tx, row.companyId))]);
    for (const userId of recipients) {
      await createMessage(tx, {
        userId,
        title: passed ? M.equipment.passTitle : M.equipment.rejectTitle,
        content: fmt(passed ? M.equipment.passBody : M.equipment.rejectBody, vars),
        kind: 'equipment',
      });
    }
  });
}
