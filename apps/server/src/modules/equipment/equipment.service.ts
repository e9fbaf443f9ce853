import { isListingPublic, LISTING_REVIEW, LISTING_SELL } from '@jizu/shared/constants/equipment';
import { SITE } from '@jizu/shared/constants/site';
import type { TListingCard } from '@jizu/shared/schemas/equipment';
import { fenToYuanText } from '@jizu/shared/rules/money';
import type { Executor } from '../../db/client';
import { notFound } from '../../platform/errors';
import { regionNames } from '../region/region.service';
import * as repo from './equipment.repo';

export type { TListingRow } from './equipment.repo';

/*
 * What other modules use of listings (inquiries, favourites, reports, shops, shelves, device rights). They never read
 * equipment_listings themselves.
 */

/** The cards of listings by id, in the order asked; ids of deleted or unknown listings are left out. */
export async function listingCards(db: Executor, ids: number[]): Promise<TListingCard[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const rows = await repo.listingsWithNames(db, wanted);
  const names = await regionNames(db, rows.flatMap((r) => [r.l.province, r.l.city, r.l.area]));
  const by = new Map(
    rows.map(({ l, product, isOther, group, category }) => [
      l.id,
      {
        id: l.id,
        company_id: l.companyId,
        cover: l.cover,
        product_name_v: isOther && l.productAlias ? l.productAlias : product,
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
export async function requireApprovedCompanyListing(db: Executor, companyId: number, id: number): Promise<repo.TListingRow> {
  const row = await repo.findCompanyListing(db, companyId, id);
  if (!row || row.reviewStatus !== LISTING_REVIEW.approved) return notFound();
  return row;
}

/** A listing the public may see (approved, listed, not deleted), or null. */
export async function findPublicListing(db: Executor, id: number): Promise<repo.TListingRow | null> {
  const row = await repo.findListing(db, id);
  return row && isListingPublic({ is_lease: row.reviewStatus, on_sell: row.onSell }) ? row : null;
}

export const isPublicRow = (row: repo.TListingRow) => row.reviewStatus === LISTING_REVIEW.approved && row.onSell === LISTING_SELL.listed;

/** Ids of a company's approved, live listings, newest first (demo seeds and pickers of other modules). */
export async function approvedListingIds(db: Executor, companyId: number, limit = 100): Promise<number[]> {
  return repo.approvedIds(db, companyId, limit);
}
