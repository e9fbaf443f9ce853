import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';
import { ERRORS } from '@jizu/shared/errors';
import type { DB, TDatabase } from '../db/client';
import { pickOf } from '../db/shape';
import { AppError } from './errors';
import { decideAccess, requestedCompanyId, readToken } from './access';
import { findSessionAuth, forgetSession, heldSessionAuth, sessionProbeSql, sessionProbeValues, touchSessionNow, type TAuthUser } from './session';
import type { TCompanyCtx } from './company-context';

/**
 * One round trip for a read (ARCHITECTURE § Speed): a GET of a logged-in user or a company member whose session this
 * process already knows does not look the session up on its own. The request's first SELECT carries the session check
 * in the same statement:
 *
 *   select __q.*, __a.* from (<the session, user and auth_rev>) __a
 *     left join lateral (select __o.*, true as __a_has from (<the handler's SELECT>) __o) __q on true
 *
 * The handler's rows come back with the check's columns after them (stripped before the driver's caller sees them). The
 * read ran with the membership this process held; it is used only if the same statement shows the session alive and
 * the user, their details and auth_rev as they were when that membership was read (session.ts): the same guarantee as
 * a lookup of its own, in the same snapshot as the rows. Otherwise the session is read afresh, the access decision is
 * made again (401 / 403, or 409 if the request's company changed under it), and the rows are used only if the new
 * decision allows the same company.
 *
 * Fail-closed: until confirmed, any other statement (a write, a transaction, a locking read) waits for a check of its
 * own first, and a reply that no statement confirmed (a handler with no query, a validation error) is checked before it
 * is sent. PostgreSQL only: PGlite runs in the process, where a round trip costs nothing.
 */
interface TPending {
  req: FastifyRequest;
  token: string;
  hash: string;
  via: 'cookie' | 'bearer';
  wanted: number | null;
  companyId: number | undefined;
  user: TAuthUser;
  rev: number;
  ctx: TCompanyCtx | null;
  confirmed: boolean;
  /** the refusal a check found: every later statement of the request and its reply get it too */
  refusal?: AppError;
}
interface TStore {
  db: DB;
  pending?: TPending;
}
const als = new AsyncLocalStorage<TStore>();
const READS = new Set(['user', 'company', 'main']);
/** the check's columns after the handler's: __a_has, then sessionProbeSql's __a_ok */
const TAIL = 2;

/**
 * Called by the access hook: when the request is a GET this process can check in its first statement, takes the held
 * session and membership as the request's (provisionally) and answers true; else false, and the hook looks up.
 */
export function holdForFirstStatement(req: FastifyRequest, token: string, companyId: number | undefined): boolean {
  const store = als.getStore();
  const access = req.routeOptions.config?.access;
  if (!store || req.method !== 'GET' || !access || !READS.has(access)) return false;
  const held = heldSessionAuth(token, companyId);
  if (!held) return false;
  const t = readToken(req);
  if (!t) return false;
  const wanted = access === 'user' ? null : requestedCompanyId(req);
  try {
    decideAccess(req, { user: held.user, ctx: held.ctx }, t.via, wanted);
  } catch {
    // a refusal is never taken from memory: the hook looks the session up and decides on what it reads
    req.user = null;
    req.authVia = null;
    req.company = null;
    return false;
  }
  store.pending = { req, token, hash: held.hash, via: t.via, wanted, companyId, user: held.user, rev: held.rev, ctx: held.ctx, confirmed: false };
  return true;
}

/** Checks a pending session with a lookup of its own, outside the request's statements (so not fused again). */
async function confirmAlone(store: TStore, p: TPending) {
  if (p.refusal) throw p.refusal;
  const found = await als.exit(() => findSessionAuth(store.db, p.token, p.companyId));
  settle(p, found);
}

const sameCtx = (a: TCompanyCtx | null, b: TCompanyCtx | null) =>
  a === b ||
  (!!a &&
    !!b &&
    a.companyId === b.companyId &&
    a.memberId === b.memberId &&
    a.master === b.master &&
    a.companyName === b.companyName &&
    a.companyType === b.companyType &&
    a.grants.size === b.grants.size &&
    [...a.grants].every((g) => b.grants.has(g)));

/**
 * The access decision again on what was read afresh (401 / 403 as a lookup would answer); the request goes on only
 * with the very membership it was given, else 409: the handler may have used it already.
 */
function settle(p: TPending, found: Awaited<ReturnType<typeof findSessionAuth>>) {
  p.req.user = null;
  p.req.company = null;
  try {
    decideAccess(p.req, found, p.via, p.wanted);
    // the handler may already have used the membership it was given: it must be the one read now
    if (!sameCtx(p.ctx, (p.req as { company: TCompanyCtx | null }).company)) throw new AppError('ACCESS_CHANGED');
  } catch (e) {
    p.refusal = e instanceof AppError ? e : new AppError('SERVICE_UNAVAILABLE');
    p.req.user = null;
    p.req.company = null;
    throw e;
  }
  p.confirmed = true;
}

type TQueryConfig = { text: string; name?: string; values?: unknown[]; rowMode?: string; types?: unknown };
const FUSABLE = /^\s*(select|with)\b/i;
/** a WITH that writes must stay at the top level of its statement */
const WRITING = /\b(insert|update|delete|merge)\b/i;
const LOCKING = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i;

/**
 * A name for a read the app sent unnamed (a query built per request, fused or not): PostgreSQL then parses and plans it
 * once per connection, as it does the app's prepared queries. One name per text in this process (the driver holds each
 * connection's names with their texts), for the first AUTO_MAX texts: the reads of the routes, a set of bounded size
 * (a text differs by its filters, not by their values); past it, statements go unnamed as before. Writes, locking
 * reads and the statements of a transaction (its own connection) are never named here.
 */
const autoNames = new Map<string, string>();
const AUTO_MAX = 500;
function readNamed(cfg: string | TQueryConfig): string | TQueryConfig {
  if (typeof cfg === 'string' || cfg.name || !FUSABLE.test(cfg.text) || LOCKING.test(cfg.text) || WRITING.test(cfg.text)) return cfg;
  const name = autoName(cfg.text);
  return name ? { ...cfg, name } : cfg;
}
function autoName(text: string): string | undefined {
  let n = autoNames.get(text);
  if (n === undefined && autoNames.size < AUTO_MAX) autoNames.set(text, (n = `jz.fused.${autoNames.size}`));
  return n;
}

/**
 * The read wrapped with the session check: built once per text of the process's reads (the same bound as the names),
 * so a request neither concatenates nor hashes the long text again.
 */
const fusedTexts = new Map<string, string>();
function fusedText(read: string, nValues: number): string {
  let t = fusedTexts.get(read);
  if (t === undefined) {
    t = `select __q.*, __a.* from (${sessionProbeSql(nValues + 1)}) __a left join lateral (select __o.*, true as __a_has from (${read}) __o) __q on true`;
    if (fusedTexts.size < AUTO_MAX * 2) fusedTexts.set(read, t);
  }
  return t;
}

/** Installs the one-round-trip check on the database's pool (PostgreSQL) and the request hooks that carry it. */
export function registerFusedAuth(app: FastifyInstance, database: TDatabase, on: boolean) {
  if (database.kind !== 'postgres' || !on) return;
  const db = database.db;
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const query = pool.query.bind(pool) as (cfg: TQueryConfig, values?: unknown[]) => Promise<pg.QueryResult>;
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;

  (pool as unknown as { query: unknown }).query = async (...args: unknown[]) => {
    const [cfg, values] = args as [string | TQueryConfig, unknown];
    // the callback form (not used by the app) goes straight through
    if (args.length > 2 || typeof values === 'function') return (query as (...a: unknown[]) => unknown)(...args);
    const store = als.getStore();
    const p = store?.pending;
    if (p?.refusal) throw p.refusal;
    if (!store || !p || p.confirmed) return query(readNamed(cfg) as TQueryConfig, values as unknown[]);
    const c: TQueryConfig = typeof cfg === 'string' ? { text: cfg } : cfg;
    const vals = (values as unknown[] | undefined) ?? c.values ?? [];
    if (!FUSABLE.test(c.text) || LOCKING.test(c.text) || WRITING.test(c.text)) {
      await confirmAlone(store, p);
      return query(cfg as TQueryConfig, values as unknown[]);
    }
    const text = fusedText(c.text, vals.length);
    const name = c.name ? `${c.name}+a` : autoName(text);
    const res = await query({ ...c, text, name, values: [...vals, ...sessionProbeValues(p.hash, p.user, p.rev)] });
    return strip(store, p, res, c.rowMode === 'array', name);
  };
  (pool as unknown as { connect: unknown }).connect = async (...a: unknown[]) => {
    const store = als.getStore();
    if (store?.pending && (!store.pending.confirmed || store.pending.refusal) && a.length === 0) await confirmAlone(store, store.pending);
    return (connect as (...x: unknown[]) => Promise<pg.PoolClient>)(...a);
  };

  /** The handler's rows without the check's columns, once the check holds. */
  /** the row maker of each named fused statement (one name, one text, one list of columns) */
  const pickers = new Map<string, (r: unknown) => unknown>();
  async function strip(store: TStore, p: TPending, res: pg.QueryResult, array: boolean, name: string | undefined) {
    const rows = res.rows as unknown[];
    if (!rows.length) {
      // the session is gone (logged out, expired, user disabled): refused as a lookup would
      forgetSession(p.hash);
      settle(p, null);
    }
    const first = rows[0] as unknown[] | Record<string, unknown>;
    const check = Number(array ? (first as unknown[])[(first as unknown[]).length - 1] : (first as Record<string, unknown>).__a_ok);
    if (check === 0) {
      // moved since this process read it: read it all again (the membership too); that lookup keeps the last use
      forgetSession(p.hash);
      await confirmAlone(store, p);
    } else {
      p.confirmed = true;
      if (check === 2) await touchSessionNow(store.db, p.user.sessionId);
    }
    const fields = res.fields.slice(0, res.fields.length - TAIL);
    // a row with __a_has null is the empty read's one row of the left join
    let kept: unknown[];
    if (array) {
      const at = fields.length;
      kept = rows.length === 1 && (first as unknown[])[at] !== true ? [] : rows.map((r) => (r as unknown[]).slice(0, at));
    } else if (rows.length === 1 && (first as Record<string, unknown>).__a_has !== true) kept = [];
    else {
      // objects are made anew with the handler's columns, in one literal each (db/shape.ts): deleting the check's keys
      // would leave slow dictionary-mode objects
      let pick = name === undefined ? undefined : pickers.get(name);
      if (!pick) {
        pick = pickOf(fields.map((f) => f.name)) as (r: unknown) => unknown;
        if (name !== undefined) pickers.set(name, pick);
      }
      kept = rows.map(pick);
    }
    res.rows = kept as never[];
    res.rowCount = kept.length;
    res.fields = fields;
    return res;
  }

  app.addHook('onRequest', (_req, _reply, done) => als.run({ db }, done));
  // a reply that no statement confirmed is checked before it leaves; a refusal replaces it
  app.addHook('onSend', (req, reply, payload, done) => {
    const store = als.getStore();
    const p = store?.pending;
    if (!store || !p || p.req !== req || (p.confirmed && !p.refusal)) return done(null, payload);
    // a server-side failure (the database away) tells nothing of the request, and a second try would only wait again
    if (reply.statusCode >= 500 && !p.refusal) return done(null, payload);
    confirmAlone(store, p).then(
      () => done(null, payload),
      (e: unknown) => {
        const err = e instanceof AppError ? e : new AppError('SERVICE_UNAVAILABLE');
        reply.status(err.http);
        reply.header('content-type', 'application/json; charset=utf-8');
        done(null, JSON.stringify({ status: err.code === 'UNAUTHENTICATED' ? -1 : 0, msg: err.message ?? ERRORS[err.code].msg, data: null, code: err.code }));
      },
    );
  });
}
