import { useState, type ReactNode } from 'react';
import { Alert, Button, Input, Popconfirm, Select, Space, type TableColumnsType } from 'antd';
import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { RECRUIT_LIMITS, RECRUIT_TABS } from '@jizu/shared/constants/recruit';
import { fmt } from '@jizu/shared/messages/fmt';
import { hireUi as T, recruit as R } from '@jizu/shared/messages/recruit';
import type { TPage } from '@jizu/shared/errors';
import type { TRecruitRow } from '@jizu/shared/schemas/recruit';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { PageCard } from '../../ui/PageCard';
import { PAGE_SIZE_OPTIONS, PagedList } from '../../ui/PagedList';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { StatusTag } from '../../ui/StatusTag';
import { TabBar } from '../../ui/TabBar';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { EndDialog } from './EndDialog';
import { RECRUIT_TONES, hireRegion, recruitKey as key, useRecruitCategories } from './recruitApi';
import cm from '../../ui/common.module.css';
import s from './recruit.module.css';

const TAB_KEYS = RECRUIT_TABS.map((t) => String(t.key));
const FORM = '/operator/mentAdd';
const excerpt = (s: string) =>
  [...s].length > RECRUIT_LIMITS.listExcerpt ? `${[...s].slice(0, RECRUIT_LIMITS.listExcerpt).join('')}…` : s;

function Actions({ r, onEnd }: { r: TRecruitRow; onEnd: (r: TRecruitRow) => void }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const del = useMutation({
    mutationFn: () => api.del(`/recruit/recruit/${r.id}`),
    onSuccess: () => {
      toast.success(R.deleted);
      void qc.invalidateQueries({ queryKey: key });
    },
  });
  return (
    <Space size={4} wrap>
      {r.op.includes('edit') && (
        <Button size="small" type="link" onClick={() => navigate(`/operator/mentAdd-updata?id=${r.id}`)}>
          {T.edit}
        </Button>
      )}
      {r.op.includes('delete') && (
        <Popconfirm
          title={T.del}
          description={T.deleteConfirm}
          okButtonProps={{ danger: true }}
          onConfirm={() => del.mutateAsync()}
        >
          <Button size="small" type="link" danger>
            {T.del}
          </Button>
        </Popconfirm>
      )}
      {r.op.includes('view') && (
        <Button size="small" type="link" href={r.view_url} target="_blank" rel="noopener">
          {T.view}
        </Button>
      )}
      {r.op.includes('end') && (
        <Button size="small" type="link" onClick={() => onEnd(r)}>
          {T.end}
        </Button>
      )}
    </Space>
  );
}

const description = (r: TRecruitRow) => (
  <div className={s.description}>
    <div>{excerpt(r.content)}</div>
    {r.audit_reason && <div className={s.reason}>{fmt(T.reason, { reason: r.audit_reason })}</div>}
  </div>
);

/** The filter row: what is typed waits for 搜索 (or Enter); the applied values live in the URL. */
function Filters({
  category,
  address,
  extra,
  onSearch,
}: {
  category?: number;
  address: string;
  extra: ReactNode;
  onSearch: (v: { category?: number; address?: string }) => void;
}) {
  const categories = useRecruitCategories();
  const [draft, setDraft] = useState<{ category?: number; address: string }>({ category, address });
  const search = () => onSearch({ category: draft.category, address: draft.address.trim() || undefined });
  return (
    <Space wrap className={s.filters}>
      <Select
        allowClear
        aria-label={T.category}
        placeholder={T.categoryPh}
        value={draft.category}
        className={s.categoryFilter}
        options={categories}
        onChange={(v) => setDraft((d) => ({ ...d, category: v }))}
      />
      <Input
        allowClear
        aria-label={T.regionKw}
        placeholder={T.regionKwPh}
        value={draft.address}
        className={s.regionFilter}
        onChange={(e) => setDraft((d) => ({ ...d, address: e.target.value }))}
        onPressEnter={search}
      />
      <Button
        onClick={() => {
          setDraft({ address: '' });
          onSearch({});
        }}
      >
        {T.reset}
      </Button>
      <Button type="primary" ghost onClick={search}>
        {T.search}
      </Button>
      {extra}
    </Space>
  );
}

/** 招聘需求 (/operator/recruitment): the company's hiring demands by tab (ident 1–5), category and region keyword. */
export default function RecruitListPage() {
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const qc = useQueryClient();
  const { params, update, int } = useUrlQuery();
  const tab = TAB_KEYS.includes(params.get('ident') ?? '') ? (params.get('ident') as string) : '0';
  const page = int('page', 1);
  const sizeParam = int('size', RECRUIT_LIMITS.pageSize);
  const size = PAGE_SIZE_OPTIONS.includes(sizeParam) ? sizeParam : RECRUIT_LIMITS.pageSize;
  const category = int('category', 0) || undefined;
  const address = params.get('address') ?? '';
  const [ending, setEnding] = useState<TRecruitRow | null>(null);
  const q = useQuery({
    queryKey: [...key, 'list', { tab, page, size, category, address }],
    queryFn: () =>
      api.get<TPage<TRecruitRow>>(
        '/recruit/recruit',
        { audit_status: tab, page, size, resume_category: category, address: address || undefined },
        { quiet: true },
      ),
    placeholderData: keepPreviousData,
  });
  const end = useMutation({
    mutationFn: (v: { id: number; sta: 3 | 4 }) => api.put(`/recruit/recruit/${v.id}`, { type: 'end', sta: v.sta }),
    onSuccess: () => {
      toast.success(R.stateChanged);
      setEnding(null);
      void qc.invalidateQueries({ queryKey: key });
    },
  });
  const columns: TableColumnsType<TRecruitRow> = [
    { title: T.colCategory, dataIndex: 'category_v', width: 100 },
    { title: T.colRegion, key: 'region', width: 120, render: (_: unknown, r) => hireRegion(r) },
    { title: T.colDays, key: 'days', width: 90, render: (_: unknown, r) => fmt(T.days, { n: r.working_days }) },
    {
      title: T.colSalary,
      key: 'salary',
      width: 150,
      render: (_: unknown, r) => <span className={cm.nowrap}>{r.salary_v}</span>,
    },
    { title: T.colContent, key: 'content', render: (_: unknown, r) => description(r) },
    {
      title: T.colTime,
      key: 'time',
      width: 110,
      render: (_: unknown, r) => <span className={s.time}>{r.create_time.replace(' ', '\n')}</span>,
    },
    {
      title: T.colStatus,
      key: 'status',
      width: 90,
      render: (_: unknown, r) => <StatusTag status={r.audit_status} text={r.audit_status_v} tones={RECRUIT_TONES} />,
    },
    {
      title: T.colAction,
      key: 'op',
      width: 120,
      fixed: 'right',
      render: (_: unknown, r) => <Actions r={r} onEnd={setEnding} />,
    },
  ];
  const publish = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(FORM)}>
      {T.publish}
    </Button>
  );
  return (
    <PageCard title={T.listTitle}>
      {params.has('statusAll') && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => update({ statusAll: undefined }) }}
          className={s.notice}
          title={R.statusAllNotice}
        />
      )}
      <Filters
        key={`${category ?? ''}|${address}`}
        category={category}
        address={address}
        extra={publish}
        onSearch={(v) => update({ category: v.category, address: v.address, page: undefined })}
      />
      <TabBar
        items={RECRUIT_TABS.map((t) => ({ key: String(t.key), label: t.label }))}
        active={tab}
        onChange={(k) => update({ ident: k === '0' ? undefined : k, page: undefined })}
      />
      <div className={cm.mt12}>
        <QueryState
          query={q}
          isEmpty={(d) => d.total === 0 && page === 1}
          empty={
            <StateView
              icon={<TeamOutlined className={s.emptyIcon} />}
              title={T.empty}
              sub={T.emptyHint}
              extra={publish}
            />
          }
        >
          {(d) => (
            <PagedList<TRecruitRow>
              data={d.data}
              total={d.total}
              page={page}
              size={size}
              mobile={mobile}
              columns={columns}
              card={(r) => (
                <div data-testid="recruit-card" className={s.card}>
                  <div className={cm.between8}>
                    <span className={cm.strong}>{`${r.category_v} · ${hireRegion(r)}`}</span>
                    <StatusTag status={r.audit_status} text={r.audit_status_v} tones={RECRUIT_TONES} />
                  </div>
                  <div className={cm.secondary13}>{`${fmt(T.days, { n: r.working_days })} · ${r.salary_v}`}</div>
                  <div className={s.cardText}>{description(r)}</div>
                  <div className={s.cardFoot}>
                    <span className={cm.hint}>{r.create_time}</span>
                    <Actions r={r} onEnd={setEnding} />
                  </div>
                </div>
              )}
              onPage={(p, s) =>
                update({
                  page: s !== size ? undefined : p > 1 ? p : undefined,
                  size: s === RECRUIT_LIMITS.pageSize ? undefined : s,
                })
              }
            />
          )}
        </QueryState>
      </div>
      <EndDialog
        open={!!ending}
        loading={end.isPending}
        onCancel={() => setEnding(null)}
        onEnd={(sta) => ending && end.mutate({ id: ending.id, sta })}
      />
    </PageCard>
  );
}
