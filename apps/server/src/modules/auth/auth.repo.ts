import { count, desc, eq, gte, inArray, like, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared, pageTotal, totalOver } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { rowWhere } from '../../db/rows';

export type TUserInsert = typeof users.$inferInsert;

export async function findUserByPhone(db: Executor, phone: string) {
  const row = await rowWhere(db, users, eq(users.phone, phone));
  return row ?? null;
}

export async function findUserById(db: Executor, id: number) {
  const [row] = await prepared(db, 'auth.userById', (d) =>
    d
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('auth.userById'),
  ).execute({ id });
  return row ?? null;
}

export async function phoneExists(db: Executor, phone: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  return !!row;
}

export async function insertUser(db: Executor, v: TUserInsert) {
  const [row] = await db.insert(users).values(v).returning();
  return row;
}

export async function touchLogin(db: Executor, id: number) {
  await db
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function deleteSessionById(db: Executor, id: number) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/**
 * Deletes sessions past their expiry, at most `batch` rows per statement (each statement a short transaction of its
 * own, on the expiry index), until none is left; the number deleted. A session past its expiry is refused by every
 * read anyway (expires_at > now()), so this only keeps the table from growing.
 */
export async function deleteExpiredSessions(db: Executor, batch = 1_000): Promise<number> {
  let total = 0;
  for (;;) {
    const due = db
      .select({ id: sessions.id })
      .from(sessions)
      .where(lt(sessions.expiresAt, sql`now()`))
      .orderBy(sessions.expiresAt)
      .limit(batch);
    const gone = await db.delete(sessions).where(inArray(sessions.id, due)).returning({ id: sessions.id });
    total += gone.length;
    if (gone.length < batch) return total;
  }
}

export async function countUsers(db: Executor) {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row.n);
}

export async function countSessionsSince(db: Executor, since: Date) {
  const [row] = await db.select({ n: count() }).from(sessions).where(gte(sessions.createdAt, since));
  return Number(row.n);
}

/** A page of users, newest first (primary-key order); `phonePrefix` filters by the start of the number. */
export async function pageUsers(db: Executor, opts: { offset: number; limit: number; phonePrefix?: string }) {
  const where = opts.phonePrefix ? like(users.phone, `${opts.phonePrefix}%`) : undefined;
  const rows = await db
    .select({
      id: users.id,
      phone: users.phone,
      username: users.username,
      role: users.role,
      level: users.level,
      status: users.status,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
      total: totalOver(),
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(opts.limit)
    .offset(opts.offset);
  return {
    rows,
    total: await pageTotal(rows, opts.offset, async () =>
      Number((await db.select({ n: count() }).from(users).where(where))[0].n),
    ),
  };
}
