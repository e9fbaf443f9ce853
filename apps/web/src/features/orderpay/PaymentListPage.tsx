import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PAY_TABS, PAY_TERMS, isPayReturned, stampOffers } from '@jizu/shared/constants/orderpay';
import { fmt } from '@jizu/shared/messages/fmt';
import { orderpay as msg } from '@jizu/shared/messages/orderpay';
import { orderpayUi as T } from '../../texts/orderpay';
import { ZPayReturn, ZPaySign, type TPayInfo, type TPayView } from '@jizu/shared/schemas/orderpay';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { inputProps, rulesOf } from '../../ui/formRules';
import { AdminCodeDialog } from '../../ui/AdminCodeDialog';
import { StatusTag } from '../../ui/StatusTag';
import { orderUi as OT } from '../../texts/order';
import { orderKey, type TSide } from '../order/orderApi';
import { ChainCard, OrderChainList } from '../order/OrderChainList';
import { PAY_TONES, PayStats } from './PayStats';
import cm from '../../ui/common.module.css';
import { whenValid } from '../../ui/useFormSave';
import s from './orderpay.module.css';

const rateText = `${(PAY_TERMS.rateBp / 100).toFixed(2)}%`;

/** 签收: the administrator's SMS code, then the receivable is confirmed; the answer's page (its financing) opens. */
function SignDialog({ p, onClose }: { p: TPayView; onClose: () => void }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const sign = useMutation({
    mutationFn: (code: string) =>
      api.post<{ url: string }>('/ep/orderpayment/signIn', { order_id: p.order_id, id: p.id, code }),
    onSuccess: async (r) => {
      toast.success(msg.signed);
      await qc.invalidateQueries({ queryKey: orderKey });
      onClose();
      navigate(r.url);
    },
  });
  return (
    <AdminCodeDialog
      title={T.sign}
      okText={T.sign}
      intro={
        <>
          <p>{`${p.sn} · ${T.payAmountProvider} ${p.payAmount_v}`}</p>
          <p className={cm.muted}>{msg.signAsk}</p>
        </>
      }
      codeLabel={T.code}
      sentTo={msg.smsTo}
      schema={ZPaySign}
      send={{ path: '/ep/orderpayment/sendmsg', body: { order_id: p.order_id, id: p.id } }}
      pending={sign.isPending}
      onSign={(code) => sign.mutate(code)}
      onClose={onClose}
    />
  );
}

/** 退回: the provider disputes the receivable, with its reason. */
function ReturnDialog({ p, onClose }: { p: TPayView; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const ret = useMutation({
    mutationFn: (reason: string) => api.post('/ep/orderpayment/return', { order_id: p.order_id, id: p.id, reason }),
    onSuccess: async () => {
      toast.success(msg.returned);
      await qc.invalidateQueries({ queryKey: orderKey });
      onClose();
    },
  });
  return (
    <Modal
      title={T.returnIt}
      open
      width={500}
      onCancel={onClose}
      okText={T.returnIt}
      okButtonProps={{ danger: true, loading: ret.isPending }}
      destroyOnHidden
      onOk={whenValid(form, (v) => ret.mutate(v.reason))}
    >
      <p className={cm.muted}>{msg.returnAsk}</p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label={T.reason} name="reason" rules={rulesOf(ZPayReturn, 'reason')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} {...inputProps(ZPayReturn, 'reason')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The row's buttons from its stamp status (spec/2 §4): 1 sign (or return), 2 finance and view, 3 view, 4 none. */
export function PayActions({ p, side }: { p: TPayView; side: TSide }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<'sign' | 'return' | null>(null);
  const finance = useMutation({
    mutationFn: () => api.post<{ url: string }>('/ep/orderpayment/goFinancing', { order_id: p.order_id, id: p.id }),
    onSuccess: async (r) => {
      toast.success(msg.financing);
      window.open(r.url, '_blank', 'noopener');
      await qc.invalidateQueries({ queryKey: orderKey });
    },
  });
  if (side !== 'provider') return <span className={cm.tertiary}>-</span>;
  const view = (
    <Button size="small" type="link" onClick={() => navigate(`/rent-order/payinfo/${p.id}/${p.order_id}`)}>
      {T.viewFinance}
    </Button>
  );
  const offers = stampOffers(p);
  return (
    <Space size={4} wrap>
      {offers.includes('sign') && (
        <>
          <Button size="small" type="link" onClick={() => setDialog('sign')}>
            {T.sign}
          </Button>
          <Button size="small" type="link" danger onClick={() => setDialog('return')}>
            {T.returnIt}
          </Button>
        </>
      )}
      {offers.includes('finance') && (
        <>
          <Popconfirm
            title={T.finance}
            description={<div className={s.ask}>{fmt(msg.financeAsk, { amount: p.balance_v, rate: rateText })}</div>}
            onConfirm={() => finance.mutateAsync()}
          >
            <Button size="small" type="link" loading={finance.isPending}>
              {T.finance}
            </Button>
          </Popconfirm>
        </>
      )}
      {offers.includes('view') && view}
      {!offers.length && <span className={cm.tertiary}>-</span>}
      {dialog === 'sign' && <SignDialog p={p} onClose={() => setDialog(null)} />}
      {dialog === 'return' && <ReturnDialog p={p} onClose={() => setDialog(null)} />}
    </Space>
  );
}

/** The order's PayeeStat or PayerStat above the tabs; a refusal (spec/2 §6 gates) sends the page to /dashboard/index (§8). */
function Info({ side, orderId }: { side: TSide; orderId: number }) {
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: [...orderKey, 'pay-info', side, orderId],
    queryFn: () =>
      api.get<TPayInfo>(side === 'tenant' ? '/rent/payment/info' : '/ep/orderpayment/info', { order_id: orderId }),
    retry: false,
  });
  useEffect(() => {
    if (q.isError) navigate('/dashboard/index', { replace: true });
  }, [q.isError, navigate]);
  return q.data ? <PayStats payee={q.data.PayeeStat} payer={q.data.PayerStat} /> : <div className={s.statsSlot} />;
}

/**
 * Under the status: a returned payment's reason (and, for the tenant, that it is out of what it owes until the
 * platform re-issues it); a re-issued one's correction note from the platform.
 */
export function PayNote({ p, side }: { p: TPayView; side: TSide }) {
  const returned = isPayReturned(p);
  if (!returned && !p.note) return null;
  return (
    <div data-testid="pay-note" className={s.note}>
      {returned && p.reason && <div className={cm.danger}>{`${T.reasonPrefix}${p.reason}`}</div>}
      {returned && side === 'tenant' && <div className={cm.tertiary}>{msg.returnedTenant}</div>}
      {!returned && p.note && side === 'provider' && <div className={s.noteProvider}>{`${T.notePrefix}${p.note}`}</div>}
    </div>
  );
}

/** The status column: the tag, and the note under it. */
export function PayStatus({ p, side }: { p: TPayView; side: TSide }) {
  return (
    <>
      <StatusTag status={p.status} text={p.status_v} tones={PAY_TONES} />
      <PayNote p={p} side={side} />
    </>
  );
}

const amountTitle = (side: TSide) => (side === 'tenant' ? T.payAmountTenant : T.payAmountProvider);

/** /rent/order/payment/{id} and /rent-order/payment/{id}: an order's payments by tab (5 a page); buttons by stamp status. */
export default function PaymentListPage() {
  return (
    <OrderChainList<TPayView, { data: TPayView[]; total: number }>
      area="payment"
      title={OT.payment}
      tabs={PAY_TABS}
      list={{ tenant: '/rent/payment/lst', provider: '/ep/orderpayment/lst' }}
      exported={{ tenant: '/rent/payment/export', provider: '/ep/orderpayment/export' }}
      idParam="order_id"
      above={(side, orderId) => <Info side={side} orderId={orderId} />}
      empty={{ icon: <WalletOutlined className={s.emptyIcon} />, title: T.empty }}
      columns={(side) => [
        {
          title: T.sn,
          key: 'sn',
          width: 210,
          render: (_: unknown, p) => (
            <div>
              <div className={cm.strong}>{p.sn}</div>
              <div className={cm.hint}>{`${T.settleSn} ${p.settle_sn} · ${p.month}`}</div>
            </div>
          ),
        },
        {
          title: T.status,
          key: 'st',
          width: 180,
          render: (_: unknown, p) => <PayStatus p={p} side={side} />,
        },
        { title: amountTitle(side), dataIndex: 'payAmount_v', width: 130 },
        { title: T.paidAmount, dataIndex: 'paidAmount_v', width: 120 },
        { title: side === 'tenant' ? T.realPayTenant : T.realPayAmount, dataIndex: 'realPayAmount_v', width: 120 },
        { title: T.balance, dataIndex: 'balance_v', width: 120 },
        { title: T.cashDate, dataIndex: 'cashDate', width: 110 },
        {
          title: T.claimNo,
          key: 'claim',
          width: 200,
          render: (_: unknown, p) => (
            <div>
              <div>{p.claimNo}</div>
              {p.receiveTime_v !== '-' && <div className={cm.hint}>{`${T.receiveTime} ${p.receiveTime_v}`}</div>}
            </div>
          ),
        },
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
      card={(p, side) => (
        <ChainCard
          testId="pay-card"
          title={p.sn}
          status={<StatusTag status={p.status} text={p.status_v} tones={PAY_TONES} />}
          actions={side === 'provider' ? <PayActions p={p} side={side} /> : null}
        >
          <div className={cm.muted13}>{`${amountTitle(side)} ${p.payAmount_v} · ${T.balance} ${p.balance_v}`}</div>
          <div className={cm.muted13}>{`${T.cashDate} ${p.cashDate} · ${T.settleSn} ${p.settle_sn}`}</div>
          <PayNote p={p} side={side} />
        </ChainCard>
      )}
    />
  );
}
