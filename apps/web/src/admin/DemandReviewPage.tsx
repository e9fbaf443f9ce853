import { useState } from 'react';
import { Button, Space, Table, Tabs, type TableColumnsType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEMAND_LIMITS, DEMAND_MACHINE } from '@jizu/shared/constants/demand';
import { actionsOf } from '@jizu/shared/rules/machine';
import { demand as msg_demand, demandRules } from '@jizu/shared/messages/demand';
import { demandUi as T } from '../texts/demand';
import type { TPage } from '@jizu/shared/errors';
import type { TDemandRow } from '@jizu/shared/schemas/demand';
import { api } from '../api/client';
import { toast } from '../app/toast';
import { RejectDialog } from './RejectDialog';
import { DEMAND_TONES } from '../features/demand/demandApi';
import { PageHeader } from '../ui/PageCard';
import { QueryState } from '../ui/QueryState';
import { StatusTag } from '../ui/StatusTag';
import { useUrlQuery } from '../ui/useUrlQuery';
import { demandReviewTabs, reviewCols } from '../texts/adminReview';
import { fmt } from '@jizu/shared/messages/fmt';
import { ExportButton } from '../ui/ExportButton';

type TRow = TDemandRow & { company_name: string; contacts: string; tel: string };
const opts = { noCompany: true } as const;
const TABS = demandReviewTabs;

/** /admin/demands: the review queue of quick demands (0 → 2 passed, 0 → 1 rejected with a reason). */
export default function DemandReviewPage() {
  const { params, update, int } = useUrlQuery();
  const tab = TABS.some((t) => t.key === params.get('state')) ? (params.get('state') as string) : '0';
  const page = int('page', 1);
  const qc = useQueryClient();
  const [rejecting, setRejecting] = useState<TRow | null>(null);
  const q = useQuery({
    queryKey: ['admin', 'demands', tab, page],
    queryFn: () => api.get<TPage<TRow>>('/admin/demands', { state: tab, page, size: 10 }, opts),
    placeholderData: keepPreviousData,
  });
  const review = useMutation({
    mutationFn: (v: { id: number; action: 'approve' | 'reject'; reason?: string }) =>
      api.post(`/admin/demands/${v.id}/review`, { action: v.action, reason: v.reason ?? '' }, opts),
    onSuccess: async () => {
      toast.success(msg_demand.operated);
      setRejecting(null);
      await qc.invalidateQueries({ queryKey: ['admin', 'demands'] });
    },
  });
  const columns: TableColumnsType<TRow> = [
    {
      title: T.colDevice,
      key: 'd',
      render: (_: unknown, r) =>
        fmt(reviewCols.demandDevice, { label: r.label, name: r.eq_name, num: r.num, time: r.time }),
    },
    { title: reviewCols.demandRemark, dataIndex: 'remark', width: 260 },
    { title: T.colAddress, key: 'a', render: (_: unknown, r) => `${r.region_v}${r.address}` },
    {
      title: reviewCols.publisher,
      key: 'c',
      render: (_: unknown, r) =>
        fmt(reviewCols.publisherContact, { company: r.company_name, contacts: r.contacts, tel: r.tel }),
    },
    {
      title: T.colState,
      key: 's',
      render: (_: unknown, r) => <StatusTag status={r.state} text={r.state_v} tones={DEMAND_TONES} />,
    },
    {
      title: T.colAction,
      key: 'op',
      width: 130,
      render: (_: unknown, r) =>
        actionsOf(DEMAND_MACHINE, { status: r.state }, 'staff').includes('approve') && (
          <Space size={4}>
            <Button size="small" type="link" onClick={() => review.mutate({ id: r.id, action: 'approve' })}>
              {T.approve}
            </Button>
            <Button size="small" type="link" danger onClick={() => setRejecting(r)}>
              {T.reject}
            </Button>
          </Space>
        ),
    },
  ];
  return (
    <div>
      <PageHeader
        title={T.reviewTitle}
        extra={<ExportButton path="/admin/demands/export" params={{ state: tab }} noCompany />}
      />
      <Tabs activeKey={tab} items={TABS} onChange={(k) => update({ state: k, page: undefined })} />
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
      <RejectDialog
        open={!!rejecting}
        title={T.reject}
        label={T.rejectReason}
        max={DEMAND_LIMITS.reasonMax}
        requiredMsg={demandRules.reasonRequired}
        loading={review.isPending}
        onCancel={() => setRejecting(null)}
        onReject={(reason) => rejecting && review.mutate({ id: rejecting.id, action: 'reject', reason })}
      />
    </div>
  );
}
