import { useState } from 'react';
import {
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tabs,
  type TableColumnsType,
} from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { talk as msg_talk } from '@jizu/shared/messages/talk';
import { fmt } from '@jizu/shared/messages/fmt';
import { ZSuitRespond } from '@jizu/shared/schemas/talk';
import type { TInquiryRow, TSuitRow } from '@jizu/shared/schemas/talk';
import type { TPage } from '@jizu/shared/errors';
import { api } from '../api/client';
import * as TxAdmin from '../texts/admin';
import * as TxReview from '../texts/adminReview';
import { toast } from '../app/toast';
import { PageHeader } from '../ui/PageCard';
import { ExportButton } from '../ui/ExportButton';
import { QueryState } from '../ui/QueryState';
import { StatusTag } from '../ui/StatusTag';
import { inputProps, rulesOf } from '../ui/formRules';
import { useUrlQuery } from '../ui/useUrlQuery';
import { INQUIRY_TONES } from '../features/talk/InquiryList';
import { TT } from '../texts/talk';
import { AT } from '../texts/talkAdmin';
import cm from '../ui/common.module.css';
import { isInquiryOpen } from '@jizu/shared/constants/talk';
import ac from './admin.module.css';

const M = { talk: msg_talk } as const;

type TRow = TInquiryRow & { company_name: string; offers: TSuitRow[] };
const SIZE = 10;

function Expanded({ r }: { r: TRow }) {
  return (
    <div className={cm.grid12}>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} title={AT.suits.base}>
        <Descriptions.Item label={TT.col.address}>{r.address}</Descriptions.Item>
        <Descriptions.Item label={TT.col.schedule}>{r.schedule_progress}</Descriptions.Item>
        <Descriptions.Item label={TT.col.invoice}>{r.invoice_v}</Descriptions.Item>
        <Descriptions.Item label={TT.operator}>{r.machine_operator_v}</Descriptions.Item>
        <Descriptions.Item label={TT.payment}>{r.payment_method_v}</Descriptions.Item>
        <Descriptions.Item label={TT.phone}>{r.phone}</Descriptions.Item>
        <Descriptions.Item label={TT.remark}>{r.remark || TT.none}</Descriptions.Item>
      </Descriptions>
      <Table
        rowKey={(_, i) => String(i)}
        size="small"
        pagination={false}
        dataSource={r.equips}
        columns={[
          { title: TT.equipName, dataIndex: 'name' },
          { title: TT.equipModel, dataIndex: 'model' },
          { title: TT.equipCount, dataIndex: 'count' },
        ]}
      />
      <div>
        <strong>{AT.suits.offers}</strong>
        {r.offers.length === 0 ? (
          <div className={cm.tertiary}>{AT.suits.noOffers}</div>
        ) : (
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={r.offers}
            columns={[
              { title: TT.orderNo, dataIndex: 'order_no' },
              { title: TT.details, dataIndex: 'product_details' },
              { title: TT.price, dataIndex: 'price_v' },
              {
                title: TT.col.status,
                dataIndex: 'state_v',
                render: (v: string, o) => (
                  <StatusTag status={o.state} text={v} tones={{ 0: 'warning', 1: 'success' }} />
                ),
              },
              { title: TT.col.createTime, dataIndex: 'create_time' },
            ]}
          />
        )}
      </div>
    </div>
  );
}

/** 路桥套餐需求: the platform's package requests; staff add offers (the requester is told) and close requests. */
export default function SuitsPage() {
  const { params, update, int } = useUrlQuery();
  const status = params.get('status') === '1' ? 1 : 0;
  const page = int('page', 1);
  const qc = useQueryClient();
  const [responding, setResponding] = useState<TRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ product_details: string; price: number }>();
  const q = useQuery({
    queryKey: ['admin', 'suits', { status, page }],
    queryFn: () => api.get<TPage<TRow>>('/admin/suits', { status, page, size: SIZE }, { noCompany: true, quiet: true }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin', 'suits'] });
  const respond = async (v: { product_details: string; price: number }) => {
    setBusy(true);
    try {
      await api.post(`/admin/suits/${responding!.id}/respond`, v, { noCompany: true });
      toast.success(M.talk.responded);
      setResponding(null);
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const complete = async (r: TRow) => {
    await api.post(`/admin/suits/${r.id}/complete`, undefined, { noCompany: true });
    toast.success(M.talk.marked);
    await refresh();
  };
  const columns: TableColumnsType<TRow> = [
    { title: TT.col.sn, dataIndex: 'sn', width: 190 },
    { title: AT.suits.company, dataIndex: 'company_name', width: 220, ellipsis: true },
    {
      title: TT.col.equips,
      key: 'e',
      width: 220,
      render: (_: unknown, r) => r.equips.map((e) => `${e.name}×${e.count}`).join('，'),
    },
    { title: TT.col.address, key: 'addr', width: 140, render: (_: unknown, r) => `${r.f_province}${r.f_city}` },
    { title: TT.col.approach, dataIndex: 'approach_time', width: 110 },
    { title: TT.col.responses, dataIndex: 'responses', width: 70 },
    {
      title: TT.col.status,
      dataIndex: 'status',
      width: 90,
      render: (s: number, r) => <StatusTag status={s} text={r.status_v} tones={INQUIRY_TONES} />,
    },
    { title: TT.col.createTime, dataIndex: 'create_time', width: 170 },
    ...(isInquiryOpen({ status })
      ? [
          {
            title: TxReview.review.colAction,
            key: 'a',
            width: 170,
            fixed: 'right' as const,
            render: (_: unknown, r: TRow) => (
              <Space>
                <Button type="primary" size="small" onClick={() => setResponding(r)}>
                  {AT.suits.respond}
                </Button>
                <Popconfirm
                  title={AT.suits.completeConfirm}
                  okText={AT.suits.ok}
                  cancelText={TT.cancel}
                  onConfirm={() => complete(r)}
                >
                  <Button size="small">{AT.suits.complete}</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <PageHeader
        title={AT.suits.title}
        extra={<ExportButton path="/admin/suits/export" params={{ status }} noCompany />}
      />
      <Card>
        <Tabs
          activeKey={String(status)}
          onChange={(k) => update({ status: k === '1' ? 1 : undefined, page: undefined })}
          items={[0, 1].map((s) => ({ key: String(s), label: AT.suits.tabs[s] }))}
        />
        <QueryState query={q}>
          {(d) => (
            <Table<TRow>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={d.data}
              scroll={{ x: 'max-content' }}
              expandable={{ expandedRowRender: (r) => <Expanded r={r} /> }}
              pagination={{
                current: page,
                pageSize: SIZE,
                total: d.total,
                showSizeChanger: false,
                showTotal: (n) => fmt(TxAdmin.admin.total, { n }),
                onChange: (p) => update({ page: p > 1 ? p : undefined }),
              }}
            />
          )}
        </QueryState>
      </Card>
      <Modal
        open={!!responding}
        title={AT.suits.dialog}
        okText={AT.reports.submit}
        cancelText={TT.cancel}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setResponding(null)}
        destroyOnHidden
      >
        {responding && (
          <div className={cm.secondaryBelow}>
            {responding.sn} · {responding.company_name}
          </div>
        )}
        <Form form={form} layout="vertical" preserve={false} onFinish={(v) => void respond(v)}>
          <Form.Item name="product_details" label={AT.suits.details} rules={rulesOf(ZSuitRespond, 'product_details')}>
            <Input.TextArea
              rows={4}
              placeholder={AT.suits.detailsPh}
              {...inputProps(ZSuitRespond, 'product_details')}
            />
          </Form.Item>
          <Form.Item name="price" label={AT.suits.price} rules={rulesOf(ZSuitRespond, 'price')}>
            <InputNumber min={0.01} precision={2} className={ac.suitAmount} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
