import { and, asc, count, desc, eq, gt, not, sql, type SQL } from 'drizzle-orm';
import type { TEnrolPayState } from '@jizu/shared/constants/training';
import type { Executor } from '../../db/client';
import { pageTotal } from '../../db/prepared';
import { payOrders, trainingEnrolments, trainingMajors, users } from '../../db/schema';
import { prefixPattern } from '../../db/like';
import { rowsWhere, rowWhere } from '../../db/rows';

export type TMajorRow = typeof trainingMajors.$inferSelect;
export type TEnrolRow = typeof trainingEnrolments.$inferSelect;

// majors

/** The online majors in their order (training_majors_online_idx). */
export const onlineMajors = (db: Executor) =>
  rowsWhere(db, trainingMajors, eq(trainingMajors.status, 1), {
    orderBy: [asc(trainingMajors.sort), asc(trainingMajors.id)],
  });

export async function findMajor(db: Executor, id: number) {
  const row = await rowWhere(db, trainingMajors, eq(trainingMajors.id, id));
  return row ?? null;
}

/** Every major with its number of paid enrolments (the console's list). */
export function allMajors(db: Executor) {
  const paid = db
    .select({ majorId: trainingEnrolments.majorId, n: count().as('n') })
    .from(trainingEnrolments)
    .where(eq(trainingEnrolments.state, 1))
    .groupBy(trainingEnrolments.majorId)
    .as('paid');
  return db
    .select({ m: trainingMajors, paidNum: sql<number>`coalesce(${paid.n}, 0)`.mapWith(Number) })
    .from(trainingMajors)
    .leftJoin(paid, eq(paid.majorId, trainingMajors.id))
    .orderBy(asc(trainingMajors.sort), asc(trainingMajors.id));
}

export async function insertMajor(db: Executor, v: typeof trainingMajors.$inferInsert) {
  const [row] = await db.insert(trainingMajors).values(v).returning();
  return row;
}

export async function updateMajor(db: Executor, id: number, v: Partial<typeof trainingMajors.$inferInsert>) {
  const [row] = await db.update(trainingMajors).set(v).where(eq(trainingMajors.id, id)).returning();
  return row ?? null;
}

// enrolments

export async function findUserMajorEnrolment(db: Executor, userId: number, majorId: number) {
  const row = await rowWhere(
    db,
    trainingEnrolments,
    and(eq(trainingEnrolments.userId, userId), eq(trainingEnrolments.majorId, majorId)),
  );
  return row ?? null;
}

export async function findUserEnrolment(db: Executor, userId: number, id: number) {
  const row = await rowWhere(
    db,
    trainingEnrolments,
    and(eq(trainingEnrolments.id, id), eq(trainingEnrolments.userId, userId)),
  );
  return row ?? null;
}

export async function insertEnrolment(db: Executor, v: typeof trainingEnrolments.$inferInsert) {
  const [row] = await db.insert(trainingEnrolments).values(v).returning();
  return row;
}

/**
 * Ties an unpaid enrolment to its new pay order, if its order is still `fromSn` (compare-and-set: of two concurrent
 * new payments one wins, the other's order is never shown).
 */
export async function setPayOrder(db: Executor, id: number, fromSn: string, orderSn: string, payType: string) {
  const [row] = await db
    .update(trainingEnrolments)
    .set({ payOrderSn: orderSn, payType })
    .where(
      and(eq(trainingEnrolments.id, id), eq(trainingEnrolments.state, 0), eq(trainingEnrolments.payOrderSn, fromSn)),
    )
    .returning();
  return row ?? null;
}

/** unpaid → paid, once: a second booking for the same enrolment matches nothing. */
export async function markPaid(
  db: Executor,
  id: number,
  userId: number,
  orderSn: string,
  payType: string,
  paidAt: Date,
) {
  const [row] = await db
    .update(trainingEnrolments)
    .set({ state: 1, paidAt, payOrderSn: orderSn, payType })
    .where(and(eq(trainingEnrolments.id, id), eq(trainingEnrolments.userId, userId), eq(trainingEnrolments.state, 0)))
    .returning();
  return row ?? null;
}

/**
 * The payment state of an enrolment as shown (ENROL_PAY_STATES): paid; unpaid with an open, unexpired order; else
 * closed (its order timed out, or none was made).
 */
const open = (now: Date) => and(eq(payOrders.state, 'WAITING'), gt(payOrders.expiresAt, now)) as SQL;
export function payStateWhere(s: TEnrolPayState, now: Date): SQL {
  if (s === 'SUCCESS') return eq(trainingEnrolments.state, 1);
  if (s === 'WAITING') return and(eq(trainingEnrolments.state, 0), open(now)) as SQL;
  return and(eq(trainingEnrolments.state, 0), not(sql`coalesce(${open(now)}, false)`)) as SQL;
}
const payStateSql = (now: Date) =>
  sql<TEnrolPayState>`case when ${trainingEnrolments.state} = 1 then 'SUCCESS' when coalesce(${open(now)}, false) then 'WAITING' else 'CLOSED' end`;

/** The user's enrolments: all of them, and the paid ones (on training_enrolments_user_idx). */
export async function countUserEnrolments(db: Executor, userId: number) {
  const [r] = await db
    .select({
      total: count(),
      paid: sql<number>`count(*) filter (where ${trainingEnrolments.state} = 1)`.mapWith(Number),
    })
    .from(trainingEnrolments)
    .where(eq(trainingEnrolments.userId, userId));
  return { total: Number(r?.total ?? 0), paid: r?.paid ?? 0 };
}

/** One page of the user's enrolments, newest first, with each one's payment state (on training_enrolments_user_idx). */
export async function pageUserEnrolments(db: Executor, userId: number, offset: number, limit: number, now: Date) {
  const rows = await db
    .select({ e: trainingEnrolments, payState: payStateSql(now), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(trainingEnrolments)
    .leftJoin(payOrders, eq(payOrders.orderSn, trainingEnrolments.payOrderSn))
    .where(eq(trainingEnrolments.userId, userId))
    .orderBy(desc(trainingEnrolments.id))
    .limit(limit)
    .offset(offset);
  const total = await pageTotal(rows, offset, async () =>
    Number(
      (await db.select({ n: count() }).from(trainingEnrolments).where(eq(trainingEnrolments.userId, userId)))[0].n,
    ),
  );
  return { rows, total };
}

/** The console's enrolments: by major, payment state and the user's phone (a prefix), newest first. */
export async function pageEnrolments(
  db: Executor,
  f: { majorId?: number; payState?: TEnrolPayState; phone?: string },
  offset: number,
  limit: number,
  now: Date,
) {
  const where: SQL[] = [];
  if (f.majorId) where.push(eq(trainingEnrolments.majorId, f.majorId));
  if (f.payState) where.push(payStateWhere(f.payState, now));
  if (f.phone) where.push(sql`${users.phone} like ${prefixPattern(f.phone)}`);
  const cond = where.length ? and(...where) : undefined;
  const rows = await db
    .select({
      e: trainingEnrolments,
      phone: users.phone,
      payState: payStateSql(now),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(trainingEnrolments)
    .innerJoin(users, eq(users.id, trainingEnrolments.userId))
    .leftJoin(payOrders, eq(payOrders.orderSn, trainingEnrolments.payOrderSn))
    .where(cond)
    .orderBy(desc(trainingEnrolments.id))
    .limit(limit)
    .offset(offset);
  const total = await pageTotal(rows, offset, async () =>
    Number(
      (
        await db
          .select({ n: count() })
          .from(trainingEnrolments)
          .innerJoin(users, eq(users.id, trainingEnrolments.userId))
          .leftJoin(payOrders, eq(payOrders.orderSn, trainingEnrolments.payOrderSn))
          .where(cond)
      )[0].n,
    ),
  );
  return { rows, total };
}
