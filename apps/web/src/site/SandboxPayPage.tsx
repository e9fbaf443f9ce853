import { useState } from 'react';
import { Button, Result } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { TSandboxInfo } from '@jizu/shared/schemas/payment';
import { api } from '../api/client';
import { MoneyText } from '../ui/MoneyText';
import { QueryState } from '../ui/QueryState';
import { PT } from '../texts/payment';
import s from './Sandbox.module.css';

const MERCHANT_DONE: Record<string, string> = {
  coin: '/gold-success',
  member: '/user-success',
  reg: '/operator/index',
};

/** /site/pay/sandbox/:no — the sandbox channel's payer page that the QR code opens (ARCHITECTURE § Providers). */
export default function SandboxPayPage() {
  const { no = '' } = useParams();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['sandbox', no],
    queryFn: () => api.get<TSandboxInfo>(`/pay/sandbox/${no}`, undefined, { noCompany: true }),
    retry: false,
  });
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    setBusy(true);
    try {
      const info = await api.post<TSandboxInfo>(`/pay/sandbox/${no}/pay`, {}, { noCompany: true });
      qc.setQueryData(['sandbox', no], info);
    } catch {
      void q.refetch();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={s.pay}>
      <QueryState query={q}>
        {(d) => (
          <div className={s.payCard}>
            <div className={s.payTitle}>{PT.sandboxTitle}</div>
            <div className={s.payee}>
              {PT.payee}：{PT.payeeName}
            </div>
            <div className={s.payAmount}>
              <MoneyText fen={d.amount} strong className={s.payMoney} />
            </div>
            <dl className={s.payInfo}>
              <dt className={s.payLabel}>{PT.product}</dt>
              <dd className={s.payValue}>{d.subject}</dd>
              <dt className={s.payLabel}>{PT.orderSn}</dt>
              <dd className={s.payValueBreak}>{d.order_sn}</dd>
            </dl>
            {d.state === 'WAITING' && (
              <>
                <Button type="primary" size="large" block loading={busy} onClick={() => void pay()}>
                  {PT.confirmPay}
                </Button>
                <div className={s.paySub}>{PT.sandboxSub}</div>
              </>
            )}
            {d.state === 'SUCCESS' && (
              <Result
                status="success"
                title={PT.paidTitle}
                subTitle={PT.sandboxPaid}
                extra={
                  d.pay_type === 'alipay' ? (
                    <Link to={MERCHANT_DONE[d.kind]}>
                      <Button type="primary">{PT.backToMerchant}</Button>
                    </Link>
                  ) : undefined
                }
              />
            )}
            {d.state === 'CLOSED' && <Result status="warning" title={PT.closedTitle} subTitle={PT.closedSub} />}
          </div>
        )}
      </QueryState>
    </div>
  );
}
