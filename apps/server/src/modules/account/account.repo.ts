import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';

/** Sets the nickname only while it was never changed: of two concurrent changes exactly one wins. */
export async function setNicknameOnce(db: Executor, userId: number, nickName: string) {
  const [row] = await db
    .update(users)
    .set({ username: nickName, nickNameStatus: 1, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.nickNameStatus, 0)))
    .returning({ username: users.username, nickNameStatus: users.nickNameStatus });
  return row ?? null;
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function setPhone(db: Executor, userId: number, phone: string) {
  await db
    .update(users)
    .set({ phone, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function setAvatar(db: Executor, userId: number, avatar: string) {
  await db
    .update(users)
    .set({ avatar, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Every session of the user but the one in use (a password or phone change, 退出其他设备): how many went. */
export async function revokeOtherSessions(db: Executor, userId: number, keepSessionId: number): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return rows.length;
}
