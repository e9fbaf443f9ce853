import { Button, Popconfirm, Select, Space, type TableColumnsType } from 'antd';
import { FileSearchOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DEMAND_TABS } from '@jizu/shared/constants/demand';
import { demand as msg_demand } from '@jizu/shared/messages/demand';
import { demandExtra, demandUi as T } from '../../texts/demand';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TPage } from '@jizu/shared/errors';
import type { TDemandRow } from '@jizu/shared/schemas/demand';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { PageCard } from '../../ui/PageCard';
import { PAGE_SIZE_OPTIONS, PagedList } from '../../ui/PagedList';
import { QueryState } from '../../ui/QueryState';
import { RegionFilter } from '../../ui/RegionFilter';
import { StateView } from '../../ui/StateView';
import { StatusTag } from '../../ui/StatusTag';
import { DEMAND_TONES, demandKey as key } from './demandApi';
import { TabBar } from '../../ui/TabBar';
import { useUrlQuery } from '../../ui/useUrlQuery';
import cm from '../../ui/common.module.css';
import css from './demand.module.css';

const TAB_KEYS = DEMAND_TABS.map((t) => String(t.state));

function Actions({ r }: { r: TDemandRow }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const done = (msg: string) => {
    toast.success(msg);
    void qc.invalidateQueries({ queryKey: key });
  };
  const close = useMutation({
    mutationFn: () => api.put(`/demand/demand/${r.id}`, { op: 'close' }),
    onSuccess: () => done(msg_demand.closed),
  });
  const del = useMutation({
    mutationFn: () => api.del(`/demand/demand/${r.id}`),
    onSuccess: () => done(msg_demand.deleted),
  });
  return (
    <Space size={4} wrap>
      {r.op.includes(demandExtra.opEdit) && (
        <Button size="small" type="link" onClick={() => navigate(`/rent/dadd/${r.id}`)}>
          {demandExtra.opEdit}
        </Button>
      )}
      {r.op.includes(demandExtra.opClose) && (
        <Popconfirm title={demandExtra.opClose} description={T.closeConfirm} onConfirm={() => close.mutateAsync()}>
          <Button size="small" type="link">
            {demandExtra.opClose}
          </Button>
        </Popconfirm>
      )}
      {r.op.includes(demandExtra.opDelete) && (
        <Popconfirm
          title={demandExtra.opDelete}
          description={T.deleteConfirm}
          okButtonProps={{ danger: true }}
          onConfirm={() => del.mutateAsync()}
        >
          <Button size="small" type="link" danger>
            {demandExtra.opDelete}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

const device = (r: TDemandRow) => (
  <div>
    <div className={cm.strong}>{`${r.label} · ${r.eq_name}`}</div>
    <div className={cm.muted12}>{r.remark}</div>
    {r.no_lease_reason && <div className={cm.danger12}>{fmt(T.reason, { reason: r.no_lease_reason })}</div>}
  </div>
);
const columns: TableColumnsType<TDemandRow> = [
  { title: T.colDevice, key: 'd', width: 280, render: (_: unknown, r) => device(r) },
  { title: T.colNum, dataIndex: 'num', width: 70 },
  { title: T.colTime, key: 't', width: 80, render: (_: unknown, r) => fmt(demandExtra.days, { n: r.time }) },
  { title: T.colAddress, key: 'a', width: 220, render: (_: unknown, r) => `${r.region_v}${r.address}` },
  {
    title: T.colState,
    key: 's',
    width: 110,
    render: (_: unknown, r) => <StatusTag status={r.state} text={r.state_v} tones={DEMAND_TONES} />,
  },
  { title: T.colUpdate, dataIndex: 'update_time', width: 160 },
  { title: T.colAction, key: 'op', width: 150, fixed: 'right', render: (_: unknown, r) => <Actions r={r} /> },
];

/** 快速需求 (/rent/demand): the company's demands by state, region and category, with the row's own actions. */
export default function DemandListPage() {
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const { params, update, int } = useUrlQuery();
  const tab = TAB_KEYS.includes(params.get('state') ?? '') ? (params.get('state') as string) : '-1';
  const page = int('page', 1);
  const sizeParam = int('size', 5);
  const size = PAGE_SIZE_OPTIONS.includes(sizeParam) ? sizeParam : 5;
  const province = int('province', 0) || undefined;
  const city = int('city', 0) || undefined;
  const category = int('category', 0) || undefined;
  const cats = useQuery({
    queryKey: ['etype'],
    queryFn: () => api.get<{ id: number; name: string }[]>('/v1/etype', undefined, { noCompany: true }),
    staleTime: Infinity,
  });
  const q = useQuery({
    queryKey: [...key, { tab, page, size, province, city, category }],
    queryFn: () =>
      api.get<TPage<TDemandRow>>(
        '/demand/demand',
        { state: tab, page, size, province, city, category },
        { quiet: true },
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <PageCard
      title={T.listTitle}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/rent/dadd')}>
          {T.publish}
        </Button>
      }
    >
      <TabBar
        items={DEMAND_TABS.map((t) => ({ key: String(t.state), label: t.label }))}
        active={tab}
        onChange={(k) => update({ state: k === '-1' ? undefined : k, page: undefined })}
      />
      <Space wrap className={css.filters}>
        <RegionFilter
          province={province}
          city={city}
          placeholder={T.allRegions}
          onChange={(pv, c) =>
            update({ province: pv ? String(pv) : undefined, city: c ? String(c) : undefined, page: undefined })
          }
        />
        <Select
          allowClear
          placeholder={T.allCategories}
          aria-label={T.allCategories}
          value={category}
          className={css.category}
          options={(cats.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          onChange={(v) => update({ category: v ? String(v) : undefined, page: undefined })}
        />
      </Space>
      <QueryState
        query={q}
        isEmpty={(d) => d.total === 0 && page === 1}
        empty={<StateView icon={<FileSearchOutlined className={css.emptyIcon} />} title={T.empty} />}
      >
        {(d) => (
          <PagedList<TDemandRow>
            data={d.data}
            total={d.total}
            page={page}
            size={size}
            mobile={mobile}
            columns={columns}
            card={(r) => (
              <div data-testid="demand-card" className={css.card}>
                <div className={cm.between8}>
                  {device(r)}
                  <span className={cm.fixed}>
                    <StatusTag status={r.state} text={r.state_v} tones={DEMAND_TONES} />
                  </span>
                </div>
                <div className={cm.muted13}>
                  {fmt(demandExtra.line, { num: r.num, time: r.time, region: r.region_v, address: r.address })}
                </div>
                <div className={cm.rowEnd}>
                  <Actions r={r} />
                </div>
              </div>
            )}
            onPage={(p, s) =>
              update({ page: s !== size ? undefined : p > 1 ? p : undefined, size: s === 5 ? undefined : s })
            }
          />
        )}
      </QueryState>
    </PageCard>
  );
}
