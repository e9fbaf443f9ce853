import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DB, Executor } from '../db/client';
import { namedRows } from '../db/prepared';
import { sessions } from '../db/schema';
import type { TCompanyCtx } from './company-context';

export const SESSION_COOKIE = 'jizu_token';
export const COMPANY_COOKIE = 'company_id';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * A session token's hash, remembered for the tokens this process saw lately: hashing on every request was a visible
 * share of a fast one (npm run bench:profile). Bounded like the sessions held below.
 */
const tokenHashes = new Map<string, string>();
function tokenHash(token: string): string {
  let h = tokenHashes.get(token);
  if (h === undefined) {
    if (tokenHashes.size >= 20_000) tokenHashes.delete(tokenHashes.keys().next().value as string);
    tokenHashes.set(token, (h = sha256(token)));
  }
  return h;
}

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

/** Sessions are touched at most this often, so reads stay reads. */
const TOUCH_MS = 300_000;

interface TAuthRow {
  id: number;
  phone: string;
  role: string;
  username: string;
  auth_rev: number;
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
const SESSION_SQL = `select u.id, u.phone, u.role, u.username, u.auth_rev, s.id as session_id, s.last_seen_at
  from sessions s join users u on u.id = s.user_id and u.status = 1
  where s.token_hash = $1 and s.expires_at > now()`;

/**
 * The session, its user and the user's active membership in one company (the requested one, or when $2 is 0 the
 * default: main account first, then the oldest membership) with a sub-user's menu grants, and the user's auth_rev read
 * in the same snapshot. The same rules as resolveCompanyCtx in company-context.ts.
 */
const SESSION_COMPANY_SQL = `select u.id, u.phone, u.role, u.username, u.auth_rev, s.id as session_id, s.last_seen_at,
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

/**
 * What this process read of a session's memberships, under the user's auth_rev of that read. Database triggers raise
 * auth_rev in the same transaction as any change of the user's memberships, their grants, or a company's name or type
 * (migration 0025), and every request reads the session, the user and auth_rev afresh: a remembered membership is used
 * only while auth_rev is what it was read under, so a change takes effect on the very next request on every process.
 * Keyed by the token's hash; bounded (the oldest go first).
 */
const remembered = new Map<string, { userId: number; rev: number; user: TAuthUser; byCompany: Map<number, TCompanyCtx | null> }>();
const REMEMBER_MAX = 20_000;

function remember(hash: string, user: TAuthUser, rev: number, companyId: number | undefined, ctx: TCompanyCtx | null) {
  let r = remembered.get(hash);
  if (!r || r.userId !== user.id || r.rev !== rev) {
    remembered.delete(hash);
    if (remembered.size >= REMEMBER_MAX) remembered.delete(remembered.keys().next().value as string);
    remembered.set(hash, (r = { userId: user.id, rev, user, byCompany: new Map() }));
  }
  r.user = user;
  if (companyId !== undefined) r.byCompany.set(companyId, ctx);
}

/**
 * What this process last read of a token, without asking the database (platform/fused.ts): the user, and for
 * `companyId` (0: the default company) the membership, with the auth_rev it was read under. Only a guess until the
 * request's first statement confirms it; undefined when nothing is held.
 */
export function heldSessionAuth(token: string, companyId: number | undefined): { hash: string; user: TAuthUser; rev: number; ctx: TCompanyCtx | null } | undefined {
  const hash = tokenHash(token);
  const r = remembered.get(hash);
  if (!r) return undefined;
  if (companyId === undefined) return { hash, user: r.user, rev: r.rev, ctx: null };
  const ctx = r.byCompany.get(companyId);
  return ctx === undefined ? undefined : { hash, user: r.user, rev: r.rev, ctx };
}

/** Drops what this process holds of a token (its session is gone). */
export const forgetSession = (hash: string) => remembered.delete(hash);

/**
 * The session check of a statement's own (platform/fused.ts), as one number per row instead of the user's columns
 * (each repeated on every row of the read): 0 when the session's user, auth_rev or details are not the ones this
 * process holds (given as $n+1…$n+6), 1 when they are, 2 when they are and the session's last use is due to be kept.
 * No row at all: the session is gone (unknown, expired, user disabled). The token's hash is $n.
 */
export const sessionProbeSql = (n: number) => `select case when u.id = $${n + 1}::int and u.auth_rev = $${n + 2}::int and u.phone = $${n + 3}::text
      and u.role = $${n + 4}::text and u.username = $${n + 5}::text and s.id = $${n + 6}::int
    then case when s.last_seen_at < now() - interval '${TOUCH_MS / 1000} seconds' then 2 else 1 end else 0 end::int2 as __a_ok
  from sessions s join users u on u.id = s.user_id and u.status = 1
  where s.token_hash = $${n} and s.expires_at > now()`;

/** The values of sessionProbeSql after the token's hash, from what this process holds. */
export const sessionProbeValues = (hash: string, user: TAuthUser, rev: number) => [hash, user.id, rev, user.phone, user.role, user.username, user.sessionId];

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
 * company), that active membership (null when the user is not an active member). One statement: the session and user
 * alone when this process holds the membership under the user's current auth_rev, else with the membership.
 */
export async function findSessionAuth(db: DB, token: string, companyId?: number): Promise<{ user: TAuthUser; ctx: TCompanyCtx | null } | null> {
  const hash = tokenHash(token);
  let row: TAuthRow | undefined;
  let ctx: TCompanyCtx | null = null;
  const known = remembered.get(hash);
  const held = companyId === undefined ? undefined : known?.byCompany.get(companyId);
  if (companyId === undefined || (known && held !== undefined)) {
    [row] = await namedRows<TAuthRow>(db, 'auth.session', SESSION_SQL, [hash]);
    if (!row) {
      remembered.delete(hash);
      return null;
    }
    if (companyId === undefined) remember(hash, userOf(row), Number(row.auth_rev), undefined, null);
    else if (known && row.id === known.userId && Number(row.auth_rev) === known.rev) ctx = held ?? null;
    else row = undefined; // the membership may have changed: read it again with the session
  }
  if (!row && companyId !== undefined) {
    [row] = await namedRows<TAuthRow>(db, 'auth.session_company', SESSION_COMPANY_SQL, [hash, companyId]);
    if (!row) {
      remembered.delete(hash);
      return null;
    }
    ctx = ctxOf(row);
    remember(hash, userOf(row), Number(row.auth_rev), companyId, ctx);
  }
  if (!row) return null;
  await touchSession(db, row.session_id, row.last_seen_at);
  return { user: userOf(row), ctx };
}

const userOf = (row: TAuthRow): TAuthUser => ({ id: row.id, phone: row.phone, role: row.role, username: row.username, sessionId: row.session_id });

/** Forgets what this process read of the sessions' memberships (tests). */
export function forgetSessionMemberships() {
  remembered.clear();
}
