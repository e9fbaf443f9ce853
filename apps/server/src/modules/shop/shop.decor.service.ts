import { M } from '@jizu/shared/messages';
import { LISTING_REVIEW } from '@jizu/shared/constants/equipment';
import { SITE } from '@jizu/shared/constants/site';
import {
  CASE_STATUS_TEXT,
  COVER_STATUS,
  COVER_STATUS_TEXT,
  HONOUR_STATUS_TEXT,
  SHOP_LIMITS,
  isShopOpen,
  type TCoverAction,
  CASE_MACHINE,
  COVER_MACHINE,
  HONOUR_MACHINE,
} from '@jizu/shared/constants/shop';
import { nextStatus } from '@jizu/shared/rules/machine';
import type { TShopCase, TShopHonour } from '@jizu/shared/schemas/shop';
import { inTx, type DB, type Executor } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { recordAudit, type TActor } from '../audit/audit.service';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { listingCards, publicListingIds, requireApprovedCompanyListing } from '../equipment/equipment.service';
import * as repo from './shop.repo';
import { shopImage, type TPage, type TShopDeps } from './shop.service';

/** A shop's decoration (spec/1 §5 shop pages): hot-rent devices, the focus image, cases and honours, each for review. */

/** The company's approved shop, or the reason the decoration pages are unavailable (spec/1 §8 shop page code 0). */
async function requireOpenShop(db: Executor, companyId: number): Promise<repo.TShopRow> {
  const s = await repo.findCompanyShop(db, companyId);
  if (!s) throw new AppError('SHOP_NOT_SET_UP');
  if (!isShopOpen(s.status)) throw new AppError('SHOP_NOT_OPEN');
  return s;
}

export async function listHotDevices(db: Executor, companyId: number) {
  const s = await requireOpenShop(db, companyId);
  const hot = await repo.listHot(db, s.id);
  const cards = new Map(
    (
      await listingCards(
        db,
        hot.map((h) => h.listingId),
      )
    )
      .filter((c) => c.is_lease === LISTING_REVIEW.approved)
      .map((c) => [c.id, c]),
  );
  const data = hot.flatMap((h) => (cards.has(h.listingId) ? [{ ...cards.get(h.listingId)!, hot_id: h.id }] : []));
  const onShelf = new Set(hot.map((h) => h.listingId));
  const options = (await listingCards(db, await publicListingIds(db, companyId, 100))).filter(
    (c) => !onShelf.has(c.id),
  );
  return { data, total: data.length, options };
}

/** Up-shelf: an approved listing of the company becomes a hot-rent device (at most 3). */
export async function addHotDevice(db: DB, actor: TActor, companyId: number, listingId: number): Promise<void> {
  const s = await requireOpenShop(db, companyId);
  await requireApprovedCompanyListing(db, companyId, listingId);
  await inTx(db, async (tx) => {
    await repo.lockShop(tx, s.id);
    const hot = await repo.listHot(tx, s.id);
    if (hot.some((h) => h.listingId === listingId)) throw new AppError('SHOP_HOT_DUPLICATE');
    // a hot-rent device whose listing was deleted or is no longer approved leaves the shelf rather than hold a slot
    const live = new Set(
      (
        await listingCards(
          tx,
          hot.map((h) => h.listingId),
        )
      )
        .filter((c) => c.is_lease === LISTING_REVIEW.approved)
        .map((c) => c.id),
    );
    const gone = hot.filter((h) => !live.has(h.listingId));
    if (hot.length - gone.length >= SHOP_LIMITS.hotDevices) throw new AppError('SHOP_HOT_LIMIT');
    for (const h of gone) {
      await repo.deleteHot(tx, s.id, h.id);
      await recordAudit(tx, actor, {
        entity: 'shop_hot',
        entityId: h.id,
        action: 'unshelve',
        from: h.listingId,
        to: null,
        reason: 'listing gone',
      });
    }
    const row = await repo.insertHot(tx, s.id, listingId);
    if (!row) throw new AppError('SHOP_HOT_DUPLICATE');
    await recordAudit(tx, actor, { entity: 'shop_hot', entityId: row.id, action: 'shelve', from: null, to: listingId });
  });
}

/** Down-shelf: the hot-rent device leaves the shop's list (the listing itself is unchanged). */
export async function removeHotDevice(db: DB, actor: TActor, companyId: number, id: number): Promise<void> {
  const s = await requireOpenShop(db, companyId);
  await inTx(db, async (tx) => {
    const row = await repo.deleteHot(tx, s.id, id);
    if (!row) notFound();
    await recordAudit(tx, actor, {
      entity: 'shop_hot',
      entityId: id,
      action: 'unshelve',
      from: row!.listingId,
      to: null,
    });
  });
}

export async function getCover(deps: TShopDeps, companyId: number) {
  const s = await requireOpenShop(deps.db, companyId);
  return {
    shop_id: s.id,
    href: SITE.shop(s.id),
    shop_cover: s.shopCover,
    f_shop_cover: s.shopCover ? deps.config.publicUrl + s.shopCover : '',
    cover_status: s.coverStatus,
    cover_status_v: COVER_STATUS_TEXT[s.coverStatus] ?? '',
    reason: s.coverStatus === COVER_STATUS.failed ? s.coverReason : '',
  };
}

/** /shop/addpic: the one focus image (jpg/png ≤ 3 MB), replacing the old one, for review. */
export async function saveCover(deps: TShopDeps, actor: TActor, companyId: number, userId: number, address: string) {
  const s = await requireOpenShop(deps.db, companyId);
  const path = await shopImage(
    deps,
    companyId,
    userId,
    'shop_cover',
    address,
    SHOP_LIMITS.coverBytes,
    M.shop.coverTooLarge,
  );
  await changeCover(deps.db, actor, s, 'upload', { shopCover: path, coverReason: '', coverAt: new Date() });
  return getCover(deps, companyId);
}

export async function deleteCover(deps: TShopDeps, actor: TActor, companyId: number) {
  const s = await requireOpenShop(deps.db, companyId);
  await changeCover(deps.db, actor, s, 'delete', {});
  return getCover(deps, companyId);
}

async function changeCover(db: DB, actor: TActor, s: repo.TShopRow, action: TCoverAction, v: Partial<repo.TShopRow>) {
  const to = nextStatus(COVER_MACHINE, { status: s.coverStatus }, action, 'company');
  if (to === null) throw new AppError('SHOP_CONFLICT');
  await inTx(db, async (tx) => {
    if (!(await repo.setCoverStatus(tx, s.id, s.coverStatus, { ...v, coverStatus: to })))
      throw new AppError('SHOP_CONFLICT');
    await recordAudit(tx, actor, { entity: 'shop_cover', entityId: s.id, action, from: s.coverStatus, to });
  });
}

const caseView = (c: repo.TCaseRow): TShopCase => ({
  id: c.id,
  title: c.title,
  cover: c.cover,
  content: c.content,
  status: c.status,
  status_v: CASE_STATUS_TEXT[c.status] ?? '',
  reason: c.reason,
  create_time: shanghaiDateTime(c.createdAt),
});

export async function pageCases(
  db: Executor,
  companyId: number,
  page: number,
  size: number,
): Promise<TPage<TShopCase>> {
  const s = await requireOpenShop(db, companyId);
  const { rows, total } = await repo.pageCases(db, s.id, (page - 1) * size, size);
  return { data: rows.map(caseView), total };
}

export async function addCase(
  deps: TShopDeps,
  actor: TActor,
  companyId: number,
  userId: number,
  v: { title: string; cover: string; content: string },
): Promise<TShopCase> {
  const s = await requireOpenShop(deps.db, companyId);
  const cover = await shopImage(deps, companyId, userId, 'cover', v.cover, SHOP_LIMITS.logoBytes, M.shop.logoTooLarge);
  const to = nextStatus(CASE_MACHINE, { status: null }, 'add', 'company')!;
  return inTx(deps.db, async (tx) => {
    const c = await repo.insertCase(tx, {
      shopId: s.id,
      companyId,
      title: v.title,
      cover,
      content: v.content,
      status: to,
      createdBy: userId,
    });
    await recordAudit(tx, actor, { entity: 'shop_case', entityId: c.id, action: 'add', from: null, to });
    return caseView(c);
  });
}

export async function deleteCase(db: DB, actor: TActor, companyId: number, id: number): Promise<void> {
  const s = await requireOpenShop(db, companyId);
  const c = await repo.findCase(db, s.id, id);
  if (!c) return notFound();
  const to = nextStatus(CASE_MACHINE, { status: c.status }, 'delete', 'company');
  if (to === null) throw new AppError('SHOP_CONFLICT');
  await inTx(db, async (tx) => {
    if (!(await repo.setCaseStatus(tx, id, c.status, { status: to }))) throw new AppError('SHOP_CONFLICT');
    await recordAudit(tx, actor, { entity: 'shop_case', entityId: id, action: 'delete', from: c.status, to });
  });
}

const honourView = (h: repo.THonourRow): TShopHonour => ({
  id: h.id,
  name: h.name,
  img: h.img,
  status: h.status,
  status_v: HONOUR_STATUS_TEXT[h.status] ?? '',
  reason: h.reason,
  create_time: shanghaiDateTime(h.createdAt),
});

export async function listHonours(db: Executor, companyId: number): Promise<TShopHonour[]> {
  const s = await requireOpenShop(db, companyId);
  return (await repo.listHonours(db, s.id)).map(honourView);
}

export async function addHonour(
  deps: TShopDeps,
  actor: TActor,
  companyId: number,
  userId: number,
  v: { name: string; img: string },
): Promise<TShopHonour> {
  const s = await requireOpenShop(deps.db, companyId);
  const img = await shopImage(deps, companyId, userId, 'img', v.img, SHOP_LIMITS.logoBytes, M.shop.logoTooLarge);
  const to = nextStatus(HONOUR_MACHINE, { status: null }, 'add', 'company')!;
  return inTx(deps.db, async (tx) => {
    await repo.lockShop(tx, s.id);
    if ((await repo.countHonours(tx, s.id)) >= SHOP_LIMITS.honours) throw new AppError('SHOP_HONOUR_LIMIT');
    const h = await repo.insertHonour(tx, {
      shopId: s.id,
      companyId,
      name: v.name,
      img,
      status: to,
      createdBy: userId,
    });
    await recordAudit(tx, actor, { entity: 'shop_honour', entityId: h.id, action: 'add', from: null, to });
    return honourView(h);
  });
}

export async function deleteHonour(db: DB, actor: TActor, companyId: number, id: number): Promise<void> {
  const s = await requireOpenShop(db, companyId);
  const h = await repo.findHonour(db, s.id, id);
  if (!h) return notFound();
  const to = nextStatus(HONOUR_MACHINE, { status: h.status }, 'delete', 'company');
  if (to === null) throw new AppError('SHOP_CONFLICT');
  await inTx(db, async (tx) => {
    if (!(await repo.setHonourStatus(tx, id, h.status, { status: to }))) throw new AppError('SHOP_CONFLICT');
    await recordAudit(tx, actor, { entity: 'shop_honour', entityId: id, action: 'delete', from: h.status, to });
  });
}
