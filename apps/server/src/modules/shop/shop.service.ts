import { M } from '@jizu/shared/messages';
import { isListingPublic } from '@jizu/shared/constants/equipment';
import { SITE } from '@jizu/shared/constants/site';
import { isVerified as verified } from '@jizu/shared/constants/verify';
import {
  COVER_STATUS,
  SHOP_COMPANY_CATEGORIES,
  SHOP_EMPLOYEE_NUMBERS,
  SHOP_LIMITS,
  SHOP_MAIN_BUSINESSES,
  SHOP_STATUS,
  SHOP_STATUS_TEXT,
  isShopOpen,
  optionName,
  SHOP_MACHINE,
} from '@jizu/shared/constants/shop';
import { nextStatus } from '@jizu/shared/rules/machine';
import type { TShopCard } from '@jizu/shared/schemas/shopCard';
import type { TListingCard } from '@jizu/shared/schemas/equipment';
import type { TPublicShop, TShopApply, TShopInfo } from '@jizu/shared/schemas/shop';
import { inTx, type Executor } from '../../db/client';
import type { TDeps } from '../../platform/deps';
import { AppError, invalid, notFound } from '../../platform/errors';
import { recordAudit, type TActor } from '../audit/audit.service';
import { isCalendarDate, shanghaiDate } from '@jizu/shared/rules/datetime';
import { checkPastDate, latestPastDate } from '@jizu/shared/rules/pastDate';
import { findCompany } from '../company/company.service';
import { approvedListingIds, listingCards, publicListingIds } from '../equipment/equipment.service';
import { findOwnUpload } from '../upload/upload.service';
import { getPersonAuth } from '../verify/verify.service';
import * as repo from './shop.repo';

export type TShopDeps = Pick<TDeps, 'db' | 'config'>;
export type TPage<T> = { data: T[]; total: number };

export const businessNames = (csv: string) =>
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
  // each shop's first listings at once, not one shop after another
  const listings = await Promise.all(rows.map((s) => publicListings(db, s.companyId, 6)));
  const by = new Map<number, TShopCard>();
  for (const [i, s] of rows.entries()) {
    by.set(s.id, {
      id: s.id,
      company_id: s.companyId,
      shop_name: s.shopName,
      shop_cover: s.coverStatus === COVER_STATUS.approved ? s.shopCover : '',
      logo: s.companyLogo,
      service_area: s.serviceArea,
      main_product: s.mainProduct,
      href: SITE.shop(s.id),
      equipment: listings[i].slice(0, 3),
    });
  }
  return ids.flatMap((id) => (by.has(id) ? [by.get(id)!] : []));
}

/** A company's shop as a value of another module's statement (shop.repo companyShopSql). */
export const companyShopSql = repo.companyShopSql;
export type TCompanyShopJson = repo.TCompanyShopJson;

/** The public shop of a company (for the listing page's shop link), or null when it has none that is public. */
export async function findCompanyShop(
  db: Executor,
  companyId: number,
): Promise<{ id: number; shop_name: string; href: string } | null> {
  const s = await repo.findCompanyShop(db, companyId);
  return s && isShopOpen(s.status) ? { id: s.id, shop_name: s.shopName, href: SITE.shop(s.id) } : null;
}

/** A public shop by id, or null. */
export async function findPublicShop(
  db: Executor,
  id: number,
): Promise<{ id: number; company_id: number; shop_name: string } | null> {
  const s = await repo.findShop(db, id);
  return s && isShopOpen(s.status) ? { id: s.id, company_id: s.companyId, shop_name: s.shopName } : null;
}

/** The shop page's title and description for search engines, or null when the shop is not public. */
export async function shopMeta(db: Executor, id: number): Promise<{ title: string; description: string } | null> {
  const s = await repo.findShop(db, id);
  if (!s || !isShopOpen(s.status)) return null;
  return {
    title: s.shopName + M.shop.metaSuffix,
    description: s.companyDesc.replace(/\s+/g, ' ').trim().slice(0, 150),
  };
}

/** Ids of every public shop (the sitemap). */
export async function publicShopIds(db: Executor): Promise<number[]> {
  return repo.publicShopIds(db);
}

// ============ the application ============

/** Personal verification of the user, or company verification of the company (spec/1 §4: options c). */
async function isVerified(db: Executor, companyId: number, userId: number): Promise<boolean> {
  const company = await findCompany(db, companyId);
  if (company && verified(company)) return true;
  return verified(await getPersonAuth(db, userId));
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
    latest_create_time: latestPastDate(),
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
export async function shopImage(
  deps: TShopDeps,
  companyId: number,
  userId: number,
  field: string,
  address: string,
  maxBytes: number,
  tooLarge: string,
  keep?: string,
): Promise<string> {
  if (keep && (address === keep || address === deps.config.publicUrl + keep)) return keep;
  const up = await findOwnUpload(deps, userId, address, 'shop');
  if (!up || (up.companyId !== null && up.companyId !== companyId)) return invalid(field, M.shop.imageBad);
  if (up.size > maxBytes) invalid(field, tooLarge);
  return up.path;
}

async function checkApplication(deps: TShopDeps, companyId: number, userId: number, v: TShopApply, keepLogo?: string) {
  if (!isCalendarDate(v.create_time)) invalid('create_time', M.shop.createTimeBad);
  const late = checkPastDate(v.create_time, M.shop.createTimeField);
  if (late) invalid('create_time', late);
  const logo = await shopImage(
    deps,
    companyId,
    userId,
    'company_logo',
    v.company_logo,
    SHOP_LIMITS.logoBytes,
    M.shop.logoTooLarge,
    keepLogo,
  );
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
export async function applyShop(
  deps: TShopDeps,
  actor: TActor,
  companyId: number,
  userId: number,
  v: TShopApply,
): Promise<TShopInfo> {
  await requireSetUpRules(deps.db, companyId, userId);
  if (await repo.findCompanyShop(deps.db, companyId)) throw new AppError('SHOP_EXISTS');
  const fields = await checkApplication(deps, companyId, userId, v);
  const to = nextStatus(SHOP_MACHINE, { status: null }, 'apply', 'company')!;
  const row = await inTx(deps.db, async (tx) => {
    const s = await repo.insertShop(tx, { ...fields, companyId, status: to, createdBy: userId });
    if (!s) throw new AppError('SHOP_EXISTS');
    await recordAudit(tx, actor, { entity: 'shop', entityId: s.id, action: 'apply', from: SHOP_STATUS.none, to });
    return s;
  });
  return infoView(deps, row, 1);
}

/** PUT /shop/shop/{id}: a changed application goes back to the platform's review. */
export async function modifyShop(
  deps: TShopDeps,
  actor: TActor,
  companyId: number,
  userId: number,
  id: number,
  v: TShopApply,
): Promise<TShopInfo> {
  const s = await repo.findCompanyShop(deps.db, companyId);
  if (!s || s.id !== id) return notFound();
  const to = nextStatus(SHOP_MACHINE, { status: s.status }, 'modify', 'company');
  if (to === null) throw new AppError('SHOP_CONFLICT');
  await requireSetUpRules(deps.db, companyId, userId);
  const fields = await checkApplication(deps, companyId, userId, v, s.companyLogo);
  const row = await inTx(deps.db, async (tx) => {
    const r = await repo.setShopStatus(tx, id, s.status, {
      ...fields,
      status: to,
      reason: '',
      submittedAt: new Date(),
    });
    if (!r) throw new AppError('SHOP_CONFLICT');
    await recordAudit(tx, actor, { entity: 'shop', entityId: id, action: 'modify', from: s.status, to });
    return r;
  });
  return infoView(deps, row, 1);
}

// ============ the public page ============

export async function publicShop(db: Executor, id: number): Promise<TPublicShop> {
  const page = await repo.readShopPage(db, id);
  const s = page?.shop;
  if (!page || !s || !isShopOpen(s.status)) return notFound(M.shop.notFound);
  // the hot devices' and the listings' cards in one more statement
  const cards = new Map((await listingCards(db, [...page.hot, ...page.listings])).map((c) => [c.id, c]));
  const cardsOf = (ids: number[]) => ids.flatMap((i) => (cards.has(i) ? [cards.get(i)!] : []));
  const hot = cardsOf(page.hot).filter((c) => isListingPublic(c));
  const equipment = cardsOf(page.listings);
  const { cases, honours } = page;
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
    cases: cases.map((c) => ({
      id: c.id,
      title: c.title,
      cover: c.cover,
      content: c.content,
      create_time: shanghaiDate(c.createdAt),
    })),
    honours: honours.filter((h) => h.status === 1).map((h) => ({ id: h.id, name: h.name, img: h.img })),
  };
}
