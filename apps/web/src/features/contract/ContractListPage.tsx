import { useState } from 'react';
import { Button, Space } from 'antd';
import { FileProtectOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONTRACT_LIMITS, CONTRACT_TABS } from '@jizu/shared/constants/contract';
import { contract as msg } from '@jizu/shared/messages/contract';
import { contractUi as T } from '../../texts/contract';
import { fmt } from '@jizu/shared/messages/fmt';
import { ZContractSign, type TContractRow } from '@jizu/shared/schemas/contract';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { ConfirmByTypingDialog } from '../../ui/ConfirmByTypingDialog';
import { AdminCodeDialog } from '../../ui/AdminCodeDialog';
import { StatusTag, type TTone } from '../../ui/StatusTag';
import { orderKey, type TSide } from '../order/orderApi';
import { ChainCard, OrderChainList } from '../order/OrderChainList';
import cm from '../../ui/common.module.css';
import css from './contract.module.css';

type TPageData = { data: TContractRow[]; total: number; sign_num: number; unsign_num: number };
const TONES: Record<number, TTone> = { 0: 'processing', 1: 'success', 2: 'default' };

/** The provider's signing dialog: a code sent to its administrator's phone (60 s between sends), then 签署. */
function SignDialog({ c, onClose }: { c: TContractRow; onClose: () => void }) {
  const qc = useQueryClient();
  const sign = useMutation({
    mutationFn: (code: string) => api.post('/ep/ct_sign', { order_id: c.order_id, id: c.id, code }),
    onSuccess: () => {
      toast.success(msg.signed);
      void qc.invalidateQueries({ queryKey: orderKey });
      onClose();
    },
  });
  return (
    <AdminCodeDialog
      title={T.signTitle}
      okText={T.sign}
      intro={
        <p>
          {c.sn} · {c.name}
        </p>
      }
      codeLabel={T.code}
      codePlaceholder={T.codePh}
      sentTo={msg.smsTo}
      schema={ZContractSign}
      send={{ path: '/ep/ct_sendmsg', body: { order_id: c.order_id, id: c.id } }}
      pending={sign.isPending}
      onSign={(code) => sign.mutate(code)}
      onClose={onClose}
    />
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
            await api.post('/rent/contract/cancel', {
              order_id: c.order_id,
              id: c.id,
              confirm: CONTRACT_LIMITS.voidWord,
            });
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
  return (
    <OrderChainList<TContractRow, TPageData>
      area="contract"
      title={T.title}
      tabs={CONTRACT_TABS}
      list={{ tenant: '/rent/contract/lst', provider: '/ep/contract' }}
      exported={{ tenant: '/rent/contract/export', provider: '/ep/contract/export' }}
      add={{ who: 'tenant', label: T.add, to: (id) => `/rent/order/contract-add/${id}` }}
      above={(_side, _id, d) =>
        d && <p className={css.counts}>{fmt(T.counts, { sign: d.sign_num, unsign: d.unsign_num })}</p>
      }
      empty={{ icon: <FileProtectOutlined className={css.emptyIcon} />, title: T.empty }}
      columns={(side) => [
        { title: T.colSn, dataIndex: 'sn', width: 160 },
        {
          title: T.colName,
          key: 'n',
          width: 220,
          render: (_: unknown, c) => (
            <div>
              <div>{c.name}</div>
              <div className={cm.hint}>{c.affirm_v.join('；')}</div>
            </div>
          ),
        },
        { title: T.colDate, dataIndex: 'date', width: 110 },
        { title: T.colSubmit, dataIndex: 'create_time_v', width: 160 },
        {
          title: T.colStatus,
          key: 's',
          width: 90,
          render: (_: unknown, c) => <StatusTag status={c.status} text={c.status_v} tones={TONES} />,
        },
        {
          title: T.colAction,
          key: 'a',
          width: 200,
          fixed: 'right',
          render: (_: unknown, c) => <Actions c={c} side={side} />,
        },
      ]}
      card={(c, side) => (
        <ChainCard
          testId="contract-card"
          title={c.name}
          status={<StatusTag status={c.status} text={c.status_v} tones={TONES} />}
          actions={<Actions c={c} side={side} />}
        >
          <div className={css.sub}>
            {c.sn} · {c.date}
          </div>
          <div className={cm.hint}>{c.affirm_v.join('；')}</div>
        </ChainCard>
      )}
    />
  );
}
