import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { WalletOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { PAY_TABS } from '@jizu/shared/constants/orderpay';
import { orderpayUi as T } from '../../texts/orderpay';
import type { TPayeeStat, TPayerStat, TPayView } from '@jizu/shared/schemas/orderpay';
import { api } from '../../api/client';
import { useIsMobile } from '../../app/useIsMobile';
import { PageCard } from '../../ui/PageCard';
import { PAGE_SIZE_OPTIONS, PagedList } from '../../ui/PagedList';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { StatusTag } from '../../ui/StatusTag';
import { TabBar } from '../../ui/TabBar';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { orderKey } from '../order/orderApi';
import { ChainCard } from '../order/OrderChainList';
import { PayActions, PayNote, PayStatus } from './PaymentListPage';
import { PAY_TONES, PayStats } from './PayStats';
import cm from '../../ui/common.module.css';
import s from './orderpay.module.css';

type TStatPage = { data: TPayView[]; total: number; PayeeStat?: TPayeeStat; PayerStat?: TPayerStat };
const SIDES = [
  { key: 'payee', label: T.statPayee },
  { key: 'payer', label: T.statPayer },
];

/**
 * /rent/payment-stat: the company's payments across its orders, as payee (租出订单: PayeeStat) or payer (租入订单:
 * PayerStat); side, status tab and page in the URL; 5 a page.
 */
export default function PayStatPage() {
  const { params, update, int } = useUrlQuery();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const sideKey = params.get('side') === 'payer' ? 'payer' : 'payee';
  const side = sideKey === 'payer' ? 'tenant' : 'provider';
  const tab = PAY_TABS.some((t) => String(t.status) === params.get('status')) ? (params.get('status') as string) : '-1';
  const page = int('page', 1);
  const size = PAGE_SIZE_OPTIONS.includes(int('size', 5)) ? int('size', 5) : 5;
  const q = useQuery({
    queryKey: [...orderKey, 'pay-stat', sideKey, { tab, page, size }],
    queryFn: () =>
      api.get<TStatPage>(
        side === 'tenant' ? '/rent/payment/stat' : '/ep/orderpayment/stat',
        { status: tab, page, size },
        { quiet: true },
      ),
    placeholderData: keepPreviousData,
  });
  const orderLink = (p: TPayView) => (
    <a onClick={() => navigate(`${side === 'tenant' ? '/rent/order' : '/rent-order'}/payment/${p.order_id}`)}>
      {p.project_name || p.order_sn}
    </a>
  );
  return (
    <PageCard title={T.statTitle}>
      <TabBar
        items={SIDES}
        active={sideKey}
        onChange={(k) => update({ side: k === 'payee' ? undefined : k, status: undefined, page: undefined })}
      />
      <div className={cm.gap12} />
      {q.data && <PayStats payee={q.data.PayeeStat} payer={q.data.PayerStat} />}
      <TabBar
        items={PAY_TABS.map((t) => ({ key: String(t.status), label: t.label }))}
        active={tab}
        onChange={(k) => update({ status: k === '-1' ? undefined : k, page: undefined })}
      />
      <div className={cm.gap12} />
      <QueryState
        query={q}
        isEmpty={(d) => d.total === 0 && page === 1}
        empty={<StateView icon={<WalletOutlined className={s.emptyIcon} />} title={T.statEmpty} />}
      >
        {(d) => (
          <PagedList<TPayView>
            data={d.data}
            total={d.total}
            page={page}
            size={size}
            mobile={mobile}
            onPage={(p, sz) =>
              update({ page: sz !== size ? undefined : p > 1 ? p : undefined, size: sz === 5 ? undefined : sz })
            }
            columns={[
              { title: T.sn, dataIndex: 'sn', width: 190 },
              { title: T.project, key: 'o', width: 220, render: (_: unknown, p) => orderLink(p) },
              {
                title: T.status,
                key: 'st',
                width: 180,
                render: (_: unknown, p) => <PayStatus p={p} side={side} />,
              },
              {
                title: side === 'tenant' ? T.payAmountTenant : T.payAmountProvider,
                dataIndex: 'payAmount_v',
                width: 130,
              },
              { title: T.paidAmount, dataIndex: 'paidAmount_v', width: 120 },
              { title: T.balance, dataIndex: 'balance_v', width: 120 },
              { title: T.cashDate, dataIndex: 'cashDate', width: 110 },
              ...(side === 'provider'
                ? [
                    {
                      title: T.action,
                      key: 'a',
                      width: 190,
                      fixed: 'right' as const,
                      render: (_: unknown, p: TPayView) => <PayActions p={p} side={side} />,
                    },
                  ]
                : []),
            ]}
            card={(p) => (
              <ChainCard
                testId="pay-stat-card"
                title={p.sn}
                status={<StatusTag status={p.status} text={p.status_v} tones={PAY_TONES} />}
                actions={side === 'provider' ? <PayActions p={p} side={side} /> : null}
              >
                <div className={s.order}>{orderLink(p)}</div>
                <div className={cm.muted13}>{`${T.balance} ${p.balance_v} · ${T.cashDate} ${p.cashDate}`}</div>
                <PayNote p={p} side={side} />
              </ChainCard>
            )}
          />
        )}
      </QueryState>
    </PageCard>
  );
}
