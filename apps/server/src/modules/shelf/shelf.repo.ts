import { and, count, desc, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, payOrders, shelfOrders, shelfSettings, shelves, users } from '../../db/schema';
import { SHELF_ORDER, SHELF_STATE } from '@jizu/shared/constants/shelf';
import { rowWhere, rowsWhere, wholeRow } from '../../db/rows';

export type TShelfOrderRow = typeof shelfOrders.$inferSelect;
export type TShelfRow = typeof shelves.$inferSelect;
const liveOrder = isNull(shelfOrders.deletedAt);
/** What staff see: a paid order stays on the platform's books after the company takes it off its own list. */
const staffOrder = or(liveOrder, ne(shelfOrders.status, SHELF_ORDER.unpaid));

export async function readSetting(db: Executor) {
  const s = await rowWhere(db, shelfSettings, eq(shelfSettings.id, 1));
  return s ?? null;
}

export async function upsertSetting(db: Executor, price: number, days: number) {
  await db
    .insert(shelfSettings)
    .values({ id: 1, price, days })
    .onConflictDoUpdate({ target: shelfSettings.id, set: { price, days, updatedAt: new Date() } });
}

export async function insertOrder(db: Executor, v: typeof shelfOrders.$inferInsert) {
  const [row] = await db.insert(shelfOrders).values(v).returning();
  return row;
}

export async function findCompanyOrder(db: Executor, companyId: number, id: number) {
  const row = await rowWhere(
    db,
    shelfOrders,
    and(eq(shelfOrders.id, id), eq(shelfOrders.companyId, companyId), liveOrder),
  );
  return row ?? null;
}

export async function findOrder(db: Executor, id: number) {
  const row = await rowWhere(db, shelfOrders, and(eq(shelfOrders.id, id), staffOrder));
  return row ?? null;
}

/** The payment moved the order on: -1 → 0 by compare-and-set; a paid order deleted meanwhile comes back (money is never lost). */
export async function markOrderPaid(db: Executor, payOrderSn: string, from: number, to: number, paidAt: Date) {
  const [row] = await db
    .update(shelfOrders)
    .set({ status: to, paidAt, deletedAt: null })
    .where(and(eq(shelfOrders.payOrderSn, payOrderSn), eq(shelfOrders.status, from)))
    .returning();
  return row ?? null;
}

export async function decideOrder(
  db: Executor,
  id: number,
  v: { from: number; to: number; reason: string; reviewerId: number; refund: number; at: Date },
) {
  const [row] = await db
    .update(shelfOrders)
    .set({ status: v.to, reason: v.reason, reviewerId: v.reviewerId, reviewedAt: v.at, refund: v.refund })
    .where(and(eq(shelfOrders.id, id), eq(shelfOrders.status, v.from), liveOrder))
    .returning();
  return row ?? null;
}

export async function softDeleteOrder(db: Executor, id: number, from: number) {
  const [row] = await db
    .update(shelfOrders)
    .set({ deletedAt: new Date() })
    .where(and(eq(shelfOrders.id, id), eq(shelfOrders.status, from), liveOrder))
    .returning({ id: shelfOrders.id });
  return row ?? null;
}

export async function pageCompanyOrders(
  db: Executor,
  companyId: number,
  status: number,
  offset: number,
  limit: number,
) {
  const rows = await db
    .select({ o: shelfOrders, payState: payOrders.state, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(shelfOrders)
    .leftJoin(payOrders, eq(payOrders.orderSn, shelfOrders.payOrderSn))
    .where(and(eq(shelfOrders.companyId, companyId), eq(shelfOrders.status, status), liveOrder))
    .orderBy(desc(shelfOrders.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: rows[0]?.total ?? (offset > 0 ? await countCompanyOrders(db, companyId, status) : 0) };
}

async function countCompanyOrders(db: Executor, companyId: number, status: number) {
  const [r] = await db
    .select({ n: count() })
    .from(shelfOrders)
    .where(and(eq(shelfOrders.companyId, companyId), eq(shelfOrders.status, status), liveOrder));
  return Number(r?.n ?? 0);
}

export async function pageOrdersByStatus(db: Executor, status: number, offset: number, limit: number) {
  const rows = await db
    .select({
      o: wholeRow(shelfOrders),
      companyName: companies.name,
      phone: users.phone,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(shelfOrders)
    .innerJoin(companies, eq(companies.id, shelfOrders.companyId))
    .innerJoin(users, eq(users.id, shelfOrders.userId))
    .where(and(eq(shelfOrders.status, status), staffOrder))
    .orderBy(desc(shelfOrders.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function insertShelves(db: Executor, rows: (typeof shelves.$inferInsert)[]) {
  if (!rows.length) return [];
  return db.insert(shelves).values(rows).returning();
}

export async function pageCompanyShelves(
  db: Executor,
  companyId: number,
  offset: number,
  limit: number,
  filledOnly = false,
) {
  const where = filledOnly
    ? and(eq(shelves.companyId, companyId), eq(shelves.state, SHELF_STATE.filled))
    : eq(shelves.companyId, companyId);
  const rows = await db
    .select({ s: wholeRow(shelves), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(shelves)
    .where(where)
    .orderBy(desc(shelves.id))
    .limit(limit)
    .offset(offset);
  return { rows: rows.map((r) => r.s), total: rows[0]?.total ?? 0 };
}

export async function findCompanyShelf(db: Executor, companyId: number, id: number, lock = false) {
  const row = await rowWhere(db, shelves, and(eq(shelves.id, id), eq(shelves.companyId, companyId)), {
    lock: lock ? 'update' : undefined,
  });
  return row ?? null;
}

export async function shelfOfListing(db: Executor, listingId: number) {
  const [row] = await db.select({ id: shelves.id }).from(shelves).where(eq(shelves.listingId, listingId)).limit(1);
  return row?.id ?? null;
}

export async function shelvesOfListings(db: Executor, companyId: number) {
  return db
    .select({ id: shelves.id, listingId: shelves.listingId })
    .from(shelves)
    .where(and(eq(shelves.companyId, companyId), isNotNull(shelves.listingId)));
}

/** Compare-and-set on the shelf's state: the change applies only if the state is still `from`. */
export async function updateShelf(db: Executor, id: number, from: number, v: Partial<typeof shelves.$inferInsert>) {
  const [row] = await db
    .update(shelves)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(shelves.id, id), eq(shelves.state, from)))
    .returning();
  return row ?? null;
}

/** Filled, unexpired shelves, newest first (the public rent-to-own list filters on the listings' visibility). */
export async function liveFilledShelves(db: Executor, now: Date, limit: number) {
  return rowsWhere(db, shelves, and(eq(shelves.state, SHELF_STATE.filled), gt(shelves.finishTime, now)), {
    orderBy: [desc(shelves.updatedAt), desc(shelves.id)],
    limit,
  });
}

export async function markRefund(db: Executor, id: number, from: number, to: number) {
  const [row] = await db
    .update(shelfOrders)
    .set({ refund: to })
    .where(and(eq(shelfOrders.id, id), eq(shelfOrders.refund, from)))
    .returning();
  return row ?? null;
}
