import { asc, eq } from 'drizzle-orm';
import { BIDDING_CLASSIFY, BIDDING_STATUS } from '@jizu/shared/constants/bidding';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import type { TDatabase } from '../db/client';
import { equipmentGroups, equipmentProducts } from '../db/schema';
import { biddingLines, biddings } from '../modules/bidding/bidding.tables';

type TDb = TDatabase['db'];
export type TBiddingInsert = typeof biddings.$inferInsert;
export type TLineInsert = typeof biddingLines.$inferInsert;

let seq = 0;
/**
 * A bidding project with its lines written straight to the tables (responding, deadline in 7 days unless told), so that
 * tests of responses and selection do not go through the publishing form and the review. Lines default to two
 * machines: one by month with a price cap of 300.00 yuan and no entry/exit fee, one per shift with no cap and an
 * entry/exit fee (inout 3); a comprehensive one's lines take the block's quantity, cap and inout. Needs the reference data (loadReferenceData) for the products.
 */
export async function seedBidding(
  db: TDb,
  companyId: number,
  userId: number,
  over: Partial<TBiddingInsert> = {},
  lines?: Partial<TLineInsert>[],
): Promise<{ bidding: typeof biddings.$inferSelect; lines: (typeof biddingLines.$inferSelect)[] }> {
  const [p] = await db
    .select({ id: equipmentProducts.id, groupId: equipmentProducts.groupId, categoryId: equipmentGroups.categoryId })
    .from(equipmentProducts)
    .innerJoin(equipmentGroups, eq(equipmentGroups.id, equipmentProducts.groupId))
    .where(eq(equipmentProducts.isOther, false))
    .orderBy(asc(equipmentProducts.id))
    .limit(1);
  seq += 1;
  const classify = over.classify ?? BIDDING_CLASSIFY.itemised;
  const total = classify === BIDDING_CLASSIFY.total;
  const [bidding] = await db
    .insert(biddings)
    .values({
      sn: `JJT${Date.now().toString().slice(-8)}${process.pid % 1000}${seq}`,
      companyId,
      userId,
      classify,
      name: `测试公司地铁${seq}号线土方工程挖掘机租赁`,
      contacts: '王建国',
      tel: '13812345678',
      show: 1,
      endTime: shanghaiDay(7),
      type: 2,
      paymentType: 2,
      province: 32,
      city: 3205,
      area: 320505,
      address: '苏州工业园区星湖街 328 号',
      lng: 120.7,
      lat: 31.3,
      remark: '项目概况'.repeat(50),
      invoiceType: 1,
      registeredAssets: 1,
      status: BIDDING_STATUS.responding,
      ...(total
        ? {
            num: 6,
            unit: 1,
            limit: 2_000_000,
            time: 180,
            enterDate: shanghaiDay(20),
            age: 1,
            driver: 1,
            inout: 2,
            oil: 1,
            boarding: 1,
          }
        : {}),
      ...over,
    })
    .returning();
  const defs: Partial<TLineInsert>[] =
    lines ??
    (total
      ? [{ model: 'SY215C' }, { model: 'XCMG 22吨' }]
      : [
          { paymentType: 2, num: 6, unit: 1, limit: 30_000, inout: 1, model: 'SY215C' },
          { paymentType: 3, num: 20, unit: 2, limit: 0, inout: 3, model: 'XCMG 22吨' },
        ]);
  const rows = await db
    .insert(biddingLines)
    .values(
      defs.map((l, i) => ({
        biddingId: bidding.id,
        no: i + 1,
        categoryId: p.categoryId,
        groupId: p.groupId,
        productId: p.id,
        model: '',
        eqNum: 1,
        paymentType: 2,
        num: 6,
        unit: 1,
        time: 90,
        enterDate: shanghaiDay(20),
        ...(total
          ? {
              paymentType: bidding.paymentType,
              num: bidding.num ?? 6,
              unit: bidding.unit ?? 1,
              limit: bidding.limit ?? 0,
              inout: bidding.inout ?? 1,
            }
          : {}),
        ...l,
      })),
    )
    .returning();
  return { bidding, lines: rows };
}
