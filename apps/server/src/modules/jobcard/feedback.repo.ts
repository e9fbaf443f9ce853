import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { anyOf, idsOf, prepared, pageOf } from '../../db/prepared';
import { labourComments, labourCounters, labourLikes, labourPhoneViews, labourViews } from './feedback.tables';
import { rowWhere } from '../../db/rows';

export type TComment = typeof labourComments.$inferSelect;
type TCounterField = 'browseNum' | 'commentNum' | 'likeNum';

/** Adds delta to one counter of a target, creating its row at the first count; never below 0. */
export async function bumpCounter(tx: Executor, type: string, id: number, field: TCounterField, delta: 1 | -1) {
  const col = labourCounters[field];
  await tx
    .insert(labourCounters)
    .values({ targetType: type, targetId: id, [field]: Math.max(delta, 0) })
    .onConflictDoUpdate({
      target: [labourCounters.targetType, labourCounters.targetId],
      set: { [field]: sql`greatest(${col} + ${delta}, 0)` },
    });
}

/** Adds to several counters of one target at once (the demo data's likes and browses), creating its row if needed. */
export async function addToCounters(
  tx: Executor,
  type: string,
  id: number,
  add: Partial<Record<TCounterField, number>>,
) {
  const fields = Object.entries(add).filter(([, n]) => n) as [TCounterField, number][];
  if (!fields.length) return;
  await tx
    .insert(labourCounters)
    .values({ targetType: type, targetId: id, ...Object.fromEntries(fields) })
    .onConflictDoUpdate({
      target: [labourCounters.targetType, labourCounters.targetId],
      set: Object.fromEntries(fields.map(([f, n]) => [f, sql`${labourCounters[f]} + ${n}`])),
    });
}

export async function countersOf(db: Executor, type: string, ids: number[]) {
  if (!ids.length) return [];
  const q = prepared(db, 'labour.counters', (d) =>
    d
      .select()
      .from(labourCounters)
      .where(and(eq(labourCounters.targetType, sql.placeholder('type')), anyOf(labourCounters.targetId)))
      .prepare('labour.counters'),
  );
  return q.execute({ type, ids: idsOf(ids) });
}

export async function insertComment(tx: Executor, v: typeof labourComments.$inferInsert): Promise<TComment> {
  const [row] = await tx.insert(labourComments).values(v).returning();
  return row;
}

export async function findComment(db: Executor, id: number): Promise<TComment | null> {
  const row = await rowWhere(db, labourComments, eq(labourComments.id, id));
  return row ?? null;
}

/** Deletes a comment; null when it is already gone (a second delete at the same time). */
export async function deleteCommentRow(tx: Executor, id: number): Promise<TComment | null> {
  const [row] = await tx.delete(labourComments).where(eq(labourComments.id, id)).returning();
  return row ?? null;
}

async function pageComments(db: Executor, cond: SQL | undefined, offset: number, limit: number) {
  return pageOf(db, labourComments, { where: cond, orderBy: [desc(labourComments.id)], offset, limit });
}

/** Comments others left on the user's cards and demands. */
export const pageReceived = (db: Executor, ownerId: number, offset: number, limit: number) =>
  pageComments(
    db,
    and(eq(labourComments.targetOwnerId, ownerId), sql`${labourComments.userId} <> ${ownerId}`),
    offset,
    limit,
  );
/** The user's own comments. */
export const pagePublished = (db: Executor, userId: number, offset: number, limit: number) =>
  pageComments(db, eq(labourComments.userId, userId), offset, limit);
/** A target's comments. */
export const pageOfTarget = (db: Executor, type: string, id: number, offset: number, limit: number) =>
  pageComments(db, and(eq(labourComments.targetType, type), eq(labourComments.targetId, id)), offset, limit);
/** Every comment, for the console (optionally of one kind of target). */
export const pageAll = (db: Executor, type: string | undefined, offset: number, limit: number) =>
  pageComments(db, type ? eq(labourComments.targetType, type) : undefined, offset, limit);

/** Adds a like; false when the user already likes the target (the primary key refused it). */
export async function insertLike(tx: Executor, type: string, id: number, userId: number): Promise<boolean> {
  const rows = await tx
    .insert(labourLikes)
    .values({ targetType: type, targetId: id, userId })
    .onConflictDoNothing()
    .returning({ userId: labourLikes.userId });
  return rows.length > 0;
}

/** Many likes in one statement (the demo data): answers the targets of those written (not there before). */
export async function insertLikes(
  tx: Executor,
  type: string,
  rows: { id: number; userId: number }[],
): Promise<number[]> {
  if (!rows.length) return [];
  const written = await tx
    .insert(labourLikes)
    .values(rows.map((r) => ({ targetType: type, targetId: r.id, userId: r.userId })))
    .onConflictDoNothing()
    .returning({ id: labourLikes.targetId });
  return written.map((r) => r.id);
}

export async function deleteLike(tx: Executor, type: string, id: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(labourLikes)
    .where(and(eq(labourLikes.targetType, type), eq(labourLikes.targetId, id), eq(labourLikes.userId, userId)))
    .returning({ userId: labourLikes.userId });
  return rows.length > 0;
}

export async function likes(db: Executor, type: string, id: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: labourLikes.userId })
    .from(labourLikes)
    .where(and(eq(labourLikes.targetType, type), eq(labourLikes.targetId, id), eq(labourLikes.userId, userId)))
    .limit(1);
  return !!row;
}

/** Records a browse; false when this viewer was already counted today. */
export async function insertView(
  tx: Executor,
  type: string,
  id: number,
  day: string,
  viewer: string,
): Promise<boolean> {
  const rows = await tx
    .insert(labourViews)
    .values({ targetType: type, targetId: id, day, viewer })
    .onConflictDoNothing()
    .returning({ viewer: labourViews.viewer });
  return rows.length > 0;
}

/** Many browses in one statement (the demo data): answers the targets of those written (not there before). */
export async function insertViews(
  tx: Executor,
  type: string,
  rows: { id: number; day: string; viewer: string }[],
): Promise<number[]> {
  if (!rows.length) return [];
  const written = await tx
    .insert(labourViews)
    .values(rows.map((r) => ({ targetType: type, targetId: r.id, day: r.day, viewer: r.viewer })))
    .onConflictDoNothing()
    .returning({ id: labourViews.targetId });
  return written.map((r) => r.id);
}

export async function insertPhoneView(tx: Executor, v: typeof labourPhoneViews.$inferInsert) {
  await tx.insert(labourPhoneViews).values(v);
}

/** Whether the viewer has seen this target's phone since `since`. */
export async function sawPhoneSince(
  db: Executor,
  viewerId: number,
  type: string,
  id: number,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: labourPhoneViews.id })
    .from(labourPhoneViews)
    .where(
      and(
        eq(labourPhoneViews.viewerId, viewerId),
        eq(labourPhoneViews.targetType, type),
        eq(labourPhoneViews.targetId, id),
        gte(labourPhoneViews.createdAt, since),
      ),
    )
    .limit(1);
  return !!row;
}

/** How many comments others left on the user's cards and demands (the labour centre), on labour_comments_owner_idx. */
export async function countReceived(db: Executor, ownerId: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(labourComments)
    .where(and(eq(labourComments.targetOwnerId, ownerId), sql`${labourComments.userId} <> ${ownerId}`));
  return Number(r?.n ?? 0);
}
