import {
  isListingPublic,
  LISTING_REVIEW,
  LISTING_SELL,
  LISTING_STATE,
  listingTransition,
  type TListingAction,
} from '@jizu/shared/constants/equipment';
import { SITE } from '@jizu/shared/constants/site';
import { M } from '@jizu/shared/messages';
import type { TListingCard } from '@jizu/shared/schemas/equipment';
import { fenToYuanText } from '@jizu/shared/rules/money';
import type { Executor } from '../../db/client';
import { notFound } from '../../platform/errors';
import { regionNames } from '../region/region.service';
import * as repo from './equipment.repo';

/** The audit trail's entity name of listings. */
export const AUDIT_ENTITY = 'equipment';

/*
 * What other modules use of listings (inquiries, favourites, reports, shops, shelves, device rights). They never read
 * equipment_listings themselves.
 */

/** A listing's product as its cards name it: the owner's own name of an 'other' product, else the catalogue's. */
const productNameOf = (isOther: boolean, alias: string, product: string) => (isOther && alias ? alias : product);

/** What a row of another module's list shows of a listing. */
export type TListingBrief = Pick<TListingCard, 'model' | 'product_name_v' | 'brand' | 'group_v' | 'cover' | 'href'>;
/** repo.listingBriefSql in another module's statement, read back for the listing `id` (null: deleted or none). */
export const listingBriefSql = repo.listingBriefSql;
/** repo.publicListingIdsSql in another module's statement (the shop page). */
export const publicListingIdsSql = repo.publicListingIdsSql;
export function listingBriefOf(id: number, j: repo.TListingBriefJson | null): TListingBrief | null {
  if (!j) return null;
  const [model, brand, cover, alias, product, isOther, group] = j;
  return {
    model,
    product_name_v: productNameOf(isOther, alias, product),
    brand,
    group_v: group,
    cover,
    href: SITE.device(id),
  };
}

/** The cards of listings by id, in the order asked; ids of deleted or unknown listings are left out. */
export async function listingCards(db: Executor, ids: number[]): Promise<TListingCard[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  return listingCardsOf(db, await repo.listingsWithNames(db, wanted), wanted);
}

/** listingCards from rows read already (listingsWithNames), in the order of `wanted`. */
export async function listingCardsOf(
  db: Executor,
  rows: repo.TListingWithNames[],
  wanted: number[],
): Promise<TListingCard[]> {
  const names = await regionNames(
    db,
    rows.flatMap((r) => [r.l.province, r.l.city, r.l.area]),
  );
  const by = new Map(
    rows.map(({ l, product, isOther, group, category }) => [
      l.id,
      {
        id: l.id,
        company_id: l.companyId,
        cover: l.cover,
        product_name_v: productNameOf(isOther, l.productAlias, product),
        group_v: group,
        category_v: category,
        model: l.model,
        brand: l.brand,
        monthly_rent: l.monthlyRent,
        monthly_rent_v: fenToYuanText(l.monthlyRent),
        rent_rent: l.rentRent,
        rent_rent_v: fenToYuanText(l.rentRent),
        hourly_rent: l.hourlyRent,
        hourly_rent_v: fenToYuanText(l.hourlyRent),
        province: l.province,
        city: l.city,
        area: l.area,
        province_v: names.get(l.province) ?? '',
        city_v: names.get(l.city) ?? '',
        area_v: names.get(l.area) ?? '',
        state: l.state,
        is_lease: l.reviewStatus,
        on_sell: l.onSell,
        href: SITE.device(l.id),
      } satisfies TListingCard,
    ]),
  );
  return wanted.flatMap((id) => (by.has(id) ? [by.get(id)!] : []));
}

/** A live listing of the company, or 404 (another company's listing is "not found", never "forbidden"). */
export async function requireCompanyListing(db: Executor, companyId: number, id: number): Promise<repo.TListingRow> {
  const row = await repo.findCompanyListing(db, companyId, id);
  return row ?? notFound();
}

/** A live listing of the company that the platform approved (shop hot-rent devices, shelves, device rights), or 404. */
export async function requireApprovedCompanyListing(
  db: Executor,
  companyId: number,
  id: number,
): Promise<repo.TListingRow> {
  const row = await repo.findCompanyListing(db, companyId, id);
  if (!row || row.reviewStatus !== LISTING_REVIEW.approved) return notFound();
  return row;
}

/** A listing the public may see (approved, listed, not deleted), or null. */
export async function findPublicListing(db: Executor, id: number): Promise<repo.TListingRow | null> {
  const row = await repo.findListing(db, id);
  return row && isListingPublic({ is_lease: row.reviewStatus, on_sell: row.onSell }) ? row : null;
}

export const isPublicRow = (row: repo.TListingRow) =>
  row.reviewStatus === LISTING_REVIEW.approved && row.onSell === LISTING_SELL.listed;

/** Ids of a company's approved, live listings, newest first (demo seeds and pickers of other modules). */
export async function approvedListingIds(db: Executor, companyId: number, limit = 100): Promise<number[]> {
  return repo.approvedIds(db, companyId, limit);
}

/** Ids of a company's public listings (approved and listed), newest first: what may go where the public sees it. */
export async function publicListingIds(db: Executor, companyId: number, limit = 100): Promise<number[]> {
  return repo.approvedIds(db, companyId, limit, true);
}

/** The listing tables' transition of an action (the company's form and list, the console's review), else null. */
export const listingNext = (l: repo.TListingRow | null, action: TListingAction, who: 'company' | 'staff') =>
  listingTransition(
    l
      ? { is_lease: l.reviewStatus, on_sell: l.onSell, state: l.state, has_lease: l.hasLease }
      : { is_lease: null, on_sell: LISTING_SELL.listed, state: LISTING_STATE.toRent, has_lease: false },
    action,
    who,
  );

/**
 * For the market's detail page: the listing when the public may see it, else why not (an unapproved or delisted
 * listing: 该设备已下架或尚未通过审核; an unknown or deleted one: not found). @internal: only tests call it.
 */
export async function publicListingOrReason(
  db: Executor,
  id: number,
): Promise<{ row: repo.TListingRow } | { reason: string }> {
  const row = await repo.findListing(db, id);
  if (!row) return { reason: M.common.notFound };
  return isPublicRow(row) ? { row } : { reason: M.equipment.offShelf };
}
