import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Rate, Table, Tabs, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { fmt } from '@jizu/shared/messages/fmt';
import { review as msg } from '@jizu/shared/messages/review';
import { REVIEW_LIMITS, REVIEW_STATUS, isReviewShown } from '@jizu/shared/constants/review';
import { ZReviewHide, type TAdminReviewRow } from '@jizu/shared/schemas/review';
import type { TPage } from '@jizu/shared/errors';
import { api } from '../api/client';
import * as TxAdmin from '../texts/admin';
import { RVT } from '../texts/review';
import { toast } from '../app/toast';
import { PageHeader } from '../ui/PageCard';
import { ExportButton } from '../ui/ExportButton';
import { QueryState } from '../ui/QueryState';
import { StatusTag } from '../ui/StatusTag';
import { inputProps, rulesOf } from '../ui/formRules';
import { useUrlQuery } from '../ui/useUrlQuery';
import cm from '../ui/common.module.css';
import rs from '../features/review/review.module.css';

const T = RVT.admin;
const TABS = [-1, REVIEW_STATUS.shown, REVIEW_STATUS.hidden];
const SIZE = REVIEW_LIMITS.adminPage;

/** 订单评价: every review after an order, newest first; staff hide one with a reason, which its author is told. */
export default function ReviewsPage() {
  const { params, update, int } = useUrlQuery();
  const status = TABS.includes(Number(params.get('status') ?? -1)) ? Number(params.get('status') ?? -1) : -1;
  const page = int('page', 1);
  const qc = useQueryClient();
  const [hiding, setHiding] = useState<TAdminReviewRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const q = useQuery({
    queryKey: ['admin', 'reviews', { status, page }],
    queryFn: () =>
      api.get<TPage<TAdminReviewRow>>('/admin/reviews', { status, page, size: SIZE }, { noCompany: true, quiet: true }),
    placeholderData: keepPreviousData,
  });
  const submit = async (v: { reason: string }) => {
    setBusy(true);
    try {
      await api.post(`/admin/reviews/${hiding!.id}/hide`, v, { noCompany: true });
      toast.success(msg.hidden);
      setHiding(null);
    } finally {
      setBusy(false);
      await qc.invalidateQueries({ queryKey: ['admin', 'reviews'] });
    }
  };
  const columns: TableColumnsType<TAdminReviewRow> = [
    { title: T.order, dataIndex: 'order_sn', width: 190 },
    { title: T.side, dataIndex: 'side', width: 130, render: (v: number) => T.sides[v] },
    { title: T.author, dataIndex: 'author', width: 180 },
    { title: T.target, dataIndex: 'target', width: 180 },
    {
      title: T.scores,
      key: 'scores',
      width: 220,
      render: (_: unknown, r) =>
        r.scores.map((c) => (
          <div key={c.key} className={rs.score}>
            <span>{c.label}</span>
            <Rate disabled value={c.score} className={rs.rateSmall} />
          </div>
        )),
    },
    { title: T.content, dataIndex: 'content', width: 260, render: (v: string) => v || RVT.noText },
    { title: T.time, dataIndex: 'create_time', width: 170 },
    {
      title: T.status,
      key: 'status',
      width: 110,
      render: (_: unknown, r) => (
        <>
          <StatusTag tone={isReviewShown(r) ? 'success' : 'default'} text={r.status_v} />
          <div className={cm.hint}>{r.published ? T.published : T.unpublished}</div>
        </>
      ),
    },
    { title: T.reason, dataIndex: 'hide_reason', width: 180 },
    {
      title: T.action,
      key: 'a',
      width: 90,
      fixed: 'right' as const,
      render: (_: unknown, r) =>
        isReviewShown(r) ? (
          <Button size="small" danger onClick={() => setHiding(r)} data-testid="review-hide">
            {T.hide}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <PageHeader title={T.title} extra={<ExportButton path="/admin/reviews/export" params={{ status }} noCompany />} />
      <Card>
        <Tabs
          activeKey={String(status)}
          onChange={(k) => update({ status: k === '-1' ? undefined : k, page: undefined })}
          items={TABS.map((s) => ({ key: String(s), label: T.tabs[String(s)] }))}
        />
        <QueryState query={q}>
          {(d) => (
            <Table<TAdminReviewRow>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={d.data}
              scroll={{ x: 'max-content' }}
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
        open={!!hiding}
        title={T.hideTitle}
        okText={T.ok}
        cancelText={RVT.cancel}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setHiding(null)}
        destroyOnHidden
      >
        {hiding && (
          <div className={cm.secondaryBelow}>
            {hiding.author} → {hiding.target}：{hiding.content || RVT.noText}
          </div>
        )}
        <Form form={form} layout="vertical" preserve={false} onFinish={(v) => void submit(v)}>
          <Form.Item name="reason" label={T.hideReason} rules={rulesOf(ZReviewHide, 'reason')}>
            <Input.TextArea rows={3} placeholder={T.hideReasonPh} {...inputProps(ZReviewHide, 'reason')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
