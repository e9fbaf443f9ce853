import { useEffect, useState } from 'react';
import { Alert, Button, Result, Spin } from 'antd';
import { ClockCircleOutlined, PhoneOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { PAY_POLL_MS } from '@jizu/shared/constants/payment';
import type { TPayOrder } from '@jizu/shared/schemas/payment';
import { api } from '../api/client';
import { usePublicSettings } from '../app/usePublicSettings';
import { PT } from '../texts/payment';
import { PageCard } from './PageCard';
import { MoneyText } from './MoneyText';
import { QueryState } from './QueryState';
import { palette, token } from '../app/theme';
import cm from './common.module.css';

function useCountdown(until: string | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const left = until ? Math.max(0, new Date(until).getTime() - now) : 0;
  const m = Math.floor(left / 60000);
  const s = Math.floor((left % 60000) / 1000);
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/**
 * The QR payment page (spec/1 §4): order number, product, amount, QR code, the 10-minute notice and the hotline.
 * Asks the order state every 2 s; on SUCCESS it stops, shows success (with `paidExtra`) and calls `onPaid`; on
 * CLOSED it stops and offers `onRestart`.
 */
export function QrPay({ orderSn, queryPath, onPaid, onRestart, paidExtra }: { orderSn: string; queryPath: string; onPaid: () => void; onRestart: () => void; paidExtra?: React.ReactNode }) {
  const q = useQuery({
    queryKey: ['pay-order', queryPath, orderSn],
    queryFn: () => api.get<TPayOrder>(queryPath, { order_sn: orderSn }),
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'WAITING' ? false : PAY_POLL_MS),
    refetchIntervalInBackground: true,
    retry: false,
  });
  const state = q.data?.state;
  useEffect(() => {
    if (state !== 'SUCCESS') return;
    const t = setTimeout(onPaid, 2500);
    return () => clearTimeout(t);
  }, [state, onPaid]);
  const left = useCountdown(q.data?.expires_at);
  const hotline = usePublicSettings()?.service_hotline;

  return (
    <QueryState query={q}>
      {(o) => (
        <PageCard title={PT.scanTitle[o.pay_type]} style={{ maxWidth: 720, margin: '0 auto 16px' }}>
          <dl className="jz-pay-info" style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '10px 16px', margin: '0 0 16px' }}>
            <dt style={{ color: token.colorTextTertiary }}>{PT.orderSn}</dt>
            <dd style={{ margin: 0, wordBreak: 'break-all' }} data-testid="order-sn">
              {o.order_sn}
            </dd>
            <dt style={{ color: token.colorTextTertiary }}>{PT.product}</dt>
            <dd style={{ margin: 0 }} data-testid="label-text">
              {o.label_text}
            </dd>
            <dt style={{ color: token.colorTextTertiary }}>{PT.amount}</dt>
            <dd style={{ margin: 0 }}>
              <MoneyText fen={o.amount} strong style={{ color: token.red6, fontSize: 22 }} />
            </dd>
          </dl>
          {o.state === 'WAITING' && (
            <div className={cm.center}>
              <div style={{ display: 'inline-block', padding: 12, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: 8 }}>
                {o.qrcode ? <img src={o.qrcode} alt={PT.scanHint[o.pay_type]} data-code-url={o.code_url} width={220} height={220} style={{ display: 'block' }} /> : <Spin />}
              </div>
              <div style={{ marginTop: 12, fontSize: 15 }}>{PT.scanHint[o.pay_type]}</div>
              <div style={{ marginTop: 6, color: token.colorTextTertiary }}>
                <ClockCircleOutlined /> {PT.remain} <b style={{ color: token.orange6, fontVariantNumeric: 'tabular-nums' }}>{left}</b> · {PT.waiting}
              </div>
              <Alert type="warning" showIcon title={PT.notice} style={{ marginTop: 16, textAlign: 'left' }} />
            </div>
          )}
          {o.state === 'SUCCESS' && <Result status="success" title={PT.paidTitle} subTitle={PT.paidSub} extra={paidExtra} />}
          {o.state === 'CLOSED' && (
            <Result
              status="warning"
              title={PT.closedTitle}
              subTitle={PT.closedSub}
              extra={
                <Button type="primary" onClick={onRestart}>
                  {PT.restart}
                </Button>
              }
            />
          )}
          {hotline && (
            <div style={{ marginTop: 16, paddingTop: 12, borderTop: `1px dashed ${token.colorBorderSecondary}`, color: palette.textMuted, textAlign: 'center' }}>
              <PhoneOutlined /> {PT.hotline}：<b data-testid="service-hotline">{hotline}</b>
            </div>
          )}
        </PageCard>
      )}
    </QueryState>
  );
}
