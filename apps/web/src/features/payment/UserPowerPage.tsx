import { useQuery } from '@tanstack/react-query';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TMemberPlan } from '@jizu/shared/schemas/payment';
import { api } from '../../api/client';
import { useUserInfo } from '../../app/session';
import { PageCard, PageHeader } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { PlanCards } from './PlanCards';
import { PT } from '../../texts/payment';
import s from './UserPowerPage.module.css';

/** /dashboard/user-power (menu 106): what each membership level brings, with the way to buy it. */
export default function UserPowerPage() {
  const me = useUserInfo();
  const plans = useQuery({
    queryKey: ['member-plans'],
    queryFn: () => api.get<TMemberPlan[]>('/payment/member/plans'),
  });
  const lv = me.data?.memberLevel;
  return (
    <>
      <PageHeader title={PT.powerTitle} sub={PT.powerSub} />
      {lv && (
        <PageCard>
          <span className={s.current}>
            {PT.currentLevel}：<b className={s.level}>{lv.level}</b>
            <span className={s.expire}>
              {lv.expiration_time
                ? `${PT.currentExpire} ${lv.expiration_time}（${fmt(PT.daysLeft, { n: lv.level_count })}）`
                : PT.forever}
            </span>
          </span>
        </PageCard>
      )}
      <PageCard>
        <QueryState query={plans}>{(d) => <PlanCards plans={d} current={lv?.level ?? 'A'} />}</QueryState>
      </PageCard>
    </>
  );
}
