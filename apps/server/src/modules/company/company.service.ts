import { maskPhone } from '@jizu/shared/rules/mask';
import { fmt, M } from '@jizu/shared/messages';
import {
  COMPANY_STATUS_LABEL,
  COMPANY_TYPE,
  COMPANY_TYPE_LABEL,
  MEMBER_TYPE_LABEL,
} from '@jizu/shared/constants/company';
import type { TCompanyInfo } from '@jizu/shared/schemas/company';
import type { Executor } from '../../db/client';
import { notFound } from '../../platform/errors';
import { regionNames } from '../region/region.service';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import * as repo from './company.repo';

/** Every user owns a personal company (type 1) from registration on, as its main account. */
export async function createPersonalCompany(tx: Executor, user: { id: number; phone: string; username: string }) {
  const company = await repo.insertCompany(tx, {
    name: fmt(M.company.personalName, { phone: maskPhone(user.phone) }),
    type: COMPANY_TYPE.personal,
  });
  const member = await repo.insertMember(tx, {
    companyId: company.id,
    userId: user.id,
    master: 1,
    memberName: user.username,
  });
  return { company, member };
}

/** An enterprise company with its main account (used by the demo; company verification will create them later). */
export async function createCompany(
  tx: Executor,
  v: repo.TCompanyInsert,
  main: { userId: number; memberName: string },
) {
  const company = await repo.insertCompany(tx, { ...v, type: v.type ?? COMPANY_TYPE.enterprise });
  const member = await repo.insertMember(tx, {
    companyId: company.id,
    userId: main.userId,
    master: 1,
    memberName: main.memberName,
  });
  return { company, member };
}

/** A sub-user of a company with its menu grants. */
export async function addSubUser(
  tx: Executor,
  companyId: number,
  userId: number,
  memberName: string,
  menuIds: number[],
  remark = '',
) {
  const member = await repo.insertMember(tx, { companyId, userId, master: 0, memberName, remark });
  await repo.insertMenuGrants(tx, member.id, menuIds);
  return member;
}

export const activeMemberships = repo.activeMemberships;
export const countCompanies = repo.countCompanies;

/** GET /company/info: the company of the request's context, with display fields. */
export async function getCompanyInfo(db: Executor, companyId: number): Promise<TCompanyInfo> {
  const c = (await repo.findCompany(db, companyId)) ?? notFound();
  const names = await regionNames(db, [c.province, c.city, c.area]);
  const name = (id: number | null) => (id ? (names.get(id) ?? '') : '');
  return {
    id: c.id,
    name: c.name,
    type: c.type,
    type_v: COMPANY_TYPE_LABEL[c.type] ?? '',
    regist_no: c.registNo,
    legal: c.legal,
    province: c.province,
    city: c.city,
    area: c.area,
    province_v: name(c.province),
    city_v: name(c.city),
    area_v: name(c.area),
    address: c.address,
    registered_assets: c.registeredAssets,
    found_date: c.foundDate ?? '',
    registrant: c.registrant,
    tel: maskPhone(c.tel),
    status: c.status,
    status_v: COMPANY_STATUS_LABEL[c.status] ?? '',
    update_time: shanghaiDateTime(c.updatedAt),
    super: c.super,
    super_time: shanghaiDateTime(c.superTime),
    member_type: c.memberType,
    member_type_v: MEMBER_TYPE_LABEL[c.memberType] ?? '',
  };
}

export const findCompany = repo.findCompany;
export const findCompanyNames = repo.findCompanyNames;
/** A company's name as a value of another module's statement (company.repo companyNameSql). */
export const companyNameSql = repo.companyNameSql;
export const findCompanyFlags = repo.findCompanyFlags;
export const adminContact = repo.adminContact;

/** The verification status of a company (companies.status) as the verify module decides it. */
export async function setCompanyVerifyStatus(tx: Executor, companyId: number, status: number) {
  await repo.updateCompany(tx, companyId, { status });
}

/** Company verification passed: the verified register data become the company's, and it is an enterprise now. */
export async function applyVerifiedRegister(
  tx: Executor,
  companyId: number,
  v: Pick<
    repo.TCompanyInsert,
    | 'name'
    | 'registNo'
    | 'legal'
    | 'province'
    | 'city'
    | 'area'
    | 'address'
    | 'registeredAssets'
    | 'foundDate'
    | 'registrant'
    | 'tel'
  >,
) {
  await repo.updateCompany(tx, companyId, { ...v, type: COMPANY_TYPE.enterprise, status: 1 });
}

/** Advanced third-party verification passed. */
export async function markCompanySuper(tx: Executor, companyId: number) {
  await repo.updateCompany(tx, companyId, { super: 1, superTime: new Date() });
}
/**
 * The finance partner approved the company's finance product: compare-and-set (finance 0 → 1), so a second approval
 * changes nothing; true when this call opened it.
 */
export async function openCompanyFinance(tx: Executor, companyId: number): Promise<boolean> {
  return repo.openCompanyFinance(tx, companyId);
}
export const findVerifiedByRegistNo = repo.findVerifiedByRegistNo;
/** Serialises a per-company rule of another domain (one open advanced-verification order). */
export const lockCompany = repo.lockCompany;
