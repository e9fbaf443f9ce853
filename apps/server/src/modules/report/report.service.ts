import { fmt } from '@jizu/shared/messages';
import { reportNotices } from '@jizu/shared/messages/report';
import {
  REPORT_DECISIONS,
  REPORT_STATUS_TEXT,
  REPORT_TARGET,
  REPORT_TARGET_TEXT,
  REPORT_TYPE_TEXT,
  REPORT_TYPES,
  REPORT_MACHINE,
} from '@jizu/shared/constants/report';
import { nextStatus } from '@jizu/shared/rules/machine';
import type { TAdminReportRow, TReportAdd, TReportRow } from '@jizu/shared/schemas/report';
import { SITE } from '@jizu/shared/constants/site';
import { inTx, type DB, type Executor } from '../../db/client';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors';
import { recordAudit, type TActor } from '../audit/audit.service';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { findPublicListing, listingCards } from '../equipment/equipment.service';
import { createMessage } from '../message/message.service';
import { findPublicShop, shopCards } from '../shop/shop.service';
import { reviewCards } from '../review/review.service';
import { makeSn } from '../talk/talk.sn';
import * as repo from './report.repo';

const ENTITY = 'report';
/** where staff act on a reported review: the console's reviews list */
const REVIEW_ADMIN_HREF = '/admin/reviews';

export const reportTypes = () => REPORT_TYPES.map((t) => ({ value: t.value, label: t.label }));

/** Rows with what was reported: the listing's card or the shop's name (a listing or shop gone since shows its id). */
async function views(db: Executor, rows: repo.TReport[]): Promise<TReportRow[]> {
  const listingIds = rows.filter((r) => r.type === REPORT_TARGET.listing).map((r) => r.targetId);
  const shopIds = rows.filter((r) => r.type === REPORT_TARGET.shop).map((r) => r.targetId);
  const reviewIds = rows.filter((r) => r.type === REPORT_TARGET.review).map((r) => r.targetId);
  const [cards, shops, reviews] = await Promise.all([
    listingCards(db, listingIds),
    shopCards(db, shopIds),
    reviewCards(db, reviewIds),
  ]);
  const cardBy = new Map(cards.map((c) => [c.id, c]));
  const shopBy = new Map(shops.map((s) => [s.id, s]));
  const reviewBy = new Map(reviews.map((v) => [v.id, v]));
  return rows.map((r) => {
    const c = r.type === REPORT_TARGET.listing ? cardBy.get(r.targetId) : undefined;
    const s = r.type === REPORT_TARGET.shop ? shopBy.get(r.targetId) : undefined;
    const v = r.type === REPORT_TARGET.review ? reviewBy.get(r.targetId) : undefined;
    return {
      id: r.id,
      sn: r.sn,
      create_time: shanghaiDateTime(r.createdAt),
      phone: r.phone,
      type: r.type,
      type_v: REPORT_TYPE_TEXT[r.reportType] ?? '',
      target_id: r.targetId,
      report_type: r.reportType,
      shop:
        r.type === REPORT_TARGET.shop
          ? { shop_name: s?.shop_name ?? `${REPORT_TARGET_TEXT[1]} #${r.targetId}`, href: SITE.shop(r.targetId) }
          : null,
      equipment:
        r.type === REPORT_TARGET.listing
          ? {
              name: c ? `${c.product_name_v} ${c.model}`.trim() : `${REPORT_TARGET_TEXT[0]} #${r.targetId}`,
              cover: c?.cover ?? '',
              href: SITE.device(r.targetId),
            }
          : null,
      review:
        r.type === REPORT_TARGET.review
          ? {
              content: v ? `${v.name}：${v.content}` : `${REPORT_TARGET_TEXT[2]} #${r.targetId}`,
              href: REVIEW_ADMIN_HREF,
            }
          : null,
      remarks: r.remarks,
      status: r.status,
      status_v: REPORT_STATUS_TEXT[r.status] ?? '',
      result: r.result,
      handle_time: shanghaiDateTime(r.handledAt),
    };
  });
}

/** Reports a public listing or shop; one pending report per user and target. */
export async function addReport(
  db: DB,
  actor: TActor,
  userId: number,
  companyId: number | null,
  v: TReportAdd,
): Promise<TReportRow> {
  if (v.type === REPORT_TARGET.listing) {
    if (!(await findPublicListing(db, v.target_id))) throw new AppError('REPORT_LISTING_GONE');
  } else if (v.type === REPORT_TARGET.review) {
    const [card] = await reviewCards(db, [v.target_id]);
    if (!card?.public) throw new AppError('REPORT_REVIEW_GONE');
  } else if (!(await findPublicShop(db, v.target_id))) throw new AppError('REPORT_SHOP_GONE');
  if (await repo.findPending(db, userId, v.type, v.target_id)) throw new AppError('REPORT_DUPLICATE');
  const status = nextStatus(REPORT_MACHINE, { status: null }, 'submit', 'user')!;
  try {
    const row = await inTx(db, async (tx) => {
      const r = await repo.insertReport(tx, {
        sn: makeSn('JB'),
        userId,
        companyId,
        phone: await repo.userPhone(tx, userId),
        type: v.type,
        targetId: v.target_id,
        reportType: v.report_type,
        remarks: v.remarks,
        status,
      });
      await recordAudit(tx, actor, { entity: ENTITY, entityId: r.id, action: 'submit', from: null, to: status });
      return r;
    });
    return (await views(db, [row]))[0];
  } catch (e) {
    // two submits at once: the partial unique index keeps one
    if (isUniqueViolation(e)) throw new AppError('REPORT_DUPLICATE');
    throw e;
  }
}

export async function listOwnReports(db: Executor, userId: number, q: { page: number; size: number }) {
  const { rows, total } = await repo.pageOwn(db, userId, (q.page - 1) * q.size, q.size);
  return { data: await views(db, rows), total };
}

export async function pageReportQueue(
  db: Executor,
  q: { status: number; page: number; size: number },
): Promise<{ data: TAdminReportRow[]; total: number }> {
  const { rows, total } = await repo.pageByStatus(db, q.status, (q.page - 1) * q.size, q.size);
  const v = await views(
    db,
    rows.map((r) => r.r),
  );
  return {
    data: v.map((x, i) => ({
      ...x,
      reporter: rows[i].reporter,
      target_name: x.equipment?.name ?? x.shop?.shop_name ?? x.review?.content ?? '',
    })),
    total,
  };
}

/** Staff handle (1) or reject (2) a pending report with a result; the reporter gets a system message with it. */
export async function handleReport(
  db: DB,
  actor: TActor,
  staffId: number,
  id: number,
  v: { status: number; result: string },
): Promise<void> {
  const found = await repo.findReport(db, id);
  if (!found) return notFound();
  const action = REPORT_DECISIONS.find((d) => d.status === v.status)!.action;
  const to = nextStatus(REPORT_MACHINE, found, action, 'staff');
  if (to === null) throw new AppError('REPORT_HANDLED');
  const [view] = await views(db, [found]);
  await inTx(db, async (tx) => {
    const r = await repo.decide(tx, id, { to, result: v.result, handlerId: staffId });
    if (!r) throw new AppError('REPORT_HANDLED');
    await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action, from: found.status, to, reason: v.result });
    const target = view.equipment?.name ?? view.shop?.shop_name ?? REPORT_TARGET_TEXT[REPORT_TARGET.review];
    await createMessage(tx, {
      userId: r.userId,
      title: reportNotices.resultTitle,
      content: fmt(reportNotices.resultBody, {
        time: view.create_time,
        sn: r.sn,
        target,
        status: REPORT_STATUS_TEXT[to],
        result: v.result,
      }),
      kind: 'report',
    });
  });
}
