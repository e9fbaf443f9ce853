import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { systemMessages } from '../../db/schema';

export type TMessageInsert = typeof systemMessages.$inferInsert;

export async function insertMessage(db: Executor, v: TMessageInsert) {
  const [row] = await db.insert(systemMessages).values(v).returning();
  return row;
}

export async function pageMessages(db: Executor, userId: number, open: number, offset: number, limit: number) {
  const where = and(eq(systemMessages.userId, userId), eq(systemMessages.open, open));
  const [rows, [total]] = await Promise.all([
    db.select().from(systemMessages).where(where).orderBy(desc(systemMessages.id)).offset(offset).limit(limit),
    db.select({ n: count() }).from(systemMessages).where(where),
  ]);
  return { rows, total: Number(total.n) };
}

export async function countUnread(db: Executor, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(systemMessages)
    .where(and(eq(systemMessages.userId, userId), eq(systemMessages.open, 0)));
  return Number(row.n);
}

export async function findOwnMessage(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(systemMessages)
    .where(and(eq(systemMessages.id, id), eq(systemMessages.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Marks read once: an already-read message keeps its first read time. */
export async function markRead(db: Executor, userId: number, id: number) {
  await db
    .update(systemMessages)
    .set({ open: 1, readAt: sql`now()` })
    .where(and(eq(systemMessages.id, id), eq(systemMessages.userId, userId), eq(systemMessages.open, 0)));
}

export async function countOwn(db: Executor, userId: number, ids: number[]) {
  const [row] = await db
    .select({ n: count() })
    .from(systemMessages)
    .where(and(eq(systemMessages.userId, userId), inArray(systemMessages.id, ids)));
  return Number(row.n);
}

export async function deleteOwn(db: Executor, userId: number, ids: number[]) {
  const rows = await db
    .delete(systemMessages)
    .where(and(eq(systemMessages.userId, userId), inArray(systemMessages.id, ids)))
    .returning({ id: systemMessages.id });
  return rows.length;
}
