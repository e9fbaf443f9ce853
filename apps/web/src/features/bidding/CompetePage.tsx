import { Button, DatePicker, Form, Input, Modal, Popconfirm, Space, type TableColumnsType } from 'antd';
import { FileSearchOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BIDDING_TABS } from '@jizu/shared/constants/bidding';
import { bidding as msg_bidding } from '@jizu/shared/messages/bidding';
import { biddingUi as T } from '../../texts/bidding';
import type { TPage } from '@jizu/shared/errors';
import { ZBiddingClose, type TBiddingRow } from '@jizu/shared/schemas/bidding';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { inputProps, rulesOf } from '../../ui/formRules';
import { PageCard } from '../../ui/PageCard';
import { PAGE_SIZE_OPTIONS, PagedList } from '../../ui/PagedList';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { StatusTag } from '../../ui/StatusTag';
import { TabBar } from '../../ui/TabBar';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { TypedSearch } from '../../ui/TypedSearch';
import { BIDDING_TONES, biddingKey } from './biddingApi';
import '../../ui/dayjsZh';
import cm from '../../ui/common.module.css';
import { whenValid } from '../../ui/useFormSave';
import s from './bidding.module.css';
import { ExportButton } from '../../ui/ExportButton';

const TAB_KEYS = BIDDING_TABS.map((t) => String(t.status));
/** Searched as typed (after the pause of spec/2 §9); the other fields on 搜索. */
const TYPED = ['sn', 'name'] as const;
const SEARCH = [
  'sn',
  'name',
  'device',
  'address',
  'create_time_start',
  'create_time_end',
  'end_time_start',
  'end_time_end',
] as const;

/** The close dialog: a reason (≤ 50) is required. Shared with the detail page. */
export function CloseDialog({
  id,
  open,
  onClose,
  onDone,
}: {
  id: number;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const close = useMutation({
    mutationFn: (reason: string) => api.post('/rent/bidding/close', { id, reason }),
    onSuccess: () => {
      toast.success(msg_bidding.closed);
      onClose();
      onDone();
    },
  });
  return (
    <Modal
      title={T.close}
      open={open}
      width={500}
      onCancel={onClose}
      okButtonProps={{ danger: true, loading: close.isPending }}
      okText={T.close}
      destroyOnHidden
      onOk={whenValid(form, (v) => close.mutate(v.reason))}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label={T.closeReason} name="reason" rules={rulesOf(ZBiddingClose, 'reason')}>
          <Input.TextArea rows={3} placeholder={T.closeReasonPh} {...inputProps(ZBiddingClose, 'reason')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Actions({ r }: { r: TBiddingRow }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [closing, setClosing] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: biddingKey });
  const advance = useMutation({
    mutationFn: () => api.post('/rent/bidding/advance', { id: r.id }),
    onSuccess: () => {
      toast.success(msg_bidding.operated);
      void refresh();
    },
  });
  return (
    <Space size={4} wrap>
      <Button size="small" type="link" onClick={() => navigate(`/rent/watch/${r.id}`)}>
        {T.view}
      </Button>
      {r.actions.includes('advance') && (
        <Popconfirm title={T.advance} description={T.advanceConfirm} onConfirm={() => advance.mutateAsync()}>
          <Button size="small" type="link">
            {T.advance}
          </Button>
        </Popconfirm>
      )}
      {r.actions.includes('resubmit') && (
        <Button
          size="small"
          type="link"
          onClick={() => navigate(`${r.classify === 2 ? '/rent/total' : '/rent/public'}?id=${r.id}`)}
        >
          {T.republish}
        </Button>
      )}
      {r.actions.includes('close') && (
        <Button size="small" type="link" danger onClick={() => setClosing(true)}>
          {T.close}
        </Button>
      )}
      <CloseDialog id={r.id} open={closing} onClose={() => setClosing(false)} onDone={() => void refresh()} />
    </Space>
  );
}

const nameCell = (r: TBiddingRow) => (
  <div className={cm.minW220}>
    <div className={cm.strong}>{r.name}</div>
    <div className={cm.hint}>
      {r.sn} · {r.classify_v}
    </div>
    {r.reason && (
      <div className={cm.danger12}>
        {T.reasonLabel}
        {r.reason}
      </div>
    )}
  </div>
);
const columns: TableColumnsType<TBiddingRow> = [
  { title: T.colName, key: 'name', width: 300, render: (_: unknown, r) => nameCell(r) },
  { title: T.colDevices, dataIndex: 'devices', width: 160 },
  { title: T.colCreate, dataIndex: 'create_time', width: 160 },
  { title: T.colEnd, dataIndex: 'end_time', width: 110 },
  { title: T.colCount, dataIndex: 'response_com_count', width: 90 },
  {
    title: T.colStatus,
    key: 'status',
    width: 100,
    render: (_: unknown, r) => <StatusTag status={r.status} text={r.status_v} tones={BIDDING_TONES} />,
  },
  { title: T.colAction, key: 'action', width: 200, fixed: 'right', render: (_: unknown, r) => <Actions r={r} /> },
];

function Card({ r }: { r: TBiddingRow }) {
  return (
    <div data-testid="bidding-card" className={s.card}>
      <div className={cm.between8}>
        {nameCell(r)}
        <span className={cm.fixed}>
          <StatusTag status={r.status} text={r.status_v} tones={BIDDING_TONES} />
        </span>
      </div>
      <div className={cm.muted13}>
        {T.colDevices}：{r.devices}
      </div>
      <div className={cm.muted13}>
        {T.colEnd} {r.end_time} · {T.colCount} {r.response_com_count}
      </div>
      <div className={s.cardFoot}>
        <Actions r={r} />
      </div>
    </div>
  );
}

type TSearch = {
  sn?: string;
  name?: string;
  device?: string;
  address?: string;
  created?: [Dayjs, Dayjs] | null;
  ended?: [Dayjs, Dayjs] | null;
};

/** 竞价管理 (/rent/compete): the company's projects by status tab, search and the advanced search, all in the URL. */
export default function CompetePage() {
  const navigate = useNavigate();
  const { params, update, int } = useUrlQuery();
  const mobile = useIsMobile();
  const tab = TAB_KEYS.includes(params.get('status') ?? '') ? (params.get('status') as string) : '-1';
  const page = int('page', 1);
  const sizeParam = int('size', 5);
  const size = PAGE_SIZE_OPTIONS.includes(sizeParam) ? sizeParam : 5;
  const search = Object.fromEntries(SEARCH.map((k) => [k, params.get(k) ?? ''])) as Record<
    (typeof SEARCH)[number],
    string
  >;
  const [advanced, setAdvanced] = useState(
    () => !!(search.device || search.address || search.create_time_start || search.end_time_start),
  );
  const q = useQuery({
    queryKey: [...biddingKey, 'list', { tab, page, size, ...search }],
    queryFn: () =>
      api.get<TPage<TBiddingRow>>('/rent/bidding/lst', { status: tab, page, size, ...search }, { quiet: true }),
    placeholderData: keepPreviousData,
  });
  const range = (a: string, b: string): [Dayjs, Dayjs] | null => (a && b ? [dayjs(a), dayjs(b)] : null);
  const day = (d?: Dayjs) => (d ? d.format('YYYY-MM-DD') : undefined);
  const onSearch = (v: TSearch) =>
    update({
      sn: v.sn?.trim(),
      name: v.name?.trim(),
      device: v.device?.trim(),
      address: v.address?.trim(),
      create_time_start: day(v.created?.[0]),
      create_time_end: day(v.created?.[1]),
      end_time_start: day(v.ended?.[0]),
      end_time_end: day(v.ended?.[1]),
      page: undefined,
    });
  const field = mobile ? s.full : s.searchField;
  return (
    <PageCard
      title={T.competeTitle}
      extra={
        <Space wrap>
          <ExportButton path="/rent/bidding/export" params={{ status: tab, ...search }} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/rent/type')}>
            {T.publish}
          </Button>
        </Space>
      }
    >
      <TabBar
        items={BIDDING_TABS.map((t) => ({ key: String(t.status), label: t.label }))}
        active={tab}
        onChange={(k) => update({ status: k === '-1' ? undefined : k, page: undefined })}
      />
      <Form<TSearch>
        key={JSON.stringify({ ...search, sn: '', name: '' })}
        layout="inline"
        initialValues={{
          ...search,
          created: range(search.create_time_start, search.create_time_end),
          ended: range(search.end_time_start, search.end_time_end),
        }}
        className={s.search}
        onFinish={onSearch}
      >
        <TypedSearch fields={TYPED} current={search} apply={(v) => update({ ...v, page: undefined })} />
        <Form.Item name="sn">
          <Input allowClear placeholder={T.searchSn} aria-label={T.searchSn} maxLength={32} className={field} />
        </Form.Item>
        <Form.Item name="name">
          <Input allowClear placeholder={T.searchName} aria-label={T.searchName} maxLength={50} className={field} />
        </Form.Item>
        {advanced && (
          <>
            <Form.Item name="device">
              <Input allowClear placeholder={T.device} aria-label={T.device} maxLength={50} className={field} />
            </Form.Item>
            <Form.Item name="address">
              <Input allowClear placeholder={T.address} aria-label={T.address} maxLength={50} className={field} />
            </Form.Item>
            <Form.Item name="created" label={T.publishRange}>
              <DatePicker.RangePicker className={mobile ? s.full : s.range} />
            </Form.Item>
            <Form.Item name="ended" label={T.endRange}>
              <DatePicker.RangePicker className={mobile ? s.full : s.range} />
            </Form.Item>
          </>
        )}
        <Space>
          <Button type="primary" htmlType="submit">
            {T.search}
          </Button>
          <Button onClick={() => update({ ...Object.fromEntries(SEARCH.map((k) => [k, undefined])), page: undefined })}>
            {T.reset}
          </Button>
          <Button type="link" onClick={() => setAdvanced((a) => !a)}>
            {T.advanced}
          </Button>
        </Space>
      </Form>
      <QueryState
        query={q}
        isEmpty={(d) => d.total === 0 && page === 1}
        empty={<StateView icon={<FileSearchOutlined className={s.emptyIcon} />} title={T.empty} />}
      >
        {(d) => (
          <PagedList<TBiddingRow>
            data={d.data}
            total={d.total}
            page={page}
            size={size}
            mobile={mobile}
            columns={columns}
            card={(r) => <Card r={r} />}
            onPage={(p, s) =>
              update({ page: s !== size ? undefined : p > 1 ? p : undefined, size: s === 5 ? undefined : s })
            }
          />
        )}
      </QueryState>
    </PageCard>
  );
}
