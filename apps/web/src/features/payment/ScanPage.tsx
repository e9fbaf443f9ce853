import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PAY_DONE_URL, PAY_KINDS, type TPayKind } from '@jizu/shared/constants/payment';
import { TRAINING_ROUTES } from '@jizu/shared/constants/training';
import { api } from '../../api/client';
import type { TUserInfo } from '../../api/types';
import { infoKey } from '../../app/session';
import { QrPay } from '../../ui/QrPay';
import { EmptyState } from '../../ui/QueryState';
import { PT } from '../../texts/payment';
import s from './ScanPage.module.css';

const RESTART: Record<TPayKind, string> = {
  coin: '/coin-purchase',
  member: '/payment-detail',
  reg: TRAINING_ROUTES.registration,
  shelf: '/order/info',
};
/** Where each kind asks its order's state: a kind with a query call of its own uses it (spec/1 §7, spec/3 §7). */
const QUERY_PATH: Partial<Record<TPayKind, string>> = { coin: '/payment/gold/queryOrder', reg: '/recruit/query' };
/** The scan pages that belong to one kind. */
const KIND_OF_PAGE: [string, TPayKind][] = [
  ['/coin-scan', 'coin'],
  ['/user-scan', 'member'],
  [TRAINING_ROUTES.wxpay, 'reg'],
];

function NewBalance() {
  const me = useQuery({
    queryKey: ['info', 'after-pay'],
    queryFn: () => api.get<TUserInfo>('/index/info'),
    staleTime: 0,
  });
  if (!me.data) return null;
  return (
    <div data-testid="new-balance" className={s.balance}>
      {PT.myCoins}：<b className={s.coins}>{me.data.score.gold}</b>
    </div>
  );
}

/**
 * /coin-scan, /user-scan, /operator/wxpayment (training), /chinaums-scan?buy_type=coin|member|reg|shelf: the QR page
 * of an order, then the redirect.
 */
export default function ScanPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const sn = params.get('order_sn') ?? '';
  const given = params.get('buy_type') as TPayKind | null;
  const kind: TPayKind =
    KIND_OF_PAGE.find(([page]) => pathname.startsWith(page))?.[1] ??
    (given && PAY_KINDS.includes(given) ? given : 'coin');
  const onPaid = useCallback(() => {
    void qc.invalidateQueries({ queryKey: infoKey });
    void qc.invalidateQueries({ queryKey: ['gold-lst'] });
    void qc.invalidateQueries({ queryKey: ['training'] });
    navigate(PAY_DONE_URL[kind]);
  }, [qc, navigate, kind]);
  if (!sn) return <EmptyState text={PT.closedSub} />;
  return (
    <QrPay
      orderSn={sn}
      queryPath={QUERY_PATH[kind] ?? '/payment/query'}
      onPaid={onPaid}
      onRestart={() => navigate(RESTART[kind])}
      paidExtra={kind === 'coin' ? <NewBalance /> : undefined}
    />
  );
}
