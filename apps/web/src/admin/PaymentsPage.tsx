import { useState } from 'react';
import { Card, Descriptions, Drawer, Input, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useUrlQuery } from '../ui/useUrlQuery';
import {
  NOTIFY_RESULT_LABEL,
  PAY_KINDS,
  PAY_KIND_LABEL,
  PAY_STATES,
  PAY_STATE_LABEL,
  PAY_TYPE_LABEL,
} from '@jizu/shared/constants/payment';
import type { TPage } from '@jizu/shared/errors';
import type { TAdminPaymentDetail, TAdminPaymentRow } from '@jizu/shared/schemas/payment';
import { api } from '../api/client';
import { PageHeader } from '../ui/PageCard';
import { ExportButton } from '../ui/ExportButton';
import { QueryState } from '../ui/QueryState';
import { PT } from '../texts/payment';
import ac from './admin.module.css';

const A = PT.admin;
const STATE_COLOR: Record<string, string> = { WAITING: 'processing', SUCCESS: 'success', CLOSED: 'default' };

function Detail({ sn, onClose }: { sn: string; onClose: () => void }) {
  const q = useQuery({
    queryKey: ['admin', 'payment', sn],
    queryFn: () => api.get<TAdminPaymentDetail>(`/admin/payments/${sn}`, undefined, { noCompany: true }),
  });
  return (
    <Drawer open title={sn} size="large" onClose={onClose}>
      <QueryState query={q}>
        {(d) => (
          <>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={A.subject}>{d.order.subject}</Descriptions.Item>
              <Descriptions.Item label={A.phone}>{d.order.phone}</Descriptions.Item>
              <Descriptions.Item label={PT.amount}>¥{d.order.amount_v}</Descriptions.Item>
              <Descriptions.Item label={A.state}>
                <Tag color={STATE_COLOR[d.order.state]}>{PAY_STATE_LABEL[d.order.state]}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={A.created}>{d.order.created_at}</Descriptions.Item>
              <Descriptions.Item label={A.paid}>{d.order.paid_at ?? '—'}</Descriptions.Item>
            </Descriptions>
            <h4 className={ac.subTitle}>{A.attempts}</h4>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={d.attempts}
              columns={[
                { title: A.no, dataIndex: 'no' },
                { title: A.channel, dataIndex: 'channel', width: 80 },
                { title: A.payType, dataIndex: 'pay_type', width: 80 },
                { title: A.time, dataIndex: 'created_at', width: 160 },
              ]}
              scroll={{ x: 560 }}
            />
            <h4 className={ac.subTitle}>{A.notifies}</h4>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={d.notifies}
              scroll={{ x: 560 }}
              columns={[
                {
                  title: A.result,
                  dataIndex: 'result',
                  width: 150,
                  render: (r: string) => (
                    <Tag color={r === 'booked' ? 'success' : r === 'duplicate' || r === 'late' ? 'default' : 'error'}>
                      {NOTIFY_RESULT_LABEL[r] ?? r}
                    </Tag>
                  ),
                },
                { title: A.signOk, dataIndex: 'sign_ok', width: 60, render: (v: boolean) => (v ? '✓' : '✗') },
                { title: A.time, dataIndex: 'created_at', width: 160 },
                { title: A.body, dataIndex: 'body', ellipsis: true },
              ]}
            />
          </>
        )}
      </QueryState>
    </Drawer>
  );
}

/** Payment orders with their channel attempts and notify log; filters and page live in the URL query. */
export default function PaymentsPage() {
  const { params, update, int } = useUrlQuery();
  const page = int('page', 1);
  const size = int('size', 20);
  const state = params.get('state') ?? '';
  const kind = params.get('kind') ?? '';
  const phone = params.get('phone') ?? '';
  const orderSn = params.get('order_sn') ?? '';
  const [open, setOpen] = useState<string | null>(null);
  const q = useQuery({
    queryKey: ['admin', 'payments', { page, size, state, kind, phone, orderSn }],
    queryFn: () =>
      api.get<TPage<TAdminPaymentRow>>(
        '/admin/payments',
        { page, size, state, kind, phone, order_sn: orderSn },
        { noCompany: true, quiet: true },
      ),
    placeholderData: keepPreviousData,
  });
  const cols: TableColumnsType<TAdminPaymentRow> = [
    {
      title: A.orderSn,
      dataIndex: 'order_sn',
      width: 210,
      render: (sn: string) => <a onClick={() => setOpen(sn)}>{sn}</a>,
    },
    { title: A.kind, dataIndex: 'kind', width: 100, render: (k: keyof typeof PAY_KIND_LABEL) => PAY_KIND_LABEL[k] },
    { title: A.subject, dataIndex: 'subject', ellipsis: true },
    { title: A.phone, dataIndex: 'phone', width: 120 },
    { title: PT.amount, dataIndex: 'amount_v', width: 110, align: 'right' },
    {
      title: A.payType,
      dataIndex: 'pay_type',
      width: 110,
      render: (t: keyof typeof PAY_TYPE_LABEL) => PAY_TYPE_LABEL[t],
    },
    {
      title: A.state,
      dataIndex: 'state',
      width: 90,
      render: (s: keyof typeof PAY_STATE_LABEL) => <Tag color={STATE_COLOR[s]}>{PAY_STATE_LABEL[s]}</Tag>,
    },
    { title: A.created, dataIndex: 'created_at', width: 170 },
    { title: A.paid, dataIndex: 'paid_at', width: 170, render: (v: string | null) => v ?? '—' },
  ];
  return (
    <>
      <PageHeader
        title={A.payments}
        extra={
          <Space wrap>
            <Select
              className={ac.stateSelect}
              value={state}
              onChange={(v) => update({ state: v, page: undefined })}
              options={[
                { value: '', label: A.all },
                ...PAY_STATES.map((s) => ({ value: s, label: PAY_STATE_LABEL[s] })),
              ]}
            />
            <Select
              className={ac.kindSelect}
              value={kind}
              onChange={(v) => update({ kind: v, page: undefined })}
              options={[{ value: '', label: A.all }, ...PAY_KINDS.map((k) => ({ value: k, label: PAY_KIND_LABEL[k] }))]}
            />
            <Input.Search
              key={`sn-${orderSn}`}
              defaultValue={orderSn}
              allowClear
              placeholder={A.orderSn}
              aria-label={A.orderSn}
              maxLength={40}
              enterButton={A.search}
              onSearch={(v) => update({ order_sn: v.trim(), page: undefined })}
              className={ac.orderSearch}
            />
            <Input.Search
              key={`phone-${phone}`}
              defaultValue={phone}
              allowClear
              placeholder={A.phone}
              aria-label={A.phone}
              maxLength={11}
              enterButton={A.search}
              onSearch={(v) => update({ phone: v.trim(), page: undefined })}
              className={ac.phoneSearch}
            />
            <ExportButton path="/admin/payments/export" params={{ state, kind, phone, order_sn: orderSn }} noCompany />
          </Space>
        }
      />
      <Card variant="borderless">
        <QueryState query={q}>
          {(d) => (
            <Table<TAdminPaymentRow>
              rowKey="id"
              columns={cols}
              dataSource={d.data}
              loading={q.isFetching}
              scroll={{ x: 1100 }}
              pagination={{
                current: page,
                pageSize: size,
                total: d.total,
                showSizeChanger: true,
                onChange: (p, s) => update({ page: p, size: s }),
              }}
            />
          )}
        </QueryState>
      </Card>
      {open && <Detail sn={open} onClose={() => setOpen(null)} />}
    </>
  );
}
