import { useState } from 'react';
import { Button, Form, Input, Modal, Space, type TableColumnsType } from 'antd';
import { FileProtectOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { CONTRACT_LIMITS, CONTRACT_TABS } from '@jizu/shared/constants/contract';
import { contract as msg, contractUi as T } from '@jizu/shared/messages/contract';
import { fmt } from '@jizu/shared/messages/fmt';
import { ZContractSign, type TContractRow } from '@jizu/shared/schemas/contract';
import type { TOrderDetail } from '@jizu/shared/schemas/order';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { ConfirmByTypingDialog } from '../../ui/ConfirmByTypingDialog';
import { inputProps, rulesOf } from '../../ui/formRules';
import { PageCard } from '../../ui/PageCard';
import { PAGE_SIZE_OPTIONS, PagedList } from '../../ui/PagedList';
import { QueryState } from '../../ui/QueryState';
import { SmsCodeButton } from '../../ui/SmsCodeButton';
import { StateView } from '../../ui/StateView';
import { StatusTag, type TTone } from '../../ui/StatusTag';
import { TabBar } from '../../ui/TabBar';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { SIDE, orderKey, type TSide } from '../order/orderApi';

type TPageData = { data: TContractRow[]; total: number; sign_num: number; unsign_num: number };
const TONES: Record<number, TTone> = { 0: 'processing', 1: 'success', 2: 'default' };
const key = [...orderKey, 'contract'] as const;

/** The provider's signing dialog: a code sent to its administrator's phone (60 s between sends), then 签署. */
function SignDialog({ c, onClose }: { c: TContractRow; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<{ code: string }>();
  const [to, setTo] = useState('');
  const sign = useMutation({
    mutationFn: (code: string) => api.post('/ep/ct_sign', { order_id: c.order_id, id: c.id, code }),
    onSuccess: () => {
      toast.success(msg.signed);
      void qc.invalidateQueries({ queryKey: orderKey });
      onClose();
    },
  });
  return (
    <Modal title={T.signTitle} open width={500} onCancel={onClose} okText={T.sign} okButtonProps={{ loading: sign.isPending }} destroyOnHidden onOk={() => form.validateFields().then((v) => sign.mutate(v.code))}>
      <p>
        {c.sn} · {c.name}
      </p>
      {to && <p style={{ color: 'rgba(0,0,0,.55)' }}>{fmt(msg.smsTo, { phone: to })}</p>}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label={T.code} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={rulesOf(ZContractSign, 'code')}>
              <Input placeholder={T.codePh} inputMode="numeric" {...inputProps(ZContractSign, 'code')} />
            </Form.Item>
            <SmsCodeButton
              getPhone={() => 'admin'}
              send={async () => {
                const r = await api.post<{ resend_in: number; phone: string }>('/ep/ct_sendmsg', { order_id: c.order_id, id: c.id });
                setTo(r.phone);
                return r;
              }}
            />
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Actions({ c, side }: { c: TContractRow; side: TSide }) {
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<'sign' | 'void' | null>(null);
  return (
    <Space size={4} wrap>
      <Button size="small" type="link" href={c.view_url} target="_blank">
        {T.view}
      </Button>
      <Button size="small" type="link" href={c.download_url}>
        {T.download}
      </Button>
      {side === 'provider' && c.actions.includes('sign') && (
        <Button size="small" type="link" onClick={() => setDialog('sign')}>
          {T.sign}
        </Button>
      )}
      {side === 'tenant' && c.actions.includes('void') && (
        <Button size="small" type="link" danger onClick={() => setDialog('void')}>
          {T.void}
        </Button>
      )}
      {dialog === 'sign' && <SignDialog c={c} onClose={() => setDialog(null)} />}
      {dialog === 'void' && (
        <ConfirmByTypingDialog
          title={T.voidTitle}
          description={msg.voidAsk}
          confirmText={CONTRACT_LIMITS.voidWord}
          okText={T.void}
          onCancel={() => setDialog(null)}
          onConfirm={async () => {
            await api.post('/rent/contract/cancel', { order_id: c.order_id, id: c.id, confirm: CONTRACT_LIMITS.voidWord });
            toast.success(msg.voided);
            setDialog(null);
            await qc.invalidateQueries({ queryKey: orderKey });
          }}
        />
      )}
    </Space>
  );
}

/** /rent/order/contract/{id} and /rent-order/contract/{id}: an order's contracts by status, with each side's actions. */
export default function ContractListPage() {
  const orderId = Number(useParams().id);
  const side: TSide = useLocation().pathname.startsWith('/rent-order') ? 'provider' : 'tenant';
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const { params, update, int } = useUrlQuery();
  const tab = CONTRACT_TABS.some((t) => String(t.status) === params.get('status')) ? (params.get('status') as string) : '-1';
  const page = int('page', 1);
  const size = PAGE_SIZE_OPTIONS.includes(int('size', 5)) ? int('size', 5) : 5;
  const order = useQuery({ queryKey: [...orderKey, side, 'detail', orderId], queryFn: () => api.get<TOrderDetail>(SIDE[side].detail, { id: orderId }), enabled: orderId > 0 });
  const q = useQuery({
    queryKey: [...key, side, orderId, { tab, page, size }],
    queryFn: () => api.get<TPageData>(side === 'tenant' ? '/rent/contract/lst' : '/ep/contract', { id: orderId, status: tab, page, size }, { quiet: true }),
    placeholderData: keepPreviousData,
    enabled: orderId > 0,
  });
  const columns: TableColumnsType<TContractRow> = [
    { title: T.colSn, dataIndex: 'sn', width: 160 },
    { title: T.colName, key: 'n', width: 220, render: (_: unknown, c) => <div><div>{c.name}</div><div style={{ color: 'rgba(0,0,0,.45)', fontSize: 12 }}>{c.affirm_v.join('；')}</div></div> },
    { title: T.colDate, dataIndex: 'date', width: 110 },
    { title: T.colSubmit, dataIndex: 'create_time_v', width: 160 },
    { title: T.colStatus, key: 's', width: 90, render: (_: unknown, c) => <StatusTag status={c.status} text={c.status_v} tones={TONES} /> },
    { title: T.colAction, key: 'a', width: 200, fixed: 'right', render: (_: unknown, c) => <Actions c={c} side={side} /> },
  ];
  return (
    <PageCard
      title={order.data ? `${T.title} · ${order.data.project_name}` : T.title}
      extra={
        <Space wrap>
          <Button onClick={() => navigate(`${SIDE[side].base}/watch/${orderId}`)}>{T.back}</Button>
          {side === 'tenant' && order.data?.status === 2 && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/rent/order/contract-add/${orderId}`)}>
              {T.add}
            </Button>
          )}
        </Space>
      }
    >
      <TabBar items={CONTRACT_TABS.map((t) => ({ key: String(t.status), label: t.label }))} active={tab} onChange={(k) => update({ status: k === '-1' ? undefined : k, page: undefined })} />
      {q.data && <p style={{ color: 'rgba(0,0,0,.55)', margin: '12px 0' }}>{fmt(T.counts, { sign: q.data.sign_num, unsign: q.data.unsign_num })}</p>}
      <QueryState query={q} isEmpty={(d) => d.total === 0 && page === 1} empty={<StateView icon={<FileProtectOutlined style={{ fontSize: 48, color: '#1f6feb' }} />} title={T.empty} />}>
        {(d) => (
          <PagedList<TContractRow>
            data={d.data}
            total={d.total}
            page={page}
            size={size}
            mobile={mobile}
            columns={columns}
            card={(c) => (
              <div data-testid="contract-card" style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12 }}>
                <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                  <div style={{ fontWeight: 600 }}>{c.name}</div>
                  <StatusTag status={c.status} text={c.status_v} tones={TONES} />
                </div>
                <div style={{ color: 'rgba(0,0,0,.55)', fontSize: 13 }}>
                  {c.sn} · {c.date}
                </div>
                <div style={{ color: 'rgba(0,0,0,.45)', fontSize: 12 }}>{c.affirm_v.join('；')}</div>
                <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
                  <Actions c={c} side={side} />
                </div>
              </div>
            )}
            onPage={(p, s) => update({ page: s !== size ? undefined : p > 1 ? p : undefined, size: s === 5 ? undefined : s })}
          />
        )}
      </QueryState>
    </PageCard>
  );
}
