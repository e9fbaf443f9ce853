import { randomInt } from 'node:crypto';
import { fmt, M } from '@jizu/shared/messages';
import { isListingPublic, LISTING_SELL } from '@jizu/shared/constants/equipment';
import {
  SHELF_DAYS,
  SHELF_DEFAULT_PRICE,
  SHELF_ORDER,
  SHELF_ORDER_TEXT,
  SHELF_REFUND,
  SHELF_REFUND_TEXT,
  SHELF_STATE,
  SHELF_STATE_TEXT,
  SHELF_MACHINE,
  SHELF_ORDER_MACHINE,
  SHELF_REFUND_MACHINE,
  type TShelfAction,
} from '@jizu/shared/constants/shelf';
import type { TPayType } from '@jizu/shared/constants/payment';
import { fenToYuanText } from '@jizu/shared/rules/money';
import { actionsOf, nextStatus, statusAfter, transitionOf } from '@jizu/shared/rules/machine';
import type { TPage } from '@jizu/shared/errors';
import type { TListingCard } from '@jizu/shared/schemas/equipment';
import type {
  TAdminShelfOrder,
  TRentBuyCard,
  TShelf,
  TShelfDeviceAdd,
  TShelfDeviceUpdate,
  TShelfOrder,
  TShelfPick,
  TShelfSetting,
} from '@jizu/shared/schemas/shelf';
import type { TPayOrder } from '@jizu/shared/schemas/payment';
import { inTx, type DB, type Executor, type Tx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import type { TChannels } from '../../platform/payment';
import { shanghaiDate, shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { PLATFORM_ACTOR, recordAudit, type TActor } from '../audit/audit.service';
import { mainAccountUserIds } from '../company/company.repo';
import { listingCards, publicListingIds, requireApprovedCompanyListing } from '../equipment/equipment.service';
import { createMessage } from '../message/message.service';
import { createPayment } from '../payment/payment.service';
import { registerPaidHook, type TOrder } from '../payment/payment.settle.service';
import * as repo from './shelf.repo';

const ORDER = 'shelf_order';
const SHELF = 'shelf';
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

// shelves

const rentBuy = (s: repo.TShelfRow, card: TListingCard | undefined) =>
  s.listingId && card
    ? {
        product_id: s.listingId,
        cover: card.cover,
        product_name_v: card.product_name_v,
        href: card.href,
        province_v: card.province_v,
        city_v: card.city_v,
        area_v: card.area_v,
        month_rent: s.monthRent,
        month_rent_v: fenToYuanText(s.monthRent),
        lease_term: s.leaseTerm,
        selling_price: s.sellingPrice,
        selling_price_v: fenToYuanText(s.sellingPrice),
      }
    : null;

async function shelfViews(db: Executor, rows: repo.TShelfRow[], now: Date): Promise<TShelf[]> {
  const cards = new Map(
    (
      await listingCards(
        db,
        rows.flatMap((s) => (s.listingId ? [s.listingId] : [])),
      )
    ).map((c) => [c.id, c]),
  );
  return rows.map((s) => {
    const expired = s.finishTime.getTime() <= now.getTime();
    return {
      id: s.id,
      sn: s.sn,
      finish_time: shanghaiDateTime(s.finishTime),
      expired,
      state: s.state,
      state_v: expired ? '已过期' : (SHELF_STATE_TEXT[s.state] ?? ''),
      actions: actionsOf(SHELF_MACHINE, { status: s.state, expired }, 'company'),
      equipment_rentbuy: rentBuy(s, s.listingId ? cards.get(s.listingId) : undefined),
    };
  });
}

/** GET /ep/shelf (all shelves) and GET /epRent/index (filled ones): the company's shelves with their devices. */
export async function listShelves(
  db: DB,
  companyId: number,
  page: number,
  size: number,
  filledOnly = false,
  now = new Date(),
): Promise<TPage<TShelf>> {
  const { rows, total } = await repo.pageCompanyShelves(db, companyId, (page - 1) * size, size, filledOnly);
  return { data: await shelfViews(db, rows, now), total };
}

/**
 * GET /epRent/equipment: the company's public listings (approved and listed), with the shelf each is on. A shelf
 * is a public offer: a delisted machine on it would be shown to nobody.
 */
export async function pickDevices(db: DB, companyId: number, page: number, size: number): Promise<TPage<TShelfPick>> {
  const ids = await publicListingIds(db, companyId, 1000);
  const onShelf = new Map((await repo.shelvesOfListings(db, companyId)).map((r) => [r.listingId as number, r.id]));
  const cards = await listingCards(db, ids.slice((page - 1) * size, page * size));
  return {
    total: ids.length,
    data: cards.map((c) => ({
      id: c.id,
      cover: c.cover,
      product_name_v: c.product_name_v,
      model: c.model,
      province_v: c.province_v,
      city_v: c.city_v,
      area_v: c.area_v,
      shelf_id: onShelf.get(c.id) ?? 0,
    })),
  };
}

/**
 * Puts (add) or changes (modify) the device and terms of a shelf, as SHELF_MACHINE allows: the shelf is the
 * company's (else 404) and unexpired, the listing an approved one of the company (else 404) and on no other shelf.
 */
async function setDevice(
  db: DB,
  actor: TActor,
  companyId: number,
  shelfId: number,
  action: TShelfAction,
  v: TShelfDeviceUpdate,
  now: Date,
): Promise<TShelf> {
  return inTx(db, async (tx) => {
    const s = await repo.findCompanyShelf(tx, companyId, shelfId, true);
    if (!s) return notFound();
    const listing = await requireApprovedCompanyListing(tx, companyId, v.product_id);
    if (listing.onSell !== LISTING_SELL.listed) throw new AppError('SHELF_DEVICE_DELISTED');
    // the state first (filled / empty), then the expiry: each refusal says which
    if (!transitionOf(SHELF_MACHINE, { status: s.state }, action, 'company'))
      throw new AppError(action === 'put' ? 'SHELF_FILLED' : 'SHELF_EMPTY');
    const t = transitionOf(
      SHELF_MACHINE,
      { status: s.state, expired: s.finishTime.getTime() <= now.getTime() },
      action,
      'company',
    );
    if (!t) throw new AppError('SHELF_EXPIRED');
    const to = statusAfter(t, s.state);
    const other = await repo.shelfOfListing(tx, v.product_id);
    if (other !== null && other !== s.id) throw new AppError('SHELF_DEVICE_TAKEN');
    const row = await repo
      .updateShelf(tx, s.id, s.state, {
        state: to,
        listingId: v.product_id,
        monthRent: v.month_rent,
        leaseTerm: v.lease_term,
        sellingPrice: v.selling_price,
      })
      .catch((e: unknown) => {
        // the unique index on listing_id: another shelf took the device meanwhile
        if (
          (e as { code?: string; cause?: { code?: string } }).code === '23505' ||
          (e as { cause?: { code?: string } }).cause?.code === '23505'
        )
          throw new AppError('SHELF_DEVICE_TAKEN');
        throw e;
      });
    if (!row) throw new AppError(action === 'put' ? 'SHELF_FILLED' : 'SHELF_EMPTY');
    await recordAudit(tx, actor, {
      entity: SHELF,
      entityId: s.id,
      action,
      from: s.state,
      to,
      reason: `listing ${v.product_id}: ${v.month_rent}×${v.lease_term}, ${v.selling_price}`,
    });
    return (await shelfViews(tx, [row], now))[0];
  });
}

export const addDevice = (db: DB, actor: TActor, companyId: number, v: TShelfDeviceAdd, now = new Date()) =>
  setDevice(db, actor, companyId, v.shelf_id, 'put', v, now);
export const modifyDevice = (
  db: DB,
  actor: TActor,
  companyId: number,
  shelfId: number,
  v: TShelfDeviceUpdate,
  now = new Date(),
) => setDevice(db, actor, companyId, shelfId, 'modify', v, now);

/** DELETE /epRent/index/{id}: take the device down (filled → empty), also after expiry. */
export async function takeDown(db: DB, actor: TActor, companyId: number, shelfId: number) {
  await inTx(db, async (tx) => {
    const s = await repo.findCompanyShelf(tx, companyId, shelfId, true);
    if (!s) return notFound();
    const to = nextStatus(SHELF_MACHINE, { status: s.state }, 'takeDown', 'company');
    if (to === null) throw new AppError('SHELF_EMPTY');
    const row = await repo.updateShelf(tx, s.id, s.state, {
      state: to,
      listingId: null,
      monthRent: 0,
      leaseTerm: 0,
      sellingPrice: 0,
    });
    if (!row) throw new AppError('SHELF_EMPTY');
    await recordAudit(tx, actor, {
      entity: SHELF,
      entityId: s.id,
      action: 'takeDown',
      from: s.state,
      to,
      reason: `listing ${s.listingId}`,
    });
  });
}

/** GET /site/rentbuy: devices on effective, unexpired shelves whose listing is public, with their terms. */
export async function publicRentBuy(
  db: DB,
  page: number,
  size: number,
  now = new Date(),
): Promise<TPage<TRentBuyCard>> {
  const rows = await repo.liveFilledShelves(db, now, 2000);
  const cards = new Map(
    (
      await listingCards(
        db,
        rows.map((s) => s.listingId as number),
      )
    ).map((c) => [c.id, c]),
  );
  const all = rows.flatMap((s) => {
    const c = cards.get(s.listingId as number);
    if (!c || !isListingPublic({ is_lease: c.is_lease, on_sell: c.on_sell })) return [];
    return [
      {
        ...c,
        shelf_id: s.id,
        month_rent: s.monthRent,
        month_rent_v: fenToYuanText(s.monthRent),
        lease_term: s.leaseTerm,
        selling_price: s.sellingPrice,
        selling_price_v: fenToYuanText(s.sellingPrice),
      },
    ];
  });
  return { data: all.slice((page - 1) * size, page * size), total: all.length };
}
