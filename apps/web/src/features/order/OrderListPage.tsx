import { useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Space, type TableColumnsType } from 'antd';
import { FileSearchOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useLocation, useNavigate } from 'react-router';
import { ORDER_TABS, PROVIDER_ORDER_TABS, isOrderChainOpen } from '@jizu/shared/constants/order';
import { orderUi as T } from '../../texts/order';
import type { TPage } from '@jizu/shared/errors';
import type { TOrderRow } from '@jizu/shared/schemas/order';
import { api, ApiError } from '../../api/client';
import { useIsMobile } from '../../app/useIsMobile';
import { PageCard } from '../../ui/PageCard';
import { PAGE_SIZE_OPTIONS, PagedList } from '../../ui/PagedList';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { StatusTag } from '../../ui/StatusTag';
import { TabBar } from '../../ui/TabBar';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { TypedSearch } from '../../ui/TypedSearch';
import { ExportButton } from '../../ui/ExportButton';
import { ORDER_TONES, ReasonDialog, SIDE, orderKey, reasonText, type TSide } from './orderApi';
import '../../ui/dayjsZh';
import cm from '../../ui/common.module.css';
import * as TC from '../../texts/common';
import s from './order.module.css';

/** Searched as typed (after the pause of spec/2 §9); the other fields on 搜索. */
const TYPED = ['bsn', 'project_name'] as const;
const SEARCH = ['bsn', 'project_name', 'company', 'project_address', 'create_time_start', 'create_time_end'] as const;
type TSearch = {
  bsn?: string;
  project_name?: string;
  company?: string;
  project_address?: string;
  created?: [Dayjs, Dayjs] | null;
};

function Actions({ r, side }: { r: TOrderRow; side: TSide }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<'close' | 'return' | null>(null);
  const base = SIDE[side].base;
  const link = (label: string, to: string, danger = false) => (
    <Button size="small" type="link" danger={danger} onClick={() => navigate(to)}>
      {label}
    </Button>
  );
  return (
    <Space size={4} wrap>
      {link(T.view, `${base}/watch/${r.id}`)}
      {side === 'tenant' && r.actions.includes('submit') && link(T.submit, `/rent/order/submit/${r.id}`)}
      {side === 'provider' && r.actions.includes('confirm') && link(T.confirm, `/rent-order/confirm/${r.id}`)}
      {isOrderChainOpen(r) && link(T.contract, `${base}/contract/${r.id}`)}
      {isOrderChainOpen(r) && link(T.inout, `${base}/inout/${r.id}`)}
      {isOrderChainOpen(r) && link(T.settle, `${base}/settle/${r.id}`)}
      {isOrderChainOpen(r) && link(T.payment, `${base}/payment/${r.id}`)}
      {side === 'tenant' && r.actions.includes('close') && (
        <Button size="small" type="link" danger onClick={() => setDialog('close')}>
          {T.close}
        </Button>
      )}
      {side === 'provider' && r.actions.includes('return') && (
        <Button size="small" type="link" danger onClick={() => setDialog('return')}>
          {T.returnOrder}
        </Button>
      )}
      {dialog && (
        <ReasonDialog
          kind={dialog}
          id={r.id}
          open
          onClose={() => setDialog(null)}
          onDone={() => void qc.invalidateQueries({ queryKey: orderKey })}
        />
      )}
    </Space>
  );
}

const orderCell = (r: TOrderRow, side: TSide) => (
  <div className={cm.minW220}>
    <div className={cm.strong}>{r.project_name}</div>
    <div className={cm.hint}>
      {T.sn} {r.sn}
    </div>
    <div className={cm.hint}>
      {side === 'tenant' ? T.providerName : T.tenantName}：{side === 'tenant' ? r.provider_name : r.tenant_name}
    </div>
    {reasonText(r)}
  </div>
);
/** Lines of a comprehensive order (classify 2) collapse into one cell joined by line breaks (spec/2 §2 screen 1). */
const linesCell = (r: TOrderRow) => <div className={s.linesCell}>{r.lines.join('\n')}</div>;

/**
 * 租入订单 (/rent/order) and 租出订单 (/rent-order): the side's orders by status tab, search (订单编号 pre-filled from
 * ?sn=, which opens the search panel), creation-date range and pages, all in the URL.
 */
export default function OrderListPage() {
  const side: TSide = useLocation().pathname.startsWith('/rent-order') ? 'provider' : 'tenant';
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const [modal, holder] = Modal.useModal();
  const { params, update, int } = useUrlQuery();
  const tabs = side === 'tenant' ? ORDER_TABS : PROVIDER_ORDER_TABS;
  const tabKeys = tabs.map((t) => String(t.status));
  const tab = tabKeys.includes(params.get('status') ?? '') ? (params.get('status') as string) : '-1';
  const page = int('page', 1);
  const sizeParam = int('size', 5);
  const size = PAGE_SIZE_OPTIONS.includes(sizeParam) ? sizeParam : 5;
  const sn = params.get('sn') ?? '';
  const search = Object.fromEntries(
    SEARCH.map((k) => [k, (k === 'bsn' ? params.get(k) || sn : params.get(k)) ?? '']),
  ) as Record<(typeof SEARCH)[number], string>;
  const [open, setOpen] = useState(
    () => !!(sn || search.company || search.project_address || search.create_time_start),
  );
  const q = useQuery({
    queryKey: [...orderKey, side, 'list', { tab, page, size, ...search }],
    queryFn: () =>
      api.get<TPage<TOrderRow>>(
        SIDE[side].list,
        { status: tab, page, size, ...Object.fromEntries(Object.entries(search).filter(([, v]) => v)) },
        { quiet: true },
      ),
    placeholderData: keepPreviousData,
  });
  const day = (d?: Dayjs) => (d ? d.format('YYYY-MM-DD') : undefined);
  const onSearch = (v: TSearch) =>
    update({
      sn: undefined,
      bsn: v.bsn?.trim(),
      project_name: v.project_name?.trim(),
      company: v.company?.trim(),
      project_address: v.project_address?.trim(),
      create_time_start: day(v.created?.[0]),
      create_time_end: day(v.created?.[1]),
      page: undefined,
    });
  const reset = () =>
    update({
      sn: undefined,
      bsn: undefined,
      project_name: undefined,
      company: undefined,
      project_address: undefined,
      create_time_start: undefined,
      create_time_end: undefined,
      page: undefined,
    });
  /** 添加订单: the pre-check first; a refusal shows its message in a 提示 dialog that leads to the dashboard (spec/2 §8). */
  const add = async () => {
    try {
      await api.get('/rent/order/createCheck', undefined, { quiet: true });
      window.open('/rent/order/add', '_blank');
    } catch (e) {
      modal.warning({
        title: T.tip,
        content: e instanceof ApiError ? e.message : String(e),
        okText: TC.ok,
        onOk: () => navigate('/dashboard/index'),
      });
    }
  };
  const field = mobile ? s.full : s.searchField;
  const columns: TableColumnsType<TOrderRow> = [
    { title: T.colOrder, key: 'o', width: 280, render: (_: unknown, r) => orderCell(r, side) },
    { title: T.colLines, key: 'l', width: 240, render: (_: unknown, r) => linesCell(r) },
    { title: T.colAmount, dataIndex: 'tax_total_v', width: 120 },
    { title: T.createTime, dataIndex: 'create_time_v', width: 160 },
    {
      title: T.colStatus,
      key: 's',
      width: 100,
      render: (_: unknown, r) => <StatusTag status={r.status} text={r.status_v} tones={ORDER_TONES} />,
    },
    {
      title: T.colAction,
      key: 'a',
      width: 200,
      fixed: 'right',
      render: (_: unknown, r) => <Actions r={r} side={side} />,
    },
  ];
  return (
    <PageCard
      title={side === 'tenant' ? T.tenantTitle : T.providerTitle}
      extra={
        <Space wrap>
          <ExportButton
            path={side === 'tenant' ? '/rent/order/export' : '/ep/order/export'}
            params={{ status: tab, ...search }}
          />
          {side === 'tenant' && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void add()}>
              {T.add}
            </Button>
          )}
        </Space>
      }
    >
      {holder}
      <TabBar
        items={tabs.map((t) => ({ key: String(t.status), label: t.label }))}
        active={tab}
        onChange={(k) => update({ status: k === '-1' ? undefined : k, page: undefined })}
      />
      <Form<TSearch>
        key={JSON.stringify({ ...search, bsn: '', project_name: '' })}
        layout="inline"
        initialValues={{
          ...search,
          created:
            search.create_time_start && search.create_time_end
              ? [dayjs(search.create_time_start), dayjs(search.create_time_end)]
              : null,
        }}
        className={s.search}
        onFinish={onSearch}
      >
        <TypedSearch fields={TYPED} current={search} apply={(v) => update({ sn: undefined, ...v, page: undefined })} />
        <Form.Item name="bsn">
          <Input allowClear placeholder={T.snPh} aria-label={T.sn} maxLength={32} className={field} />
        </Form.Item>
        <Form.Item name="project_name">
          <Input allowClear placeholder={T.projectNamePh} aria-label={T.projectName} maxLength={50} className={field} />
        </Form.Item>
        {open && (
          <>
            <Form.Item name="company">
              <Input
                allowClear
                placeholder={
                  side === 'tenant' ? `${T.providerName}：${T.companyPh}` : `${T.tenantName}：${T.companyPh}`
                }
                aria-label={side === 'tenant' ? T.providerName : T.tenantName}
                maxLength={50}
                className={field}
              />
            </Form.Item>
            <Form.Item name="project_address">
              <Input
                allowClear
                placeholder={T.projectAddressPh}
                aria-label={T.projectAddress}
                maxLength={50}
                className={field}
              />
            </Form.Item>
            <Form.Item name="created" label={T.createTime}>
              <DatePicker.RangePicker placeholder={[T.startDate, T.endDate]} className={mobile ? s.full : s.range} />
            </Form.Item>
          </>
        )}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {T.search}
            </Button>
            <Button onClick={reset}>{T.reset}</Button>
            <Button type="link" onClick={() => setOpen((v) => !v)}>
              {open ? T.less : T.more}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <QueryState
        query={q}
        isEmpty={(d) => d.total === 0 && page === 1}
        empty={
          <StateView
            icon={<FileSearchOutlined className={s.emptyIcon} />}
            title={T.empty}
            sub={side === 'provider' ? T.emptyProvider : undefined}
          />
        }
      >
        {(d) => (
          <PagedList<TOrderRow>
            data={d.data}
            total={d.total}
            page={page}
            size={size}
            mobile={mobile}
            columns={columns}
            card={(r) => (
              <div data-testid="order-card" className={`${s.box} ${s.card}`}>
                <div className={cm.between8}>
                  {orderCell(r, side)}
                  <span className={cm.fixed}>
                    <StatusTag status={r.status} text={r.status_v} tones={ORDER_TONES} />
                  </span>
                </div>
                <div className={cm.secondary13}>{linesCell(r)}</div>
                <div className={cm.hint}>
                  {T.colAmount} {r.tax_total_v} · {r.create_time_v}
                </div>
                <div className={s.cardFoot}>
                  <Actions r={r} side={side} />
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
