import {
  HIRE_PHONE_LIMIT,
  NEGOTIATION,
  RECRUIT_END_ACTION,
  RECRUIT_MACHINE,
  RECRUIT_PUBLIC,
  RECRUIT_STATUS,
  RECRUIT_STATUS_LABEL,
  isRecruitHiring,
  optionName,
  recruitOwnerOps,
  type TRecruitAction,
} from '@jizu/shared/constants/recruit';
import { nextStatus, statusAfter, transitionOf } from '@jizu/shared/rules/machine';
import { SITE } from '@jizu/shared/constants/site';
import { fmt } from '@jizu/shared/messages/fmt';
import { hire as H, recruit as R } from '@jizu/shared/messages/recruit';
import { maskPhone } from '@jizu/shared/rules/mask';
import type {
  THireHallQuery,
  THirePublic,
  TRecruitAdminQuery,
  TRecruitAdminRow,
  TRecruitQuery,
  TRecruitRow,
  TRecruitSave,
} from '@jizu/shared/schemas/recruit';
import { inTx, type DB, type Executor } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import type { TDeps } from '../../platform/deps';
import { indexText } from '../../platform/grams';
import { recordAudit, type TActor } from '../audit/audit.service';
import { findUserById } from '../auth/auth.service';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { findCompanyNames } from '../company/company.service';
import { createMessage } from '../message/message.service';
import { regionNames, isRegionPath } from '../region/region.service';
import { isPersonVerified } from '../verify/verify.service';
import type { TLabourTarget } from './labour';
import * as repo from './recruit.repo';
import type { TRecruit } from './recruit.repo';

/** The audit trail's entity name of a hiring demand. */
export const AUDIT = 'recruit';

/** spec/3 §2: a min–max range when not negotiable (2) and both bounds are set, else 面议. */
export function salaryText(negotiation: number, min: number, max: number): string {
  return negotiation === NEGOTIATION.no && min > 0 && max > 0 ? `${min}-${max}元/月` : R.negotiable;
}

type TNames = Map<number, string>;
const names = (db: Executor, rows: TRecruit[]): Promise<TNames> =>
  regionNames(
    db,
    rows.flatMap((r) => [r.province, r.city, r.area]),
  );

function view(r: TRecruit, n: TNames): TRecruitRow {
  return {
    id: r.id,
    company_id: r.companyId,
    category: r.resumeCategory,
    category_v: optionName('category', r.resumeCategory),
    resume_category: r.resumeCategory,
    province: r.province,
    city: r.city,
    area: r.area,
    province_v: n.get(r.province) ?? '',
    city_v: n.get(r.city) ?? '',
    area_v: n.get(r.area) ?? '',
    address: r.address,
    lng: r.lng,
    lat: r.lat,
    working_days: r.workingDays,
    salary_min: r.salaryMin,
    salary_max: r.salaryMax,
    salary_v: salaryText(r.negotiation, r.salaryMin, r.salaryMax),
    negotiation: r.negotiation,
    content: r.content,
    create_time: shanghaiDateTime(r.createdAt),
    audit_status: r.auditStatus,
    audit_status_v: RECRUIT_STATUS_LABEL[r.auditStatus] ?? '',
    audit_reason: r.auditStatus === RECRUIT_STATUS.rejected ? r.auditReason : '',
    view_url: SITE.hire(r.id),
    op: recruitOwnerOps(r.auditStatus),
  };
}

/** The columns of a valid form: the region checked as a chain, the salary cleared when negotiable (the demo seed writes through it too). */
export async function columnsOf(db: Executor, v: TRecruitSave): Promise<repo.TRecruitFieldsSet> {
  if (!(await isRegionPath(db, v.province, v.city, v.area))) invalid('area', H.regionBad);
  const n = await regionNames(db, [v.province, v.city, v.area]);
  const regionV = [v.province, v.city, v.area].map((id) => n.get(id) ?? '');
  const negotiable = v.negotiation === NEGOTIATION.yes;
  const { body, grams } = indexText([...regionV, v.address, optionName('category', v.resume_category), v.content]);
  return {
    resumeCategory: v.resume_category,
    province: v.province,
    city: v.city,
    area: v.area,
    address: v.address,
    lng: v.lng ?? null,
    lat: v.lat ?? null,
    workingDays: v.working_days,
    salaryMin: negotiable ? 0 : Number(v.salary_min),
    salaryMax: negotiable ? 0 : Number(v.salary_max),
    negotiation: v.negotiation,
    content: v.content,
    regionText: repo.regionTextOf(regionV, v.address),
    searchBody: body,
    searchGrams: grams,
  };
}

async function requireVerified(db: Executor, userId: number) {
  if (!(await isPersonVerified(db, userId))) throw new AppError('HIRE_NEED_AUTH');
}

async function requireOwn(db: Executor, companyId: number, id: number): Promise<TRecruit> {
  const r = await repo.findCompanyRecruit(db, companyId, id);
  if (!r) throw new AppError('HIRE_NOT_FOUND');
  return r;
}

/** The row of the side's action on the demand now (RECRUIT_MACHINE), else the one refusal HIRE_STATE. */
function requireMay(action: TRecruitAction, r: TRecruit, who: 'owner' | 'staff' = 'owner') {
  const t = transitionOf(RECRUIT_MACHINE, { status: r.auditStatus }, action, who);
  if (!t) throw new AppError('HIRE_STATE');
  return t;
}
/** The status the action leads to from the demand's (refused as requireMay). */
const nextOf = (action: TRecruitAction, r: TRecruit, who: 'owner' | 'staff' = 'owner') =>
  statusAfter(requireMay(action, r, who), r.auditStatus);

/** POST /recruit/recruit: a personally verified user publishes in the company context; review next (1). */
export async function createRecruit(db: DB, actor: TActor, companyId: number, userId: number, v: TRecruitSave) {
  await requireVerified(db, userId);
  const cols = await columnsOf(db, v);
  return inTx(db, async (tx) => {
    const status = nextStatus(RECRUIT_MACHINE, { status: null }, 'submit', 'owner')!;
    const r = await repo.insertRecruit(tx, { ...cols, companyId, userId, auditStatus: status });
    await recordAudit(tx, actor, { entity: AUDIT, entityId: r.id, action: 'submit', from: null, to: status });
    return { id: r.id };
  });
}

/** An edit (pending or rejected only) goes back to review; the reason of a rejection is cleared. */
export async function updateRecruit(
  db: DB,
  actor: TActor,
  companyId: number,
  userId: number,
  id: number,
  v: TRecruitSave,
) {
  const own = await requireOwn(db, companyId, id);
  requireMay('edit', own);
  await requireVerified(db, userId);
  const cols = await columnsOf(db, v);
  await inTx(db, async (tx) => {
    const r = await requireOwn(tx, companyId, id);
    const to = nextOf('edit', r);
    const row = await repo.updateRecruitFrom(tx, id, r.auditStatus, { ...cols, auditStatus: to, auditReason: '' });
    if (!row) throw new AppError('HIRE_STATE');
    await recordAudit(tx, actor, { entity: AUDIT, entityId: id, action: 'edit', from: r.auditStatus, to });
  });
}

export async function deleteRecruit(db: DB, actor: TActor, companyId: number, id: number) {
  await inTx(db, async (tx) => {
    const r = await requireOwn(tx, companyId, id);
    requireMay('delete', r);
    if (!(await repo.deleteRecruitFrom(tx, id, r.auditStatus))) throw new AppError('HIRE_STATE');
    await recordAudit(tx, actor, { entity: AUDIT, entityId: id, action: 'delete', from: r.auditStatus, to: null });
  });
}

/** 结束: a hiring demand (2) ends as succeeded (3) or closed (4); operators can no longer reach the hirer. */
export async function endRecruit(db: DB, actor: TActor, companyId: number, id: number, sta: 3 | 4) {
  await inTx(db, async (tx) => {
    const r = await requireOwn(tx, companyId, id);
    const to = nextOf(RECRUIT_END_ACTION[sta], r);
    const row = await repo.updateRecruitFrom(tx, id, r.auditStatus, { auditStatus: to, endedAt: new Date() });
    if (!row) throw new AppError('HIRE_STATE');
    await recordAudit(tx, actor, { entity: AUDIT, entityId: id, action: 'end', from: r.auditStatus, to });
  });
}

export async function listRecruits(db: Executor, companyId: number, q: TRecruitQuery) {
  const { rows, total } = await repo.pageCompanyRecruits(db, companyId, {
    status: q.audit_status,
    category: q.resume_category,
    address: q.address,
    page: q.page,
    size: q.size,
  });
  const n = await names(db, rows);
  return { data: rows.map((r) => view(r, n)), total };
}

export async function getRecruit(db: Executor, companyId: number, id: number): Promise<TRecruitRow> {
  const r = await requireOwn(db, companyId, id);
  return view(r, await names(db, [r]));
}

/* The console. */

export async function pageReviewQueue(db: Executor, q: TRecruitAdminQuery) {
  const { rows, total } = await repo.pageAdminRecruits(db, {
    status: q.audit_status,
    category: q.resume_category,
    kw: q.kw,
    page: q.page,
    size: q.size,
  });
  const [n, companies] = await Promise.all([
    names(
      db,
      rows.map((x) => x.r),
    ),
    findCompanyNames(
      db,
      rows.map((x) => x.r.companyId),
    ),
  ]);
  const data: TRecruitAdminRow[] = rows.map((x) => ({
    ...view(x.r, n),
    company_name: companies.get(x.r.companyId) ?? '',
    publisher: x.publisher ?? '',
    phone: x.phone ?? '',
  }));
  return { data, total };
}

const briefOf = (r: TRecruit, n: TNames) =>
  `${optionName('category', r.resumeCategory)}机手 · ${n.get(r.province) ?? ''}${n.get(r.city) ?? ''}`;

/** Staff approve (1 → 2) or reject with a reason (1 → 5); the publisher gets a system message either way. */
export async function reviewRecruit(db: DB, actor: TActor, id: number, action: 'approve' | 'reject', reason: string) {
  await inTx(db, async (tx) => {
    const r = await repo.findRecruit(tx, id);
    if (!r) throw new AppError('HIRE_NOT_FOUND');
    const to = nextOf(action, r, 'staff');
    const row = await repo.updateRecruitFrom(
      tx,
      id,
      r.auditStatus,
      action === 'approve'
        ? { auditStatus: to, approvedAt: new Date(), auditReason: '' }
        : { auditStatus: to, auditReason: reason },
    );
    if (!row) throw new AppError('HIRE_STATE');
    await recordAudit(tx, actor, { entity: AUDIT, entityId: id, action, from: r.auditStatus, to, reason });
    const what = briefOf(r, await names(tx, [r]));
    await createMessage(tx, {
      userId: r.userId,
      kind: 'recruit',
      title: action === 'approve' ? H.approvedTitle : H.rejectedTitle,
      content: action === 'approve' ? fmt(H.approvedBody, { what }) : fmt(H.rejectedBody, { what, reason }),
    });
  });
}

/* The public hiring hall and page. */

/** Public rows: no reason, no owner ids; the page (not the hall's cards) carries the publisher's phone masked. */
async function publicViews(db: Executor, rows: TRecruit[], withPhone: boolean): Promise<THirePublic[]> {
  const owners = withPhone
    ? await Promise.all([...new Set(rows.map((r) => r.userId))].map((id) => findUserById(db, id)))
    : [];
  const phones = new Map(owners.flatMap((u) => (u ? [[u.id, u.phone] as const] : [])));
  const [n, companies] = await Promise.all([
    names(db, rows),
    findCompanyNames(
      db,
      rows.map((r) => r.companyId),
    ),
  ]);
  return rows.map((r) => {
    const { op: _op, audit_reason: _reason, company_id: _company, ...v } = view(r, n);
    return { ...v, company_v: companies.get(r.companyId) ?? '', phone_mask: maskPhone(phones.get(r.userId) ?? '') };
  });
}

export async function pageHall(db: Executor, q: THireHallQuery) {
  const st = repo.hallStatements(db, {
    page: q.page,
    size: q.size,
    category: q.resume_category,
    province: q.province,
    city: q.city,
  });
  const [rows, [{ n }]] = await Promise.all([st.rows(), st.count]);
  const capped = Number(n) >= st.cap;
  return { data: await publicViews(db, rows, false), total: capped ? st.cap - 1 : Number(n), total_capped: capped };
}

const isPublic = (status: number) => (RECRUIT_PUBLIC as readonly number[]).includes(status);

/** A demand's public page: hiring (2) or succeeded (3); any other answers as not public. */
export async function publicRecruit(db: Executor, id: number): Promise<THirePublic> {
  const r = await repo.findRecruit(db, id);
  if (!r) throw new AppError('HIRE_NOT_FOUND');
  if (!isPublic(r.auditStatus)) throw new AppError('HIRE_NOT_PUBLIC');
  return (await publicViews(db, [r], true))[0];
}

/**
 * POST /recruit/recruit/{id}/phone: the hirer's phone for a logged-in, personally verified user while the demand is
 * hiring; each reveal is recorded, and a user may reveal at most HIRE_PHONE_LIMIT an hour (fails closed with the
 * limiter's store).
 */
export async function revealPhone(deps: Pick<TDeps, 'db' | 'limiter'>, viewerId: number, id: number, ip: string) {
  const { db } = deps;
  const r = await repo.findRecruit(db, id);
  if (!r) throw new AppError('HIRE_NOT_FOUND');
  if (!isPublic(r.auditStatus)) throw new AppError('HIRE_NOT_PUBLIC');
  if (!isRecruitHiring({ audit_status: r.auditStatus })) throw new AppError('HIRE_PHONE_ENDED');
  if (!(await isPersonVerified(db, viewerId))) throw new AppError('HIRE_PHONE_VERIFY');
  const used = await deps.limiter.hit(`hire-phone:${viewerId}`, HIRE_PHONE_LIMIT.windowSeconds);
  if (used > HIRE_PHONE_LIMIT.perWindow) throw new AppError('HIRE_PHONE_LIMIT');
  const owner = await findUserById(db, r.userId);
  await repo.insertPhoneView(db, { recruitId: r.id, viewerId, ownerId: r.userId, ip: ip.slice(0, 45) });
  return { phone: owner?.phone ?? '', contacts: owner?.username ?? '' };
}

/** The comment module's view of hiring demands (labour.ts): public while hiring or succeeded. */
export async function loadLabourRecruits(db: Executor, ids: number[]): Promise<Map<number, TLabourTarget>> {
  const rows = await repo.findRecruits(db, ids);
  const n = await names(db, rows);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        ownerUserId: r.userId,
        public: isPublic(r.auditStatus),
        view_url: SITE.hire(r.id),
        address: `${n.get(r.province) ?? ''}${n.get(r.city) ?? ''}`,
        resume_category: optionName('category', r.resumeCategory),
      },
    ]),
  );
}

export const sitemapRecruits = repo.sitemapRecruits;

/** The labour centre's hiring figures: the company's demands by status. */
export async function recruitSummary(db: Executor, companyId: number) {
  const rows = await repo.countByStatus(db, companyId);
  return {
    total: rows.reduce((a, r) => a + Number(r.n), 0),
    by_status: Object.fromEntries(rows.map((r) => [String(r.status), Number(r.n)])),
  };
}
