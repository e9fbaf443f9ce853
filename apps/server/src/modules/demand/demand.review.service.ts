import { and, desc, eq } from 'drizzle-orm';
import { DEMAND_MACHINE } from '@jizu/shared/constants/demand';
import { nextStatus } from '@jizu/shared/rules/machine';
import { fmt } from '@jizu/shared/messages/fmt';
import { inTx, type DB, type Executor } from '../../db/client';
import { pageOf } from '../../db/prepared';
import { AppError } from '../../platform/errors';
import { recordAudit, type TActor } from '../audit/audit.service';
import { createMessage } from '../message/message.service';
import { findCompanyNames } from '../company/company.service';
import { quickDemands } from './demand.tables';
import { names, stateCond, view } from './demand.view';
import { AUDIT } from './demand.service';
import { rowWhere } from '../../db/rows';

const DAY = 86_400_000;

/* The admin's review queue. */
export async function pageReviewQueue(db: Executor, state: number, page: number, size: number) {
  const cond = state === -1 ? undefined : stateCond(state);
  const { rows, total: n } = await pageOf(db, quickDemands, {
    where: cond,
    orderBy: [desc(quickDemands.id)],
    offset: (page - 1) * size,
    limit: size,
  });
  const [nm, companies] = await Promise.all([
    names(db, rows),
    findCompanyNames(
      db,
      rows.map((r) => r.companyId),
    ),
  ]);
  return {
    data: rows.map((r) => ({
      ...view(r, nm),
      company_name: companies.get(r.companyId) ?? '',
      contacts: r.contacts,
      tel: r.tel,
    })),
    total: Number(n),
  };
}

export async function reviewDemand(db: DB, actor: TActor, id: number, action: 'approve' | 'reject', reason: string) {
  await inTx(db, async (tx) => {
    const d = await rowWhere(tx, quickDemands, eq(quickDemands.id, id));
    if (!d) throw new AppError('DEMAND_NOT_FOUND');
    const to = nextStatus(DEMAND_MACHINE, { status: d.state }, action, 'staff');
    if (to === null) throw new AppError('DEMAND_STATE');
    const now = new Date();
    const [row] = await tx
      .update(quickDemands)
      .set(
        action === 'approve'
          ? { state: to, approvedAt: now, expiresAt: new Date(now.getTime() + d.real * DAY), updatedAt: now }
          : { state: to, noLeaseReason: reason, updatedAt: now },
      )
      .where(and(eq(quickDemands.id, id), eq(quickDemands.state, d.state)))
      .returning();
    if (!row) throw new AppError('DEMAND_STATE');
    await recordAudit(tx, actor, { entity: AUDIT, entityId: id, action, from: d.state, to, reason });
    const nm = await names(tx, [d]);
    const what = `${nm.products.get(d.productId)?.product ?? ''} ${d.num}台（${d.address}）`;
    await createMessage(tx, {
      userId: d.userId,
      title: action === 'approve' ? '快速需求审核通过' : '快速需求审核未通过',
      content:
        action === 'approve'
          ? fmt('您发布的快速需求「{what}」已通过审核，将在需求大厅展示{days}天。', { what, days: d.real })
          : fmt('您发布的快速需求「{what}」未通过审核，原因：{reason}。', { what, reason }),
    });
  });
}
