import { type TPayAction } from '@jizu/shared/constants/orderpay';
import { fmt } from '@jizu/shared/messages/fmt';
import { orderpayFailures as F } from '@jizu/shared/messages/orderpay';
import type { TPayCollect, TPayReissue } from '@jizu/shared/schemas/orderpay';
import { fenToYuanText } from '@jizu/shared/rules/money';
import { inTx, type DB, type Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { type TActor } from '../audit/audit.service';
import { findOrderById } from '../order/order.service';
import type { TOrderRowDb } from '../order/order.repo';
import * as repo from './orderpay.repo';
import type { TPayDb } from './orderpay.repo';
import { move, mustAllow, views } from './orderpay.service';

/** The platform's side of payments (the admin console): the list, the tenant's transfers, payouts, reissues. */

export async function pageAdminPayments(db: Executor, q: { status: number; page: number; size: number }) {
  const { rows, total } = await repo.pageAllPayments(db, q.status, q.page, q.size);
  return { data: await views(db, rows, 'staff'), total };
}

/**
 * A staff action on a payment (the console names no order): its order, then, in one transaction under the payment's
 * lock, the action's own rules and move once the transition is allowed now.
 */
async function staffAct(
  db: DB,
  id: number,
  action: TPayAction,
  act: (tx: Executor, p: TPayDb, o: TOrderRowDb) => Promise<void>,
) {
  const first = await repo.findPaymentById(db, id);
  if (!first) throw new AppError('PAY_NOT_FOUND');
  const o = (await findOrderById(db, first.orderId))!;
  await inTx(db, async (tx) => {
    const p = await repo.lockPayment(tx, id);
    if (!p) throw new AppError('PAY_NOT_FOUND');
    await mustAllow(tx, p, action, 'staff');
    await act(tx, p, o);
  });
}

function staffMove(
  db: DB,
  actor: TActor,
  id: number,
  action: 'collect' | 'payout',
  v: { bank_ref: string; paid_date: string; amount?: number },
) {
  return staffAct(db, id, action, async (tx, p, o) => {
    const amount = action === 'collect' ? (v.amount as number) : p.providerAmount - p.providerPaid;
    if (action === 'collect' && amount > p.payAmount - p.tenantPaid)
      throw new AppError(
        'PAY_COLLECT_TOO_MUCH',
        fmt(F.collectTooMuch, { amount: fenToYuanText(p.payAmount - p.tenantPaid) }),
      );
    if (amount <= 0) throw new AppError('PAY_STATE');
    const flow = await repo.insertFlow(tx, {
      paymentId: p.id,
      kind: action === 'collect' ? 'tenant_in' : 'payout',
      amount,
      bizKey: `${action === 'collect' ? 'in' : 'out'}:${v.bank_ref}`,
      paidDate: v.paid_date,
      createdBy: actor.userId,
    });
    if (!flow) throw new AppError('PAY_BANK_REF_USED');
    await move(
      tx,
      actor,
      o,
      p.id,
      action,
      'staff',
      (x) =>
        action === 'collect'
          ? { tenantPaid: x.tenantPaid + amount }
          : {
              providerPaid: x.providerPaid + amount,
              providerReceived: x.providerReceived + amount,
              doneAt: new Date(),
            },
      () => `${fenToYuanText(amount)}元 ${v.bank_ref}`,
    );
  });
}

/** POST /admin/order-payments/:id/collect: the tenant's bank transfer, from the statement (its serial booked once). */
export const collectPayment = (db: DB, actor: TActor, id: number, v: TPayCollect) =>
  staffMove(db, actor, id, 'collect', v);
/** POST /admin/order-payments/:id/payout: the platform pays the provider a receivable not financed. */
export const payoutPayment = (db: DB, actor: TActor, id: number, v: { bank_ref: string; paid_date: string }) =>
  staffMove(db, actor, id, 'payout', v);

/**
 * POST /admin/order-payments/:id/reissue: staff correct a returned payment and issue it again for the provider's
 * signature. What the platform owes the provider stays within the settlement's amount; the due date is not past.
 */
export function reissuePayment(db: DB, actor: TActor, id: number, v: TPayReissue) {
  return staffAct(db, id, 'reissue', async (tx, p, o) => {
    if (v.provider_amount > p.payAmount)
      throw new AppError('PAY_REISSUE_TOO_MUCH', fmt(F.reissueTooMuch, { amount: fenToYuanText(p.payAmount) }));
    // the trail says what changed: the amount and the due date before and after, with the note
    const note = `${v.note}（应付服务商 ${fenToYuanText(p.providerAmount)}→${fenToYuanText(v.provider_amount)}元，应付日期 ${p.cashDate}→${v.cash_date}）`;
    await move(
      tx,
      actor,
      o,
      p.id,
      'reissue',
      'staff',
      () => ({ providerAmount: v.provider_amount, cashDate: v.cash_date, note: v.note, reason: '' }),
      () => note,
    );
  });
}
