import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PAY_DONE_URL, PAY_KINDS, type TPayKind } from '@jizu/shared/constants/payment';
import { api } from '../../api/client';
import type { TUserInfo } from '../../api/types';
import { infoKey } from '../../app/session';
import { QrPay } from '../../ui/QrPay';
import { EmptyState } from '../../ui/QueryState';
import { PT } from './texts';

const RESTART: Record<TPayKind, string> = { coin: '/coin-purchase', member: '/payment-detail', reg: '/operator/index', shelf: '/order/info' };

function NewBalance() {
  const me = useQuery({ queryKey: ['info', 'after-pay'], queryFn: () => api.get<TUserInfo>('/index/info'), staleTime: 0 });
  if (!me.data) return null;
  return (
    <div data-testid="new-balance" style={{ fontSize: 15 }}>
      {PT.myCoins}：<b style={{ color: '#d48806' }}>{me.data.score.gold}</b>
    </div>
  );
}

/** /coin-scan, /chinaums-scan?buy_type=coin|member|reg, /user-scan: the QR page of an order, then the redirect. */
export default function ScanPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const sn = params.get('order_sn') ?? '';
  const given = params.get('buy_type') as TPayKind | null;
  const kind: TPayKind = pathname.startsWith('/coin-scan') ? 'coin' : pathname.startsWith('/user-scan') ? 'member' : given && PAY_KINDS.includes(given) ? given : 'coin';
  const onPaid = useCallback(() => {
    void qc.invalidateQueries({ queryKey: infoKey });
    void qc.invalidateQueries({ queryKey: ['gold-lst'] });
    navigate(PAY_DONE_URL[kind]);
  }, [qc, navigate, kind]);
  if (!sn) return <EmptyState text={PT.closedSub} />;
  return <QrPay orderSn={sn} queryPath={kind === 'coin' ? '/payment/gold/queryOrder' : '/payment/query'} onPaid={onPaid} onRestart={() => navigate(RESTART[kind])} paidExtra={kind === 'coin' ? <NewBalance /> : undefined} />;
}
