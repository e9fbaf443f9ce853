import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notices } from '../../db/schema';

export async function insertNotice(db: Executor, v: typeof notices.$inferInsert) {
  const [row] = await db.insert(notices).values(v).returning();
  return row;
}

export async function countPublished(db: Executor) {
  const [row] = await db.select({ n: count() }).from(notices).where(eq(notices.status, 1));
  return Number(row.n);
}
