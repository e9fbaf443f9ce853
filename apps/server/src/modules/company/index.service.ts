import { maskPhone } from '@jizu/shared/rules/mask';
import { pruneMenu } from '@jizu/shared/constants/menu';
import { ADVANCED_STATUS_LABEL, advancedButton, verifyButton } from '@jizu/shared/constants/company';
import type { TMenuItem, TUserInfo } from '@jizu/shared/schemas/index';
import type { DB } from '../../db/client';
import { AppError } from '../../platform/errors';
import { mayUseMenu, type TCompanyCtx } from '../../platform/company-context';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { advancedSummaryOf, companySummaryOf, personSummaryOf } from '../verify/verify.service';
import { memberLevelFrom } from '../membership/membership.service';
import { readAccountCard } from './index.repo';

/**
 * GET /index/info: the dashboard's account card, read in one statement (index.repo.ts) after the session lookup;
 * each module's rules then say what the rows mean.
 * Company and advanced verification are the main account's calls (access 'main'): a sub-user sees their status with
 * the button flags 0. Personal verification is the user's own.
 */
export async function getUserInfo(db: DB, userId: number, requestedCompanyId: number | null): Promise<TUserInfo> {
  const card = await readAccountCard(db, userId, requestedCompanyId ?? 0);
  if (!card) throw new AppError('UNAUTHENTICATED');
  const memberships = card.memberships;
  const current = memberships.find((m) => m.companyId === requestedCompanyId) ?? memberships[0] ?? null;
  // advanced verification belongs to enterprises: a personal company becomes one once verified
  const enterprise = current && current.companyType === 2 ? current : null;
  const person = personSummaryOf(
    card.pa_status === null
      ? null
      : {
          status: card.pa_status,
          name: card.pa_name ?? '',
          cardMask: card.pa_card_mask,
          cardFace: card.pa_card_face ?? '',
          cardBack: card.pa_card_back ?? '',
          reason: card.pa_reason ?? '',
          createdAt: card.pa_created_at!,
          reviewedAt: card.pa_reviewed_at,
        },
  );
  const companyAuth = current
    ? companySummaryOf(
        card.ca_status === null
          ? null
          : {
              status: card.ca_status,
              reason: card.ca_reason ?? '',
              createdAt: card.ca_created_at!,
              reviewedAt: card.ca_reviewed_at,
            },
      )
    : null;
  const advanced = enterprise
    ? advancedSummaryOf(
        enterprise.companySuper,
        card.aa_state === null
          ? null
          : { state: card.aa_state, expiresAt: card.aa_expires_at!, reason: card.aa_reason ?? '' },
      )
    : null;
  const memberLevel = await memberLevelFrom(db, userId, {
    stored: card.m_level === null ? null : { level: card.m_level, expiresAt: card.m_expires_at! },
    userLevel: card.level,
    onSale: card.on_sale,
  });
  const authStatus = person.status;
  // A personal company under review or rejected shows its status too; it becomes an enterprise once verified.
  const companyStatus = current ? current.companyStatus : 0;
  const advancedStatus = advanced?.status ?? 0;
  const main = current?.master === 1;
  const authBtn = verifyButton(authStatus);
  const companyBtn = mainOnly(verifyButton(companyStatus), main);
  const adv = mainOnly(advancedButton(advancedStatus, companyStatus), main);
  return {
    username: card.username,
    avatar: card.avatar,
    phone: maskPhone(card.phone),
    last_login_date: shanghaiDateTime(card.last_login_at),
    score: { peas: card.peas, gold: card.gold },
    member_profile: {
      id: card.id,
      type: card.profile_type,
      name: '',
      card: '',
      card_face: '',
      card_back: '',
      ...person.profile,
      nick_name_status: card.nick_name_status,
    },
    memberLevel,
    authInfo: {
      auth_status: authStatus,
      auth_time: person.time,
      auth_reason: person.reason,
      auth_button: authBtn,
      company_status: companyStatus,
      company_time:
        companyStatus === 0 || !current ? '' : companyAuth?.time || shanghaiDateTime(current.companyUpdatedAt),
      company_reason: companyStatus === 2 ? (companyAuth?.reason ?? '') : '',
      company_button: companyBtn,
      advanced_status: advancedStatus,
      advanced_status_desc: ADVANCED_STATUS_LABEL[advancedStatus] ?? ADVANCED_STATUS_LABEL[0],
      advanced_button: adv.flag,
      advanced_button_desc: adv.text,
      advanced_reason: advanced?.reason ?? '',
    },
    member_company: memberships.map((m) => ({
      id: m.memberId,
      company_id: m.companyId,
      company_name: m.companyName,
      master: m.master,
    })),
    role: card.role === 'admin' ? 'admin' : 'user',
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
