import { fmt, M } from '@jizu/shared/messages';
import { isListingPublic, LISTING_REVIEW } from '@jizu/shared/constants/equipment';
import { SITE } from '@jizu/shared/constants/site';
import { VERIFY_STATUS } from '@jizu/shared/constants/verify';
import {
  CASE_STATUS_TEXT,
  COVER_STATUS,
  COVER_STATUS_TEXT,
  HONOUR_STATUS_TEXT,
  SHOP_COMPANY_CATEGORIES,
  SHOP_EMPLOYEE_NUMBERS,
  SHOP_LIMITS,
  SHOP_MAIN_BUSINESSES,
  SHOP_STATUS,
  SHOP_STATUS_TEXT,
  caseNext,
  coverNext,
  honourNext,
  isShopOpen,
  latestShopStartDate,
  optionName,
  shopNext,
  type TCaseAction,
  type TCoverAction,
  type THonourAction,
  type TShopAction,
} from '@jizu/shared/constants/shop';
import type { TShopCard } from '@jizu/shared/schemas/shopCard';
import type { TListingCard } from '@jizu/shared/schemas/equipment';
import type {
  TAdminCaseRow,
  TAdminCoverRow,
  TAdminHonourRow,
  TAdminShopRow,
  TPublicShop,
  TShopApply,
  TShopCase,
  TShopHonour,
  TShopInfo,
} from '@jizu/shared/schemas/shop';
import { inTx, type DB, type Executor, type Tx } from '../../db/client';
import type { TDeps } from '../../platform/deps';
import { AppError, invalid, notFound } from '../../platform/errors';
import { recordAudit, type TActor } from '../audit/audit.service';
import { isCalendarDate, shanghaiDate, shanghaiDateTime, shanghaiDay } from '@jizu/shared/rules/datetime';
import { findCompany } from '../company/company.service';
import { mainAccountUserIds } from '../company/company.repo';
import { approvedListingIds, listingCards, publicListingIds, requireApprovedCompanyListing } from '../equipment/equipment.service';
import { createMessage } from '../message/message.service';
import { findOwnUpload } from '../upload/upload.service';
import { getPersonAuth } from '../verify/verify.service';
import * as repo from './shop.repo';

type TShopDeps = Pick<TDeps, 'db' | 'config'>;
type TPage<T> = { data: T[]; total: number };

const businessNames = (csv: string) =>
  csv
    .split(',')
    .map((x) => optionName(SHOP_MAIN_BUSINESSES, Number(x)))
    .filter(Boolean)
    .join('、');

// ============ cross-module calls (favourites, reports, the listing page, the sitemap) ============

/** Public listings of a company, newest first (approved and on sale). */
async function publicListings(db: Executor, companyId: number, limit: number): Promise<TListingCard[]> {
  return listingCards(db, await publicListingIds(db, companyId, limit));
}

/** Cards of public (approved, status 2) shops by id, in the order asked; unknown or closed shops are left out. */
export async function shopCards(db: Executor, ids: number[]): Promise<TShopCard[]> {
  const rows = await repo.publicShopsByIds(db, [...new Set(ids)]);
  const by = new Map<number, TShopCard>();
  for (const s of rows) {
    by.set(s.id, {
      id: s.id,
      company_id: s.companyId,
      shop_name: s.shopName,
      shop_cover: s.coverStatus === COVER_STATUS.approved ? s.shopCover : '',
      logo: s.companyLogo,
      service_area: s.serviceArea,
      main_product: s.mainProduct,
      href: SITE.shop(s.id),
      equipment: (await publicListings(db, s.companyId, 6)).slice(0, 3),
    });
  }
  return ids.flatMap((id) => (by.has(id) ? [by.get(id)!] : []));
}

/** The public shop of a company (for the listing page's shop link), or null when it has none that is public. */
export async function findCompanyShop(db: Executor, companyId: number): Promise<{ id: number; shop_name: string; href: string } | null> {
  const s = await repo.findCompanyShop(db, companyId);
  return s && isShopOpen(s.status) ? { id: s.id, shop_name: s.shopName, href: SITE.shop(s.id) } : null;
}

/** A public shop by id, or null. */
export async function findPublicShop(db: Executor, id: number): Promise<{ id: number; company_id: number; shop_name: string } | null> {
  const s = await repo.findShop(db, id);
  return s && isShopOpen(s.status) ? { id: s.id, company_id: s.companyId, shop_name: s.shopName } : null;
}

/** The shop page's title and description for search engines, or null when the shop is not public. */
export async function shopMeta(db: Executor, id: number): Promise<{ title: string; description: string } | null> {
  const s = await repo.findShop(db, id);
  if (!s || !isShopOpen(s.status)) return null;
  return { title: s.shopName + M.shop.metaSuffix, description: s.companyDesc.replace(/\s+/g, ' ').trim().slice(0, 150) };
}

/** Ids of every public shop (the sitemap). */
export async function publicShopIds(db: Executor): Promise<number[]> {
  return repo.publicShopIds(db);
}

// ============ the application ============

/** Personal verification of the user, or company verification of the company (spec/1 §4: options c). */
async function isVerified(db: Executor, companyId: number, userId: number): Promise<boolean> {
  const company = await findCompany(db, companyId);
  if (company?.status === VERIFY_STATUS.verified) return true;
  return (await getPersonAuth(db, userId)).status === VERIFY_STATUS.verified;
}

/** At least one listing of the company (spec/1 §4: shop info c). */
async function hasListing(db: Executor, companyId: number): Promise<boolean> {
  return (await approvedListingIds(db, companyId, 1)).length > 0;
}


export async function shopOptions(db: Executor, companyId: number, userId: number) {
  const company = await findCompany(db, companyId);
  const c = (await isVerified(db, companyId, userId)) ? 1 : 0;
  return {
    c,
    msg: c ? '' : M.shop.needVerify,
    is_company: company?.type === 2 ? 1 : 0,
    company_category: SHOP_COMPANY_CATEGORIES.map((o) => ({ ...o })),
    main_business: SHOP_MAIN_BUSINESSES.map((o) => ({ ...o })),
    employee_number: SHOP_EMPLOYEE_NUMBERS.map((o) => ({ ...o })),
    shop_name: company?.name.slice(0, 30) ?? '',
    latest_create_time: latestShopStartDate(shanghaiDay()),
  };
}

function infoView(deps: TShopDeps, s: repo.TShopRow | null, c: number): TShopInfo {
  const status = s?.status ?? SHOP_STATUS.none;
  return {
    id: s?.id ?? 0,
    c,
    msg: c ? '' : M.shop.needListing,
    shop_status: status,
    shop_status_v: SHOP_STATUS_TEXT[status] ?? '',
    reason: s?.status === SHOP_STATUS.rejected ? s.reason : '',
    shop_name: s?.shopName ?? '',
    company_category: s?.companyCategory ?? 0,
    company_category_v: s ? optionName(SHOP_COMPANY_CATEGORIES, s.companyCategory) : '',
    main_business: s?.mainBusiness ?? '',
    main_business_v: s ? businessNames(s.mainBusiness) : '',
    main_product: s?.mainProduct ?? '',
    service_area: s?.serviceArea ?? '',
    create_time: s?.startDate ?? '',
    product_number: s?.productNumber ?? 0,
    employee_number: s?.employeeNumber ?? 0,
    employee_number_v: s ? optionName(SHOP_EMPLOYEE_NUMBERS, s.employeeNumber) : '',
    company_desc: s?.companyDesc ?? '',
    company_logo: s?.companyLogo ?? '',
    f_company_logo: s?.companyLogo ? deps.config.publicUrl + s.companyLogo : '',
    href: s ? SITE.shop(s.id) : '',
  };
}

export async function shopInfo(deps: TShopDeps, companyId: number): Promise<TShopInfo> {
  const s = await repo.findCompanyShop(deps.db, companyId);
  return infoView(deps, s, (await hasListing(deps.db, companyId)) ? 1 : 0);
}

/**
 * A shop image the caller uploaded (through /api/shop/upload) for this company, or the field's error. `maxBytes`
 * is checked on the stored file (the upload path allows 5 MB; the focus image allows 3 MB).
 */
async function shopImage(deps: TShopDeps, companyId: number, userId: number, field: string, address: string, maxBytes: number, tooLarge: string, keep?: string): Promise<string> {
  if (keep && (address === keep || address === deps.config.publicUrl + keep)) return keep;
  const up = await findOwnUpload(deps, userId, address, 'shop');
  if (!up || (up.companyId !== null && up.companyId !== companyId)) return invalid(field, M.shop.imageBad);
  if (up.size > maxBytes) invalid(field, tooLarge);
  return up.path;
}

async function checkApplication(deps: TShopDeps, companyId: number, userId: number, v: TShopApply, keepLogo?: string) {
  const latest = latestShopStartDate(shanghaiDay());
  if (!isCalendarDate(v.create_time)) invalid('create_time', M.shop.createTimeBad);
  if (v.create_time > latest) invalid('create_time', fmt(M.shop.createTimeLate, { date: latest }));
  const logo = await shopImage(deps, companyId, userId, 'company_logo', v.company_logo, SHOP_LIMITS.logoBytes, M.shop.logoTooLarge, keepLogo);
  const mainBusiness = [...new Set(v.main_business.split(',').map((x) => Number(x.trim())))].join(',');
  return {
    shopName: v.shop_name,
    companyCategory: v.company_category,
    mainBusiness,
    mainProduct: v.main_product,
    serviceArea: v.service_area,
    startDate: v.create_time,
    productNumber: v.product_number,
    employeeNumber: v.employee_number,
    companyDesc: v.company_desc,
    companyLogo: logo,
  };
}

async function requireSetUpRules(db: Executor, companyId: number, userId: number) {
  if (!(await hasListing(db, companyId))) throw new AppError('SHOP_NEED_LISTING');
  if (!(await isVerified(db, companyId, userId))) throw new AppError('SHOP_NEED_VERIFY');
}

/** POST /shop/shop: the application, for the platform's review (0 → 1). */
export async function applyShop(deps: TShopDeps, actor: TActor, companyId: number, userId: number, v: TShopApply): Promise<TShopInfo> {
  await requireSetUpRules(deps.db, companyId, userId);
  if (await repo.findCompanyShop(deps.db, companyId)) throw new AppError('SHOP_EXISTS');
  const fields = await checkApplication(deps, companyId, userId, v);
  const to = shopNext(null, 'apply', 'company')!;
  const row = await inTx(deps.db, async (tx) => {
    const s = await repo.insertShop(tx, { ...fields, companyId, status: to, createdBy: userId });
    if (!s) throw new AppError('SHOP_EXISTS');
    await recordAudit(tx, actor, { entity: 'shop', entityId: s.id, action: 'apply', from: SHOP_STATUS.none, to });
    return s;
  });
  return infoView(deps, row, 1);
}

/** PUT /shop/shop/{id}: a changed application goes back to the platform's review. */
export async function modifyShop(deps: TShopDeps, actor: TActor, companyId: number, userId: number, id: number, v: TShopApply): Promise<TShopInfo> {
  const s = await repo.findCompanyShop(deps.db, companyId);
  if (!s || s.id !== id) return notFound();
  const to = shopNext(s.status, 'modify', 'company');
  if (to === null) throw new AppError('SHOP_CONFLICT');
  await requireSetUpRules(deps.db, companyId, userId);
  const fields = await checkApplication(deps, companyId, userId, v, s.companyLogo);
  const row = await inTx(deps.db, async (tx) => {
    const r = await repo.setShopStatus(tx, id, s.status, { ...fields, status: to, reason: '', submittedAt: new Date() });
    if (!r) throw new AppError('SHOP_CONFLICT');
    await recordAudit(tx, actor, { entity: 'shop', entityId: id, action: 'modify', from: s.status, to });
    return r;
  });
  return infoView(deps, row, 1);
}

// ============ decoration ============

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
  const cards = new Map((await listingCards(db, hot.map((h) => h.listingId))).filter((c) => c.is_lease === LISTING_REVIEW.approved).map((c) => [c.id, c]));
  const data = hot.flatMap((h) => (cards.has(h.listingId) ? [{ ...cards.get(h.listingId)!, hot_id: h.id }] : []));
  const onShelf = new Set(hot.map((h) => h.listingId));
  const options = (await listingCards(db, await publicListingIds(db, companyId, 100))).filter((c) => !onShelf.has(c.id));
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
    const live = new Set((await listingCards(tx, hot.map((h) => h.listingId))).filter((c) => c.is_lease === LISTING_REVIEW.approved).map((c) => c.id));
    const gone = hot.filter((h) => !live.has(h.listingId));
    if (hot.length - gone.length >= SHOP_LIMITS.hotDevices) throw new AppError('SHOP_HOT_LIMIT');
    for (const h of gone) {
      await repo.deleteHot(tx, s.id, h.id);
      await recordAudit(tx, actor, { entity: 'shop_hot', entityId: h.id, action: 'unshelve', from: h.listingId, to: null, reason: 'listing gone' });
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
    await recordAudit(tx, actor, { entity: 'shop_hot', entityId: id, action: 'unshelve', from: row!.listingId, to: null });
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
  const path = await shopImage(deps, companyId, userId, 'shop_cover', address, SHOP_LIMITS.coverBytes, M.shop.coverTooLarge);
  await changeCover(deps.db, actor, s, 'upload', { shopCover: path, coverReason: '', coverAt: new Date() });
  return getCover(deps, companyId);
}

export async function deleteCover(deps: TShopDeps, actor: TActor, companyId: number) {
  const s = await requireOpenShop(deps.db, companyId);
  await changeCover(deps.db, actor, s, 'delete', {});
  return getCover(deps, companyId);
}

async function changeCover(db: DB, actor: TActor, s: repo.TShopRow, action: TCoverAction, v: Partial<repo.TShopRow>) {
  const to = coverNext(s.coverStatus, action, 'company');
  if (to === null) throw new AppError('SHOP_CONFLICT');
  await inTx(db, async (tx) => {
    if (!(await repo.setCoverStatus(tx, s.id, s.coverStatus, { ...v, coverStatus: to }))) throw new AppError('SHOP_CONFLICT');
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

export async function pageCases(db: Executor, companyId: number, page: number, size: number): Promise<TPage<TShopCase>> {
  const s = await requireOpenShop(db, companyId);
  const { rows, total } = await repo.pageCases(db, s.id, (page - 1) * size, size);
  return { data: rows.map(caseView), total };
}

export async function addCase(deps: TShopDeps, actor: TActor, companyId: number, userId: number, v: { title: string; cover: string; content: string }): Promise<TShopCase> {
  const s = await requireOpenShop(deps.db, companyId);
  const cover = await shopImage(deps, companyId, userId, 'cover', v.cover, SHOP_LIMITS.logoBytes, M.shop.logoTooLarge);
  const to = caseNext(null, 'add', 'company')!;
  return inTx(deps.db, async (tx) => {
    const c = await repo.insertCase(tx, { shopId: s.id, companyId, title: v.title, cover, content: v.content, status: to, createdBy: userId });
    await recordAudit(tx, actor, { entity: 'shop_case', entityId: c.id, action: 'add', from: null, to });
    return caseView(c);
  });
}

export async function deleteCase(db: DB, actor: TActor, companyId: number, id: number): Promise<void> {
  const s = await requireOpenShop(db, companyId);
  const c = await repo.findCase(db, s.id, id);
  if (!c) return notFound();
  const to = caseNext(c.status, 'delete', 'company');
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

export async function addHonour(deps: TShopDeps, actor: TActor, companyId: number, userId: number, v: { name: string; img: string }): Promise<TShopHonour> {
  const s = await requireOpenShop(deps.db, companyId);
  const img = await shopImage(deps, companyId, userId, 'img', v.img, SHOP_LIMITS.logoBytes, M.shop.logoTooLarge);
  const to = honourNext(null, 'add', 'company')!;
  return inTx(deps.db, async (tx) => {
    await repo.lockShop(tx, s.id);
    if ((await repo.countHonours(tx, s.id)) >= SHOP_LIMITS.honours) throw new AppError('SHOP_HONOUR_LIMIT');
    const h = await repo.insertHonour(tx, { shopId: s.id, companyId, name: v.name, img, status: to, createdBy: userId });
    await recordAudit(tx, actor, { entity: 'shop_honour', entityId: h.id, action: 'add', from: null, to });
    return honourView(h);
  });
}

export async function deleteHonour(db: DB, actor: TActor, companyId: number, id: number): Promise<void> {
  const s = await requireOpenShop(db, companyId);
  const h = await repo.findHonour(db, s.id, id);
  if (!h) return notFound();
  const to = honourNext(h.status, 'delete', 'company');
  if (to === null) throw new AppError('SHOP_CONFLICT');
  await inTx(db, async (tx) => {
    if (!(await repo.setHonourStatus(tx, id, h.status, { status: to }))) throw new AppError('SHOP_CONFLICT');
    await recordAudit(tx, actor, { entity: 'shop_honour', entityId: id, action: 'delete', from: h.status, to });
  });
}

// ============ the public page ============

export async function publicShop(db: Executor, id: number): Promise<TPublicShop> {
  const s = await repo.findShop(db, id);
  if (!s || !isShopOpen(s.status)) return notFound(M.shop.notFound);
  const hotRows = await repo.listHot(db, s.id);
  const hot = (await listingCards(db, hotRows.map((h) => h.listingId))).filter((c) => isListingPublic(c));
  const [equipment, cases, honours] = await Promise.all([publicListings(db, s.companyId, 24), repo.approvedCases(db, s.id), repo.listHonours(db, s.id)]);
  return {
    id: s.id,
    company_id: s.companyId,
    shop_name: s.shopName,
    logo: s.companyLogo,
    shop_cover: s.coverStatus === COVER_STATUS.approved ? s.shopCover : '',
    company_desc: s.companyDesc,
    company_category_v: optionName(SHOP_COMPANY_CATEGORIES, s.companyCategory),
    main_business_v: businessNames(s.mainBusiness),
    main_product: s.mainProduct,
    service_area: s.serviceArea,
    create_time: s.startDate,
    employee_number_v: optionName(SHOP_EMPLOYEE_NUMBERS, s.employeeNumber),
    product_number: s.productNumber,
    hot,
    equipment,
    cases: cases.map((c) => ({ id: c.id, title: c.title, cover: c.cover, content: c.content, create_time: shanghaiDate(c.createdAt) })),
    honours: honours.filter((h) => h.status === 1).map((h) => ({ id: h.id, name: h.name, img: h.img })),
  };
}

// ============ the admin's review queues ============

/** Tells the shop company's main accounts about a decision (with the reason when rejected). */
async function tell(tx: Tx, companyId: number, title: string, content: string) {
  for (const userId of new Set(await mainAccountUserIds(tx, companyId))) await createMessage(tx, { userId, title, content, kind: 'shop' });
}

export async function pageShopQueue(db: Executor, status: number, page: number, size: number): Promise<TPage<TAdminShopRow>> {
  const { rows, total } = await repo.pageShops(db, status, (page - 1) * size, size, 'status');
  return {
    data: rows.map(({ shop: s, companyName }) => ({
      id: s.id,
      status: s.status,
      reason: s.reason,
      company_name: companyName,
      shop_name: s.shopName,
      create_time: shanghaiDateTime(s.submittedAt),
      company_logo: s.companyLogo,
      company_category_v: optionName(SHOP_COMPANY_CATEGORIES, s.companyCategory),
      main_business_v: businessNames(s.mainBusiness),
      main_product: s.mainProduct,
      service_area: s.serviceArea,
      start_date: s.startDate,
      product_number: s.productNumber,
      employee_number_v: optionName(SHOP_EMPLOYEE_NUMBERS, s.employeeNumber),
      company_desc: s.companyDesc,
    })),
    total,
  };
}

export async function reviewShop(db: DB, actor: TActor, id: number, action: Extract<TShopAction, 'approve' | 'reject'>, reason: string): Promise<void> {
  const s = await repo.findShop(db, id);
  if (!s) return notFound();
  const to = shopNext(s.status, action, 'staff');
  if (to === null) throw new AppError('SHOP_REVIEWED');
  const ok = action === 'approve';
  await inTx(db, async (tx) => {
    const r = await repo.setShopStatus(tx, id, s.status, { status: to, reason: ok ? '' : reason, reviewerId: actor.userId, reviewedAt: new Date() });
    if (!r) throw new AppError('SHOP_REVIEWED');
    await recordAudit(tx, actor, { entity: 'shop', entityId: id, action, from: s.status, to, reason });
    const vars = { name: s.shopName, reason };
    await tell(tx, s.companyId, ok ? M.shop.shopApprovedTitle : M.shop.shopRejectedTitle, fmt(ok ? M.shop.shopApprovedBody : M.shop.shopRejectedBody, vars));
  });
}

export async function pageCoverQueue(db: Executor, status: number, page: number, size: number): Promise<TPage<TAdminCoverRow>> {
  const { rows, total } = await repo.pageShops(db, status, (page - 1) * size, size, 'cover');
  return {
    data: rows.map(({ shop: s, companyName }) => ({
      id: s.id,
      status: s.coverStatus,
      reason: s.coverReason,
      company_name: companyName,
      shop_name: s.shopName,
      create_time: shanghaiDateTime(s.coverAt),
      shop_cover: s.shopCover,
    })),
    total,
  };
}

export async function reviewCover(db: DB, actor: TActor, shopId: number, action: Extract<TCoverAction, 'approve' | 'reject'>, reason: string): Promise<void> {
  const s = await repo.findShop(db, shopId);
  if (!s) return notFound();
  const to = coverNext(s.coverStatus, action, 'staff');
  if (to === null) throw new AppError('SHOP_REVIEWED');
  const ok = action === 'approve';
  await inTx(db, async (tx) => {
    if (!(await repo.setCoverStatus(tx, shopId, s.coverStatus, { coverStatus: to, coverReason: ok ? '' : reason }))) throw new AppError('SHOP_REVIEWED');
    await recordAudit(tx, actor, { entity: 'shop_cover', entityId: shopId, action, from: s.coverStatus, to, reason });
    const vars = { name: s.shopName, reason };
    await tell(tx, s.companyId, ok ? M.shop.coverApprovedTitle : M.shop.coverRejectedTitle, fmt(ok ? M.shop.coverApprovedBody : M.shop.coverRejectedBody, vars));
  });
}

export async function pageCaseQueue(db: Executor, status: number, page: number, size: number): Promise<TPage<TAdminCaseRow>> {
  const { rows, total } = await repo.pageCaseQueue(db, status, (page - 1) * size, size);
  return {
    data: rows.map(({ c, shopName, companyName }) => ({
      id: c.id,
      status: c.status,
      reason: c.reason,
      company_name: companyName,
      shop_name: shopName,
      create_time: shanghaiDateTime(c.createdAt),
      title: c.title,
      cover: c.cover,
      content: c.content,
    })),
    total,
  };
}

export async function reviewCase(db: DB, actor: TActor, id: number, action: Extract<TCaseAction, 'approve' | 'reject'>, reason: string): Promise<void> {
  const found = await repo.findAnyCase(db, id);
  if (!found) return notFound();
  const { c } = found;
  const to = caseNext(c.status, action, 'staff');
  if (to === null) throw new AppError('SHOP_REVIEWED');
  const ok = action === 'approve';
  await inTx(db, async (tx) => {
    if (!(await repo.setCaseStatus(tx, id, c.status, { status: to, reason: ok ? '' : reason, reviewerId: actor.userId, reviewedAt: new Date() }))) throw new AppError('SHOP_REVIEWED');
    await recordAudit(tx, actor, { entity: 'shop_case', entityId: id, action, from: c.status, to, reason });
    const vars = { name: found.shopName, title: c.title, reason };
    await tell(tx, c.companyId, ok ? M.shop.caseApprovedTitle : M.shop.caseRejectedTitle, fmt(ok ? M.shop.caseApprovedBody : M.shop.caseRejectedBody, vars));
  });
}

export async function pageHonourQueue(db: Executor, status: number, page: number, size: number): Promise<TPage<TAdminHonourRow>> {
  const { rows, total } = await repo.pageHonourQueue(db, status, (page - 1) * size, size);
  return {
    data: rows.map(({ h, shopName, companyName }) => ({
      id: h.id,
      status: h.status,
      reason: h.reason,
      company_name: companyName,
      shop_name: shopName,
      create_time: shanghaiDateTime(h.createdAt),
      name: h.name,
      img: h.img,
    })),
    total,
  };
}

export async function reviewHonour(db: DB, actor: TActor, id: number, action: Extract<THonourAction, 'approve' | 'reject'>, reason: string): Promise<void> {
  const found = await repo.findAnyHonour(db, id);
  if (!found) return notFound();
  const { h } = found;
  const to = honourNext(h.status, action, 'staff');
  if (to === null) throw new AppError('SHOP_REVIEWED');
  const ok = action === 'approve';
  await inTx(db, async (tx) => {
    if (!(await repo.setHonourStatus(tx, id, h.status, { status: to, reason: ok ? '' : reason, reviewerId: actor.userId, reviewedAt: new Date() }))) throw new AppError('SHOP_REVIEWED');
    await recordAudit(tx, actor, { entity: 'shop_honour', entityId: id, action, from: h.status, to, reason });
    const vars = { name: found.shopName, title: h.name, reason };
    await tell(tx, h.companyId, ok ? M.shop.honourApprovedTitle : M.shop.honourRejectedTitle, fmt(ok ? M.shop.honourApprovedBody : M.shop.honourRejectedBody, vars));
  });
}
