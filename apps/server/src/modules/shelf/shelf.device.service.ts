import { isListingPublic, LISTING_SELL } from '@jizu/shared/constants/equipment';
import { SHELF_MACHINE, SHELF_STATE_TEXT, type TShelfAction } from '@jizu/shared/constants/shelf';
import { fenToYuanText } from '@jizu/shared/rules/money';
import { actionsOf, nextStatus, statusAfter, transitionOf } from '@jizu/shared/rules/machine';
import type { TPage } from '@jizu/shared/errors';
import type { TListingCard } from '@jizu/shared/schemas/equipment';
import type { TRentBuyCard, TShelf, TShelfDeviceAdd, TShelfDeviceUpdate, TShelfPick } from '@jizu/shared/schemas/shelf';
import { inTx, type DB, type Executor } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { recordAudit, type TActor } from '../audit/audit.service';
import { listingCards, publicListingIds, requireApprovedCompanyListing } from '../equipment/equipment.service';
import * as repo from './shelf.repo';

/** The audit entity of a shelf (its orders' review makes them). */
export const SHELF = 'shelf';

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
