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
import { QueryState } from '../../ui/QueryState';
import { PayTypePicker } from './PayTypePicker';
import { goPay, tilesOfLogos } from './pay';
import { PT } from '../../texts/payment';
import { token } from '../../app/theme';
import cm from '../../ui/common.module.css';

const M = { payment: msg_payment } as const;

/** /user-payment?level=AA|AAA: member payment info, benefits, payment method (spec/1 §2, §3). */
export default function UserPaymentPage() {
  const [params, setParams] = useSearchParams();
  const level = params.get('level') === 'AAA' ? 'AAA' : 'AA';
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['member-pay', level], queryFn: () => api.get<TMemberPayInfo>('/payment/detail', { level }, { quiet: true }), retry: false });
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
      <dt style={{ color: token.colorTextTertiary }}>{k}</dt>
      <dd style={{ margin: 0 }}>{v}</dd>
    </>
  );
  return (
    <>
      <PageHeader title={PT.memberTitle} extra={<Segmented options={['AA', 'AAA']} value={level} onChange={(v) => setParams({ level: String(v) }, { replace: true })} />} />
      <QueryState query={q}>
        {(d) => (
          <>
            <PageCard title={d.label_text}>
              <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '10px 16px', margin: 0 }}>
                {row(PT.account, d.mobile)}
                {row(PT.userName, d.name)}
                {row(PT.level, d.label_text)}
                {row(PT.duration, d.level_count_text)}
                {row(PT.currentLevel, d.current_level + (d.current_expiration ? `（${PT.currentExpire} ${d.current_expiration}）` : ''))}
                {row(PT.newExpire, <span>{d.new_expiration} <span className={cm.tertiary}>{PT.mode[d.mode]}</span></span>)}
                {row(PT.amount, <b style={{ color: token.red6, fontSize: 20 }}>{d.amount_text}</b>)}
              </dl>
            </PageCard>
            <PageCard title={PT.benefits}>
              <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 10 }}>
                {d.benefits.map((b) => (
                  <li key={b}>
                    <CheckCircleFilled style={{ color: token.colorSuccess, marginRight: 6 }} />
                    {b}
                  </li>
                ))}
              </ul>
            </PageCard>
            <PageCard title={PT.choosePayType}>
              <PayTypePicker options={tilesOfLogos(d.pay_type)} value={payType} onChange={setPayType} />
              <Button type="primary" size="large" style={{ marginTop: 24 }} loading={busy} onClick={() => void submit()}>
                {PT.payNow}
              </Button>
            </PageCard>
          </>
        )}
      </QueryState>
    </>
  );
}
