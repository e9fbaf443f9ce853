import { useState } from 'react';
import { Button, Input, Select, Space, Table, Tabs, type TableColumnsType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HIRE_REASON_MAX, RECRUIT_MACHINE, isRecruitPublic } from '@jizu/shared/constants/recruit';
import { actionsOf } from '@jizu/shared/rules/machine';
import { fmt } from '@jizu/shared/messages/fmt';
import { hire as H, hireUi as T, recruit as R } from '@jizu/shared/messages/recruit';
import type { TPage } from '@jizu/shared/errors';
import type { TRecruitAdminRow } from '@jizu/shared/schemas/recruit';
import { api } from '../api/client';
import { toast } from '../app/toast';
import { RECRUIT_TONES, hireRegion, useRecruitCategories } from '../features/recruit/recruitApi';
import { PageHeader } from '../ui/PageCard';
import { ExportButton } from '../ui/ExportButton';
import { QueryState } from '../ui/QueryState';
import { StatusTag } from '../ui/StatusTag';
import { useUrlQuery } from '../ui/useUrlQuery';
import { HIRE_MENU } from '../texts/adminMenu';
import { RejectDialog } from './RejectDialog';
import cm from '../ui/common.module.css';
import { recruitReviewTabs } from '../texts/adminReview';
import ac from './admin.module.css';

const opts = { noCompany: true } as const;
const TABS = recruitReviewTabs;

/** /admin/recruits: the review queue of hiring demands (1 → 2 招聘中, 1 → 5 审核失败 with a reason). */
export default function RecruitReviewPage() {
  const { params, update, int } = useUrlQuery();
  const tab = TABS.some((t) => t.key === params.get('status')) ? (params.get('status') as string) : '1';
  const page = int('page', 1);
  const category = int('category', 0) || undefined;
  const kw = params.get('kw') ?? '';
  const categories = useRecruitCategories();
  const qc = useQueryClient();
  const [rejecting, setRejecting] = useState<TRecruitAdminRow | null>(null);
  const q = useQuery({
    queryKey: ['admin', 'recruits', { tab, page, category, kw }],
    queryFn: () =>
      api.get<TPage<TRecruitAdminRow>>(
        '/admin/recruits',
        { audit_status: tab, page, size: 10, resume_category: category, kw: kw || undefined },
        opts,
      ),
    placeholderData: keepPreviousData,
  });
  const review = useMutation({
    mutationFn: (v: { id: number; action: 'approve' | 'reject'; reason?: string }) =>
      api.post(`/admin/recruits/${v.id}/review`, { action: v.action, reason: v.reason ?? '' }, opts),
    onSuccess: async () => {
      toast.success(R.operated);
      setRejecting(null);
      await qc.invalidateQueries({ queryKey: ['admin', 'recruits'] });
    },
  });
  const columns: TableColumnsType<TRecruitAdminRow> = [
    {
      title: T.colCategory,
      key: 'c',
      width: 170,
      render: (_: unknown, r) => (
        <div>
          <div className={cm.strong}>{r.category_v}</div>
          <div className={cm.muted12}>{`${hireRegion(r)} · ${r.area_v}${r.address}`}</div>
        </div>
      ),
    },
    {
      title: T.colContent,
      key: 'content',
      render: (_: unknown, r) => (
        <div className={ac.recruitContent}>
          <div>{r.content}</div>
          {r.audit_reason && <div className={cm.danger12}>{fmt(T.reason, { reason: r.audit_reason })}</div>}
        </div>
      ),
    },
    {
      title: T.colSalary,
      key: 's',
      width: 150,
      render: (_: unknown, r) => (
        <div className={cm.nowrap}>
          {r.salary_v}
          <div className={cm.muted12}>{fmt(T.days, { n: r.working_days })}</div>
        </div>
      ),
    },
    {
      title: T.colCompany,
      key: 'co',
      render: (_: unknown, r) => (
        <div className={ac.recruitCompany}>
          {r.company_name}
          <div className={cm.muted12}>{`${r.publisher} ${r.phone}`}</div>
        </div>
      ),
    },
    {
      title: T.colStatus,
      key: 'st',
      width: 90,
      render: (_: unknown, r) => <StatusTag status={r.audit_status} text={r.audit_status_v} tones={RECRUIT_TONES} />,
    },
    {
      title: T.colTime,
      key: 'time',
      width: 110,
      render: (_: unknown, r) => <span className={ac.twoLines}>{r.create_time.replace(' ', '\n')}</span>,
    },
    {
      title: T.colAction,
      key: 'op',
      width: 120,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4}>
          {actionsOf(RECRUIT_MACHINE, { status: r.audit_status }, 'staff').includes('approve') && (
            <Button size="small" type="link" onClick={() => review.mutate({ id: r.id, action: 'approve' })}>
              {T.approve}
            </Button>
          )}
          {actionsOf(RECRUIT_MACHINE, { status: r.audit_status }, 'staff').includes('reject') && (
            <Button size="small" type="link" danger onClick={() => setRejecting(r)}>
              {T.reject}
            </Button>
          )}
          {isRecruitPublic(r) && (
            <Button size="small" type="link" href={r.view_url} target="_blank" rel="noopener">
              {T.view}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <div>
      <PageHeader title={HIRE_MENU} />
      <Tabs activeKey={tab} items={TABS} onChange={(k) => update({ status: k, page: undefined })} />
      <Space wrap className={cm.mb12}>
        <Select
          allowClear
          aria-label={T.category}
          placeholder={T.allCategories}
          value={category}
          className={ac.categoryPick}
          options={categories}
          onChange={(v) => update({ category: v, page: undefined })}
        />
        <Input.Search
          allowClear
          aria-label={T.keywordPh}
          placeholder={T.keywordPh}
          defaultValue={kw}
          className={ac.keywordSearch}
          onSearch={(v) => update({ kw: v.trim(), page: undefined })}
        />
        <ExportButton
          path="/admin/recruits/export"
          params={{ audit_status: tab, resume_category: category, kw: kw || undefined }}
          noCompany
        />
      </Space>
      <QueryState query={q}>
        {(d) => (
          <Table<TRecruitAdminRow>
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
        max={HIRE_REASON_MAX}
        requiredMsg={H.reasonRequired}
        loading={review.isPending}
        onCancel={() => setRejecting(null)}
        onReject={(reason) => rejecting && review.mutate({ id: rejecting.id, action: 'reject', reason })}
      />
    </div>
  );
}
