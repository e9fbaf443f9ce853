import { useState } from 'react';
import { Button, Descriptions, Modal, Radio, Space, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { common as msg_common } from '@jizu/shared/messages/common';
import type { TInvoiceAddress, TInvoiceProfile } from '@jizu/shared/schemas/invoice';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { IVT } from '../../texts/invoiceView';
import cm from '../../ui/common.module.css';
import css from './InvoiceViewPage.module.css';

const M = { common: msg_common } as const;

const profileKey = ['company', 'invoice', 'profile'] as const;
const addrKey = ['company', 'invoice', 'addresses'] as const;

/** Choose another saved address as the default recipient (the invoice module's setDefaultAddr). */
function ChangeRecipient({ list, onClose }: { list: TInvoiceAddress[]; onClose: () => void }) {
  const qc = useQueryClient();
  const [id, setId] = useState(list.find((a) => a.is_default)?.id);
  const save = useMutation({
    mutationFn: () => api.post('/company/invoice/setDefaultAddr', { id }),
    onSuccess: async () => {
      toast.success(M.common.saved);
      await qc.invalidateQueries({ queryKey: addrKey });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={IVT.choose}
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      okButtonProps={{ disabled: !id }}
    >
      <Radio.Group value={id} onChange={(e) => setId(e.target.value as number)} className={css.choices}>
        {list.map((a) => (
          <Radio key={a.id} value={a.id}>
            <strong>{a.name}</strong> {a.phone} {a.is_default ? <Tag color="blue">{IVT.isDefault}</Tag> : null}
            <div className={cm.muted}>{`${a.province_v}${a.city_v}${a.area_v} ${a.address}`}</div>
          </Radio>
        ))}
      </Radio.Group>
    </Modal>
  );
}

/**
 * /dashboard/invoice (spec/1 §2 "Invoice info and mailing info page"): the company's invoice details, read-only, and
 * the default recipient with a button to change it. The history lists real invoice records: none exist until the
 * settlements issue brings invoicing, so the table shows its empty state.
 */
export default function InvoiceViewPage() {
  const navigate = useNavigate();
  const [changing, setChanging] = useState(false);
  const profile = useQuery({ queryKey: profileKey, queryFn: () => api.get<TInvoiceProfile>('/company/invoice/index') });
  const addrs = useQuery({ queryKey: addrKey, queryFn: () => api.get<TInvoiceAddress[]>('/company/invoice/addrlst') });
  const recipient = addrs.data?.find((a) => a.is_default) ?? addrs.data?.[0];
  return (
    <>
      <PageCard title={IVT.invoice} extra={<Button onClick={() => navigate('/company/invoice')}>{IVT.edit}</Button>}>
        <QueryState query={profile}>
          {(p) => (
            <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="invoice-profile">
              <Descriptions.Item label={IVT.type}>{p.type_v}</Descriptions.Item>
              <Descriptions.Item label={IVT.name}>{p.name}</Descriptions.Item>
              <Descriptions.Item label={IVT.no}>{p.no || IVT.none}</Descriptions.Item>
              <Descriptions.Item label={IVT.address}>{p.address || IVT.none}</Descriptions.Item>
              <Descriptions.Item label={IVT.telphone}>{p.telphone || IVT.none}</Descriptions.Item>
              <Descriptions.Item label={IVT.bank}>{p.bank || IVT.none}</Descriptions.Item>
              <Descriptions.Item label={IVT.bankNo}>{p.bank_no || IVT.none}</Descriptions.Item>
            </Descriptions>
          )}
        </QueryState>
      </PageCard>
      <PageCard
        title={IVT.mail}
        extra={
          <Space>
            {!!addrs.data?.length && addrs.data.length > 1 && (
              <Button onClick={() => setChanging(true)}>{IVT.change}</Button>
            )}
            <Button onClick={() => navigate('/company/invoice')}>{IVT.addAddress}</Button>
          </Space>
        }
      >
        <QueryState
          query={addrs}
          isEmpty={(d) => d.length === 0}
          empty={
            <StateView
              kind="empty"
              title={IVT.noAddress}
              extra={
                <Button type="primary" onClick={() => navigate('/company/invoice')}>
                  {IVT.addAddress}
                </Button>
              }
            />
          }
        >
          {() =>
            recipient && (
              <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="invoice-recipient">
                <Descriptions.Item label={IVT.recipient}>{recipient.name}</Descriptions.Item>
                <Descriptions.Item label={IVT.phone}>{recipient.phone}</Descriptions.Item>
                <Descriptions.Item
                  label={IVT.region}
                >{`${recipient.province_v} ${recipient.city_v} ${recipient.area_v}`}</Descriptions.Item>
                <Descriptions.Item label={IVT.detail}>{recipient.address}</Descriptions.Item>
                <Descriptions.Item label={IVT.remark}>{recipient.remark || IVT.none}</Descriptions.Item>
              </Descriptions>
            )
          }
        </QueryState>
      </PageCard>
      <PageCard title={IVT.history}>
        <Table
          rowKey="id"
          size="middle"
          scroll={{ x: 720 }}
          dataSource={[]}
          locale={{ emptyText: <StateView kind="empty" title={IVT.historyEmpty} /> }}
          columns={[
            { title: IVT.cols.sn, dataIndex: 'sn' },
            { title: IVT.cols.order, dataIndex: 'order_sn' },
            { title: IVT.cols.amount, dataIndex: 'amount_v', align: 'right' },
            { title: IVT.cols.type, dataIndex: 'type_v' },
            { title: IVT.cols.status, dataIndex: 'status_v' },
            { title: IVT.cols.time, dataIndex: 'create_time' },
          ]}
        />
      </PageCard>
      {changing && addrs.data && <ChangeRecipient list={addrs.data} onClose={() => setChanging(false)} />}
    </>
  );
}
