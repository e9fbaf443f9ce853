import type { TShopCard } from '@jizu/shared/schemas/shopCard';
import type { Executor } from '../../db/client';

/*
 * What other modules use of shops (favourites, reports, the listing page, the sitemap). The shop module fills these
 * in; until then no shop exists.
 */

/** Cards of public (approved, status 2) shops by id, in the order asked; unknown or closed shops are left out. */
export async function shopCards(_db: Executor, _ids: number[]): Promise<TShopCard[]> {
  return [];
}

/** The public shop of a company (for the listing page's shop link), or null when it has none that is public. */
export async function findCompanyShop(_db: Executor, _companyId: number): Promise<{ id: number; shop_name: string; href: string } | null> {
  return null;
}

/** A public shop by id, or null. */
export async function findPublicShop(_db: Executor, _id: number): Promise<{ id: number; company_id: number; shop_name: string } | null> {
  return null;
}

/** The shop page's title and description for search engines, or null when the shop is not public. */
export async function shopMeta(_db: Executor, _id: number): Promise<{ title: string; description: string } | null> {
  return null;
}

/** Ids of every public shop (the sitemap). */
export async function publicShopIds(_db: Executor): Promise<number[]> {
  return [];
}
