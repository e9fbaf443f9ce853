import { useState } from 'react';
import { Button, Segmented } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { payment as msg_payment } from '@jizu/shared/messages/payment';
import type { TMemberPayInfo, TPayOrder } from '@jizu/shared/schemas/payment';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { PageCard, PageHeader } from '../../ui/PageCard';
import { LoadingBlock, QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { useUserInfo } from '../../app/session';
import { MEMBER_LEVELS, type TMemberLevel } from '@jizu/shared/constants/user';
import { PayTypePicker } from './PayTypePicker';
import { goPay, tilesOfLogos } from './pay';
import { PT } from '../../texts/payment';
import s from './UserPaymentPage.module.css';
import cm from '../../ui/common.module.css';

const M = { payment: msg_payment } as const;

const LEVELS = ['AA', 'AAA'] as const;

/** /user-payment?level=AA|AAA: member payment info, benefits, payment method (spec/1 §2, §3). */
export default function UserPaymentPage() {
  const [params, setParams] = useSearchParams();
  const level = params.get('level') === 'AAA' ? 'AAA' : 'AA';
  const navigate = useNavigate();
  // the levels on offer to this member now (the account card's 升级/续费 buttons: on sale, and not below the current
  // level): another one is refused by the server, which the page then does not ask
  const me = useUserInfo();
  const offered = LEVELS.filter((l) => me.data?.memberLevel.buttons.some((b) => b.operation === l));
  const may = (offered as readonly string[]).includes(level);
  const current = me.data?.memberLevel.level ?? 'A';
  const q = useQuery({
    queryKey: ['member-pay', level],
    queryFn: () => api.get<TMemberPayInfo>('/payment/detail', { level }, { quiet: true }),
    retry: false,
    enabled: may,
  });
  const [payType, setPayType] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!payType) return toast.error(M.payment.choosePayType);
    setBusy(true);
    try {
      goPay(await api.post<TPayOrder>('/payment/purchase', { pay_type: payType, recharge_type: level }), navigate);
    } catch {
      // toasted by the client; stay on the page
    } finally {
      setBusy(false);
    }
  };

  const row = (k: string, v: React.ReactNode) => (
    <>
      <dt className={s.term}>{k}</dt>
      <dd className={s.value}>{v}</dd>
    </>
  );
  return (
    <>
      <PageHeader
        title={PT.memberTitle}
        extra={
          offered.length > 1 && (
            <Segmented
              options={offered}
              value={level}
              onChange={(v) => setParams({ level: String(v) }, { replace: true })}
            />
          )
        }
      />
      {me.isPending ? (
        <LoadingBlock />
      ) : !may ? (
        <StateView
          kind="empty"
          title={
            MEMBER_LEVELS.indexOf(level) < MEMBER_LEVELS.indexOf(current as TMemberLevel)
              ? M.payment.levelLower
              : M.payment.planNotForSale
          }
          extra={
            <Button type="primary" onClick={() => navigate('/dashboard/user-power')}>
              {PT.powerTitle}
            </Button>
          }
        />
      ) : (
        <QueryState query={q}>
          {(d) => (
            <>
              <PageCard title={d.label_text}>
                <dl className={s.order}>
                  {row(PT.account, d.mobile)}
                  {row(PT.userName, d.name)}
                  {row(PT.level, d.label_text)}
                  {row(PT.duration, d.level_count_text)}
                  {row(
                    PT.currentLevel,
                    d.current_level + (d.current_expiration ? `（${PT.currentExpire} ${d.current_expiration}）` : ''),
                  )}
                  {row(
                    PT.newExpire,
                    <span>
                      {d.new_expiration} <span className={cm.tertiary}>{PT.mode[d.mode]}</span>
                    </span>,
                  )}
                  {row(PT.amount, <b className={s.amount}>{d.amount_text}</b>)}
                </dl>
              </PageCard>
              <PageCard title={PT.benefits}>
                <ul className={s.benefits}>
                  {d.benefits.map((b) => (
                    <li key={b}>
                      <CheckCircleFilled className={s.check} />
                      {b}
                    </li>
                  ))}
                </ul>
              </PageCard>
              <PageCard title={PT.choosePayType}>
                <PayTypePicker options={tilesOfLogos(d.pay_type)} value={payType} onChange={setPayType} />
                <Button type="primary" size="large" className={s.pay} loading={busy} onClick={() => void submit()}>
                  {PT.payNow}
                </Button>
              </PageCard>
            </>
          )}
        </QueryState>
      )}
    </>
  );
}
