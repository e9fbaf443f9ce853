import { Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TPage } from '@jizu/shared/errors';
import type { TMemberPlan, TRight } from '@jizu/shared/schemas/payment';
import { api } from '../../api/client';
import { useUserInfo } from '../../app/session';
import { PageCard, PageHeader } from '../../ui/PageCard';
import { QueryState } from '../../ui/QueryState';
import { PlanCards } from './PlanCards';
import { PT, rightsState } from '../../texts/payment';
import { Link } from 'react-router';
import { RT } from '../../texts/rights';

const cols: TableColumnsType<TRight> = [
  { title: PT.rightsCols.sn, dataIndex: 'sn', width: 200 },
  { title: PT.rightsCols.type, dataIndex: 'rights_type', width: 110 },
  { title: PT.rightsCols.amount, dataIndex: 'amount', width: 110, align: 'right' },
  { title: PT.rightsCols.begin, dataIndex: 'begin_time_v', width: 120 },
  { title: PT.rightsCols.end, dataIndex: 'expiration_time_v', width: 120 },
  { title: PT.rightsCols.time, dataIndex: 'success_time', width: 170 },
  {
    title: PT.rightsCols.status,
    dataIndex: 'status',
    width: 90,
    render: (s: string) => <Tag color={s === rightsState.valid ? 'success' : 'default'}>{s}</Tag>,
  },
  { title: RT.device, dataIndex: 'equip_name', width: 140, render: (v: string) => v || '—' },
  {
    title: '',
    key: 'bind',
    width: 100,
    fixed: 'right',
    render: (_: unknown, r) =>
      r.equipment_id ? (
        <Link
          to={`/dashboard/down-nameplate?id=${r.id}&url=${encodeURIComponent(`/api/index/user/nameplate?id=${r.id}`)}`}
        >
          {RT.download}
        </Link>
      ) : r.status === rightsState.valid ? (
        <Link
          to={`/dashboard/bind-device/${r.id}/${encodeURIComponent(r.rights_type.replace(rightsState.levelSuffix, ''))}`}
        >
          {RT.bindDevice}
        </Link>
      ) : null,
  },
];

/** /payment-detail: the membership benefit list, my level, and my paid membership rights. */
export default function PaymentDetailPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const me = useUserInfo();
  const plans = useQuery({
    queryKey: ['member-plans'],
    queryFn: () => api.get<TMemberPlan[]>('/payment/member/plans'),
  });
  const rights = useQuery({
    queryKey: ['rights', page],
    queryFn: () => api.get<TPage<TRight>>('/index/user/rightsList', { page, size: 5 }),
    placeholderData: keepPreviousData,
  });
  const lv = me.data?.memberLevel;
  return (
    <>
      <PageHeader
        title={PT.benefits}
        sub={
          lv &&
          `${PT.currentLevel}：${lv.level}${lv.expiration_time ? `（${PT.currentExpire} ${lv.expiration_time}，${fmt(PT.daysLeft, { n: lv.level_count })}）` : `（${PT.forever}）`}`
        }
      />
      <PageCard>
        <QueryState query={plans}>{(d) => <PlanCards plans={d} current={lv?.level ?? 'A'} />}</QueryState>
      </PageCard>
      <PageCard title={PT.rightsTitle}>
        <QueryState query={rights}>
          {(d) => (
            <Table<TRight>
              rowKey="id"
              size="middle"
              columns={cols}
              dataSource={d.data}
              scroll={{ x: 1140 }}
              pagination={{
                current: page,
                pageSize: 5,
                total: d.total,
                onChange: (p) => setParams({ page: String(p) }),
              }}
            />
          )}
        </QueryState>
      </PageCard>
    </>
  );
}
