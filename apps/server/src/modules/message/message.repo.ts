import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pageTotal, prepared } from '../../db/prepared';
import { systemMessages } from '../../db/schema';

export type TMessageInsert = typeof systemMessages.$inferInsert;

export async function insertMessage(db: Executor, v: TMessageInsert) {
  const [row] = await db.insert(systemMessages).values(v).returning();
  return row;
}

/** One page of a user's inbox (read or unread), newest first, with the count of that inbox: one statement. */
export async function pageMessages(db: Executor, userId: number, open: number, offset: number, limit: number) {
  const page = prepared(db, 'message.page', (d) =>
    d
      .select({ ...getTableColumns(systemMessages), total: sql<number>`count(*) over ()` })
      .from(systemMessages)
      .where(
        and(eq(systemMessages.userId, sql.placeholder('userId')), eq(systemMessages.open, sql.placeholder('open'))),
      )
      .orderBy(desc(systemMessages.id))
      .offset(sql.placeholder('offset'))
      .limit(sql.placeholder('limit'))
      .prepare('message.page'),
  );
  const rows = await page.execute({ userId, open, offset, limit });
  const total = await pageTotal(rows, offset, async () => {
    const [n] = await db
      .select({ n: count() })
      .from(systemMessages)
      .where(and(eq(systemMessages.userId, userId), eq(systemMessages.open, open)));
    return Number(n.n);
  });
  return { rows, total };
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
  const q = prepared(db, 'message.own', (d) =>
    d
      .select()
      .from(systemMessages)
      .where(and(eq(systemMessages.id, sql.placeholder('id')), eq(systemMessages.userId, sql.placeholder('userId'))))
      .limit(1)
      .prepare('message.own'),
  );
  const [row] = await q.execute({ id, userId });
  return row ?? null;
}

/** Marks read once: an already-read message keeps its first read time. */
export async function markRead(db: Executor, userId: number, id: number) {
  const q = prepared(db, 'message.markRead', (d) =>
    d
      .update(systemMessages)
      .set({ open: 1, readAt: sql`now()` })
      .where(
        and(
          eq(systemMessages.id, sql.placeholder('id')),
          eq(systemMessages.userId, sql.placeholder('userId')),
          eq(systemMessages.open, 0),
        ),
      )
      .prepare('message.markRead'),
  );
  await q.execute({ id, userId });
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
