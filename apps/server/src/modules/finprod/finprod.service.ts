import { randomBytes } from 'node:crypto';
import {
  FINPROD_APP_STATE,
  FINPROD_APP_STATE_TEXT,
  FINPROD_MACHINE,
  FINPROD_NO_PREFIX,
  FINPROD_STATUS,
  FINPROD_STATUS_LABEL,
} from '@jizu/shared/constants/finprod';
import { actionsOf, nextStatus, transitionOf } from '@jizu/shared/rules/machine';
import { fmt } from '@jizu/shared/messages/fmt';
import { finprod as T, finprodAdmin as AT } from '@jizu/shared/messages/finprod';
import type {
  TFinProdAdminRow,
  TFinProdInfo,
  TFinProdNotify,
  TFinProdSandbox,
  TFinProdTrailRow,
} from '@jizu/shared/schemas/finprod';
import { inTx, type DB, type Executor } from '../../db/client';
import type { TDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { SandboxFinance } from '../../platform/finance';
import { indexText, keywordQuery } from '../../platform/grams';
import { listAuditTrail, PLATFORM_ACTOR, recordAudit, type TActor } from '../audit/audit.service';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { findUserById } from '../auth/auth.service';
import { findCompany, lockCompany, openCompanyFinance } from '../company/company.service';
import { createMessage } from '../message/message.service';
import * as repo from './finprod.repo';
import type { TFinProdApp } from './finprod.repo';

/*
 * The platform's supply-chain finance product (spec/2 §6). A provider acts on contracts, machinery, settlements and
 * payments only with provider_super 1: the third-party advanced verification AND this product. The company's main
 * account applies once the company passed the advanced verification; the application goes to the finance partner
 * (FinanceProvider, a local sandbox by default), whose page approves or refuses it and calls back
 * POST /api/company/finance/notify with an HMAC-signed decision. Approval opens the product (companies.finance 0 → 1,
 * compare-and-set); a refusal keeps the partner's reason and the company may apply again. A forged callback is
 * refused, a late one (older than 10 minutes) too, and a replayed one finds the application decided and changes
 * nothing. Every change is written to the audit trail: the application's, and the company's own for the opening.
 *
 * A partner that never answers must not hold the company forever: an application expires after the review period
 * (FINPROD_REVIEW_DAYS, 7 by default; its deadline is stored at application). Every read treats an application past
 * its deadline as expired at once, the job `expireFinanceProductApps` writes the expiry down (audit, a message to the
 * applicant), and a new application writes it down first, under the company's lock. A callback for an expired
 * application, or for one the platform closed in the console (a stuck application, with the staff's reason), is
 * refused and changes nothing: the company applies again.
 */

export const AUDIT_FINPROD = 'finance_product_app';
export const AUDIT_COMPANY = 'company';
const S = FINPROD_APP_STATE;
const minutes = (d: Date | null) => shanghaiDateTime(d).slice(0, 16);
/** Why the partner's decision may no longer move an application that left review without it (else: decided). */
const LATE: Readonly<Record<number, 'FINPROD_EXPIRED' | 'FINPROD_CLOSED'>> = {
  [S.expired]: 'FINPROD_EXPIRED',
  [S.closed]: 'FINPROD_CLOSED',
};

/** The application's state at `now`: in review past its deadline reads as expired. */
export function effectiveState(app: Pick<TFinProdApp, 'state' | 'expiresAt'>, now = new Date()): number {
  return app.state === S.review && app.expiresAt.getTime() <= now.getTime() ? S.expired : app.state;
}

function statusOf(finance: number, latest: TFinProdApp | null, now: Date): number {
  if (finance === 1) return FINPROD_STATUS.open;
  switch (latest ? effectiveState(latest, now) : null) {
    case S.review:
      return FINPROD_STATUS.review;
    case S.refused:
      return FINPROD_STATUS.refused;
    case S.expired:
      return FINPROD_STATUS.expired;
    case S.closed:
      return FINPROD_STATUS.closed;
    default:
      return FINPROD_STATUS.none;
  }
}

/** What an application's reason reads as: the partner's (refused), the staff's (closed), the deadline (expired). */
function reasonOf(app: TFinProdApp, state: number): string {
  if (state === S.expired) return fmt(T.expiredReason, { deadline: minutes(app.expiresAt) });
  return state === S.refused || state === S.closed ? app.reason : '';
}

async function companyState(db: Executor, companyId: number, now = new Date()) {
  const company = await findCompany(db, companyId);
  if (!company) throw new AppError('NOT_FOUND');
  const latest = await repo.latestApp(db, companyId);
  return { company, latest, status: statusOf(company.finance, latest, now) };
}

/** GET /company/finance/info: the company's finance product and whether this user may apply now. */
export async function financeInfo(db: Executor, companyId: number, master: boolean): Promise<TFinProdInfo> {
  const now = new Date();
  const { company, latest, status } = await companyState(db, companyId, now);
  const may = master && company.super === 1 && !!transitionOf(FINPROD_MACHINE, { status }, 'apply', 'main');
  const shown = latest && status !== FINPROD_STATUS.open && status !== FINPROD_STATUS.none;
  return {
    status,
    status_v: FINPROD_STATUS_LABEL[status] ?? '',
    reason: shown ? reasonOf(latest, effectiveState(latest, now)) : '',
    super: company.super,
    apply_flag: may ? 1 : 0,
    url: status === FINPROD_STATUS.review && latest ? latest.url : '',
    apply_time: latest ? shanghaiDateTime(latest.createdAt) : '',
    open_time: status === FINPROD_STATUS.open && latest?.state === S.approved ? shanghaiDateTime(latest.decidedAt) : '',
    expire_time: status === FINPROD_STATUS.review && latest ? minutes(latest.expiresAt) : '',
  };
}

/** Refuses an application the company may not make now, in the order a person would fix them. */
async function mustApply(db: Executor, companyId: number) {
  const s = await companyState(db, companyId);
  // the table refuses an open product and one in review: each with its own words
  if (!transitionOf(FINPROD_MACHINE, s, 'apply', 'main'))
    throw new AppError(s.status === FINPROD_STATUS.open ? 'FINPROD_OPEN' : 'FINPROD_IN_PROGRESS');
  if (s.company.super !== 1) throw new AppError('FINPROD_NEED_SUPER');
  return s;
}

/** Writes down expired applications (of one company, or the oldest `limit`): audit and a message to each applicant. */
async function expire(tx: Executor, now: Date, opts: { companyId?: number; limit: number }): Promise<number> {
  const rows = await repo.expireDue(tx, now, opts);
  for (const app of rows) {
    await recordAudit(tx, PLATFORM_ACTOR, {
      entity: AUDIT_FINPROD,
      entityId: app.id,
      action: 'expire',
      from: FINPROD_STATUS.review,
      to: nextStatus(FINPROD_MACHINE, { status: FINPROD_STATUS.review }, 'expire', 'platform'),
      reason: app.no,
    });
    const name = app.companyName || (await findCompany(tx, app.companyId))?.name || '';
    await createMessage(tx, {
      userId: app.userId,
      kind: 'finance_product',
      title: T.expiredTitle,
      content: fmt(T.expiredBody, { name }),
    });
  }
  return rows.length;
}

/**
 * The job: applications in review past their deadline become expired, a batch at a time (reads treat them as expired
 * already, so a late run is late, never wrong). Returns how many.
 */
export async function expireFinanceProductApps(db: DB, now = new Date(), batch = 200): Promise<number> {
  let done = 0;
  for (;;) {
    const n = await inTx(db, (tx) => expire(tx, now, { limit: batch }));
    done += n;
    if (n < batch) return done;
  }
}

/** The search text of an application: its company's name (platform/grams.ts). */
const searchOf = (companyName: string) => {
  const { body, grams } = indexText([companyName]);
  return { companyName: companyName.slice(0, 100), searchBody: body, searchGrams: grams };
};

/**
 * POST /company/finance/apply (main account): registers an application at the partner and answers its page, opened in
 * a new window. Under the company's lock and a partial unique index: concurrent clicks apply once. An expired
 * application of the company is written down first, so it no longer holds the index.
 */
export async function applyFinance(
  deps: Pick<TDeps, 'db' | 'finance' | 'config'>,
  actor: TActor,
  companyId: number,
  userId: number,
): Promise<{ url: string }> {
  const { company } = await mustApply(deps.db, companyId);
  const no = `${FINPROD_NO_PREFIX}${Date.now()}${randomBytes(12).toString('hex')}`;
  // the partner's call stays outside the transaction; an application another call made meanwhile wins below
  const { url } = await deps.finance.applyProduct({ no, companyName: company.name, registNo: company.registNo });
  return inTx(deps.db, async (tx) => {
    await lockCompany(tx, companyId);
    const now = new Date();
    await expire(tx, now, { companyId, limit: 10 });
    const { status } = await mustApply(tx, companyId);
    const expiresAt = new Date(now.getTime() + deps.config.finance.productReviewDays * 86_400_000);
    const row = await repo.insertApp(tx, {
      no,
      companyId,
      userId,
      provider: deps.finance.name,
      url,
      expiresAt,
      ...searchOf(company.name),
    });
    if (!row) throw new AppError('FINPROD_IN_PROGRESS');
    await recordAudit(tx, actor, {
      entity: AUDIT_FINPROD,
      entityId: row.id,
      action: 'apply',
      from: status,
      to: nextStatus(FINPROD_MACHINE, { status }, 'apply', 'main'),
      reason: no,
    });
    return { url };
  });
}

/** An application the partner's decision may no longer move: the platform closed it, or it expired. */
function refuseLate(app: TFinProdApp, now: Date) {
  const late = LATE[effectiveState(app, now)];
  if (late) throw new AppError(late);
}

/**
 * POST /company/finance/notify: the partner's signed decision. Forged or late: refused. A decision on an application
 * already decided (a replay, a retry) changes nothing and answers its state; one on an application that expired or
 * that the platform closed is refused, and changes nothing either.
 */
export async function handleFinanceProductNotify(
  deps: Pick<TDeps, 'db' | 'finance'>,
  n: TFinProdNotify,
): Promise<{ state: number }> {
  if (!deps.finance.checkProductNotify(n)) throw new AppError('FINPROD_BAD_SIGNATURE');
  return applyFinanceProductDecision(deps.db, n);
}

/** A partner's decision whose signature was verified (or, for demo data, taken as the partner's). */
export async function applyFinanceProductDecision(
  db: DB,
  n: Pick<TFinProdNotify, 'no' | 'result' | 'reason'>,
): Promise<{ state: number }> {
  const app = await repo.findAppByNo(db, n.no);
  if (!app) throw new AppError('FINPROD_NOT_FOUND');
  refuseLate(app, new Date());
  const pass = n.result === 'PASS';
  const reason = pass ? '' : (n.reason ?? '').trim();
  return inTx(db, async (tx) => {
    await lockCompany(tx, app.companyId);
    const now = new Date();
    const decided = await repo.decideApp(tx, n.no, { state: pass ? S.approved : S.refused, reason }, now);
    if (!decided) {
      const cur = (await repo.findAppByNo(tx, n.no)) ?? app;
      refuseLate(cur, now);
      return { state: cur.state };
    }
    await recordAudit(tx, PLATFORM_ACTOR, {
      entity: AUDIT_FINPROD,
      entityId: app.id,
      action: pass ? 'approve' : 'refuse',
      from: FINPROD_STATUS.review,
      to: nextStatus(FINPROD_MACHINE, { status: FINPROD_STATUS.review }, pass ? 'approve' : 'refuse', 'partner'),
      reason: reason || n.no,
    });
    const name = (await findCompany(tx, app.companyId))?.name ?? '';
    if (pass) {
      if (await openCompanyFinance(tx, app.companyId)) {
        await recordAudit(
          tx,
          { userId: null, companyId: app.companyId },
          { entity: AUDIT_COMPANY, entityId: app.companyId, action: 'finance_open', from: 0, to: 1, reason: n.no },
        );
      }
      await createMessage(tx, {
        userId: app.userId,
        kind: 'finance_product',
        title: T.approvedTitle,
        content: fmt(T.approvedBody, { name }),
      });
    } else {
      await createMessage(tx, {
        userId: app.userId,
        kind: 'finance_product',
        title: T.refusedTitle,
        content: fmt(T.refusedBody, { name, reason: reason || '-' }),
      });
    }
    return { state: decided.state };
  });
}

function sandboxOf(deps: Pick<TDeps, 'finance'>): SandboxFinance {
  if (!(deps.finance instanceof SandboxFinance)) throw new AppError('FINPROD_NOT_FOUND');
  return deps.finance;
}

/** GET /finance/sandbox-product/:no: the sandbox partner's page of an application (public, by its unguessable number). */
export async function sandboxProductApp(deps: Pick<TDeps, 'db' | 'finance'>, no: string): Promise<TFinProdSandbox> {
  sandboxOf(deps);
  const app = await repo.findAppByNo(deps.db, no);
  if (!app || app.provider !== 'sandbox') throw new AppError('FINPROD_NOT_FOUND');
  const company = await findCompany(deps.db, app.companyId);
  const state = effectiveState(app);
  return {
    no: app.no,
    company_name: company?.name ?? '',
    state,
    state_v: FINPROD_APP_STATE_TEXT[state] ?? '',
    create_time: shanghaiDateTime(app.createdAt),
    reason: reasonOf(app, state),
  };
}

/** POST /finance/sandbox-product/:no/decide: the person at the partner decides; the partner calls back, signed. */
export async function sandboxProductDecide(
  deps: Pick<TDeps, 'db' | 'finance'>,
  no: string,
  result: 'PASS' | 'REFUSE',
  reason = '',
) {
  const sb = sandboxOf(deps);
  const view = await sandboxProductApp(deps, no);
  if (!transitionOf(FINPROD_MACHINE, { status: view.state }, result === 'PASS' ? 'approve' : 'refuse', 'partner'))
    throw new AppError(LATE[view.state] ?? 'FINPROD_DECIDED');
  const res = await sb.decideProduct(no, result, result === 'REFUSE' ? reason : '');
  if (res.status !== 200) throw new AppError('INTERNAL');
  return sandboxProductApp(deps, no);
}

// ---------- the console ----------

async function applicants(db: Executor, ids: number[]) {
  const out = new Map<number, { name: string; phone: string }>();
  for (const id of new Set(ids)) {
    const u = await findUserById(db, id);
    if (u) out.set(id, { name: u.username, phone: u.phone });
  }
  return out;
}

/** GET /admin/finance-products: applications by effective state and company name, newest first. */
export async function pageAdminApps(
  db: Executor,
  q: { state: number; company?: string; page: number; size: number },
): Promise<{ data: TFinProdAdminRow[]; total: number }> {
  const now = new Date();
  const k = keywordQuery(q.company ?? '');
  const { rows, total } = await repo.pageApps(db, {
    state: q.state,
    grams: k.grams,
    terms: k.terms,
    page: q.page,
    size: q.size,
    now,
  });
  const users = await applicants(
    db,
    rows.map((r) => r.userId),
  );
  return {
    data: rows.map((a) => {
      const state = effectiveState(a, now);
      const u = users.get(a.userId);
      return {
        id: a.id,
        no: a.no,
        company_id: a.companyId,
        company_name: a.companyName,
        applicant: u?.name ?? '',
        applicant_phone: u?.phone ?? '',
        state,
        state_v: FINPROD_APP_STATE_TEXT[state] ?? '',
        reason: reasonOf(a, state),
        create_time: minutes(a.createdAt),
        expire_time: minutes(a.expiresAt),
        decide_time: state === S.expired && a.state === S.review ? minutes(a.expiresAt) : minutes(a.decidedAt),
        actions: actionsOf(FINPROD_MACHINE, { status: state }, 'staff'),
      };
    }),
    total,
  };
}

/**
 * POST /admin/finance-products/:id/close: staff close an application stuck at the partner, with a reason (audited,
 * and the applicant told). Only one still in review: an expired one is expired already; a decided one is decided.
 */
export async function closeAdminApp(db: DB, actor: TActor, id: number, reason: string): Promise<void> {
  const app = await repo.findAppById(db, id);
  if (!app) throw new AppError('FINPROD_NOT_FOUND');
  await inTx(db, async (tx) => {
    await lockCompany(tx, app.companyId);
    const now = new Date();
    const row = await repo.closeApp(tx, id, reason, now);
    if (!row) {
      const cur = (await repo.findAppById(tx, id)) ?? app;
      throw new AppError(effectiveState(cur, now) === S.expired ? 'FINPROD_EXPIRED' : 'FINPROD_DECIDED');
    }
    await recordAudit(tx, actor, {
      entity: AUDIT_FINPROD,
      entityId: id,
      action: 'close',
      from: FINPROD_STATUS.review,
      to: nextStatus(FINPROD_MACHINE, { status: FINPROD_STATUS.review }, 'close', 'staff'),
      reason,
    });
    await createMessage(tx, {
      userId: app.userId,
      kind: 'finance_product',
      title: T.closedTitle,
      content: fmt(T.closedBody, { name: app.companyName, reason }),
    });
  });
}

/** A state of the trail as the console's tags name it (the first application starts from the company's 未开通). */
const label = (v: string) => FINPROD_APP_STATE_TEXT[Number(v)] ?? FINPROD_STATUS_LABEL[Number(v)] ?? v;

/** GET /admin/finance-products/:id/trail: the application's audit trail, oldest first. */
export async function adminAppTrail(db: Executor, id: number): Promise<TFinProdTrailRow[]> {
  if (!(await repo.findAppById(db, id))) throw new AppError('FINPROD_NOT_FOUND');
  const rows = await listAuditTrail(db, AUDIT_FINPROD, id);
  const users = await applicants(
    db,
    rows.flatMap((r) => (r.actor_id ? [r.actor_id] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    action_v: AT.actions[r.action] ?? r.action,
    from: label(r.from),
    to: label(r.to),
    actor: r.actor_id ? (users.get(r.actor_id)?.name ?? '') : AT.platform,
    reason: r.reason,
    create_time: r.create_time,
  }));
}

/** Applications written before the console searched company names: their name and grams, in batches at start. */
export async function backfillFinanceProductSearch(db: DB, batch = 200): Promise<number> {
  let done = 0;
  for (let after = 0; ;) {
    const rows = await repo.unsearchable(db, after, batch);
    for (const r of rows) await repo.setSearch(db, r.id, searchOf((await findCompany(db, r.companyId))?.name ?? ''));
    done += rows.length;
    if (rows.length < batch) return done;
    after = rows[rows.length - 1].id;
  }
}
