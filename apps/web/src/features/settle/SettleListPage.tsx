import { useState } from 'react';
import { Button, Space } from 'antd';
import { AccountBookOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SETTLE_LIMITS, SETTLE_TABS } from '@jizu/shared/constants/settle';
import { settle as msg } from '@jizu/shared/messages/settle';
import { settleUi as T } from '../../texts/settle';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TSettleView } from '@jizu/shared/schemas/settle';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { ConfirmByTypingDialog } from '../../ui/ConfirmByTypingDialog';
import { StatusTag } from '../../ui/StatusTag';
import { orderKey, type TSide } from '../order/orderApi';
import { ChainCard, OrderChainList } from '../order/OrderChainList';
import { SETTLE_TONES, settlePath } from './settleApi';
import cm from '../../ui/common.module.css';
import css from './settle.module.css';

function Actions({ s, side }: { s: TSettleView; side: TSide }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [voiding, setVoiding] = useState(false);
  const go = (label: string, page: Parameters<typeof settlePath>[1], danger = false) => (
    <Button size="small" type="link" danger={danger} onClick={() => navigate(settlePath(side, page, s.id, s.order_id))}>
      {label}
    </Button>
  );
  const a = s.able_option;
  return (
    <Space size={4} wrap>
      {go(T.watch, 'watch')}
      {side === 'tenant' && a.includes('edit') && go(T.edit, 'edit')}
      {side === 'tenant' && a.includes('receive') && go(T.receive, 'confirm')}
      {side === 'provider' && a.includes('confirm') && go(T.confirm, 'confirm')}
      {side === 'provider' && a.includes('invoice_add') && go(T.invoiceAdd, 'invoice')}
      {(a.includes('invoice_view') || (side === 'tenant' && a.includes('receive'))) &&
        go(T.invoiceView, side === 'tenant' ? 'invoice' : 'invoice-watch')}
      {side === 'tenant' && a.includes('void') && (
        <Button size="small" type="link" danger onClick={() => setVoiding(true)}>
          {T.void}
        </Button>
      )}
      {voiding && (
        <ConfirmByTypingDialog
          title={T.void}
          description={msg.voidAsk}
          confirmText={SETTLE_LIMITS.voidWord}
          okText={T.void}
          onCancel={() => setVoiding(false)}
          onConfirm={async () => {
            await api.post('/rent/settle/cancel', { order_id: s.order_id, id: s.id, confirm: SETTLE_LIMITS.voidWord });
            toast.success(msg.voided);
            setVoiding(false);
            await qc.invalidateQueries({ queryKey: orderKey });
          }}
        />
      )}
    </Space>
  );
}

type TSummary = { count: number; to_confirm: number; tax_total_v: string; status_v: string; inv_status_v: string };

/** The order's settlement summary above the tabs (/rent/settle/info, /ep/st_panel). */
function Summary({ side, orderId }: { side: TSide; orderId: number }) {
  const q = useQuery({
    queryKey: [...orderKey, 'settle-summary', side, orderId],
    queryFn: () =>
      api.get<TSummary>(side === 'tenant' ? '/rent/settle/info' : '/ep/st_panel', { id: orderId }, { quiet: true }),
  });
  return (
    <p data-testid="settle-summary" className={css.summary}>
      {q.data &&
        fmt(T.summary, {
          status: q.data.status_v,
          total: q.data.tax_total_v,
          wait: q.data.to_confirm,
          inv: q.data.inv_status_v,
        })}
    </p>
  );
}

/** /rent/order/settle/{id} and /rent-order/settle/{id}: an order's settlements by status; actions from able_option. */
export default function SettleListPage() {
  return (
    <OrderChainList<TSettleView, { data: TSettleView[]; total: number }>
      area="settle"
      title={T.title}
      tabs={SETTLE_TABS}
      list={{ tenant: '/rent/settle/lst', provider: '/ep/settle' }}
      add={{ who: 'tenant', label: T.add, to: (id) => `/rent/order/settle-add/${id}` }}
      exported={{ tenant: '/rent/settle/export', provider: '/ep/settle/export' }}
      above={(side, orderId) => <Summary side={side} orderId={orderId} />}
      empty={{ icon: <AccountBookOutlined className={css.emptyIcon} />, title: T.empty }}
      columns={(side) => [
        {
          title: T.settleSn,
          key: 'sn',
          width: 200,
          render: (_: unknown, s) => (
            <div>
              <div className={cm.strong}>{s.settle_sn}</div>
              <div className={cm.hint}>{`${T.sn} ${s.sn}`}</div>
            </div>
          ),
        },
        {
          title: T.colStatus,
          key: 'st',
          width: 90,
          render: (_: unknown, s) => <StatusTag status={s.status} text={s.status_v} tones={SETTLE_TONES} />,
        },
        { title: T.month, dataIndex: 'month', width: 90 },
        { title: T.date, dataIndex: 'date', width: 110 },
        { title: T.taxTotal, dataIndex: 'tax_total_v', width: 140 },
        { title: T.providerTotal, dataIndex: 'provider_total', width: 130 },
        {
          title: T.colAction,
          key: 'a',
          width: 220,
          fixed: 'right',
          render: (_: unknown, s) => <Actions s={s} side={side} />,
        },
      ]}
      card={(s, side) => (
        <ChainCard
          testId="settle-card"
          title={`${s.settle_sn} · ${s.month}`}
          status={<StatusTag status={s.status} text={s.status_v} tones={SETTLE_TONES} />}
          actions={<Actions s={s} side={side} />}
        >
          <div className={cm.muted13}>{`${T.taxTotal} ${s.tax_total_v} · ${s.date}`}</div>
        </ChainCard>
      )}
    />
  );
}
