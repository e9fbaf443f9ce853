import { Button, Form, Input, Popconfirm, Space, type TableColumnsType } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { OFFER_TABS } from '@jizu/shared/constants/bidding';
import { offer as msg_offer } from '@jizu/shared/messages/offer';
import type { TPage } from '@jizu/shared/errors';
import type { TOfferRow } from '@jizu/shared/schemas/offer';
import { api } from '../../api/client';
import { toast } from '../../app/toast';
import { useIsMobile } from '../../app/useIsMobile';
import { MoneyText } from '../../ui/MoneyText';
import { PageCard } from '../../ui/PageCard';
import { PAGE_SIZE_OPTIONS, PagedList } from '../../ui/PagedList';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { StatusTag } from '../../ui/StatusTag';
import { TabBar } from '../../ui/TabBar';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { OFFER_TONES, responseKey } from './responseApi';
import s from './response.module.css';
import cm from '../../ui/common.module.css';
import { ExportButton } from '../../ui/ExportButton';

const M = msg_offer;
const TAB_KEYS = OFFER_TABS.map((t) => String(t.status));

function Actions({ r }: { r: TOfferRow }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const withdraw = useMutation({
    mutationFn: () => api.del(`/ep/offer/${r.id}`),
    onSuccess: async () => {
      toast.success(M.withdrawn);
      await qc.invalidateQueries({ queryKey: responseKey });
    },
  });
  return (
    <Space size={4} wrap>
      <Button size="small" type="link" onClick={() => navigate(`/response/detail/${r.bid}`)}>
        {M.view}
      </Button>
      {r.actions.includes('change') && (
        <Button size="small" type="link" onClick={() => navigate(`/response/edit/${r.id}`)}>
          {M.edit}
        </Button>
      )}
      {r.actions.includes('withdraw') && (
        <Popconfirm
          title={M.withdraw}
          description={M.withdrawConfirm}
          okText={M.withdraw}
          cancelText={M.cancel}
          okButtonProps={{ danger: true }}
          onConfirm={() => withdraw.mutateAsync()}
        >
          <Button size="small" type="link" danger loading={withdraw.isPending}>
            {M.withdraw}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

const columns: TableColumnsType<TOfferRow> = [
  {
    title: M.colName,
    key: 'name',
    width: 280,
    render: (_: unknown, r) => (
      <div className={cm.minW220}>
        <div className={cm.strong}>{r.name}</div>
        <div className={cm.hint}>
          {r.sn} · {r.classify_v}
        </div>
      </div>
    ),
  },
  { title: M.colAddress, dataIndex: 'address', width: 180 },
  { title: M.colCompany, dataIndex: 'CompanyName', width: 180 },
  { title: M.colContacts, dataIndex: 'contacts', width: 90 },
  { title: M.colNum, dataIndex: 'TotalNum', width: 90 },
  { title: M.colMoney, key: 'money', width: 130, render: (_: unknown, r) => <MoneyText fen={r.TotalMoney} strong /> },
  { title: M.colEndTime, dataIndex: 'end_time', width: 110 },
  {
    title: M.colStatus,
    key: 'status',
    width: 90,
    render: (_: unknown, r) => <StatusTag status={r.status} text={r.status_v} tones={OFFER_TONES} />,
  },
  { title: M.colAction, key: 'action', width: 170, fixed: 'right', render: (_: unknown, r) => <Actions r={r} /> },
];

function OfferCard({ r }: { r: TOfferRow }) {
  return (
    <div data-testid="offer-card" className={s.card}>
      <div className={cm.between8}>
        <div className={cm.strong}>{r.name}</div>
        <StatusTag status={r.status} text={r.status_v} tones={OFFER_TONES} />
      </div>
      <div className={cm.muted13}>
        {M.colCompany}：{r.CompanyName}
      </div>
      <div className={cm.muted13}>
        {M.colAddress}：{r.address}
      </div>
      <div className={s.cardFigures}>
        <span>
          {M.colNum} {r.TotalNum} · {M.colEndTime} {r.end_time}
        </span>
        <MoneyText fen={r.TotalMoney} strong />
      </div>
      <div className={s.cardActions}>
        <Actions r={r} />
      </div>
    </div>
  );
}

/** 竞价响应 (/response): the company's responses by status tab, searchable by address and tenant name (all in the URL). */
export default function ResponseListPage() {
  const { params, update, int } = useUrlQuery();
  const tab = TAB_KEYS.includes(params.get('status') ?? '') ? (params.get('status') as string) : '-1';
  const page = int('page', 1);
  const sizeParam = int('size', 5);
  const size = PAGE_SIZE_OPTIONS.includes(sizeParam) ? sizeParam : 5;
  const address = params.get('address') ?? '';
  const company = params.get('company') ?? '';
  const mobile = useIsMobile();
  const [form] = Form.useForm<{ address: string; company: string }>();
  const q = useQuery({
    queryKey: [...responseKey, 'list', { tab, page, size, address, company }],
    queryFn: () =>
      api.get<TPage<TOfferRow>>('/ep/offer', { status: tab, page, size, address, company }, { quiet: true }),
    placeholderData: keepPreviousData,
  });
  return (
    <PageCard
      title={M.listTitle}
      extra={<ExportButton path="/ep/offer/export" params={{ status: tab, address, company }} />}
    >
      <TabBar
        items={OFFER_TABS.map((t) => ({ key: String(t.status), label: t.label }))}
        active={tab}
        onChange={(k) => update({ status: k === '-1' ? undefined : k, page: undefined })}
      />
      <Form
        key={`${address}|${company}`}
        form={form}
        layout="inline"
        initialValues={{ address, company }}
        className={s.filters}
        onFinish={(v) => update({ address: v.address?.trim(), company: v.company?.trim(), page: undefined })}
      >
        <Form.Item name="address">
          <Input
            allowClear
            placeholder={M.searchAddress}
            aria-label={M.searchAddress}
            maxLength={50}
            className={mobile ? s.searchMobile : s.search}
          />
        </Form.Item>
        <Form.Item name="company">
          <Input
            allowClear
            placeholder={M.searchCompany}
            aria-label={M.searchCompany}
            maxLength={100}
            className={mobile ? s.searchMobile : s.search}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {M.search}
          </Button>
          <Button onClick={() => update({ address: undefined, company: undefined, page: undefined })}>{M.reset}</Button>
        </Space>
      </Form>
      <QueryState
        query={q}
        isEmpty={(d) => d.total === 0 && page === 1}
        empty={<StateView icon={<FileSearchOutlined className={s.emptyIcon} />} title={M.empty} />}
      >
        {(d) => (
          <PagedList<TOfferRow>
            data={d.data}
            total={d.total}
            page={page}
            size={size}
            mobile={mobile}
            columns={columns}
            card={(r) => <OfferCard r={r} />}
            onPage={(p, s) =>
              update({ page: s !== size ? undefined : p > 1 ? p : undefined, size: s === 5 ? undefined : s })
            }
          />
        )}
      </QueryState>
    </PageCard>
  );
}
