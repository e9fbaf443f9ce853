import { useState } from 'react';
import { Button, Image, Input, Select, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  CARD_LIMITS,
  CARD_OP_LABEL,
  CARD_TABS,
  LABOUR_TYPES,
  LABOUR_TYPE_LABEL,
  OPERATOR_CATEGORIES,
  CARD_MACHINE,
  isCardSearching,
} from '@jizu/shared/constants/recruit';
import { actionsOf } from '@jizu/shared/rules/machine';
import { jobcardTexts as J, recruit as R } from '@jizu/shared/messages/recruit';
import type { TPage } from '@jizu/shared/errors';
import type { TCardAdminRow, TCommentRow } from '@jizu/shared/schemas/jobcard';
import { api } from '../api/client';
import { toast } from '../app/toast';
import { RejectDialog } from './RejectDialog';
import { CARD_TONES, JT } from '../features/jobcard/jobcardUi';
import { PageHeader } from '../ui/PageCard';
import { ExportButton } from '../ui/ExportButton';
import { QueryState } from '../ui/QueryState';
import { StatusTag } from '../ui/StatusTag';
import { useUrlQuery } from '../ui/useUrlQuery';
import cm from '../ui/common.module.css';
import { reviewCols } from '../texts/adminReview';
import { fmt } from '@jizu/shared/messages/fmt';
import ac from './admin.module.css';

const T = JT.admin;
const opts = { noCompany: true } as const;
const SIZE = 10;
type TComment = TCommentRow & { user_id: number };

/** The certificates and experiences of a card as small previews. */
function Materials({ r }: { r: TCardAdminRow }) {
  const items = [
    ...r.cert.map((c) => ({ img: c.img, text: c.name })),
    ...r.experience.map((e) => ({ img: e.img, text: `${e.name}（${e.address}）` })),
  ];
  if (!items.length) return <span className={cm.tertiary}>—</span>;
  return (
    <Image.PreviewGroup>
      <Space size={6} wrap className={ac.materials}>
        {items.map((it, i) => (
          <span key={i} title={it.text} className={ac.material}>
            <Image src={it.img} alt={it.text} width={64} height={44} className={ac.materialImg} />
            <span className={ac.materialText}>{it.text}</span>
          </span>
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

function CardQueue() {
  const { params, update, int } = useUrlQuery();
  const status = CARD_TABS.some((t) => String(t.key) === params.get('status')) ? Number(params.get('status')) : 1;
  const page = int('page', 1);
  const category = int('category', 0) || undefined;
  const keyword = params.get('keyword') ?? '';
  const qc = useQueryClient();
  const [rejecting, setRejecting] = useState<TCardAdminRow | null>(null);
  const q = useQuery({
    queryKey: ['admin', 'job-cards', { status, page, category, keyword }],
    queryFn: () =>
      api.get<TPage<TCardAdminRow>>(
        '/admin/job-cards',
        { status, page, size: SIZE, category, keyword: keyword || undefined },
        opts,
      ),
    placeholderData: keepPreviousData,
  });
  const review = useMutation({
    mutationFn: (v: { id: number; action: 'approve' | 'reject'; reason?: string }) =>
      api.post(`/admin/job-cards/${v.id}/review`, { action: v.action, reason: v.reason ?? '' }, opts),
    onSuccess: async () => {
      toast.success(R.operated);
      setRejecting(null);
      await qc.invalidateQueries({ queryKey: ['admin', 'job-cards'] });
    },
  });
  const columns: TableColumnsType<TCardAdminRow> = [
    {
      title: T.operator,
      key: 'u',
      width: 120,
      render: (_: unknown, r) => (
        <div>
          {r.member.username}
          <div className={cm.hint}>{r.phone}</div>
        </div>
      ),
    },
    {
      title: JT.category,
      key: 'c',
      width: 150,
      render: (_: unknown, r) => (
        <div>
          {r.resume_category_v.split('、').map((c) => (
            <Tag key={c} color="blue">
              {c}
            </Tag>
          ))}
          <div className={cm.hintTop}>{`${JT.drivingAge} ${r.resume_driving_age_v}`}</div>
        </div>
      ),
    },
    { title: JT.region, key: 'r', width: 150, render: (_: unknown, r) => `${r.region_v} ${r.address}` },
    {
      title: JT.content,
      key: 't',
      width: 220,
      render: (_: unknown, r) => (
        <div>
          {r.content}
          {r.audit_reason && (
            <div className={ac.rejectReason}>{fmt(reviewCols.rejectReason, { reason: r.audit_reason })}</div>
          )}
        </div>
      ),
    },
    { title: T.materials, key: 'm', render: (_: unknown, r) => <Materials r={r} /> },
    {
      title: T.status,
      key: 's',
      width: 150,
      render: (_: unknown, r) => (
        <div>
          <StatusTag status={r.audit_status} text={r.audit_status_v} tones={CARD_TONES} />
          <div className={cm.hintTop}>{`${T.submitted} ${r.update_time}`}</div>
        </div>
      ),
    },
    {
      title: T.action,
      key: 'op',
      width: 110,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4}>
          {actionsOf(CARD_MACHINE, { status: r.audit_status }, 'staff').includes('approve') && (
            <Button size="small" type="link" onClick={() => review.mutate({ id: r.id, action: 'approve' })}>
              {CARD_OP_LABEL.approve}
            </Button>
          )}
          {actionsOf(CARD_MACHINE, { status: r.audit_status }, 'staff').includes('reject') && (
            <Button size="small" type="link" danger onClick={() => setRejecting(r)}>
              {CARD_OP_LABEL.reject}
            </Button>
          )}
          {isCardSearching(r) && <Link to={r.view_url}>{CARD_OP_LABEL.view}</Link>}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Tabs
        activeKey={String(status)}
        items={CARD_TABS.map((t) => ({ key: String(t.key), label: t.label }))}
        onChange={(k) => update({ status: k === '1' ? undefined : k, page: undefined })}
      />
      <Space wrap className={cm.mb12}>
        <Select
          allowClear
          placeholder={JT.hall.allCategories}
          aria-label={JT.category}
          value={category}
          className={ac.categorySelect}
          options={OPERATOR_CATEGORIES.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(v) => update({ category: v ? String(v) : undefined, page: undefined })}
        />
        <Input.Search
          allowClear
          placeholder={T.keyword}
          aria-label={T.keyword}
          defaultValue={keyword}
          className={ac.keywordSearch}
          onSearch={(v) => update({ keyword: v.trim() || undefined, page: undefined })}
        />
        <ExportButton
          path="/admin/job-cards/export"
          params={{ status, category, keyword: keyword || undefined }}
          noCompany
        />
      </Space>
      <QueryState query={q}>
        {(d) => (
          <Table<TCardAdminRow>
            rowKey="id"
            dataSource={d.data}
            columns={columns}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: page,
              pageSize: SIZE,
              total: d.total,
              showSizeChanger: false,
              onChange: (p) => update({ page: p > 1 ? String(p) : undefined }),
            }}
          />
        )}
      </QueryState>
      <RejectDialog
        open={!!rejecting}
        title={CARD_OP_LABEL.reject}
        label={T.rejectReason}
        max={CARD_LIMITS.reasonMax}
        requiredMsg={J.reasonRequired}
        loading={review.isPending}
        onCancel={() => setRejecting(null)}
        onReject={(reason) => rejecting && review.mutate({ id: rejecting.id, action: 'reject', reason })}
      />
    </>
  );
}

function CommentQueue() {
  const { params, update, int } = useUrlQuery();
  const page = int('page', 1);
  const type = LABOUR_TYPES.find((t) => t === params.get('type'));
  const qc = useQueryClient();
  const [removing, setRemoving] = useState<TComment | null>(null);
  const q = useQuery({
    queryKey: ['admin', 'labour-comments', { type, page }],
    queryFn: () => api.get<TPage<TComment>>('/admin/labour/comments', { type, page, size: SIZE }, opts),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (v: { id: number; reason: string }) =>
      api.post(`/admin/labour/comments/${v.id}/remove`, { reason: v.reason }, opts),
    onSuccess: async () => {
      toast.success(R.deleted);
      setRemoving(null);
      await qc.invalidateQueries({ queryKey: ['admin', 'labour-comments'] });
    },
  });
  const columns: TableColumnsType<TComment> = [
    { title: T.commenter, key: 'u', width: 120, render: (_: unknown, r) => r.member.username },
    { title: JT.comment, dataIndex: 'content', width: 320 },
    {
      title: T.target,
      key: 't',
      width: 260,
      render: (_: unknown, r) => (
        <span>
          <Tag>{r.type_v}</Tag>
          {r.view_url ? (
            <Link to={r.view_url}>{`${r.resume_category} ${r.address}`}</Link>
          ) : (
            `${r.resume_category} ${r.address}`
          )}
        </span>
      ),
    },
    { title: T.time, dataIndex: 'create_time', width: 170 },
    {
      title: T.action,
      key: 'op',
      width: 90,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button size="small" type="link" danger onClick={() => setRemoving(r)}>
          {T.removeComment}
        </Button>
      ),
    },
  ];
  return (
    <>
      <Space wrap className={cm.mb12}>
        <Select
          allowClear
          placeholder={T.allTypes}
          aria-label={T.target}
          value={type}
          className={ac.typeSelect}
          options={LABOUR_TYPES.map((t) => ({ value: t, label: LABOUR_TYPE_LABEL[t] }))}
          onChange={(v) => update({ type: v || undefined, page: undefined })}
        />
        <ExportButton path="/admin/labour/comments/export" params={{ type }} noCompany />
      </Space>
      <QueryState query={q}>
        {(d) => (
          <Table<TComment>
            rowKey="id"
            dataSource={d.data}
            columns={columns}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: page,
              pageSize: SIZE,
              total: d.total,
              showSizeChanger: false,
              onChange: (p) => update({ page: p > 1 ? String(p) : undefined }),
            }}
          />
        )}
      </QueryState>
      <RejectDialog
        open={!!removing}
        title={T.removeTitle}
        label={T.removeReason}
        max={CARD_LIMITS.reasonMax}
        requiredMsg={T.removeReasonRequired}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onReject={(reason) => removing && remove.mutate({ id: removing.id, reason })}
      />
    </>
  );
}

/** /admin/job-cards: the review queue of job cards (1 → 2 passed, 1 → 5 rejected with a reason) and the labour comments. */
export default function JobCardReviewPage() {
  const { params, update } = useUrlQuery();
  const view = params.get('view') === 'comments' ? 'comments' : 'cards';
  return (
    <div>
      <PageHeader title={T.title} />
      <Tabs
        type="card"
        activeKey={view}
        items={[
          { key: 'cards', label: T.cards },
          { key: 'comments', label: T.comments },
        ]}
        onChange={(k) =>
          update({
            view: k === 'comments' ? k : undefined,
            status: undefined,
            page: undefined,
            type: undefined,
            keyword: undefined,
            category: undefined,
          })
        }
      />
      {view === 'cards' ? <CardQueue /> : <CommentQueue />}
    </div>
  );
}
