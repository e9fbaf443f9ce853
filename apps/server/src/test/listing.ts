import { and, asc, eq } from 'drizzle-orm';
import { LISTING_REVIEW } from '@jizu/shared/constants/equipment';
import type { TDatabase } from '../db/client';
import { equipmentGroups, equipmentProducts, regions } from '../db/schema';
import { insertListing, type TListingInsert, type TListingRow } from '../modules/equipment/equipment.repo';
import { syncMarketListing } from '../modules/market/market.service';

/**
 * A listing written straight to the database (approved and listed unless told otherwise), so that tests of the
 * modules that use listings (inquiries, favourites, shops, shelves) do not go through the listing form and review.
 */
export async function seedListing(
  db: TDatabase['db'],
  companyId: number,
  userId: number,
  over: Partial<TListingInsert> = {},
): Promise<TListingRow> {
  const [p] = await db
    .select({ id: equipmentProducts.id, groupId: equipmentProducts.groupId, categoryId: equipmentGroups.categoryId })
    .from(equipmentProducts)
    .innerJoin(equipmentGroups, eq(equipmentGroups.id, equipmentProducts.groupId))
    .where(eq(equipmentProducts.isOther, false))
    .orderBy(asc(equipmentProducts.id))
    .limit(1);
  // 江苏省 → 苏州市 → 虎丘区 when loaded; else the first area found
  const [area] = await db
    .select({ id: regions.id, parentId: regions.parentId })
    .from(regions)
    .where(and(eq(regions.id, 320505)))
    .limit(1);
  const row = await insertListing(db, {
    companyId,
    userId,
    categoryId: p.categoryId,
    groupId: p.groupId,
    productId: p.id,
    model: 'SY215C',
    playingTime: '2020-05-01',
    monthlyRent: 3_000_000,
    rentRent: 150_000,
    hourlyRent: 25_000,
    brand: '三一重工',
    images: [
      '/uploads/ep/2026/01/00000000000000000000000000000001.jpg',
      '/uploads/ep/2026/01/00000000000000000000000000000002.jpg',
    ],
    cover: '/uploads/ep/2026/01/00000000000000000000000000000001.jpg',
    nameplate: '/uploads/ep/2026/01/00000000000000000000000000000003.jpg',
    serialType: 1,
    serialNumber: 'SN-TEST-0001',
    province: 32,
    city: 3205,
    area: area?.id ?? 320505,
    address: '科技城锦峰路 158 号',
    reviewStatus: LISTING_REVIEW.approved,
    approvedAt: new Date(),
    onSell: 1,
    ...over,
  });
  await syncMarketListing(db, row.id);
  return row;
}
