import { Table, type TableColumnsType } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fmt } from '@jizu/shared/messages';
import { REPORT_TARGET_TEXT } from '@jizu/shared/constants/report';
import type { TReportRow } from '@jizu/shared/schemas/report';
import type { TPage } from '@jizu/shared/errors';
import { api } from '../../api/client';
import { T } from '../../app/texts';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { StatusTag, type TTone } from '../../ui/StatusTag';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { RT } from './texts';

export const REPORT_TONES: Record<number, TTone> = { 0: 'processing', 1: 'success', 2: 'default' };
const SIZES = [5, 10, 15, 20];

const columns: TableColumnsType<TReportRow> = [
  { title: RT.col.sn, dataIndex: 'sn', width: 190 },
  {
    title: RT.col.target,
    key: 'target',
    width: 220,
    render: (_: unknown, r) => {
      const t = r.equipment ?? (r.shop ? { name: r.shop.shop_name, href: r.shop.href } : null);
      return t ? (
        <span>
          <span style={{ color: 'rgba(0,0,0,.45)', marginRight: 6 }}>[{REPORT_TARGET_TEXT[r.type]}]</span>
          <a href={t.href} target="_blank" rel="noreferrer">
            {t.name}
          </a>
        </span>
      ) : (
        RT.none
      );
    },
  },
  { title: RT.col.type, dataIndex: 'type_v', width: 110 },
  { title: RT.col.remarks, dataIndex: 'remarks', width: 220, ellipsis: true },
  { title: RT.col.phone, dataIndex: 'phone', width: 120 },
  { title: RT.col.status, dataIndex: 'status', width: 90, render: (s: number, r) => <StatusTag status={s} text={r.status_v} tones={REPORT_TONES} /> },
  { title: RT.col.result, dataIndex: 'result', width: 220, render: (v: string) => v || RT.none },
  { title: RT.col.time, dataIndex: 'create_time', width: 170 },
];

/** 我的举报 (/dashboard/report): my reports with their status and the platform's result. */
export default function ReportPage() {
  const { update, int } = useUrlQuery();
  const page = int('page', 1);
  const size = SIZES.includes(int('size', 5)) ? int('size', 5) : 5;
  const q = useQuery({ queryKey: ['report', 'lst', { page, size }], queryFn: () => api.get<TPage<TReportRow>>('/index/report/lst', { page, size }), placeholderData: keepPreviousData });
  return (
    <PageCard title={RT.title}>
      <QueryState query={q} isEmpty={(d) => d.total === 0} empty={<StateView icon={<WarningOutlined style={{ fontSize: 48, color: '#faad14' }} />} title={RT.empty} sub={RT.emptyHint} />}>
        {(d) => (
          <Table<TReportRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={d.data}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: page,
              pageSize: size,
              total: d.total,
              showSizeChanger: true,
              pageSizeOptions: SIZES,
              showTotal: (n) => fmt(T.admin.total, { n }),
              onChange: (p, s) => update({ page: p > 1 && s === size ? p : undefined, size: s === 5 ? undefined : s }),
            }}
          />
        )}
      </QueryState>
    </PageCard>
  );
}
