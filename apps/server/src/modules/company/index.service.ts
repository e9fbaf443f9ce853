import { maskPhone } from '@jizu/shared/rules/mask';
import { pruneMenu } from '@jizu/shared/constants/menu';
import { ADVANCED_STATUS_LABEL, advancedButton, verifyButton } from '@jizu/shared/constants/company';
import type { TMenuItem, TUserInfo } from '@jizu/shared/schemas/index';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { mayUseMenu, type TCompanyCtx } from '../../platform/company-context';
import { findUserCard } from '../auth/auth.service';
import { shanghaiDateTime } from '../auth/datetime';
import { activeMemberships } from './company.service';
import { advancedSummary, companySummary, personSummary } from '../verify/verify.service';
import { memberLevelInfo } from '../membership/membership.service';

/**
 * GET /index/info: the dashboard's account card. Benchmarked (npm run bench): the user, the memberships, the
 * membership level and the personal verification in one round, then the company's and advanced verification in a second
 * (plus the session lookup).
 * Company and advanced verification are the main account's calls (access 'main'): a sub-user sees their status with
 * the button flags 0. Personal verification is the user's own.
 */
export async function getUserInfo(db: Executor, userId: number, requestedCompanyId: number | null): Promise<TUserInfo> {
  // what depends only on the user goes out at once; the company's verification waits for the memberships
  const [user, memberships, memberLevel, person] = await Promise.all([findUserCard(db, userId), activeMemberships(db, [userId]), memberLevelInfo(db, userId), personSummary(db, userId)]);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const current = memberships.find((m) => m.companyId === requestedCompanyId) ?? memberships[0] ?? null;
  // advanced verification belongs to enterprises: a personal company becomes one once verified
  const enterprise = current && current.companyType === 2 ? current : null;
  const [companyAuth, advanced] = await Promise.all([
    current ? companySummary(db, current.companyId) : null,
    enterprise ? advancedSummary(db, enterprise.companyId, enterprise.companySuper) : null,
  ]);
  const authStatus = person.status;
  // A personal company under review or rejected shows its status too; it becomes an enterprise once verified.
  const companyStatus = current ? current.companyStatus : 0;
  const advancedStatus = advanced?.status ?? 0;
  const main = current?.master === 1;
  const authBtn = verifyButton(authStatus);
  const companyBtn = mainOnly(verifyButton(companyStatus), main);
  const adv = mainOnly(advancedButton(advancedStatus, companyStatus), main);
  return {
    username: user.username,
    avatar: user.avatar,
    phone: maskPhone(user.phone),
    last_login_date: shanghaiDateTime(user.lastLoginAt),
    score: { peas: user.peas, gold: user.gold },
    member_profile: { id: user.id, type: user.profileType, name: '', card: '', card_face: '', card_back: '', ...person.profile, nick_name_status: user.nickNameStatus },
    memberLevel,
    authInfo: {
      auth_status: authStatus,
      auth_time: person.time,
      auth_reason: person.reason,
      auth_button: authBtn,
      company_status: companyStatus,
      company_time: companyStatus === 0 || !current ? '' : companyAuth?.time || shanghaiDateTime(current.companyUpdatedAt),
      company_reason: companyStatus === 2 ? (companyAuth?.reason ?? '') : '',
      company_button: companyBtn,
      advanced_status: advancedStatus,
      advanced_status_desc: ADVANCED_STATUS_LABEL[advancedStatus] ?? ADVANCED_STATUS_LABEL[0],
      advanced_button: adv.flag,
      advanced_button_desc: adv.text,
      advanced_reason: advanced?.reason ?? '',
    },
    member_company: memberships.map((m) => ({ id: m.memberId, company_id: m.companyId, company_name: m.companyName, master: m.master })),
    role: user.role === 'admin' ? 'admin' : 'user',
    company_id: current?.companyId ?? null,
  };
}

/** A main-account action's button: disabled (flag 0) for a sub-user, whose click would only end in a 403. */
function mainOnly(btn: { text: string; flag: 0 | 1 }, main: boolean): { text: string; flag: 0 | 1 } {
  return main ? btn : { ...btn, flag: 0 };
}

/** GET /index/menu: the ready menu a member may use in the current company. */
export function menuFor(ctx: TCompanyCtx): TMenuItem[] {
  return pruneMenu((leaf) => mayUseMenu(ctx, leaf.id)) as TMenuItem[];
}
