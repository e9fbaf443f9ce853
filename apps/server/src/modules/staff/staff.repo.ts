import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { csStaff, userStaff } from '../../db/schema';

const cols = { id: csStaff.id, sn: csStaff.sn, name: csStaff.name, phone: csStaff.phone, imgQrcode: csStaff.imgQrcode };

export async function assignedStaff(db: Executor, userId: number) {
  const [row] = await db
    .select({ ...cols, status: csStaff.status })
    .from(userStaff)
    .innerJoin(csStaff, eq(csStaff.id, userStaff.staffId))
    .where(eq(userStaff.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function activeStaff(db: Executor) {
  return db.select(cols).from(csStaff).where(eq(csStaff.status, 1)).orderBy(asc(csStaff.id));
}

export async function findActiveStaff(db: Executor, id: number) {
  const [row] = await db
    .select(cols)
    .from(csStaff)
    .where(and(eq(csStaff.id, id), eq(csStaff.status, 1)))
    .limit(1);
  return row ?? null;
}

/** The active staff member serving the fewest users (ties: the oldest). */
export async function leastLoadedStaff(db: Executor) {
  const [row] = await db
    .select(cols)
    .from(csStaff)
    .leftJoin(userStaff, eq(userStaff.staffId, csStaff.id))
    .where(eq(csStaff.status, 1))
    .groupBy(csStaff.id)
    .orderBy(asc(count(userStaff.userId)), asc(csStaff.id))
    .limit(1);
  return row ?? null;
}

/** First assignment wins: a concurrent one for the same user hits the primary key and changes nothing. */
export async function insertAssignment(db: Executor, userId: number, staffId: number) {
  await db.insert(userStaff).values({ userId, staffId }).onConflictDoNothing();
}

export async function upsertAssignment(db: Executor, userId: number, staffId: number) {
  await db
    .insert(userStaff)
    .values({ userId, staffId })
    .onConflictDoUpdate({ target: userStaff.userId, set: { staffId, updatedAt: sql`now()` } });
}

export async function replaceAssignment(db: Executor, userId: number, fromStaffId: number, toStaffId: number) {
  await db
    .update(userStaff)
    .set({ staffId: toStaffId, updatedAt: sql`now()` })
    .where(and(eq(userStaff.userId, userId), eq(userStaff.staffId, fromStaffId)));
}

export async function insertStaff(db: Executor, v: typeof csStaff.$inferInsert) {
  const [row] = await db.insert(csStaff).values(v).onConflictDoNothing().returning();
  return row ?? null;
}

export async function countActiveStaff(db: Executor) {
  const [row] = await db.select({ n: count() }).from(csStaff).where(eq(csStaff.status, 1));
  return Number(row.n);
}
