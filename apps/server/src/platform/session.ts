import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { sessions, users } from '../db/schema';

export const SESSION_COOKIE = 'jizu_token';
export const COMPANY_COOKIE = 'company_id';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A new random 256-bit token; only its hash is stored. */
export async function createSession(db: Executor, userId: number, opts: { ip: string; userAgent: string; days: number }) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + opts.days * 86400_000);
  await db.insert(sessions).values({ tokenHash: sha256(token), userId, ip: opts.ip.slice(0, 64), userAgent: opts.userAgent.slice(0, 300), expiresAt });
  return { token, expiresAt };
}

export async function revokeSession(db: Executor, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

export async function revokeUserSessions(db: Executor, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export interface TAuthUser {
  id: number;
  phone: string;
  role: string;
  username: string;
  sessionId: number;
}

/** The user behind a token, or null when it is unknown, expired or the user is disabled. */
export async function findSessionUser(db: Executor, token: string): Promise<TAuthUser | null> {
  const [row] = await db
    .select({ id: users.id, phone: users.phone, role: users.role, username: users.username, status: users.status, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!row || row.status !== 1) return null;
  // Touch at most every 5 minutes so reads stay reads.
  if (Date.now() - row.lastSeenAt.getTime() > 300_000) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  return { id: row.id, phone: row.phone, role: row.role, username: row.username, sessionId: row.sessionId };
}

export async function purgeExpiredSessions(db: Executor) {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}
