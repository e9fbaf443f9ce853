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
import cm from './common.module.css';
import s from './QrPay.module.css';

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
export function QrPay({
  orderSn,
  queryPath,
  onPaid,
  onRestart,
  paidExtra,
}: {
  orderSn: string;
  queryPath: string;
  onPaid: () => void;
  onRestart: () => void;
  paidExtra?: React.ReactNode;
}) {
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
        <PageCard title={PT.scanTitle[o.pay_type]} className={s.card}>
          <dl className={`jz-pay-info ${s.info}`}>
            <dt className={s.label}>{PT.orderSn}</dt>
            <dd className={s.orderSn} data-testid="order-sn">
              {o.order_sn}
            </dd>
            <dt className={s.label}>{PT.product}</dt>
            <dd className={s.value} data-testid="label-text">
              {o.label_text}
            </dd>
            <dt className={s.label}>{PT.amount}</dt>
            <dd className={s.value}>
              <MoneyText fen={o.amount} strong className={s.amount} />
            </dd>
          </dl>
          {o.state === 'WAITING' && (
            <div className={cm.center}>
              <div className={s.qrFrame}>
                {o.qrcode ? (
                  <img
                    src={o.qrcode}
                    alt={PT.scanHint[o.pay_type]}
                    data-code-url={o.code_url}
                    width={220}
                    height={220}
                    className={s.qr}
                  />
                ) : (
                  <Spin />
                )}
              </div>
              <div className={s.scanHint}>{PT.scanHint[o.pay_type]}</div>
              <div className={s.remain}>
                <ClockCircleOutlined /> {PT.remain} <b className={s.countdown}>{left}</b> · {PT.waiting}
              </div>
              <Alert type="warning" showIcon title={PT.notice} className={s.notice} />
            </div>
          )}
          {o.state === 'SUCCESS' && (
            <Result status="success" title={PT.paidTitle} subTitle={PT.paidSub} extra={paidExtra} />
          )}
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
            <div className={s.hotline}>
              <PhoneOutlined /> {PT.hotline}：<b data-testid="service-hotline">{hotline}</b>
            </div>
          )}
        </PageCard>
      )}
    </QueryState>
  );
}
