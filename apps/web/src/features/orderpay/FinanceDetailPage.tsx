import { Button, Space, Table, type TableColumnsType } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { FIN_STATUS, PAY_TERMS, isFinancingLive } from '@jizu/shared/constants/orderpay';
import { orderpayUi as T } from '../../texts/orderpay';
import type { TFinView } from '@jizu/shared/schemas/orderpay';
import { api } from '../../api/client';
import { useIsMobile } from '../../app/useIsMobile';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { StatusTag } from '../../ui/StatusTag';
import { orderKey } from '../order/orderApi';
import { ChainCard } from '../order/OrderChainList';
import { FIN_TONES } from './PayStats';
import cm from '../../ui/common.module.css';
import s from './orderpay.module.css';

/** The link of a live financing: in review the partner's review page, else (to sign) its contract. */
const FIN_LINK_TEXT: Partial<Record<number, string>> = { [FIN_STATUS.review]: T.reviewFinance };

/** Financing status 4 offers the partner's review page, 5 its contract; the call answers the page, opened in a new window. */
function FinActions({ f }: { f: TFinView }) {
  const open = useMutation({
    mutationFn: () => api.post<{ url: string }>('/ep/orderpayment/financeGrainOrder', { id: f.payment_id, gid: f.id }),
    onSuccess: (r) => void window.open(r.url, '_blank', 'noopener'),
  });
  if (!isFinancingLive(f)) return <span className={cm.tertiary}>-</span>;
  return (
    <Button size="small" type="link" loading={open.isPending} onClick={() => open.mutate()}>
      {FIN_LINK_TEXT[f.status] ?? T.signFinance}
    </Button>
  );
}

const COLUMNS: TableColumnsType<TFinView> = [
  { title: T.finOrderNo, dataIndex: 'orderNo', width: 240 },
  {
    title: T.status,
    key: 's',
    width: 90,
    render: (_: unknown, f) => <StatusTag status={f.status} text={f.status_v} tones={FIN_TONES} />,
  },
  { title: T.applyAmount, dataIndex: 'applyAmount', width: 130 },
  { title: T.rate, dataIndex: 'rate_v', width: 90 },
  { title: T.interest, dataIndex: 'interest_v', width: 100 },
  { title: T.finReal, dataIndex: 'realPayAmount_v', width: 130 },
  { title: T.payDate, dataIndex: 'payDate_v', width: 110 },
  { title: T.action, key: 'a', width: 110, fixed: 'right', render: (_: unknown, f) => <FinActions f={f} /> },
];

/** /rent-order/payinfo/{id}/{orderId}: the financing applications of one payment (the spec's lookup: size 300). */
export default function FinanceDetailPage() {
  const { id = '', orderId = '' } = useParams();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const q = useQuery({
    queryKey: [...orderKey, 'financing', Number(orderId), Number(id)],
    queryFn: () =>
      api.get<{ data: TFinView[]; total: number }>(
        '/ep/orderpayment/detail',
        { order_id: orderId, id, page: 1, size: PAY_TERMS.detailSize },
        { quiet: true },
      ),
    refetchOnWindowFocus: true,
  });
  return (
    <PageCard
      title={T.finTitle}
      extra={
        <Space wrap>
          <Button onClick={() => navigate(`/rent-order/payment/${orderId}`)}>{T.back}</Button>
        </Space>
      }
    >
      <QueryState
        query={q}
        isEmpty={(d) => d.total === 0}
        empty={<StateView icon={<BankOutlined className={s.emptyIcon} />} title={T.finEmpty} />}
      >
        {(d) =>
          mobile ? (
            <div className={cm.col12}>
              {d.data.map((f) => (
                <ChainCard
                  key={f.id}
                  testId="fin-card"
                  title={f.orderNo}
                  status={<StatusTag status={f.status} text={f.status_v} tones={FIN_TONES} />}
                  actions={<FinActions f={f} />}
                >
                  <div
                    className={cm.muted13}
                  >{`${T.applyAmount} ${f.applyAmount} · ${T.rate} ${f.rate_v} · ${T.interest} ${f.interest_v}`}</div>
                  <div className={cm.muted13}>{`${T.finReal} ${f.realPayAmount_v} · ${T.payDate} ${f.payDate_v}`}</div>
                </ChainCard>
              ))}
            </div>
          ) : (
            <Table<TFinView>
              rowKey="id"
              size="middle"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={d.data}
              columns={COLUMNS}
            />
          )
        }
      </QueryState>
    </PageCard>
  );
}
