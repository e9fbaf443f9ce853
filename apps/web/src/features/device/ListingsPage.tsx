import { Button, Input, Popconfirm, Space, type TableColumnsType } from 'antd';
import { PlusOutlined, CarOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { common as msg_common } from '@jizu/shared/messages/common';
import { equipment as msg_equipment } from '@jizu/shared/messages/equipment';
import { fmt } from '@jizu/shared/messages/fmt';
import {
  LISTING_TABS,
  isRentedOut,
  listingActions,
  type TListingAction,
  type TListingTab,
} from '@jizu/shared/constants/equipment';
import type { TPage } from '@jizu/shared/errors';
import type { TListingRow } from '@jizu/shared/schemas/equipment';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { Pill, StatusTag, type TTone } from '../../ui/StatusTag';
import { TabBar } from '../../ui/TabBar';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { DT } from '../../texts/device';
import { PAGE_SIZE_OPTIONS, PagedList } from '../../ui/PagedList';
import s from './ListingsPage.module.css';
import cm from '../../ui/common.module.css';
import { ExportButton } from '../../ui/ExportButton';

const M = { common: msg_common, equipment: msg_equipment } as const;

export const listingsKey = ['device', 'listings'] as const;
/** Review status (is_lease): 0 in review, 1 approved, 2 rejected. */
export const REVIEW_TONES: Record<number, TTone> = { 0: 'processing', 1: 'success', 2: 'error' };
const TAB_KEYS = LISTING_TABS.map((t) => t.key) as string[];

const statusOf = (r: TListingRow) => ({
  is_lease: r.is_lease,
  on_sell: r.on_sell,
  state: r.state,
  has_lease: r.has_lease,
});

function Rents({ r }: { r: TListingRow }) {
  return (
    <div className={s.rents}>
      <div>
        <span className={s.price}>¥{r.monthly_rent_v}</span>
        <span className={cm.tertiary}> {DT.perMonth}</span>
      </div>
      {r.rent_rent > 0 && (
        <div className={s.rentSub}>
          ¥{r.rent_rent_v} {DT.perShift}
        </div>
      )}
      {r.hourly_rent > 0 && (
        <div className={s.rentSub}>
          ¥{r.hourly_rent_v} {DT.perHour}
        </div>
      )}
    </div>
  );
}

function Actions({ r }: { r: TListingRow }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const done = async (msg: string) => {
    toast.success(msg);
    await qc.invalidateQueries({ queryKey: listingsKey });
  };
  const toggle = useMutation({
    mutationFn: () => api.get<{ on_sell: number }>('/ep/state/', { id: r.id }),
    onSuccess: (d) => done(d.on_sell === 1 ? M.equipment.listed : M.equipment.delisted),
  });
  const remove = useMutation({
    mutationFn: () => api.del(`/ep/index/${r.id}`),
    onSuccess: () => done(M.common.deleted),
  });
  const allowed = new Set<TListingAction>(listingActions(statusOf(r), 'company'));
  return (
    <Space size={4} wrap>
      {allowed.has('edit') && (
        <Button size="small" type="link" onClick={() => navigate(`/device/edit/${r.id}`)}>
          {DT.actions.edit}
        </Button>
      )}
      {(allowed.has('list') || allowed.has('delist')) && (
        <Popconfirm
          title={allowed.has('list') ? DT.listConfirm : DT.delistConfirm}
          okText={DT.ok}
          cancelText={DT.cancel}
          onConfirm={() => toggle.mutateAsync()}
        >
          <Button size="small" type="link" loading={toggle.isPending}>
            {allowed.has('list') ? DT.actions.list : DT.actions.delist}
          </Button>
        </Popconfirm>
      )}
      {allowed.has('delete') && (
        <Popconfirm
          title={DT.deleteTitle}
          description={M.equipment.confirmDelete}
          okText={DT.actions.delete}
          cancelText={DT.cancel}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutateAsync()}
        >
          <Button size="small" type="link" danger loading={remove.isPending}>
            {DT.actions.delete}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

const columns: TableColumnsType<TListingRow> = [
  {
    title: DT.colDevice,
    key: 'device',
    width: 300,
    render: (_: unknown, r) => (
      <div className={s.deviceCell}>
        <img src={r.cover} alt={r.product_name_v} width={96} height={72} className={s.thumb} />
        <div className={cm.shrink}>
          <div className={cm.strong}>{r.product_name_v}</div>
          <div className={cm.muted12}>
            {r.brand ? `${r.brand} · ` : ''}
            {r.model}
          </div>
          <div className={cm.hint}>{r.group_v}</div>
        </div>
      </div>
    ),
  },
  { title: DT.colRent, key: 'rent', width: 150, render: (_: unknown, r) => <Rents r={r} /> },
  {
    title: DT.colRegion,
    key: 'region',
    width: 160,
    render: (_: unknown, r) => `${r.province_v} ${r.city_v} ${r.area_v}`,
  },
  {
    title: DT.colAudit,
    key: 'audit',
    width: 170,
    render: (_: unknown, r) => (
      <div>
        <StatusTag status={r.is_lease} text={r.is_lease_v} tones={REVIEW_TONES} />
        {r.reason && <div className={s.reason}>{fmt(DT.reason, { reason: r.reason })}</div>}
      </div>
    ),
  },
  {
    title: DT.colSell,
    key: 'sell',
    width: 110,
    render: (_: unknown, r) => (
      <Space size={4} wrap>
        <Pill tone={r.on_sell === 1 ? 'success' : 'default'}>{DT.sell[r.on_sell]}</Pill>
        {(r.has_lease || isRentedOut(r)) && <Pill tone="warning">{r.has_lease ? DT.leased : r.state_v}</Pill>}
      </Space>
    ),
  },
  {
    title: DT.colUpdated,
    dataIndex: 'update_time',
    width: 110,
    render: (v: string) => (
      <div className={s.updated}>
        {v.slice(0, 10)}
        <div className={cm.hint}>{v.slice(11)}</div>
      </div>
    ),
  },
  { title: DT.colAction, key: 'action', width: 170, fixed: 'right', render: (_: unknown, r) => <Actions r={r} /> },
];

/** One listing as a card: the list on a phone, where a wide table would hide its actions. */
function ListingCard({ r }: { r: TListingRow }) {
  return (
    <div data-testid="listing-card" className={s.card}>
      <div className={cm.row12}>
        <img src={r.cover} alt={r.product_name_v} width={104} height={78} className={s.cardThumb} />
        <div className={cm.growShrink}>
          <div className={cm.strong}>{r.product_name_v}</div>
          <div className={cm.muted12}>
            {r.brand ? `${r.brand} · ` : ''}
            {r.model}
          </div>
          <div className={cm.hint}>{`${r.province_v} ${r.city_v} ${r.area_v}`}</div>
          <div>
            <span className={s.price}>¥{r.monthly_rent_v}</span>
            <span className={cm.hint}> {DT.perMonth}</span>
          </div>
        </div>
      </div>
      <Space size={4} wrap>
        <StatusTag status={r.is_lease} text={r.is_lease_v} tones={REVIEW_TONES} />
        <Pill tone={r.on_sell === 1 ? 'success' : 'default'}>{DT.sell[r.on_sell]}</Pill>
        {(r.has_lease || isRentedOut(r)) && <Pill tone="warning">{r.has_lease ? DT.leased : r.state_v}</Pill>}
        <span className={cm.hint}>{r.update_time.slice(0, 16)}</span>
      </Space>
      {r.reason && <div className={cm.danger12}>{fmt(DT.reason, { reason: r.reason })}</div>}
      <div className={s.cardActions}>
        <Actions r={r} />
      </div>
    </div>
  );
}

/** 直租设备 (/device/rent): the company's listings by tab (in the URL), with their review status and actions. */
export default function ListingsPage() {
  const navigate = useNavigate();
  const { params, update, int } = useUrlQuery();
  const tab = (TAB_KEYS.includes(params.get('tab') ?? '') ? params.get('tab') : 'all') as TListingTab;
  const page = int('page', 1);
  const sizeParam = int('size', 5);
  const size = PAGE_SIZE_OPTIONS.includes(sizeParam) ? sizeParam : 5;
  const keyword = params.get('keyword') ?? '';
  const mobile = useIsMobile();
  const q = useQuery({
    queryKey: [...listingsKey, { tab, page, size, keyword }],
    queryFn: () => api.get<TPage<TListingRow>>('/ep/index', { tab, page, size, keyword }, { quiet: true }),
    placeholderData: keepPreviousData,
  });
  const add = (
    <Space wrap>
      <ExportButton path="/ep/index/export" params={{ tab, keyword }} />
      <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/device/add')}>
        {DT.publish}
      </Button>
    </Space>
  );
  return (
    <PageCard title={DT.title} extra={add}>
      <div className={s.toolbar}>
        <TabBar
          items={LISTING_TABS.map((t) => ({ key: t.key, label: t.label }))}
          active={tab}
          onChange={(k) => update({ tab: k === 'all' ? undefined : k, page: undefined })}
        />
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          allowClear
          placeholder={DT.keyword}
          aria-label={DT.keyword}
          className={s.search}
          onSearch={(v) => update({ keyword: v.trim(), page: undefined })}
        />
      </div>
      <QueryState
        query={q}
        isEmpty={(d) => d.total === 0 && page === 1}
        empty={
          <StateView icon={<CarOutlined className={s.emptyIcon} />} title={DT.empty} sub={DT.emptyHint} extra={add} />
        }
      >
        {(d) => (
          <PagedList<TListingRow>
            data={d.data}
            total={d.total}
            page={page}
            size={size}
            mobile={mobile}
            columns={columns}
            card={(r) => <ListingCard r={r} />}
            totalText={DT.total}
            onPage={(p, s) =>
              update({ page: s !== size ? undefined : p > 1 ? p : undefined, size: s === 5 ? undefined : s })
            }
          />
        )}
      </QueryState>
    </PageCard>
  );
}
