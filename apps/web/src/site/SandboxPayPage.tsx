import { useState } from 'react';
import { Button, Result } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { TSandboxInfo } from '@jizu/shared/schemas/payment';
import { api } from '../api/client';
import { MoneyText } from '../ui/MoneyText';
import { QueryState } from '../ui/QueryState';
import { PT } from '../texts/payment';
import { palette, token } from '../app/theme';

const MERCHANT_DONE: Record<string, string> = { coin: '/gold-success', member: '/user-success', reg: '/operator/index' };

/** /site/pay/sandbox/:no — the sandbox channel's payer page that the QR code opens (ARCHITECTURE § Providers). */
export default function SandboxPayPage() {
  const { no = '' } = useParams();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['sandbox', no], queryFn: () => api.get<TSandboxInfo>(`/pay/sandbox/${no}`, undefined, { noCompany: true }), retry: false });
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
    <div style={{ maxWidth: 440, margin: '32px auto', padding: '0 16px' }}>
      <QueryState query={q}>
        {(d) => (
          <div style={{ background: token.colorWhite, borderRadius: 12, boxShadow: `0 4px 24px ${palette.shadow08}`, padding: 24 }}>
            <div style={{ textAlign: 'center', color: token.colorTextTertiary, fontSize: 13 }}>{PT.sandboxTitle}</div>
            <div style={{ textAlign: 'center', margin: '12px 0 4px', fontSize: 15 }}>
              {PT.payee}：{PT.payeeName}
            </div>
            <div style={{ textAlign: 'center', marginBottom: 16 }}>
              <MoneyText fen={d.amount} strong style={{ fontSize: 34 }} />
            </div>
            <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 12px', margin: '0 0 20px', fontSize: 14 }}>
              <dt style={{ color: token.colorTextTertiary }}>{PT.product}</dt>
              <dd style={{ margin: 0 }}>{d.subject}</dd>
              <dt style={{ color: token.colorTextTertiary }}>{PT.orderSn}</dt>
              <dd style={{ margin: 0, wordBreak: 'break-all' }}>{d.order_sn}</dd>
            </dl>
            {d.state === 'WAITING' && (
              <>
                <Button type="primary" size="large" block loading={busy} onClick={() => void pay()}>
                  {PT.confirmPay}
                </Button>
                <div style={{ marginTop: 12, color: token.colorTextTertiary, fontSize: 12 }}>{PT.sandboxSub}</div>
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
