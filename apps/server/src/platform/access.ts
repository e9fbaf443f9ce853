import type { FastifyInstance, FastifyRequest } from 'fastify';
import { M } from '@jizu/shared/messages';
import { INT4_MAX } from '@jizu/shared/schemas/common';
import type { DB } from '../db/client';
import { AppError } from './errors';
import { COMPANY_COOKIE, SESSION_COOKIE, findSessionAuth, type TAuthUser } from './session';
import { mayUseMenu, type TCompanyCtx } from './company-context';

/**
 * Access is declared beside every route (`config: { access, menu }`):
 * - none: anyone, and no session is looked up even when one is sent (health probes: they must not depend on the
 *   database to answer)
 * - public: anyone (the user is still resolved when a session is sent)
 * - user: logged in
 * - company: logged in and an active member of the request's company; with `menu`, a sub-user needs that grant
 * - main: like company, and the main account of it
 * - staff: platform staff (role admin)
 */
export type TAccess = 'none' | 'public' | 'user' | 'company' | 'main' | 'staff';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: TAccess;
    menu?: number;
  }
  interface FastifyRequest {
    user: TAuthUser | null;
    /** how the session came: a state-changing call by cookie needs the CSRF header */
    authVia: 'cookie' | 'bearer' | null;
    company: TCompanyCtx | null;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The session token of a request: a Bearer token (API clients), else the session cookie. */
export function readToken(req: FastifyRequest): { token: string; via: 'cookie' | 'bearer' } | null {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) return { token: h.slice(7).trim(), via: 'bearer' };
  const c = req.cookies?.[SESSION_COOKIE];
  return c ? { token: c, via: 'cookie' } : null;
}

/**
 * company_id from the query (GET) or body (POST), else the 14-day company cookie; -1 when it is not an id (not an
 * integer, or beyond the `integer` column company ids live in, which PostgreSQL would refuse with an error).
 */
export function requestedCompanyId(req: FastifyRequest): number | null {
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.company_id;
  const body =
    req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body)
      ? (req.body as Record<string, unknown>)
      : undefined;
  const fromBody = body?.company_id;
  const raw = fromBody ?? fromQuery ?? req.cookies?.[COMPANY_COOKIE];
  if (raw === undefined || raw === null || raw === '') return null;
  const n = Number(typeof raw === 'object' && raw && 'value' in raw ? (raw as { value: unknown }).value : raw);
  return Number.isInteger(n) && n > 0 && n <= INT4_MAX ? n : -1;
}

export function registerAccess(app: FastifyInstance, db: DB) {
  app.decorateRequest('user', null);
  app.decorateRequest('authVia', null);
  app.decorateRequest('company', null);

  // Every API route must say who may call it: a forgotten declaration fails at start, not in production.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    if (route.url.startsWith('/api/docs')) return;
    if (!route.config?.access) throw new Error(`route ${route.method} ${route.url} has no access declaration`);
  });

  // Before validation: a stranger learns only that a login is needed (401), a non-member only 403, never the shape of
  // the request. The body is already parsed here, so company_id is read from it (multipart: from the query).
  app.addHook('preValidation', (req, _reply, done) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'none') return done();
    const scoped = access === 'company' || access === 'main';
    // a bad company_id is refused before any lookup; the session, user and membership come in one round trip
    const wanted = scoped ? requestedCompanyId(req) : null;
    const t = readToken(req);
    const companyId = scoped && wanted !== -1 ? (wanted ?? 0) : undefined;
    const decide = (found: Awaited<ReturnType<typeof findSessionAuth>>) => {
      try {
        decideAccess(req, found, t?.via ?? null, wanted);
      } catch (e) {
        return done(e as Error);
      }
      done();
    };
    if (!t) return decide(null);
    findSessionAuth(db, t.token, companyId).then(decide, (e: Error) => done(e));
  });
}

/**
 * Whether a request to a route that needs a session (user, company, main, staff) has none: no token, or one that is
 * unknown, expired or of a disabled user; false when the access check already ran or the route is public. Asked only
 * when the body could not be read (envelope.ts), which happens before the access check: the stranger gets the 401.
 */
export async function lacksSession(req: FastifyRequest, db: DB): Promise<boolean> {
  const access = req.routeOptions?.config?.access;
  if (!access || access === 'none' || access === 'public' || req.user) return false;
  const t = readToken(req);
  return !t || (await findSessionAuth(db, t.token)) === null;
}

/**
 * The access decision of the request's route for the session found (or null): sets req.user, req.authVia and
 * req.company, or throws the refusal (401 not logged in, CSRF, 403 not staff / not a member / not the main account /
 * no grant). One place for the rule.
 */
export function decideAccess(
  req: FastifyRequest,
  found: { user: TAuthUser; ctx: TCompanyCtx | null } | null,
  via: 'cookie' | 'bearer' | null,
  wanted: number | null,
) {
  const access = req.routeOptions.config?.access;
  if (found && via) {
    req.user = found.user;
    req.authVia = via;
  }
  if (access === 'public') return;
  if (!req.user) throw new AppError('UNAUTHENTICATED');
  if (req.authVia === 'cookie' && UNSAFE.has(req.method) && req.headers['x-requested-with'] !== 'XMLHttpRequest') {
    throw new AppError('CSRF');
  }
  if (access === 'user') return;
  if (access === 'staff') {
    if (req.user.role !== 'admin') throw new AppError('FORBIDDEN', M.admin.staffOnly);
    return;
  }
  if (wanted === -1) throw new AppError('NOT_MEMBER');
  const ctx = found?.ctx;
  if (!ctx) throw new AppError('NOT_MEMBER');
  if (access === 'main' && !ctx.master) throw new AppError('MAIN_ONLY');
  const menu = req.routeOptions.config?.menu;
  if (menu && !mayUseMenu(ctx, menu)) throw new AppError('NO_GRANT');
  req.company = ctx;
}

/** The logged-in user of a route declared user/company/main/staff. */
export function userOf(req: FastifyRequest): TAuthUser {
  if (!req.user) throw new AppError('UNAUTHENTICATED');
  return req.user;
}

/** The company context of a route declared company/main. */
export function companyOf(req: FastifyRequest): TCompanyCtx {
  if (!req.company) throw new AppError('NOT_MEMBER');
  return req.company;
}
