import { randomInt } from 'node:crypto';
import { fmt, M } from '@jizu/shared/messages';
import {
  SHELF_DAYS,
  SHELF_DEFAULT_PRICE,
  SHELF_ORDER,
  SHELF_ORDER_TEXT,
  SHELF_REFUND,
  SHELF_REFUND_TEXT,
  SHELF_STATE,
  SHELF_ORDER_MACHINE,
  SHELF_REFUND_MACHINE,
} from '@jizu/shared/constants/shelf';
import type { TPayType } from '@jizu/shared/constants/payment';
import { fenToYuanText } from '@jizu/shared/rules/money';
import { nextStatus, transitionOf } from '@jizu/shared/rules/machine';
import type { TPage } from '@jizu/shared/errors';
import type { TAdminShelfOrder, TShelfOrder, TShelfSetting } from '@jizu/shared/schemas/shelf';
import type { TPayOrder } from '@jizu/shared/schemas/payment';
import { inTx, type DB, type Executor, type Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import type { TChannels } from '../../platform/payment';
import { shanghaiDate, shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { PLATFORM_ACTOR, recordAudit, type TActor } from '../audit/audit.service';
import { mainAccountUserIds } from '../company/company.repo';
import { createMessage } from '../message/message.service';
import { createPayment } from '../payment/payment.service';
import { registerPaidHook, type TOrder } from '../payment/payment.settle.service';
import * as repo from './shelf.repo';
import { SHELF } from './shelf.device.service';

const ORDER = 'shelf_order';
const DAY = 86_400_000;

const pad = (n: number, w: number) => String(n).padStart(w, '0');
/** prefix + yyyyMMddHHmmss (Shanghai) + 6 random digits */
const newSn = (prefix: string, now: Date) =>
  `${prefix}${shanghaiDateTime(now).replace(/\D/g, '')}${pad(randomInt(0, 1_000_000), 6)}`;

// settings

export async function getShelfSetting(db: Executor): Promise<TShelfSetting> {
  const s = await repo.readSetting(db);
  return { price: s?.price ?? SHELF_DEFAULT_PRICE, days: s?.days ?? SHELF_DAYS };
}

export async function saveShelfSetting(db: DB, actor: TActor, v: TShelfSetting) {
  await inTx(db, async (tx) => {
    const cur = await getShelfSetting(tx);
    await repo.upsertSetting(tx, v.price, v.days);
    await recordAudit(tx, actor, {
      entity: 'shelf_setting',
      entityId: 1,
      action: 'save',
      from: `${cur.price}/${cur.days}`,
      to: `${v.price}/${v.days}`,
    });
  });
}

// orders

const orderView = (o: repo.TShelfOrderRow, payState?: string | null): TShelfOrder => ({
  id: o.id,
  sn: o.sn,
  name: fmt(M.shelf.orderSubject, { num: o.num, days: o.days }),
  num: o.num,
  amount: o.amount,
  amount_v: fenToYuanText(o.amount),
  status: o.status,
  // an unpaid order whose payment closed reads as closed
  status_v: o.status === SHELF_ORDER.unpaid && payState === 'CLOSED' ? '已关闭' : (SHELF_ORDER_TEXT[o.status] ?? ''),
  refund: o.refund,
  refund_v: SHELF_REFUND_TEXT[o.refund] ?? '',
  reason: o.reason,
  pay_order_sn: o.payOrderSn,
  create_time: shanghaiDateTime(o.createdAt),
  finish_time:
    o.status === SHELF_ORDER.effective && o.reviewedAt
      ? shanghaiDate(new Date(o.reviewedAt.getTime() + o.days * DAY))
      : '',
  can_delete: !!transitionOf(SHELF_ORDER_MACHINE, o, 'delete', 'company'),
});

/**
 * POST /ep/shelf: a pre-paid order for `num` shelves at the platform's price; the order row (-1 awaiting payment)
 * and the payment are made together, the QR page follows.
 */
export async function applyShelves(
  db: DB,
  channel: TChannels,
  actor: TActor & { userId: number; companyId: number },
  num: number,
  payType: TPayType,
  now = new Date(),
): Promise<{ order: TShelfOrder; pay: TPayOrder }> {
  const s = await getShelfSetting(db);
  const amount = s.price * num;
  const sn = newSn('H', now);
  const pay = await createPayment(
    db,
    channel,
    {
      kind: 'shelf',
      userId: actor.userId,
      companyId: actor.companyId,
      amount,
      subject: fmt(M.shelf.orderSubject, { num, days: s.days }),
      payType,
      payload: { shelf_sn: sn },
    },
    now,
  );
  const to = nextStatus(SHELF_ORDER_MACHINE, { status: null }, 'apply', 'company')!;
  const order = await inTx(db, async (tx) => {
    const o = await repo.insertOrder(tx, {
      sn,
      companyId: actor.companyId,
      userId: actor.userId,
      num,
      amount,
      days: s.days,
      status: to,
      payOrderSn: pay.order_sn,
      createdAt: now,
    });
    await recordAudit(tx, actor, { entity: ORDER, entityId: o.id, action: 'apply', from: null, to });
    return o;
  });
  return { order: orderView(order, pay.state), pay };
}

/** The paid hook of kind 'shelf': -1 → 0 (under review), once, in the payment's transaction. */
async function onShelfPaid(tx: Tx, pay: TOrder) {
  const from = SHELF_ORDER.unpaid;
  const to = nextStatus(SHELF_ORDER_MACHINE, { status: from }, 'pay', 'platform')!;
  const o = await repo.markOrderPaid(tx, pay.orderSn, from, to, pay.paidAt ?? new Date());
  if (o)
    await recordAudit(
      tx,
      { ...PLATFORM_ACTOR, companyId: o.companyId },
      { entity: ORDER, entityId: o.id, action: 'pay', from, to },
    );
}
export const registerShelfHook = () => registerPaidHook('shelf', onShelfPaid);

export async function listCompanyOrders(
  db: DB,
  companyId: number,
  status: number,
  page: number,
  size: number,
): Promise<TPage<TShelfOrder>> {
  const { rows, total } = await repo.pageCompanyOrders(db, companyId, status, (page - 1) * size, size);
  return { data: rows.map((r) => orderView(r.o, r.payState)), total };
}

/** DELETE /ep/shelf/{id}: only an unpaid or rejected order (SHELF_ORDER_MACHINE); a paid one is kept. */
export async function deleteOrder(db: DB, actor: TActor, companyId: number, id: number) {
  const o = await repo.findCompanyOrder(db, companyId, id);
  if (!o) return notFound();
  if (!transitionOf(SHELF_ORDER_MACHINE, o, 'delete', 'company')) throw new AppError('SHELF_ORDER_NOT_DELETABLE');
  await inTx(db, async (tx) => {
    if (!(await repo.softDeleteOrder(tx, id, o.status))) throw new AppError('SHELF_ORDER_NOT_DELETABLE');
    await recordAudit(tx, actor, { entity: ORDER, entityId: id, action: 'delete', from: o.status, to: 'deleted' });
  });
}

/** Staff approve (→ 1, its shelves are made, each valid `days` from now) or reject (→ 2, marked for refund). */
export async function reviewOrder(
  db: DB,
  actor: TActor & { userId: number },
  id: number,
  action: 'approve' | 'reject',
  reason: string,
  now = new Date(),
) {
  const o = await repo.findOrder(db, id);
  if (!o) return notFound();
  const to = nextStatus(SHELF_ORDER_MACHINE, o, action, 'staff');
  if (to === null) throw new AppError('SHELF_ORDER_REVIEWED');
  // a rejected paid order is marked for refund by the refund table's own row
  const refund =
    action === 'reject'
      ? nextStatus(SHELF_REFUND_MACHINE, { status: SHELF_REFUND.none }, 'reject', 'staff')!
      : SHELF_REFUND.none;
  await inTx(db, async (tx) => {
    const d = await repo.decideOrder(tx, id, {
      from: o.status,
      to,
      reason: action === 'reject' ? reason : '',
      reviewerId: actor.userId,
      refund,
      at: now,
    });
    if (!d) throw new AppError('SHELF_ORDER_REVIEWED');
    await recordAudit(tx, actor, { entity: ORDER, entityId: id, action, from: o.status, to, reason });
    const finish = new Date(now.getTime() + d.days * DAY);
    if (action === 'approve') {
      const made = await repo.insertShelves(
        tx,
        Array.from({ length: d.num }, (_, i) => ({
          sn: `${d.sn}-${i + 1}`,
          companyId: d.companyId,
          orderId: d.id,
          finishTime: finish,
          state: SHELF_STATE.empty,
          createdAt: now,
        })),
      );
      for (const s of made)
        await recordAudit(tx, actor, {
          entity: SHELF,
          entityId: s.id,
          action: 'create',
          from: null,
          to: SHELF_STATE.empty,
        });
    }
    const vars = { sn: d.sn, num: d.num, date: shanghaiDate(finish), reason, amount: fenToYuanText(d.amount) };
    const recipients = new Set([d.userId, ...(await mainAccountUserIds(tx, d.companyId))]);
    for (const userId of recipients) {
      await createMessage(tx, {
        userId,
        kind: 'shelf',
        title: action === 'approve' ? M.shelf.passTitle : M.shelf.rejectTitle,
        content: fmt(action === 'approve' ? M.shelf.passBody : M.shelf.rejectBody, vars),
      });
    }
  });
}

/** Staff record that the money of a rejected order went back (待退款 → 已退款); the company is told. */
export async function markRefunded(db: DB, actor: TActor, id: number) {
  const o = await repo.findOrder(db, id);
  if (!o) return notFound();
  const to = nextStatus(SHELF_REFUND_MACHINE, { status: o.refund }, 'refunded', 'staff');
  if (to === null) throw new AppError('SHELF_NOT_REFUNDABLE');
  await inTx(db, async (tx) => {
    const d = await repo.markRefund(tx, id, o.refund, to);
    if (!d) throw new AppError('SHELF_NOT_REFUNDABLE');
    await recordAudit(tx, actor, {
      entity: ORDER,
      entityId: id,
      action: 'refunded',
      from: `refund:${o.refund}`,
      to: `refund:${to}`,
    });
    await createMessage(tx, {
      userId: d.userId,
      kind: 'shelf',
      title: M.shelf.refundedTitle,
      content: fmt(M.shelf.refundedBody, { sn: d.sn, amount: fenToYuanText(d.amount) }),
    });
  });
}

export async function adminListOrders(
  db: DB,
  status: number,
  page: number,
  size: number,
): Promise<TPage<TAdminShelfOrder>> {
  const { rows, total } = await repo.pageOrdersByStatus(db, status, (page - 1) * size, size);
  return {
    total,
    data: rows.map((r) => ({
      ...orderView(r.o),
      company_id: r.o.companyId,
      company_name: r.companyName,
      phone: r.phone,
      paid_at: r.o.paidAt ? shanghaiDateTime(r.o.paidAt) : '',
      review_time: r.o.reviewedAt ? shanghaiDateTime(r.o.reviewedAt) : '',
    })),
  };
}
