import type { TPayKind, TPayState, TPayType } from '@jizu/shared/constants/payment';
import { fenToYuanText } from '@jizu/shared/rules/money';
import type { TAdminPaymentDetail, TAdminPaymentRow } from '@jizu/shared/schemas/payment';
import type { TPage } from '@jizu/shared/errors';
import type { DB } from '../../db/client';
import { AppError } from '../../platform/errors';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import * as repo from './payment.repo';
import { settleExpiry, sweepExpired, type TOrder, type TSettle } from './payment.settle.service';

// admin

const adminRow = (o: TOrder, phone: string): TAdminPaymentRow => ({
  id: o.id,
  order_sn: o.orderSn,
  kind: o.kind as TPayKind,
  subject: o.subject,
  user_id: o.userId,
  phone,
  amount: o.amount,
  amount_v: fenToYuanText(o.amount),
  pay_type: o.payType as TPayType,
  state: o.state as TPayState,
  created_at: shanghaiDateTime(o.createdAt),
  expires_at: shanghaiDateTime(o.expiresAt),
  paid_at: o.paidAt ? shanghaiDateTime(o.paidAt) : null,
});

export async function listPayments(
  db: DB,
  f: { page: number; size: number; state?: string; kind?: string; order_sn?: string; phone?: string },
  now = new Date(),
  settle?: TSettle,
): Promise<TPage<TAdminPaymentRow>> {
  await sweepExpired(db, now, settle);
  const { rows, total } = await repo.listOrders(db, {
    page: f.page,
    size: f.size,
    state: f.state,
    kind: f.kind,
    orderSn: f.order_sn || undefined,
    phone: f.phone || undefined,
  });
  return { data: rows.map((r) => adminRow(r.order, r.phone)), total };
}

export async function paymentDetail(
  db: DB,
  orderSn: string,
  now = new Date(),
  settle?: TSettle,
): Promise<TAdminPaymentDetail> {
  const found = await repo.orderWithPhone(db, orderSn);
  if (!found) throw new AppError('PAY_ORDER_NOT_FOUND');
  const order = await settleExpiry(db, found.order, now, settle);
  const [attempts, notifies] = await Promise.all([repo.attemptsOf(db, order.id), repo.notifiesOf(db, order.orderSn)]);
  return {
    order: adminRow(order, found.phone),
    attempts: attempts.map((a) => ({
      id: a.id,
      no: a.no,
      channel: a.channel,
      pay_type: a.payType,
      code_url: a.codeUrl,
      created_at: shanghaiDateTime(a.createdAt),
    })),
    notifies: notifies.map((l) => ({
      id: l.id,
      channel: l.channel,
      result: l.result,
      sign_ok: l.signOk,
      body: l.body,
      created_at: shanghaiDateTime(l.createdAt),
    })),
  };
}
