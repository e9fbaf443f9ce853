import { useState } from 'react';
import { Button, Space, type TableColumnsType } from 'antd';
import { AccountBookOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { SETTLE_LIMITS, SETTLE_TABS } from '@jizu/shared/constants/settle';
import { settle as msg, settleUi as T } from '@jizu/shared/messages/settle';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TOrderDetail } from '@jizu/shared/schemas/order';
import type { TSettleView } from '@jizu/shared/schemas/settle';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { ConfirmByTypingDialog } from '../../ui/ConfirmByTypingDialog';
import { PageCard } from '../../ui/PageCard';
import { PAGE_SIZE_OPTIONS, PagedList } from '../../ui/PagedList';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { StatusTag } from '../../ui/StatusTag';
import { TabBar } from '../../ui/TabBar';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { SIDE, orderKey, type TSide } from '../order/orderApi';
import { SETTLE_TONES, settlePath } from './settleApi';

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
      {(a.includes('invoice_view') || (side === 'tenant' && a.includes('receive'))) && go(T.invoiceView, side === 'tenant' ? 'invoice' : 'invoice-watch')}
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

/** /rent/order/settle/{id} and /rent-order/settle/{id}: an order's settlements by status; actions from able_option. */
export default function SettleListPage() {
  const orderId = Number(useParams().id);
  const side: TSide = useLocation().pathname.startsWith('/rent-order') ? 'provider' : 'tenant';
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const { params, update, int } = useUrlQuery();
  const tab = SETTLE_TABS.some((t) => String(t.status) === params.get('status')) ? (params.get('status') as string) : '-1';
  const page = int('page', 1);
  const size = PAGE_SIZE_OPTIONS.includes(int('size', 5)) ? int('size', 5) : 5;
  const order = useQuery({ queryKey: [...orderKey, side, 'detail', orderId], queryFn: () => api.get<TOrderDetail>(SIDE[side].detail, { id: orderId }), enabled: orderId > 0 });
  const q = useQuery({
    queryKey: [...orderKey, 'settle', side, orderId, { tab, page, size }],
    queryFn: () => api.get<{ data: TSettleView[]; total: number }>(side === 'tenant' ? '/rent/settle/lst' : '/ep/settle', { id: orderId, status: tab, page, size }, { quiet: true }),
    placeholderData: keepPreviousData,
    enabled: orderId > 0,
  });
  const summary = useQuery({
    queryKey: [...orderKey, 'settle-summary', side, orderId],
    queryFn: () => api.get<{ count: number; to_confirm: number; tax_total_v: string; status_v: string; inv_status_v: string }>(side === 'tenant' ? '/rent/settle/info' : '/ep/st_panel', { id: orderId }, { quiet: true }),
    enabled: orderId > 0,
  });
  const columns: TableColumnsType<TSettleView> = [
    {
      title: T.settleSn,
      key: 'sn',
      width: 200,
      render: (_: unknown, s) => (
        <div>
          <div style={{ fontWeight: 600 }}>{s.settle_sn}</div>
          <div style={{ color: 'rgba(0,0,0,.45)', fontSize: 12 }}>{`${T.sn} ${s.sn}`}</div>
        </div>
      ),
    },
    { title: T.colStatus, key: 'st', width: 90, render: (_: unknown, s) => <StatusTag status={s.status} text={s.status_v} tones={SETTLE_TONES} /> },
    { title: T.month, dataIndex: 'month', width: 90 },
    { title: T.date, dataIndex: 'date', width: 110 },
    { title: T.taxTotal, dataIndex: 'tax_total_v', width: 140 },
    { title: T.providerTotal, dataIndex: 'provider_total', width: 130 },
    { title: T.colAction, key: 'a', width: 220, fixed: 'right', render: (_: unknown, s) => <Actions s={s} side={side} /> },
  ];
  return (
    <PageCard
      title={order.data ? `${T.title} · ${order.data.project_name}` : T.title}
      extra={
        <Space wrap>
          <Button onClick={() => navigate(`${SIDE[side].base}/watch/${orderId}`)}>{T.back}</Button>
          <Button icon={<DownloadOutlined />} href={`/api${side === 'tenant' ? '/rent/settle/export' : '/ep/settle/export'}?id=${orderId}&status=${tab}`}>
            {T.export}
          </Button>
          {side === 'tenant' && order.data?.status === 2 && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/rent/order/settle-add/${orderId}`)}>
              {T.add}
            </Button>
          )}
        </Space>
      }
    >
      <TabBar items={SETTLE_TABS.map((t) => ({ key: String(t.status), label: t.label }))} active={tab} onChange={(k) => update({ status: k === '-1' ? undefined : k, page: undefined })} />
      <p data-testid="settle-summary" style={{ color: 'rgba(0,0,0,.55)', margin: '12px 0' }}>
        {summary.data && fmt(T.summary, { status: summary.data.status_v, total: summary.data.tax_total_v, wait: summary.data.to_confirm, inv: summary.data.inv_status_v })}
      </p>
      <QueryState query={q} isEmpty={(d) => d.total === 0 && page === 1} empty={<StateView icon={<AccountBookOutlined style={{ fontSize: 48, color: '#1f6feb' }} />} title={T.empty} />}>
        {(d) => (
          <PagedList<TSettleView>
            data={d.data}
            total={d.total}
            page={page}
            size={size}
            mobile={mobile}
            columns={columns}
            card={(s) => (
              <div data-testid="settle-card" style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12 }}>
                <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                  <div style={{ fontWeight: 600 }}>{`${s.settle_sn} · ${s.month}`}</div>
                  <StatusTag status={s.status} text={s.status_v} tones={SETTLE_TONES} />
                </div>
                <div style={{ color: 'rgba(0,0,0,.55)', fontSize: 13 }}>{`${T.taxTotal} ${s.tax_total_v} · ${s.date}`}</div>
                <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
                  <Actions s={s} side={side} />
                </div>
              </div>
            )}
            onPage={(p, sz) => update({ page: sz !== size ? undefined : p > 1 ? p : undefined, size: sz === 5 ? undefined : sz })}
          />
        )}
      </QueryState>
    </PageCard>
  );
}
