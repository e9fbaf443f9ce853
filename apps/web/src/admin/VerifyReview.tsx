import { useState, type ReactNode } from 'react';
import { Button, Card, Image, Input, Modal, Popconfirm, Space, Table, Tabs } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useUrlQuery } from '../ui/useUrlQuery';
import { verify as msg_verify } from '@jizu/shared/messages/verify';
import { fmt } from '@jizu/shared/messages/fmt';
import { REJECT_REASON_MAX } from '@jizu/shared/schemas/verify';
import type { TPage } from '@jizu/shared/errors';
import { api } from '../api/client';
import * as TxAccount from '../texts/account';
import * as TxAdmin from '../texts/admin';
import * as TxReview from '../texts/adminReview';
import { toast } from '../app/toast';
import { PageHeader } from '../ui/PageCard';
import { QueryState } from '../ui/QueryState';
import { StatusTag, type TTone } from '../ui/StatusTag';
import cm from '../ui/common.module.css';
import ac from './admin.module.css';
import { ExportButton } from '../ui/ExportButton';

const M = { verify: msg_verify } as const;

const TABS = [3, 1, 2];

export function Thumbs({ images }: { images: [string, string][] }) {
  return (
    <Image.PreviewGroup>
      <Space size={6} wrap>
        {images.map(([label, src]) => (
          <Image key={label} src={src} alt={label} title={label} width={52} height={34} className={ac.thumb} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/**
 * One more field of the reject dialog, drawn by the page that needs it (a seal's kind of return): its value is sent
 * in the reject body under `name`, and starts at `initial` each time the dialog opens.
 */
export interface TRejectExtra<V extends string | number = string | number> {
  name: string;
  initial: V;
  render: (value: V, onChange: (v: V) => void) => ReactNode;
}

/**
 * A review queue of the admin console: tabs 待审核 / 已通过 / 已驳回 and the page in the URL, approve with a
 * confirmation, reject with a required reason (the user is told both by a system message).
 */
export function ReviewQueue<R extends { id: number; status: number; reason: string }>({
  title,
  path,
  exportable,
  columns,
  expanded,
  tabs = TABS,
  tabLabel = (s) => TxReview.review.tabs[s],
  statusText = (s) => TxAccount.verifyStatus[s] ?? String(s),
  tones,
  rejectTitle = TxReview.review.rejectTitle,
  rejectLabel = TxReview.review.reject,
  rejectedText = M.verify.rejected,
  rejectExtra,
}: {
  title: string;
  path: string;
  /** the queue has an export (GET `${path}/export`): an 导出Excel button beside the title */
  exportable?: boolean;
  columns: TableColumnsType<R>;
  expanded?: (r: R) => ReactNode;
  /** the statuses shown as tabs: the first is the pending one (with the actions), the last the rejected one (with the reason) */
  tabs?: number[];
  tabLabel?: (status: number) => string;
  statusText?: (status: number) => string;
  tones?: Record<number, TTone>;
  rejectTitle?: string;
  /** the reject action's name (button and dialog) and its success toast, for queues that say 退回 rather than 驳回 */
  rejectLabel?: string;
  rejectedText?: string;
  rejectExtra?: TRejectExtra;
}) {
  const { params, update, int } = useUrlQuery();
  const pending = tabs[0];
  const status = tabs.includes(Number(params.get('status'))) ? Number(params.get('status')) : pending;
  const page = int('page', 1);
  const qc = useQueryClient();
  const [rejecting, setRejecting] = useState<R | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [extra, setExtra] = useState<string | number | undefined>(rejectExtra?.initial);
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: ['admin', path, { status, page }],
    queryFn: () => api.get<TPage<R>>(path, { status, page, size: 10 }, { noCompany: true, quiet: true }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin', path] });
  const go = (next: { status?: number; page?: number }) =>
    update({ status: next.status ?? status, page: next.page && next.page > 1 ? next.page : undefined });
  const approve = async (r: R) => {
    try {
      await api.post(`${path}/${r.id}/approve`, undefined, { noCompany: true });
      toast.success(M.verify.approved);
    } finally {
      await refresh();
    }
  };
  const reject = async () => {
    const text = reason.trim();
    if (!text) return setReasonError(M.verify.reasonRequired);
    if (text.length > REJECT_REASON_MAX) return setReasonError(fmt(M.verify.reasonTooLong, { n: REJECT_REASON_MAX }));
    setBusy(true);
    try {
      const body = rejectExtra ? { [rejectExtra.name]: extra ?? rejectExtra.initial, reason: text } : { reason: text };
      await api.post(`${path}/${rejecting!.id}/reject`, body, { noCompany: true });
      toast.success(rejectedText);
      setRejecting(null);
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const all: TableColumnsType<R> = [
    ...columns,
    {
      title: TxReview.review.colStatus,
      dataIndex: 'status',
      width: 90,
      render: (s: number) => <StatusTag status={s} text={statusText(s)} tones={tones} />,
    },
    ...(status === tabs[tabs.length - 1]
      ? [{ title: TxReview.review.colReason, dataIndex: 'reason', width: 200 }]
      : []),
    ...(status === pending
      ? [
          {
            title: TxReview.review.colAction,
            key: 'action',
            width: 150,
            fixed: 'right' as const,
            render: (_: unknown, r: R) => (
              <Space>
                <Popconfirm
                  title={TxReview.review.approveConfirm}
                  okText={TxReview.review.ok}
                  cancelText={TxReview.review.cancel}
                  onConfirm={() => approve(r)}
                >
                  <Button type="primary" size="small">
                    {TxReview.review.approve}
                  </Button>
                </Popconfirm>
                <Button
                  danger
                  size="small"
                  onClick={() => {
                    setRejecting(r);
                    setReason('');
                    setReasonError('');
                    setExtra(rejectExtra?.initial);
                  }}
                >
                  {rejectLabel}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <PageHeader
        title={title}
        extra={exportable && <ExportButton path={`${path}/export`} params={{ status }} noCompany />}
      />
      <Card>
        <Tabs
          activeKey={String(status)}
          onChange={(k) => go({ status: Number(k), page: 1 })}
          items={tabs.map((s) => ({ key: String(s), label: tabLabel(s) }))}
        />
        <QueryState query={q}>
          {(d) => (
            <Table<R>
              rowKey="id"
              size="middle"
              columns={all}
              dataSource={d.data}
              scroll={{ x: 'max-content' }}
              expandable={expanded ? { expandedRowRender: expanded } : undefined}
              pagination={{
                current: page,
                pageSize: 10,
                total: d.total,
                showSizeChanger: false,
                showTotal: (n) => fmt(TxAdmin.admin.total, { n }),
                onChange: (p) => go({ page: p }),
              }}
            />
          )}
        </QueryState>
      </Card>
      <Modal
        open={!!rejecting}
        title={rejectTitle}
        okText={rejectLabel}
        cancelText={TxReview.review.cancel}
        okButtonProps={{ danger: true, loading: busy }}
        onOk={() => void reject()}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        {rejectExtra && <div className={cm.mb12}>{rejectExtra.render(extra ?? rejectExtra.initial, setExtra)}</div>}
        <Input.TextArea
          aria-label={TxReview.review.reasonPlaceholder}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setReasonError('');
          }}
          placeholder={TxReview.review.reasonPlaceholder}
          maxLength={REJECT_REASON_MAX}
          showCount
          rows={4}
          status={reasonError ? 'error' : undefined}
          style={{ marginBottom: reasonError ? 0 : 20 }}
        />
        {reasonError && <div className={ac.reasonError}>{reasonError}</div>}
      </Modal>
    </>
  );
}
