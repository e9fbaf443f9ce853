import { randomBytes } from 'node:crypto';
import { fmt, M } from '@jizu/shared/messages';
import { maskPhone } from '@jizu/shared/rules/mask';
import { maskIdCard } from '@jizu/shared/rules/identity';
import {
  ADVANCED_ORDER_STATE,
  VERIFY_STATUS,
  VERIFY_STATUS_LABEL,
  ADVANCED_MACHINE,
  COMPANY_VERIFY_MACHINE,
  PERSON_VERIFY_MACHINE,
  advancedOrderState,
  advancedStatusOf,
  isVerified,
} from '@jizu/shared/constants/verify';
import { nextStatus, transitionOf } from '@jizu/shared/rules/machine';
import {
  type TAuthCompany,
  type TAuthPerson,
  type TSaveAuth,
  type TSaveAuthCompany,
  type TSandboxOrder,
  type TVerifyNotify,
} from '@jizu/shared/schemas/verify';
import { inTx, type Executor } from '../../db/client';
import type { TDeps } from '../../platform/deps';
import { PRIVATE_UPLOADS } from '@jizu/shared/constants/upload';
import { mayUseMenu, type TCompanyCtx } from '../../platform/company-context';
import { vaultOf, type Vault } from '../../platform/crypto';
import { AppError, invalid } from '../../platform/errors';
import { SandboxVerifier } from '../../platform/verifier';
import { isCalendarDate, shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { checkPastDate } from '@jizu/shared/rules/pastDate';
import { sendSmsCode, verifySmsCode } from '../auth/sms.service';
import {
  findCompany,
  findVerifiedByRegistNo,
  lockCompany,
  markCompanySuper,
  setCompanyVerifyStatus,
} from '../company/company.service';
import { createMessage } from '../message/message.service';
import { isRegionPath, regionNames } from '../region/region.service';
import { claimUploads, ownUploadPath } from '../upload/upload.service';
import * as repo from './verify.repo';

type TUser = { id: number; phone: string };

/** Each image of a form must be one the caller uploaded (through the licence/ID upload path). */
async function ownImages(
  deps: Pick<TDeps, 'db' | 'config'>,
  userId: number,
  fields: Record<string, string>,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [field, address] of Object.entries(fields)) {
    const path = await ownUploadPath(deps, userId, address, ['charter']);
    if (!path) invalid(field, M.verify.imageBad);
    out[field] = path as string;
  }
  return out;
}

/** An ID number as it is stored: encrypted, with its blind index and the masked form pages show. */
function sealIdCard(vault: Vault, card: string) {
  return {
    card: vault.encrypt('id_card', card),
    cardIndex: vault.blindIndex('id_card', card),
    cardMask: maskIdCard(card),
  };
}

/**
 * The ID number in the staff's review queue: whole while the submission waits for a decision (the reviewer compares
 * it with the photos), masked once it is decided.
 */
export const reviewCard = (vault: Vault, a: { status: number; card: string; cardMask: string | null }) =>
  a.status === VERIFY_STATUS.pending ? vault.decrypt('id_card', a.card) : (a.cardMask ?? '');

// ---------- personal ----------

function personView(a: repo.TPersonAuth | null): TAuthPerson {
  if (!a)
    return {
      status: 0,
      status_v: VERIFY_STATUS_LABEL[0],
      name: '',
      card: '',
      card_face: '',
      card_back: '',
      reason: '',
      create_time: '',
      audit_time: '',
    };
  return {
    status: a.status,
    status_v: VERIFY_STATUS_LABEL[a.status] ?? '',
    name: a.name,
    card: a.cardMask ?? '',
    card_face: a.cardFace,
    card_back: a.cardBack,
    reason: a.status === VERIFY_STATUS.failed ? a.reason : '',
    create_time: shanghaiDateTime(a.createdAt),
    audit_time: shanghaiDateTime(a.reviewedAt),
  };
}

/** Whether the user has passed personal verification (the labour area's gate, spec/3 §5 and §6). */
export async function isPersonVerified(db: Executor, userId: number): Promise<boolean> {
  return repo.personVerified(db, userId);
}

export async function getPersonAuth(db: Executor, userId: number): Promise<TAuthPerson> {
  return personView(await repo.latestPerson(db, userId));
}

/**
 * For the dashboard: the personal verification status, time and reason, and the verified profile, from the user's
 * newest submission (the account card reads it in its own statement).
 */
export function personSummaryOf(
  a: Pick<
    repo.TPersonAuth,
    'status' | 'reviewedAt' | 'createdAt' | 'reason' | 'name' | 'cardMask' | 'cardFace' | 'cardBack'
  > | null,
) {
  return {
    status: a?.status ?? 0,
    time: a ? shanghaiDateTime(a.reviewedAt ?? a.createdAt) : '',
    reason: a?.status === VERIFY_STATUS.failed ? a.reason : '',
    profile:
      a && isVerified(a)
        ? { name: a.name, card: a.cardMask ?? '', card_face: a.cardFace, card_back: a.cardBack }
        : null,
  };
}

/** POST /index/saveAuth: a submission for review (0 or 2 → 3). */
export async function submitPersonAuth(deps: TDeps, user: TUser, body: TSaveAuth): Promise<TAuthPerson> {
  const latest = await repo.latestPerson(deps.db, user.id);
  const from = latest?.status ?? VERIFY_STATUS.none;
  const to = nextStatus(PERSON_VERIFY_MACHINE, { status: from }, 'submit', 'user');
  if (to === null) throw from === VERIFY_STATUS.pending ? new AppError('VERIFY_PENDING') : new AppError('VERIFY_DONE');
  const img = await ownImages(deps, user.id, { card_face: body.card_face, card_back: body.card_back });
  const vault = vaultOf(deps.config);
  if (await repo.cardVerifiedByOther(deps.db, vault.blindIndexes('id_card', body.card), user.id))
    throw new AppError('VERIFY_CARD_TAKEN');
  await verifySmsCode(deps.db, user.phone, 'auth', body.code, deps.config.sms.maxAttempts);
  try {
    const row = await repo.insertPerson(deps.db, {
      userId: user.id,
      name: body.name,
      ...sealIdCard(vault, body.card),
      cardFace: img.card_face,
      cardBack: img.card_back,
      status: to,
    });
    return personView(row);
  } catch (e) {
    if (repo.uniqueViolation(e, 'person_auths_pending_uq')) throw new AppError('VERIFY_PENDING');
    throw e;
  }
}

// ---------- company ----------

export async function companyView(db: Executor, a: repo.TCompanyAuth): Promise<TAuthCompany> {
  const names = await regionNames(db, [a.province, a.city, a.area]);
  return {
    id: a.id,
    name: a.name,
    regist_no: a.registNo,
    legal: a.legal,
    province: a.province,
    city: a.city,
    area: a.area,
    province_v: names.get(a.province) ?? '',
    city_v: names.get(a.city) ?? '',
    area_v: names.get(a.area) ?? '',
    address: a.address,
    registered_assets: a.registeredAssets,
    found_date: a.foundDate,
    charter: a.charter,
    registrant: a.registrant,
    card: a.cardMask ?? '',
    card_face: a.cardFace,
    card_back: a.cardBack,
    certificate: a.certificate,
    tel: maskPhone(a.tel),
    status: a.status,
    status_v: VERIFY_STATUS_LABEL[a.status] ?? '',
    reason: a.status === VERIFY_STATUS.failed ? a.reason : '',
    create_time: shanghaiDateTime(a.createdAt),
    audit_time: shanghaiDateTime(a.reviewedAt),
  };
}

/**
 * GET /index/authCompany: the latest submission, or [] when the company never submitted one (spec/1 §7). A member
 * who may not read the company's register documents (PRIVATE_UPLOADS.charter) gets the data without their
 * addresses, rather than images that would not load.
 */
export async function getCompanyAuth(db: Executor, ctx: TCompanyCtx): Promise<TAuthCompany | never[]> {
  const a = await repo.latestCompanyAuth(db, ctx.companyId);
  if (!a) return [];
  const view = await companyView(db, a);
  if (PRIVATE_UPLOADS.charter!.menus.some((menu) => mayUseMenu(ctx, menu))) return view;
  return { ...view, charter: '', card_face: '', card_back: '', certificate: '' };
}

/** For the dashboard: the reason and decision time of the company's latest submission. */
/** For the dashboard: the company verification's time and reason, from the company's newest submission. */
export function companySummaryOf(
  a: { status: number; reviewedAt: Date | null; createdAt: Date; reason: string } | null,
) {
  return {
    time: a ? shanghaiDateTime(a.reviewedAt ?? a.createdAt) : '',
    reason: a?.status === VERIFY_STATUS.failed ? a.reason : '',
  };
}

/** POST /index/saveAuthCompany: the company's register data for review (0 or 2 → 3). Main account only. */
export async function submitCompanyAuth(
  deps: TDeps,
  user: TUser,
  companyId: number,
  body: TSaveAuthCompany,
): Promise<TAuthCompany> {
  const company = await findCompany(deps.db, companyId);
  if (!company) throw new AppError('NOT_FOUND');
  const to = nextStatus(COMPANY_VERIFY_MACHINE, company, 'submit', 'user');
  if (to === null)
    throw company.status === VERIFY_STATUS.pending
      ? new AppError('VERIFY_PENDING', M.verify.companyPending)
      : new AppError('VERIFY_DONE', M.verify.companyDone);
  if (!isCalendarDate(body.found_date)) invalid('found_date', M.verify.foundDateBad);
  const late = checkPastDate(body.found_date, M.verify.foundDateField);
  if (late) invalid('found_date', late);
  if (!(await isRegionPath(deps.db, body.province, body.city, body.area))) invalid('province', M.verify.regionRequired);
  const img = await ownImages(deps, user.id, {
    charter: body.charter,
    card_face: body.card_face,
    card_back: body.card_back,
    certificate: body.certificate,
  });
  if (await findVerifiedByRegistNo(deps.db, body.regist_no, companyId)) throw new AppError('VERIFY_COMPANY_TAKEN');
  await verifySmsCode(deps.db, body.tel, 'auth', body.code, deps.config.sms.maxAttempts);
  const vault = vaultOf(deps.config);
  try {
    const row = await inTx(deps.db, async (tx) => {
      const r = await repo.insertCompanyAuth(tx, {
        companyId,
        userId: user.id,
        name: body.name,
        registNo: body.regist_no,
        legal: body.legal,
        province: body.province,
        city: body.city,
        area: body.area,
        address: body.address,
        registeredAssets: body.registered_assets,
        foundDate: body.found_date,
        charter: img.charter,
        registrant: body.registrant,
        card: vault.encrypt('id_card', body.card),
        cardMask: maskIdCard(body.card),
        cardFace: img.card_face,
        cardBack: img.card_back,
        certificate: img.certificate,
        tel: body.tel,
        status: to,
      });
      await setCompanyVerifyStatus(tx, companyId, to);
      // the licence, ID photos and letter are the company's documents from now on: its members may see them
      await claimUploads(tx, user.id, companyId, [img.charter, img.card_face, img.card_back, img.certificate]);
      return r;
    });
    return companyView(deps.db, row);
  } catch (e) {
    if (repo.uniqueViolation(e, 'company_auths_pending_uq'))
      throw new AppError('VERIFY_PENDING', M.verify.companyPending);
    throw e;
  }
}

/** POST /sms/authSms: a code for verification, to the given phone (company form's tel) or the user's own. */
export function sendAuthSms(deps: TDeps, user: TUser, phone: string | undefined, ip: string) {
  return sendSmsCode(deps, phone ?? user.phone, 'auth', ip);
}

// ---------- advanced (third-party) ----------

/** For the dashboard: the company's advanced status (ADVANCED_MACHINE) and the verifier's reason for a refusal. */

export function advancedSummaryOf(
  companySuper: number,
  latest: { state: string; expiresAt: Date; reason: string } | null,
) {
  const status = advancedStatusOf(companySuper, latest);
  return { status, reason: status === VERIFY_STATUS.failed && latest ? latest.reason : '' };
}

/**
 * What POST /index/superAuth may do now, by ADVANCED_MACHINE: answer the open order's page again (resume), or
 * start a new order. Needs company verification 1; refused once the company passed.
 */
async function planAdvanced(db: Executor, companyId: number) {
  const company = await findCompany(db, companyId);
  if (!company) throw new AppError('NOT_FOUND');
  if (!isVerified(company)) throw new AppError('VERIFY_NEED_COMPANY');
  const latest = company.super === 1 ? null : await repo.latestAdvanced(db, companyId);
  const status = advancedStatusOf(company.super, latest);
  if (latest && transitionOf(ADVANCED_MACHINE, { status }, 'resume', 'main'))
    return { kind: 'resume', url: latest.url } as const;
  if (!transitionOf(ADVANCED_MACHINE, { status }, 'start', 'main'))
    throw new AppError('CONFLICT', M.verify.advancedDone);
  return { kind: 'start', company } as const;
}

/**
 * POST /index/superAuth: the provider's page to open in a new window. While an order is open (WAITING, not expired)
 * every call answers that order's page, so repeated clicks and a second tab never start a second order.
 */
export async function startAdvancedAuth(deps: TDeps, user: TUser, companyId: number): Promise<{ url: string }> {
  const first = await planAdvanced(deps.db, companyId);
  if (first.kind === 'resume') return { url: first.url };
  const no = `SA${Date.now()}${randomBytes(12).toString('hex')}`;
  // the provider's call stays outside the transaction; an order another call opened meanwhile wins below
  const { url } = await deps.verifier.start({ no, companyName: first.company.name, registNo: first.company.registNo });
  const expiresAt = new Date(Date.now() + deps.config.verify.orderMinutes * 60_000);
  return inTx(deps.db, async (tx) => {
    await lockCompany(tx, companyId);
    const plan = await planAdvanced(tx, companyId);
    if (plan.kind === 'resume') return { url: plan.url };
    await repo.expireAdvanced(tx, { companyId });
    await repo.insertAdvanced(tx, { no, companyId, userId: user.id, provider: deps.verifier.name, url, expiresAt });
    return { url };
  });
}

async function sandboxOrder(deps: TDeps, no: string) {
  if (!(deps.verifier instanceof SandboxVerifier)) throw new AppError('NOT_FOUND', M.verify.sandboxNotFound);
  const order = await repo.findAdvancedByNo(deps.db, no);
  if (!order || order.provider !== 'sandbox') throw new AppError('NOT_FOUND', M.verify.sandboxNotFound);
  return { order, verifier: deps.verifier };
}

/** The sandbox verifier page's view of an order (it plays the third party: public, by the unguessable no). */
export async function getSandboxOrder(deps: TDeps, no: string): Promise<TSandboxOrder> {
  const { order } = await sandboxOrder(deps, no);
  const company = await findCompany(deps.db, order.companyId);
  return {
    no: order.no,
    company_name: company?.name ?? '',
    regist_no: company?.registNo ?? '',
    state: advancedOrderState(order),
    create_time: shanghaiDateTime(order.createdAt),
    expire_time: shanghaiDateTime(order.expiresAt),
    reason: order.reason,
  };
}

/** The sandbox page decides: the verifier sends its signed callback over HTTP, as a real provider would. */
export async function decideSandboxOrder(
  deps: TDeps,
  no: string,
  result: 'PASS' | 'REFUSE',
  reason = '',
): Promise<TSandboxOrder> {
  const { order, verifier } = await sandboxOrder(deps, no);
  const state = advancedOrderState(order);
  if (state === ADVANCED_ORDER_STATE.expired) throw new AppError('CONFLICT', M.verify.sandboxExpired);
  if (state !== ADVANCED_ORDER_STATE.waiting) throw new AppError('CONFLICT', M.verify.sandboxDecided);
  const res = await verifier.decide(no, result, result === 'REFUSE' ? reason : '');
  if (res.status !== 200) throw new AppError('INTERNAL');
  return getSandboxOrder(deps, no);
}

/**
 * POST /index/superAuth/notify: the provider's signed result. A forged signature is refused; a repeated callback, or
 * one for an expired order, finds nothing open and changes nothing (compare-and-set on an open WAITING order).
 */
export async function handleVerifyNotify(deps: TDeps, n: TVerifyNotify): Promise<{ state: string }> {
  if (!deps.verifier.checkNotify(n)) throw new AppError('VERIFY_BAD_SIGNATURE');
  const order = await repo.findAdvancedByNo(deps.db, n.no);
  if (!order) throw new AppError('NOT_FOUND', M.verify.sandboxNotFound);
  const pass = n.result === 'PASS';
  const reason = pass ? '' : (n.reason ?? '').trim();
  return inTx(deps.db, async (tx) => {
    const decided = await repo.decideAdvanced(tx, n.no, {
      state: pass ? ADVANCED_ORDER_STATE.passed : ADVANCED_ORDER_STATE.refused,
      reason,
    });
    if (!decided) {
      await repo.expireAdvanced(tx, { no: n.no });
      return { state: (await repo.findAdvancedByNo(tx, n.no))?.state ?? order.state };
    }
    const company = await findCompany(tx, decided.companyId);
    const name = company?.name ?? '';
    if (pass) {
      await markCompanySuper(tx, decided.companyId);
      await createMessage(tx, {
        userId: decided.userId,
        kind: 'advanced_auth',
        title: M.verify.advancedPassTitle,
        content: fmt(M.verify.advancedPassBody, { name }),
      });
    } else {
      const content = reason
        ? fmt(M.verify.advancedFailBodyReason, { name, reason })
        : fmt(M.verify.advancedFailBody, { name });
      await createMessage(tx, {
        userId: decided.userId,
        kind: 'advanced_auth',
        title: M.verify.advancedFailTitle,
        content,
      });
    }
    return { state: decided.state };
  });
}

/** A submission written directly (demo data), stored as the form's would be: it waits in the review queue like any other. */
export function insertPersonAuth(
  db: Executor,
  vault: Vault,
  v: { userId: number; name: string; card: string; cardFace: string; cardBack: string; status: number },
) {
  return repo.insertPerson(db, { ...v, ...sealIdCard(vault, v.card) });
}

/** The real-name badge as a SQL fragment for other modules' lists (the member list). */
export const realNameVerifiedSql = repo.realNameVerifiedSql;

/**
 * The identity a user passed personal verification with (name, the ID number and its masked form), or null before
 * it passed: what other areas need of a verified person (the training enrolment's member), decrypted here only.
 */
export async function verifiedIdentity(
  db: Executor,
  vault: Vault,
  userId: number,
): Promise<{ name: string; card: string; cardMask: string } | null> {
  const a = await repo.latestPerson(db, userId);
  if (!a || !isVerified(a)) return null;
  const card = vault.decrypt('id_card', a.card);
  return { name: a.name, card, cardMask: a.cardMask ?? maskIdCard(card) };
}
