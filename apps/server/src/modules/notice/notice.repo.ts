import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { NOTICE_STATUS } from '@jizu/shared/schemas/notice';
import type { Executor } from '../../db/client';
import { pageTotal, prepared, pageOf } from '../../db/prepared';
import { noticeReads, notices } from '../../db/schema';
import { rowWhere } from '../../db/rows';

export type TNoticeInsert = typeof notices.$inferInsert;

export async function insertNotice(db: Executor, v: TNoticeInsert) {
  const [row] = await db.insert(notices).values(v).returning();
  return row;
}

export async function countPublished(db: Executor) {
  const [row] = await db.select({ n: count() }).from(notices).where(eq(notices.status, 1));
  return Number(row.n);
}

const opened = (userId: unknown) =>
  sql<number>`(exists (select 1 from ${noticeReads} where ${noticeReads.noticeId} = ${notices.id} and ${noticeReads.userId} = ${userId}))::int`;

/** Published notices newest first, with whether this user opened each; state 0 unread only, 1 read only. */
export async function pagePublished(
  db: Executor,
  userId: number,
  opts: { offset: number; limit: number; state?: number },
) {
  const state = opts.state === 0 || opts.state === 1 ? opts.state : 'all';
  // the condition is built with the statement, once: building it on every call showed in the profile
  const where = () => {
    const me = sql.placeholder('userId');
    const conds: SQL[] = [eq(notices.status, 1)];
    if (state === 0) conds.push(sql`not ${opened(me)}::boolean`);
    if (state === 1) conds.push(sql`${opened(me)}::boolean`);
    return and(...conds);
  };
  // one prepared statement per state: the page with its count beside each row
  const page = prepared(db, `notice.page.${state}`, (d) =>
    d
      .select({
        id: notices.id,
        title: notices.title,
        sendTime: notices.sendTime,
        open: opened(sql.placeholder('userId')),
        total: sql<number>`count(*) over ()`,
      })
      .from(notices)
      .where(where())
      .orderBy(desc(notices.sendTime), desc(notices.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`notice.page.${state}`),
  );
  const rows = await page.execute({ userId, limit: opts.limit, offset: opts.offset });
  const total = await pageTotal(rows, opts.offset, async () => {
    const [n] = await db.select({ n: count() }).from(notices).where(where()).execute({ userId });
    return Number(n.n);
  });
  return { rows, total };
}

export async function findPublished(db: Executor, id: number) {
  const row = await rowWhere(db, notices, and(eq(notices.id, id), eq(notices.status, 1)));
  return row ?? null;
}

export async function markRead(db: Executor, noticeId: number, userId: number) {
  await db.insert(noticeReads).values({ noticeId, userId }).onConflictDoNothing();
}

export async function pageAll(db: Executor, opts: { offset: number; limit: number }) {
  return pageOf(db, notices, {
    orderBy: [desc(notices.sendTime), desc(notices.id)],
    offset: opts.offset,
    limit: opts.limit,
  });
}

export async function findById(db: Executor, id: number) {
  const row = await rowWhere(db, notices, eq(notices.id, id));
  return row ?? null;
}

export async function updateNotice(db: Executor, id: number, v: Partial<TNoticeInsert>) {
  const [row] = await db.update(notices).set(v).where(eq(notices.id, id)).returning();
  return row ?? null;
}

/** Publishing a draft dates it now (it goes to the top of the dashboard); unpublishing keeps the date. */
export async function setStatus(db: Executor, id: number, status: number) {
  const [row] = await db
    .update(notices)
    .set(
      status === NOTICE_STATUS.published
        ? { status, sendTime: sql`case when ${notices.status} = 1 then ${notices.sendTime} else now() end` }
        : { status },
    )
    .where(eq(notices.id, id))
    .returning();
  return row ?? null;
}

export async function deleteNotice(db: Executor, id: number) {
  const rows = await db.delete(notices).where(eq(notices.id, id)).returning({ id: notices.id });
  return rows.length === 1;
}
