import { randomBytes } from 'node:crypto';
import { FINPROD_APP_STATE, FINPROD_NO_PREFIX, FINPROD_STATUS, FINPROD_STATUS_LABEL, finProdNext } from '@jizu/shared/constants/finprod';
import { fmt } from '@jizu/shared/messages/fmt';
import { finprod as T } from '@jizu/shared/messages/finprod';
import type { TFinProdInfo, TFinProdNotify, TFinProdSandbox } from '@jizu/shared/schemas/finprod';
import { inTx, type Executor } from '../../db/client';
import type { TDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { SandboxFinance } from '../../platform/finance';
import { PLATFORM_ACTOR, recordAudit, type TActor } from '../audit/audit.service';
import { shanghaiDateTime } from '../auth/datetime';
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
 */

export const AUDIT_FINPROD = 'finance_product_app';
export const AUDIT_COMPANY = 'company';
const STATE_TEXT: Record<number, string> = { 3: '审核中', 1: '已通过', 2: '已拒绝' };

function statusOf(finance: number, latest: TFinProdApp | null): number {
  if (finance === 1) return FINPROD_STATUS.open;
  if (latest?.state === FINPROD_APP_STATE.review) return FINPROD_STATUS.review;
  if (latest?.state === FINPROD_APP_STATE.refused) return FINPROD_STATUS.refused;
  return FINPROD_STATUS.none;
}

async function companyState(db: Executor, companyId: number) {
  const company = await findCompany(db, companyId);
  if (!company) throw new AppError('NOT_FOUND');
  const latest = await repo.latestApp(db, companyId);
  return { company, latest, status: statusOf(company.finance, latest) };
}

/** GET /company/finance/info: the company's finance product and whether this user may apply now. */
export async function financeInfo(db: Executor, companyId: number, master: boolean): Promise<TFinProdInfo> {
  const { company, latest, status } = await companyState(db, companyId);
  const may = master && company.super === 1 && finProdNext(status, 'apply') !== null;
  return {
    status,
    status_v: FINPROD_STATUS_LABEL[status] ?? '',
    reason: status === FINPROD_STATUS.refused ? (latest?.reason ?? '') : '',
    super: company.super,
    apply_flag: may ? 1 : 0,
    url: status === FINPROD_STATUS.review && latest ? latest.url : '',
    apply_time: latest ? shanghaiDateTime(latest.createdAt) : '',
    open_time: status === FINPROD_STATUS.open && latest?.state === FINPROD_APP_STATE.approved ? shanghaiDateTime(latest.decidedAt) : '',
  };
}

/** Refuses an application the company may not make now, in the order a person would fix them. */
async function mustApply(db: Executor, companyId: number) {
  const s = await companyState(db, companyId);
  if (s.status === FINPROD_STATUS.open) throw new AppError('FINPROD_OPEN');
  if (s.status === FINPROD_STATUS.review) throw new AppError('FINPROD_IN_PROGRESS');
  if (s.company.super !== 1) throw new AppError('FINPROD_NEED_SUPER');
  return s;
}

/**
 * POST /company/finance/apply (main account): registers an application at the partner and answers its page, opened in
 * a new window. Under the company's lock and a partial unique index: concurrent clicks apply once.
 */
export async function applyFinance(deps: Pick<TDeps, 'db' | 'finance'>, actor: TActor, companyId: number, userId: number): Promise<{ url: string }> {
  const { company } = await mustApply(deps.db, companyId);
  const no = `${FINPROD_NO_PREFIX}${Date.now()}${randomBytes(12).toString('hex')}`;
  // the partner's call stays outside the transaction; an application another call made meanwhile wins below
  const { url } = await deps.finance.applyProduct({ no, companyName: company.name, registNo: company.registNo });
  return inTx(deps.db, async (tx) => {
    await lockCompany(tx, companyId);
    const { status } = await mustApply(tx, companyId);
    const row = await repo.insertApp(tx, { no, companyId, userId, provider: deps.finance.name, url });
    if (!row) throw new AppError('FINPROD_IN_PROGRESS');
    await recordAudit(tx, actor, { entity: AUDIT_FINPROD, entityId: row.id, action: 'apply', from: status, to: FINPROD_STATUS.review, reason: no });
    return { url };
  });
}

/**
 * POST /company/finance/notify: the partner's signed decision. Forged or late: refused. A decision on an application
 * already decided (a replay, a retry) changes nothing and answers its state.
 */
export async function handleFinanceProductNotify(deps: Pick<TDeps, 'db' | 'finance'>, n: TFinProdNotify): Promise<{ state: number }> {
  if (!deps.finance.checkProductNotify(n)) throw new AppError('FINPROD_BAD_SIGNATURE');
  const app = await repo.findAppByNo(deps.db, n.no);
  if (!app) throw new AppError('FINPROD_NOT_FOUND');
  const pass = n.result === 'PASS';
  const reason = pass ? '' : (n.reason ?? '').trim();
  return inTx(deps.db, async (tx) => {
    await lockCompany(tx, app.companyId);
    const decided = await repo.decideApp(tx, n.no, { state: pass ? FINPROD_APP_STATE.approved : FINPROD_APP_STATE.refused, reason });
    if (!decided) return { state: (await repo.findAppByNo(tx, n.no))?.state ?? app.state };
    await recordAudit(tx, PLATFORM_ACTOR, { entity: AUDIT_FINPROD, entityId: app.id, action: pass ? 'approve' : 'refuse', from: FINPROD_STATUS.review, to: pass ? FINPROD_STATUS.open : FINPROD_STATUS.refused, reason: reason || n.no });
    const name = (await findCompany(tx, app.companyId))?.name ?? '';
    if (pass) {
      if (await openCompanyFinance(tx, app.companyId)) {
        await recordAudit(tx, { userId: null, companyId: app.companyId }, { entity: AUDIT_COMPANY, entityId: app.companyId, action: 'finance_open', from: 0, to: 1, reason: n.no });
      }
      await createMessage(tx, { userId: app.userId, kind: 'finance_product', title: T.approvedTitle, content: fmt(T.approvedBody, { name }) });
    } else {
      await createMessage(tx, { userId: app.userId, kind: 'finance_product', title: T.refusedTitle, content: fmt(T.refusedBody, { name, reason: reason || '-' }) });
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
  return { no: app.no, company_name: company?.name ?? '', state: app.state, state_v: STATE_TEXT[app.state] ?? '', create_time: shanghaiDateTime(app.createdAt), reason: app.reason };
}

/** POST /finance/sandbox-product/:no/decide: the person at the partner decides; the partner calls back, signed. */
export async function sandboxProductDecide(deps: Pick<TDeps, 'db' | 'finance'>, no: string, result: 'PASS' | 'REFUSE', reason = '') {
  const sb = sandboxOf(deps);
  const view = await sandboxProductApp(deps, no);
  if (view.state !== FINPROD_APP_STATE.review) throw new AppError('FINPROD_DECIDED');
  const res = await sb.decideProduct(no, result, result === 'REFUSE' ? reason : '');
  if (res.status !== 200) throw new AppError('INTERNAL');
  return sandboxProductApp(deps, no);
}
