import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { LISTING_REVIEW } from '@jizu/shared/constants/equipment';
import type { Executor } from '../../db/client';
import { equipmentCategories, equipmentGroups, equipmentListings, equipmentProducts } from '../../db/schema';

export type TListingRow = typeof equipmentListings.$inferSelect;
export type TListingInsert = typeof equipmentListings.$inferInsert;

const live = isNull(equipmentListings.deletedAt);

export async function insertListing(db: Executor, v: TListingInsert): Promise<TListingRow> {
  const [row] = await db.insert(equipmentListings).values(v).returning();
  return row;
}

/** A live listing of a company; null for another company's, a deleted one or none. */
export async function findCompanyListing(db: Executor, companyId: number, id: number): Promise<TListingRow | null> {
  const [row] = await db
    .select()
    .from(equipmentListings)
    .where(and(eq(equipmentListings.id, id), eq(equipmentListings.companyId, companyId), live))
    .limit(1);
  return row ?? null;
}

/** A live listing by id, whoever owns it. */
export async function findListing(db: Executor, id: number): Promise<TListingRow | null> {
  const [row] = await db
    .select()
    .from(equipmentListings)
    .where(and(eq(equipmentListings.id, id), live))
    .limit(1);
  return row ?? null;
}

/** Live listings with their catalogue names, by id (any owner; deleted ones are left out). */
export function listingsWithNames(db: Executor, ids: number[]) {
  return db
    .select({ l: equipmentListings, product: equipmentProducts.name, isOther: equipmentProducts.isOther, group: equipmentGroups.name, category: equipmentCategories.name })
    .from(equipmentListings)
    .innerJoin(equipmentProducts, eq(equipmentProducts.id, equipmentListings.productId))
    .innerJoin(equipmentGroups, eq(equipmentGroups.id, equipmentListings.groupId))
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipmentListings.categoryId))
    .where(and(inArray(equipmentListings.id, ids), live));
}

export async function approvedIds(db: Executor, companyId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: equipmentListings.id })
    .from(equipmentListings)
    .where(and(eq(equipmentListings.companyId, companyId), eq(equipmentListings.reviewStatus, LISTING_REVIEW.approved), live))
    .orderBy(desc(equipmentListings.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
