import { MENU } from '@jizu/shared/constants/menu';
import { maskPhone } from '@jizu/shared/rules/mask';
import type { TLabourCenter } from '@jizu/shared/schemas/labour';
import type { Executor } from '../../db/client';
import type { TCompanyCtx } from '../../platform/company-context';
import { cardSummary, usersBrief } from '../jobcard/jobcard.service';
import { receivedCount } from '../jobcard/feedback.service';
import { trainingCounts } from '../training/training.service';
import { getPersonAuth } from '../verify/verify.service';
import { recruitSummary } from './recruit.service';

/**
 * GET /recruit/center (spec/3 §2 /operator/index, §7 "Home: member, card, recruit"): the labour centre's figures, each
 * from the module that owns it. The job cards, comments and training are the person's; the hiring demands are the
 * current company's, shown only to a member who may see them (the main account, or a sub-user with 招聘需求).
 */
export async function labourCenter(db: Executor, userId: number, ctx: TCompanyCtx): Promise<TLabourCenter> {
  const mayHire = ctx.master || ctx.grants.has(MENU.recruit);
  const [brief, person, card, recruit, training, received] = await Promise.all([
    usersBrief(db, [userId]),
    getPersonAuth(db, userId),
    cardSummary(db, userId),
    mayHire ? recruitSummary(db, ctx.companyId) : Promise.resolve({ total: 0, by_status: {} }),
    trainingCounts(db, userId),
    receivedCount(db, userId),
  ]);
  const u = brief.get(userId);
  const verified = person.status === 1;
  return {
    member: {
      username: u?.username ?? '',
      avatar: u?.avatar ?? '',
      phone_v: maskPhone(u?.phone),
      verified: verified ? 1 : 0,
      real_name: verified ? person.name : '',
    },
    card,
    recruit: { ...recruit, company_name: mayHire ? ctx.companyName : '' },
    training,
    comments: { received },
  };
}
