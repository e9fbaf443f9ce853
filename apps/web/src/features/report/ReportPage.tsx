import type { TableColumnsType } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REPORT_TARGET_TEXT } from '@jizu/shared/constants/report';
import type { TReportRow } from '@jizu/shared/schemas/report';
import type { TPage } from '@jizu/shared/errors';
import { api } from '../../api/client';
import { useIsMobile } from '../../app/useIsMobile';
import { PageCard } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { StateView } from '../../ui/StateView';
import { StatusTag, type TTone } from '../../ui/StatusTag';
import { useUrlQuery } from '../../ui/useUrlQuery';
import { RT } from '../../texts/report';
import { PAGE_SIZE_OPTIONS, PagedList } from '../../ui/PagedList';
import cm from '../../ui/common.module.css';
import css from './ReportPage.module.css';

export const REPORT_TONES: Record<number, TTone> = { 0: 'processing', 1: 'success', 2: 'default' };

function Target({ r }: { r: TReportRow }) {
  const t = r.equipment ?? (r.shop ? { name: r.shop.shop_name, href: r.shop.href } : null);
  return t ? (
    <span>
      <span className={css.kind}>[{REPORT_TARGET_TEXT[r.type]}]</span>
      <a href={t.href} target="_blank" rel="noreferrer">
        {t.name}
      </a>
    </span>
  ) : (
    <>{RT.none}</>
  );
}

const columns: TableColumnsType<TReportRow> = [
  { title: RT.col.sn, dataIndex: 'sn', width: 190 },
  { title: RT.col.target, key: 'target', width: 220, render: (_: unknown, r) => <Target r={r} /> },
  { title: RT.col.type, dataIndex: 'type_v', width: 110 },
  { title: RT.col.remarks, dataIndex: 'remarks', width: 220, ellipsis: true },
  { title: RT.col.phone, dataIndex: 'phone', width: 120 },
  {
    title: RT.col.status,
    dataIndex: 'status',
    width: 90,
    render: (s: number, r) => <StatusTag status={s} text={r.status_v} tones={REPORT_TONES} />,
  },
  { title: RT.col.result, dataIndex: 'result', width: 220, render: (v: string) => v || RT.none },
  { title: RT.col.time, dataIndex: 'create_time', width: 170 },
];

/** 我的举报 (/dashboard/report): my reports with their status and the platform's result. */
export default function ReportPage() {
  const { update, int } = useUrlQuery();
  const page = int('page', 1);
  const size = PAGE_SIZE_OPTIONS.includes(int('size', 5)) ? int('size', 5) : 5;
  const mobile = useIsMobile();
  const onPage = (p: number, s: number) =>
    update({ page: p > 1 && s === size ? p : undefined, size: s === 5 ? undefined : s });
  const q = useQuery({
    queryKey: ['report', 'lst', { page, size }],
    queryFn: () => api.get<TPage<TReportRow>>('/index/report/lst', { page, size }),
    placeholderData: keepPreviousData,
  });
  return (
    <PageCard title={RT.title}>
      <QueryState
        query={q}
        isEmpty={(d) => d.total === 0}
        empty={<StateView icon={<WarningOutlined className={css.emptyIcon} />} title={RT.empty} sub={RT.emptyHint} />}
      >
        {(d) => (
          <PagedList<TReportRow>
            data={d.data}
            total={d.total}
            page={page}
            size={size}
            mobile={mobile}
            columns={columns}
            onPage={onPage}
            card={(r) => (
              <div className={css.card}>
                <div className={cm.row8}>
                  <span className={cm.growShrink}>
                    <Target r={r} />
                  </span>
                  <StatusTag status={r.status} text={r.status_v} tones={REPORT_TONES} />
                </div>
                <div className={cm.muted13}>
                  <div>
                    {RT.col.sn}：{r.sn}
                  </div>
                  <div>
                    {RT.col.type}：{r.type_v} · {r.create_time.slice(0, 16)}
                  </div>
                  <div>
                    {RT.col.remarks}：{r.remarks}
                  </div>
                  {r.result && (
                    <div className={css.result}>
                      {RT.col.result}：{r.result}
                    </div>
                  )}
                </div>
              </div>
            )}
          />
        )}
      </QueryState>
    </PageCard>
  );
}
