import { asc, desc, eq } from 'drizzle-orm';
import { BIDDING_CLASSIFY_TEXT, BIDDING_STATUS, BIDDING_STATUS_TEXT } from '@jizu/shared/constants/bidding';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TBiddingBase } from '@jizu/shared/schemas/biddingView';
import { inTx, type DB, type Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { listAuditTrail, type TActor, type TAuditRow } from '../audit/audit.service';
import { createMessage } from '../message/message.service';
import { findCompanyNames } from '../company/company.service';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { biddings } from './bidding.tables';
import { biddingBaseView } from './bidding.view';
import { findBidding } from './bidding.access';
import { AUDIT_BIDDING, moveBidding } from './bidding.transition';
import { deviceNames } from './bidding.service';
import { pageOf } from '../../db/prepared';

/* ----------------------------------------------------------------------------------------------------------------
 * The admin's review queue.
 * ------------------------------------------------------------------------------------------------------------- */

export async function pageReviewQueue(db: Executor, status: number, page: number, size: number) {
  const cond = status === -1 ? undefined : eq(biddings.status, status);
  const { rows, total: n } = await pageOf(db, biddings, {
    where: cond,
    orderBy: [status === BIDDING_STATUS.review ? asc(biddings.id) : desc(biddings.id)],
    offset: (page - 1) * size,
    limit: size,
  });
  const [names, devices] = await Promise.all([
    findCompanyNames(
      db,
      rows.map((r) => r.companyId),
    ),
    deviceNames(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return {
    data: rows.map((b) => ({
      id: b.id,
      sn: b.sn,
      name: b.name,
      company_name: names.get(b.companyId) ?? '',
      classify_v: BIDDING_CLASSIFY_TEXT[b.classify] ?? '',
      status: b.status,
      status_v: BIDDING_STATUS_TEXT[b.status] ?? '',
      end_time: b.endTime,
      create_time: shanghaiDateTime(b.createdAt),
      devices: devices.get(b.id) ?? '',
      reason: b.reviewReason,
    })),
    total: Number(n),
  };
}

export async function adminBiddingDetail(
  db: Executor,
  publicUrl: string,
  id: number,
): Promise<TBiddingBase & { history: TAuditRow[] }> {
  const b = await findBidding(db, id);
  if (!b) throw new AppError('BIDDING_NOT_FOUND');
  const [view, history] = await Promise.all([
    biddingBaseView(db, b, { publicUrl, full: true }),
    listAuditTrail(db, AUDIT_BIDDING, id),
  ]);
  return { ...view, history };
}

/** Approves (5 → 1) or rejects (5 → 6, with the reason) a project; the publisher hears it as a system message. */
export async function reviewBidding(db: DB, actor: TActor, id: number, action: 'approve' | 'reject', reason: string) {
  await inTx(db, async (tx) => {
    const b = await findBidding(tx, id);
    if (!b) throw new AppError('BIDDING_NOT_FOUND');
    await moveBidding(tx, actor, b, action, 'staff', {
      reason,
      set: { reviewReason: action === 'reject' ? reason : '', reviewedAt: new Date() },
    });
    await createMessage(tx, {
      userId: b.userId,
      title: action === 'approve' ? '竞价项目审核通过' : '竞价项目审核未通过',
      content:
        action === 'approve'
          ? fmt('您发布的竞价项目「{name}」（{sn}）已通过审核，服务商现在可以报价。', { name: b.name, sn: b.sn })
          : fmt('您发布的竞价项目「{name}」（{sn}）未通过审核，原因：{reason}。请修改后重新提交。', {
              name: b.name,
              sn: b.sn,
              reason,
            }),
    });
  });
}
