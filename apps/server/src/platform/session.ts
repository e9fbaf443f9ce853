import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '@jizu/shared/constants/user';
import type { DB, Executor } from '../db/client';
import { namedRows } from '../db/prepared';
import { sessions } from '../db/schema';
import type { TCompanyCtx } from './company-context';

export const SESSION_COOKIE = 'jizu_token';
export const COMPANY_COOKIE = 'company_id';

export type TCookieOpts = { days: number; secure: boolean };
export const cookieOptsOf = (config: { sessionDays: number; production: boolean }): TCookieOpts => ({
  days: config.sessionDays,
  secure: config.production,
});
/** The session cookie (HttpOnly) and its readable hint (SESSION_HINT_COOKIE), with one lifetime. */
export function setSessionCookies(reply: FastifyReply, token: string, o: TCookieOpts) {
  const common = { sameSite: 'lax', path: '/', secure: o.secure, maxAge: o.days * 86400 } as const;
  reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...common, httpOnly: false });
}
/**
 * A page of the web app asked for with a session cookie that the hint does not tell of (a login from before the hint
 * existed): told now, for the page's app to ask who is logged in. Not checked here: a session that has ended answers
 * its first call 401, which takes both cookies away (clearEndedSession).
 */
export function keepSessionHint(req: FastifyRequest, reply: FastifyReply, o: TCookieOpts) {
  if (req.cookies?.[SESSION_COOKIE] && !req.cookies[SESSION_HINT_COOKIE])
    reply.setCookie(SESSION_HINT_COOKIE, '1', {
      sameSite: 'lax',
      path: '/',
      secure: o.secure,
      maxAge: o.days * 86400,
      httpOnly: false,
    });
}
/** Logout: the session cookie and its hint go. */
export function clearSessionCookies(reply: FastifyReply, secure = false) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', sameSite: 'lax', secure });
}
/**
 * The session a browser's cookies told of has ended (expired, ended from another device, its user switched off): the
 * 401 that says so takes both cookies away, so that neither the hint nor the dead token asks again.
 */
export function clearEndedSession(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (
    !req.headers.authorization?.startsWith('Bearer ') &&
    (req.cookies?.[SESSION_COOKIE] || req.cookies?.[SESSION_HINT_COOKIE])
  )
    clearSessionCookies(reply);
  return reply;
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A new random 256-bit token; only its hash is stored. */
export async function createSession(
  db: Executor,
  userId: number,
  opts: { ip: string; userAgent: string; days: number },
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + opts.days * 86400_000);
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    ip: opts.ip.slice(0, 64),
    userAgent: opts.userAgent.slice(0, 300),
    expiresAt,
  });
  return { token, expiresAt };
}

/** Ends one session by its token. @internal: only tests call it (logout and the account's revokes go through auth and account). */
export async function revokeSession(db: Executor, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

export interface TAuthUser {
  id: number;
  phone: string;
  role: string;
  username: string;
  sessionId: number;
}

/** Sessions are touched at most this often, so reads stay reads. */
const TOUCH_MS = 300_000;

interface TAuthRow {
  id: number;
  phone: string;
  role: string;
  username: string;
  session_id: number;
  last_seen_at: Date | string;
  member_id: number | null;
  master: number | null;
  company_id: number | null;
  company_name: string | null;
  company_type: number | null;
  grants: number[] | null;
}

/** The session and its user: two index lookups, the whole check of a request whose membership this process knows. */
const SESSION_SQL = `select u.id, u.phone, u.role, u.username, s.id as session_id, s.last_seen_at
  from sessions s join users u on u.id = s.user_id and u.status = 1
  where s.token_hash = $1 and s.expires_at > now()`;

/**
 * The session, its user and the user's active membership in one company (the requested one, or when $2 is 0 the
 * default: main account first, then the oldest membership) with a sub-user's menu grants. The same rules as resolveCompanyCtx in company-context.ts.
 */
const SESSION_COMPANY_SQL = `select u.id, u.phone, u.role, u.username, s.id as session_id, s.last_seen_at,
    m.id as member_id, m.master, c.id as company_id, c.name as company_name, c.type as company_type,
    case when m.master = 1 then null
      else array(select mm.menu_id from member_menus mm where mm.member_id = m.id) end as grants
  from sessions s join users u on u.id = s.user_id and u.status = 1
  left join lateral (
    select cm.id, cm.master, cm.company_id from company_members cm
    where cm.user_id = s.user_id and cm.status = 1 and cm.deleted_at is null and ($2::int = 0 or cm.company_id = $2::int)
    order by cm.master desc, cm.id asc limit 1
  ) m on true
  left join companies c on c.id = m.company_id
  where s.token_hash = $1 and s.expires_at > now()`;

/** Keeps a session's last use now (its probe said it is due). */
export async function touchSessionNow(db: DB, sessionId: number) {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Keeps a session's last use (at most every few minutes, so that reads stay reads). */
export async function touchSession(db: DB, sessionId: number, lastSeen: Date | string) {
  if (Date.now() - new Date(lastSeen).getTime() > TOUCH_MS) await touchSessionNow(db, sessionId);
}

const ctxOf = (row: TAuthRow): TCompanyCtx | null =>
  row.member_id !== null && row.company_id !== null
    ? {
        companyId: row.company_id,
        companyName: row.company_name ?? '',
        companyType: row.company_type ?? 0,
        memberId: row.member_id,
        master: row.master === 1,
        grants: new Set(row.grants ?? []),
      }
    : null;

/**
 * What every request's access check needs, read from the database on every request so that a logout, a password
 * change, a member switched off or a grant removed take effect on the very next request on every process:
 * the user behind a token (null when unknown, expired or disabled) and, when `companyId` is given (0: the default
 * company), that active membership (null when the user is not an active member). One statement on two indexes.
 */
export async function findSessionAuth(
  db: DB,
  token: string,
  companyId?: number,
): Promise<{ user: TAuthUser; ctx: TCompanyCtx | null } | null> {
  const hash = sha256(token);
  const [row] =
    companyId === undefined
      ? await namedRows<TAuthRow>(db, 'auth.session', SESSION_SQL, [hash])
      : await namedRows<TAuthRow>(db, 'auth.session_company', SESSION_COMPANY_SQL, [hash, companyId]);
  if (!row) return null;
  await touchSession(db, row.session_id, row.last_seen_at);
  return { user: userOf(row), ctx: companyId === undefined ? null : ctxOf(row) };
}

const userOf = (row: TAuthRow): TAuthUser => ({
  id: row.id,
  phone: row.phone,
  role: row.role,
  username: row.username,
  sessionId: row.session_id,
});
