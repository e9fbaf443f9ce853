import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { systemMessages } from '../../db/schema';

export type TMessageInsert = typeof systemMessages.$inferInsert;

export async function insertMessage(db: Executor, v: TMessageInsert) {
  const [row] = await db.insert(systemMessages).values(v).returning();
  return row;
}

/** One page of a user's inbox (read or unread), newest first, and the count of that inbox: the list's two queries. */
export async function pageMessages(db: Executor, userId: number, open: number, offset: number, limit: number) {
  const mine = and(eq(systemMessages.userId, sql.placeholder('userId')), eq(systemMessages.open, sql.placeholder('open')));
  const page = prepared(db, 'message.page', (d) =>
    d.select().from(systemMessages).where(mine).orderBy(desc(systemMessages.id)).offset(sql.placeholder('offset')).limit(sql.placeholder('limit')).prepare('message.page'),
  );
  const total = prepared(db, 'message.count', (d) => d.select({ n: count() }).from(systemMessages).where(mine).prepare('message.count'));
  const [rows, [n]] = await Promise.all([page.execute({ userId, open, offset, limit }), total.execute({ userId, open })]);
  return { rows, total: Number(n.n) };
}

export async function countUnread(db: Executor, userId: number) {
  const q = prepared(db, 'message.unread', (d) =>
    d
      .select({ n: count() })
      .from(systemMessages)
      .where(and(eq(systemMessages.userId, sql.placeholder('userId')), eq(systemMessages.open, 0)))
      .prepare('message.unread'),
  );
  const [row] = await q.execute({ userId });
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
