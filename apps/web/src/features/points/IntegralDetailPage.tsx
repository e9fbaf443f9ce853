import { Button, DatePicker, Select, Table, Tabs } from 'antd';
import type { TableColumnsType } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TLedgerRow } from '@jizu/shared/schemas/points';
import * as TxAccount from '../../texts/account';
import { useIsMobile } from '../../app/useIsMobile';
import { PageCard, PageHeader } from '../../ui/PageCard';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { QueryState } from '../../ui/QueryState';
import { useLedger, useTypeList } from './pointsApi';
import { useConvertDialog } from './useConvertDialog';
import { PAGE_SIZE_OPTIONS } from '../../ui/PagedList';
import '../../ui/dayjsZh';
import s from './IntegralDetailPage.module.css';
import cm from '../../ui/common.module.css';

const columns: TableColumnsType<TLedgerRow> = [
  { title: TxAccount.points.time, dataIndex: 'create_time', width: 170 },
  { title: TxAccount.points.type, dataIndex: 'type_v', width: 130 },
  {
    title: TxAccount.points.change,
    dataIndex: 'change',
    width: 100,
    align: 'right',
    render: (v: number) => <span className={`${s.change} ${v > 0 ? s.gain : s.loss}`}>{v > 0 ? `+${v}` : v}</span>,
  },
  {
    title: TxAccount.points.balance,
    dataIndex: 'balance',
    width: 100,
    align: 'right',
    render: (v: number) => <span className={s.num}>{v}</span>,
  },
  {
    title: TxAccount.points.source,
    key: 'source',
    render: (_: unknown, r) => (
      <div className={s.source}>
        <div>{r.source_remark || r.type_v}</div>
        {(r.source_sn || r.source_amount) && (
          <div className={cm.hint}>
            {r.source_amount && <span className={s.amount}>{`${TxAccount.points.amount} ¥${r.source_amount}`}</span>}
            {r.source_sn && `${TxAccount.points.sn} ${r.source_sn}`}
          </div>
        )}
      </div>
    ),
  },
];

/** Phone width: type, source and time stacked in one column beside the change and the balance. */
const mobileColumns: TableColumnsType<TLedgerRow> = [
  {
    title: TxAccount.points.type,
    key: 'main',
    render: (_: unknown, r) => (
      <div className={s.main}>
        <div className={cm.medium}>{r.type_v}</div>
        {r.source_remark && <div className={s.remark}>{r.source_remark}</div>}
        <div className={cm.hint}>{r.create_time}</div>
      </div>
    ),
  },
  columns[2],
  { ...columns[3], width: 72 },
];

function Figure({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <div className={cm.shrink}>
      <div className={cm.tertiary13}>{label}</div>
      <div data-testid={testId} className={s.figure}>
        {value.toLocaleString('zh-CN')}
      </div>
    </div>
  );
}

/** 积分明细 (spec/1 §2): tabs beans and coins (?tab=coin), type and date filters, 20 a page; all in the URL. */
export default function IntegralDetailPage() {
  const { params, update, int } = useUrlQuery();
  const converting = useConvertDialog();
  const currency = params.get('tab') === 'coin' ? 'gold' : 'peas';
  const page = int('page', 1);
  const size = PAGE_SIZE_OPTIONS.includes(int('size', 20)) ? int('size', 20) : 20;
  const type = params.get('type') ? Number(params.get('type')) : undefined;
  const start = params.get('start') ?? undefined;
  const end = params.get('end') ?? undefined;
  const ledger = useLedger(currency, { page, size, type, start, end });
  const types = useTypeList();
  const mobile = useIsMobile();

  const isGold = currency === 'gold';
  return (
    <>
      <PageHeader
        title={TxAccount.points.detail}
        extra={
          <>
            <Link to="/gain-peas">
              <Button>{TxAccount.points.howToGain}</Button>
            </Link>
            <Link to="/coin-purchase">
              <Button>{TxAccount.points.buyGold}</Button>
            </Link>
            <Button type="primary" icon={<SwapOutlined />} onClick={converting.open} data-testid="open-convert">
              {TxAccount.points.convert}
            </Button>
          </>
        }
      />
      <PageCard bodyClassName={s.ledgerBody}>
        <Tabs
          activeKey={isGold ? 'coin' : 'peas'}
          onChange={(k) => update({ tab: k === 'coin' ? 'coin' : undefined, page: undefined, type: undefined })}
          items={[
            { key: 'peas', label: TxAccount.points.tabPeas },
            { key: 'coin', label: TxAccount.points.tabGold },
          ]}
        />
        <div className={mobile ? `${s.figures} ${s.figuresMobile}` : s.figures}>
          <Figure
            label={isGold ? TxAccount.points.availableGold : TxAccount.points.available}
            value={ledger.data?.available ?? 0}
            testId="points-available"
          />
          <Figure label={TxAccount.points.gain} value={ledger.data?.gain ?? 0} />
          <Figure label={TxAccount.points.pay} value={ledger.data?.pay ?? 0} />
        </div>
        <div className={s.filters}>
          <Select
            className={s.type}
            allowClear
            placeholder={TxAccount.points.allTypes}
            value={type}
            onChange={(v?: number) => update({ type: v, page: undefined })}
            options={(types.data?.[currency] ?? []).map((o) => ({ value: o.value, label: o.label }))}
            aria-label={TxAccount.points.type}
          />
          <DatePicker.RangePicker
            className={s.range}
            placeholder={[TxAccount.points.dateStart, TxAccount.points.dateEnd]}
            value={start && end ? [dayjs(start), dayjs(end)] : null}
            onChange={(v) =>
              update({ start: v?.[0]?.format('YYYY-MM-DD'), end: v?.[1]?.format('YYYY-MM-DD'), page: undefined })
            }
          />
        </div>
        <QueryState query={ledger}>
          {(d) => (
            <Table<TLedgerRow>
              rowKey="id"
              size="middle"
              columns={mobile ? mobileColumns : columns}
              dataSource={d.data}
              loading={ledger.isFetching}
              scroll={mobile ? undefined : { x: 720 }}
              data-testid="ledger-table"
              pagination={{
                current: page,
                pageSize: size,
                total: d.total,
                showSizeChanger: true,
                pageSizeOptions: PAGE_SIZE_OPTIONS,
                showTotal: (n) => fmt(TxAccount.points.total, { n }),
                onChange: (p, s) => update({ page: p === 1 ? undefined : p, size: s === 20 ? undefined : s }),
              }}
            />
          )}
        </QueryState>
      </PageCard>
      {converting.dialog}
    </>
  );
}
