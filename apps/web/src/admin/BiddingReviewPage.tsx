import { useState } from 'react';
import { Button, Descriptions, Drawer, Space, Table, Tabs, Timeline, type TableColumnsType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BIDDING_LIMITS, BIDDING_MACHINE } from '@jizu/shared/constants/bidding';
import { actionsOf } from '@jizu/shared/rules/machine';
import { bidding as msg_bidding, biddingActionText, biddingRules } from '@jizu/shared/messages/bidding';
import { biddingUi as T, watchUi as W } from '../texts/bidding';
import type { TPage } from '@jizu/shared/errors';
import type { TBiddingBase } from '@jizu/shared/schemas/biddingView';
import { api } from '../api/client';
import { toast } from '../app/toast';
import { RejectDialog } from './RejectDialog';
import { useIsMobile } from '../app/useIsMobile';
import { BIDDING_TONES } from '../features/bidding/biddingApi';
import { PageHeader } from '../ui/PageCard';
import { QueryState } from '../ui/QueryState';
import { StatusTag } from '../ui/StatusTag';
import { useUrlQuery } from '../ui/useUrlQuery';
import cm from '../ui/common.module.css';
import { biddingReviewTabs, reviewCols } from '../texts/adminReview';
import { ExportButton } from '../ui/ExportButton';

type TRow = {
  id: number;
  sn: string;
  name: string;
  company_name: string;
  classify_v: string;
  status: number;
  status_v: string;
  end_time: string;
  create_time: string;
  devices: string;
  reason: string;
};
type TDetail = TBiddingBase & { history: { id: number; action: string; reason: string; create_time: string }[] };
const opts = { noCompany: true } as const;
const TABS = biddingReviewTabs;

function Detail({ id }: { id: number }) {
  const mobile = useIsMobile();
  const q = useQuery({
    queryKey: ['admin', 'biddings', 'one', id],
    queryFn: () => api.get<TDetail>(`/admin/biddings/${id}`, undefined, { ...opts, quiet: true }),
  });
  return (
    <QueryState query={q}>
      {(d) => (
        <div className={cm.col16}>
          <Space wrap>
            <StatusTag status={d.status} text={d.status_v} tones={BIDDING_TONES} />
            {d.reason && <span className={cm.danger}>{d.reason}</span>}
          </Space>
          <Descriptions size="small" column={mobile ? 1 : 2} bordered>
            <Descriptions.Item label={W.sn}>{d.sn}</Descriptions.Item>
            <Descriptions.Item label={reviewCols.classify}>{d.classify_v}</Descriptions.Item>
            <Descriptions.Item label={W.tenant}>{d.company_v}</Descriptions.Item>
            <Descriptions.Item label={W.contact}>{`${d.contacts} ${d.tel}`}</Descriptions.Item>
            <Descriptions.Item label={W.deadline}>{d.end_time}</Descriptions.Item>
            <Descriptions.Item label={W.projectType}>{d.type_v}</Descriptions.Item>
            <Descriptions.Item
              label={W.siteAddress}
              span={mobile ? 1 : 2}
            >{`${d.region_v}${d.address}（${d.lng}, ${d.lat}）`}</Descriptions.Item>
            <Descriptions.Item label={W.overview} span={mobile ? 1 : 2}>
              {d.remark}
            </Descriptions.Item>
            <Descriptions.Item label={W.invoice}>{d.invoice_type_v}</Descriptions.Item>
            <Descriptions.Item label={W.assets}>{d.registered_assets_v}</Descriptions.Item>
            <Descriptions.Item label={W.other} span={mobile ? 1 : 2}>
              {d.other || W.none}
            </Descriptions.Item>
          </Descriptions>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={d.bidding_req_detail}
            columns={[
              { title: reviewCols.no, dataIndex: 'no' },
              {
                title: W.equipment,
                key: 'p',
                render: (_: unknown, l: TBiddingBase['bidding_req_detail'][number]) =>
                  `${l.eq_type_v}/${l.eq_product_v} ${l.model}`,
              },
              { title: reviewCols.eqNum, dataIndex: 'eq_num' },
              {
                title: W.quantity,
                key: 'n',
                render: (_: unknown, l: TBiddingBase['bidding_req_detail'][number]) => `${l.num}${l.num_unit_v}`,
              },
              { title: W.priceCap, dataIndex: 'limit_v' },
              { title: W.billing, dataIndex: 'payment_type_v' },
            ]}
          />
          <section>
            <h4>{T.history}</h4>
            <Timeline
              items={d.history.map((h) => ({
                content: `${h.create_time} ${biddingActionText[h.action] ?? h.action}${h.reason ? `：${h.reason}` : ''}`,
              }))}
            />
          </section>
        </div>
      )}
    </QueryState>
  );
}

/** /admin/biddings: the review queue of bidding projects (5 → 1 approved, 5 → 6 rejected with a reason). */
export default function BiddingReviewPage() {
  const { params, update, int } = useUrlQuery();
  const tab = TABS.some((t) => t.key === params.get('status')) ? (params.get('status') as string) : '5';
  const page = int('page', 1);
  const qc = useQueryClient();
  const [open, setOpen] = useState<TRow | null>(null);
  const [rejecting, setRejecting] = useState<TRow | null>(null);
  const q = useQuery({
    queryKey: ['admin', 'biddings', tab, page],
    queryFn: () => api.get<TPage<TRow>>('/admin/biddings', { status: tab, page, size: 10 }, opts),
    placeholderData: keepPreviousData,
  });
  const review = useMutation({
    mutationFn: (v: { id: number; action: 'approve' | 'reject'; reason?: string }) =>
      api.post(`/admin/biddings/${v.id}/review`, { action: v.action, reason: v.reason ?? '' }, opts),
    onSuccess: async () => {
      toast.success(msg_bidding.operated);
      setRejecting(null);
      setOpen(null);
      await qc.invalidateQueries({ queryKey: ['admin', 'biddings'] });
    },
  });
  const decide = (r: TRow) =>
    actionsOf(BIDDING_MACHINE, r, 'staff').includes('approve') && (
      <Space size={4}>
        <Button size="small" type="link" onClick={() => review.mutate({ id: r.id, action: 'approve' })}>
          {T.approve}
        </Button>
        <Button size="small" type="link" danger onClick={() => setRejecting(r)}>
          {T.reject}
        </Button>
      </Space>
    );
  const columns: TableColumnsType<TRow> = [
    { title: T.colName, key: 'name', render: (_: unknown, r) => <a onClick={() => setOpen(r)}>{r.name}</a> },
    { title: W.tenant, dataIndex: 'company_name' },
    { title: reviewCols.classify, dataIndex: 'classify_v', width: 90 },
    { title: T.colDevices, dataIndex: 'devices' },
    { title: T.colCreate, dataIndex: 'create_time', width: 160 },
    {
      title: T.colStatus,
      key: 'st',
      width: 100,
      render: (_: unknown, r) => <StatusTag status={r.status} text={r.status_v} tones={BIDDING_TONES} />,
    },
    {
      title: T.colAction,
      key: 'a',
      width: 140,
      render: (_: unknown, r) => (
        <Space size={4}>
          {decide(r)}
          <Button size="small" type="link" onClick={() => setOpen(r)}>
            {T.view}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <div>
      <PageHeader
        title={T.reviewTitle}
        extra={<ExportButton path="/admin/biddings/export" params={{ status: tab }} noCompany />}
      />
      <Tabs activeKey={tab} items={TABS} onChange={(k) => update({ status: k, page: undefined })} />
      <QueryState query={q}>
        {(d) => (
          <Table<TRow>
            rowKey="id"
            dataSource={d.data}
            columns={columns}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: page,
              pageSize: 10,
              total: d.total,
              onChange: (p) => update({ page: p > 1 ? String(p) : undefined }),
            }}
          />
        )}
      </QueryState>
      <Drawer
        title={open?.name}
        open={!!open}
        size={Math.min(880, window.innerWidth)}
        onClose={() => setOpen(null)}
        extra={open && decide(open)}
      >
        {open && <Detail id={open.id} />}
      </Drawer>
      <RejectDialog
        open={!!rejecting}
        title={T.reject}
        label={T.rejectReason}
        max={BIDDING_LIMITS.reviewReasonMax}
        requiredMsg={biddingRules.reviewReasonRequired}
        loading={review.isPending}
        onCancel={() => setRejecting(null)}
        onReject={(reason) => rejecting && review.mutate({ id: rejecting.id, action: 'reject', reason })}
      />
    </div>
  );
}
