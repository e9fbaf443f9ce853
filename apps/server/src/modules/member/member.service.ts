import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { M } from '@jizu/shared/messages';
import { pruneMenu, type TMenuNode } from '@jizu/shared/constants/menu';
import { maskPhone } from '@jizu/shared/rules/mask';
import type { TMemberAdd, TMemberRow, TMemberSave, TPrivMenu } from '@jizu/shared/schemas/member';
import { inTx, type DB } from '../../db/client';
import type { TDeps } from '../../platform/deps';
import { AppError, invalid, isUniqueViolation, notFound } from '../../platform/errors';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { findUserByPhone, hashPassword, insertUser } from '../auth/auth.service';
import { sendSmsCode, verifySmsCode } from '../auth/sms.service';
import { addSubUser, createPersonalCompany } from '../company/company.service';
import { lockCompany } from '../company/company.repo';
import { realNameVerifiedSql } from '../verify/verify.service';
import { runHandovers } from './handover';
import * as repo from './member.repo';
import { closeStreams } from '../events/events.service';

export async function listCompanyMembers(db: DB, companyId: number): Promise<TMemberRow[]> {
  const rows = await repo.listMembers(db, companyId, realNameVerifiedSql);
  return rows.map((r) => ({
    id: r.id,
    company_id: companyId,
    phone: maskPhone(r.phone),
    member_name: r.memberName,
    auth_status: r.verified ? 1 : 0,
    master: r.master,
    remark: r.remark,
    create_time: shanghaiDateTime(r.createdAt),
    status: r.status,
  }));
}

/** Sends the consent code to the phone that is to be added (refused at once when it is already a member). */
export async function sendMemberSms(deps: TDeps, companyId: number, phone: string, ip: string) {
  const user = await findUserByPhone(deps.db, phone);
  if (user && (await repo.findMemberByUser(deps.db, companyId, user.id))) throw new AppError('MEMBER_EXISTS');
  return sendSmsCode(deps, phone, 'member_add', ip);
}

/**
 * Adds a sub-user (status on, no grants yet) once the phone's owner has given the SMS code. A phone without an
 * account gets one (level A, its own personal company), which its owner opens by SMS login.
 */
export async function addCompanyMember(deps: TDeps, companyId: number, v: TMemberAdd): Promise<{ id: number }> {
  await verifySmsCode(deps.db, v.phone, 'member_add', v.code, deps.config.sms.maxAttempts);
  try {
    return await inTx(deps.db, async (tx) => {
      await lockCompany(tx, companyId);
      let user = await findUserByPhone(tx, v.phone);
      if (!user) {
        // no password anyone knows: the new member signs in with an SMS code
        user = await insertUser(tx, {
          phone: v.phone,
          passwordHash: await hashPassword(randomBytes(24).toString('base64')),
          username: `${M.auth.usernamePrefix}${v.phone.slice(-4)}`,
          level: 'A',
        });
        await createPersonalCompany(tx, user);
      }
      if (await repo.findMemberByUser(tx, companyId, user.id)) throw new AppError('MEMBER_EXISTS');
      const m = await addSubUser(tx, companyId, user.id, v.name, [], v.remark);
      return { id: m.id };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('MEMBER_NAME_TAKEN');
    throw e;
  }
}

async function subMember(db: DB, companyId: number, id: number) {
  const m = await repo.findMember(db, companyId, id);
  if (!m) return notFound();
  if (m.master === 1) throw new AppError('MEMBER_MAIN_LOCKED');
  return m;
}

export async function saveCompanyMember(db: DB, companyId: number, v: TMemberSave): Promise<void> {
  await subMember(db, companyId, v.id);
  try {
    await repo.updateMember(db, v.id, { memberName: v.name, remark: v.remark });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('MEMBER_NAME_TAKEN');
    throw e;
  }
}

/** Switches a sub-user on or off; off takes effect on that member's next call, in every open session. */
export async function toggleCompanyMember(db: DB, companyId: number, id: number, status: number): Promise<void> {
  const m = await subMember(db, companyId, id);
  await inTx(db, async (tx) => {
    await repo.updateMember(tx, id, { status });
    // switched off: its live-notification streams in this company end at once, on every server (modules/events)
    if (status !== 1) await closeStreams(tx, { userId: m.userId, companyId });
  });
}

/** Deletes a sub-user: the membership and its grants go; its records in this company move to the hand-over person. */
export async function deleteCompanyMember(db: DB, companyId: number, id: number, handoverId: number): Promise<void> {
  await inTx(db, async (tx) => {
    await lockCompany(tx, companyId);
    const m = await repo.findMember(tx, companyId, id);
    if (!m) notFound();
    if (m!.master === 1) throw new AppError('MEMBER_MAIN_LOCKED');
    const to = await repo.findMember(tx, companyId, handoverId);
    if (!to || to.id === id || to.status !== 1) invalid('handover_id', M.member.handoverBad);
    await repo.updateMember(tx, id, { deletedAt: sql`now()` as unknown as Date, status: 0 });
    await repo.replaceGrants(tx, id, []);
    await runHandovers(tx, { companyId, fromUserId: m!.userId, toUserId: to!.userId });
    await closeStreams(tx, { userId: m!.userId, companyId });
  });
}

/** The part of the menu a main account may grant: the company sections' pages that exist (personal ones need none). */
const grantable = () => pruneMenu((leaf, section) => !section.personal && !leaf.personal);
const idsOf = (nodes: TMenuNode[]): number[] => nodes.flatMap((n) => [n.id, ...idsOf(n.child ?? [])]);

export async function privilegeTree(db: DB, companyId: number, memberId: number): Promise<TPrivMenu[]> {
  const m = await repo.findMemberWithGrants(db, companyId, memberId);
  if (!m) notFound();
  if (m!.master === 1) invalid('member_id', M.member.subOnly);
  const granted = new Set(m!.grants.map(Number));
  const walk = (nodes: TMenuNode[]): TPrivMenu[] =>
    nodes.map((n) => ({ id: n.id, name: n.name, checked: granted.has(n.id), child: walk(n.child ?? []) }));
  return walk(grantable());
}

/** Replaces a sub-user's grants with the checked ids (groups and their children), all from the grantable tree. */
export async function savePrivileges(db: DB, companyId: number, memberId: number, menuIds: number[]): Promise<void> {
  const allowed = new Set(idsOf(grantable()));
  const ids = [...new Set(menuIds)];
  if (ids.some((id) => !allowed.has(id))) invalid('menu_id', M.member.menuBad);
  await inTx(db, async (tx) => {
    const m = await repo.findMember(tx, companyId, memberId);
    if (!m) notFound();
    if (m!.master === 1) invalid('member_id', M.member.subOnly);
    await repo.replaceGrants(tx, memberId, ids);
    // its open streams know the old grants: closed, the browser reconnects with the new ones
    await closeStreams(tx, { userId: m!.userId, companyId });
  });
}
