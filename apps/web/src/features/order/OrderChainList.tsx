import type { ReactNode } from 'react';
import { Button, Space, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { orderUi as OT } from '../../texts/order';
import type { TOrderDetail } from '@jizu/shared/schemas/order';
import { api } from '../../api/client';
import { useIsMobile } from '../../app/useIsMobile';
import { PageCard } from '../../ui/PageCard';
import { PAGE_SIZE_OPTIONS, PagedList } from '../../ui/PagedList';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { TabBar } from '../../ui/TabBar';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { SIDE, orderKey, type TSide } from './orderApi';
import cm from '../../ui/common.module.css';
import { isOrderInProgress } from '@jizu/shared/constants/order';
import s from './order.module.css';
import { ExportButton } from '../../ui/ExportButton';

/**
 * The layout of an order's chain pages (contracts, machines, settlements, payments) for either side: the order's name in the
 * title, 返回 to the order, the side's add button while the order is in progress, status tabs and pages in the URL, a
 * table on a desktop and cards on a phone. Each page gives its calls, columns, card and extras.
 */
export function OrderChainList<R extends { id: number }, D extends { data: R[]; total: number }>(props: {
  area: string;
  title: string;
  tabs: readonly { status: number; label: string }[];
  list: Record<TSide, string>;
  /** each side's export of the list (an .xlsx of the list under the current tab) */
  exported?: Record<TSide, string>;
  /** the list call's name of the order id (the spec's payment lists take order_id) */
  idParam?: string;
  add?: { who: TSide; label: string; to: (orderId: number) => string };
  extra?: (side: TSide, orderId: number, tab: string) => ReactNode;
  above?: (side: TSide, orderId: number, data: D | undefined) => ReactNode;
  empty: { icon: ReactNode; title: string };
  columns: (side: TSide) => TableColumnsType<R>;
  card: (r: R, side: TSide) => ReactNode;
}) {
  const orderId = Number(useParams().id);
  const side: TSide = useLocation().pathname.startsWith('/rent-order') ? 'provider' : 'tenant';
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const { params, update, int } = useUrlQuery();
  const tab = props.tabs.some((t) => String(t.status) === params.get('status'))
    ? (params.get('status') as string)
    : '-1';
  const page = int('page', 1);
  const size = PAGE_SIZE_OPTIONS.includes(int('size', 5)) ? int('size', 5) : 5;
  const order = useQuery({
    queryKey: [...orderKey, side, 'detail', orderId],
    queryFn: () => api.get<TOrderDetail>(SIDE[side].detail, { id: orderId }),
    enabled: orderId > 0,
  });
  const q = useQuery({
    queryKey: [...orderKey, props.area, side, orderId, { tab, page, size }],
    queryFn: () =>
      api.get<D>(props.list[side], { [props.idParam ?? 'id']: orderId, status: tab, page, size }, { quiet: true }),
    placeholderData: keepPreviousData,
    enabled: orderId > 0,
  });
  const add = props.add;
  return (
    <PageCard
      title={order.data ? `${props.title} · ${order.data.project_name}` : props.title}
      extra={
        <Space wrap>
          <Button onClick={() => navigate(`${SIDE[side].base}/watch/${orderId}`)}>{OT.back}</Button>
          {props.exported && (
            <ExportButton path={props.exported[side]} params={{ [props.idParam ?? 'id']: orderId, status: tab }} />
          )}
          {props.extra?.(side, orderId, tab)}
          {add && side === add.who && !!order.data && isOrderInProgress(order.data) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(add.to(orderId))}>
              {add.label}
            </Button>
          )}
        </Space>
      }
    >
      {props.above?.(side, orderId, q.data)}
      <TabBar
        items={props.tabs.map((t) => ({ key: String(t.status), label: t.label }))}
        active={tab}
        onChange={(k) => update({ status: k === '-1' ? undefined : k, page: undefined })}
      />
      <div className={cm.gap12} />
      <QueryState
        query={q}
        isEmpty={(d) => d.total === 0 && page === 1}
        empty={<StateView icon={props.empty.icon} title={props.empty.title} />}
      >
        {(d) => (
          <PagedList<R>
            data={d.data}
            total={d.total}
            page={page}
            size={size}
            mobile={mobile}
            columns={props.columns(side)}
            card={(r) => props.card(r, side)}
            onPage={(p, sz) =>
              update({ page: sz !== size ? undefined : p > 1 ? p : undefined, size: sz === 5 ? undefined : sz })
            }
          />
        )}
      </QueryState>
    </PageCard>
  );
}

/** A phone's card of a chain row: a title with its status on the right, lines below, the row's actions at the bottom. */
export function ChainCard({
  testId,
  title,
  status,
  children,
  actions,
}: {
  testId: string;
  title: ReactNode;
  status: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div data-testid={testId} className={s.box}>
      <div className={cm.between8}>
        <div className={cm.strong}>{title}</div>
        {status}
      </div>
      {children}
      <div className={cm.rowEnd}>{actions}</div>
    </div>
  );
}
