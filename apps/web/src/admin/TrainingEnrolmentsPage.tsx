import { Card, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ENROL_PAY_STATES, ENROL_PAY_STATE_TEXT } from '@jizu/shared/constants/training';
import { fmt } from '@jizu/shared/messages/fmt';
import type { TPage } from '@jizu/shared/errors';
import type { TAdminEnrolRow, TAdminMajor } from '@jizu/shared/schemas/training';
import { api } from '../api/client';
import * as TxAdmin from '../texts/admin';
import { PageHeader } from '../ui/PageCard';
import { QueryState } from '../ui/QueryState';
import { StatusTag } from '../ui/StatusTag';
import { useUrlQuery } from '../ui/useUrlQuery';
import { ENROL_TONES } from '../features/training/tones';
import { TT } from '../texts/training';
import { TRAINING_MENU } from '../texts/adminMenu';
import ac from './admin.module.css';

const A = TT.admin;
const C = A.cols;
const cols: TableColumnsType<TAdminEnrolRow> = [
  { title: C.name, dataIndex: 'name', width: 100, fixed: 'left' },
  { title: C.card, dataIndex: 'card', width: 190 },
  {
    title: C.sexAge,
    key: 'sa',
    width: 100,
    render: (_: unknown, r) => [r.sex, r.age ? fmt(TT.ageUnit, { n: r.age }) : ''].filter(Boolean).join(' / ') || '—',
  },
  { title: C.phone, dataIndex: 'phone', width: 120 },
  { title: C.course, dataIndex: 'course', width: 180 },
  { title: C.fee, dataIndex: 'price_v', width: 110, align: 'right' },
  { title: C.education, dataIndex: 'education', width: 90 },
  { title: C.payType, dataIndex: 'pay_name_v', width: 100 },
  {
    title: C.payState,
    key: 's',
    width: 90,
    render: (_: unknown, r) => <StatusTag status={r.pay_state} text={r.pay_state_v} tones={ENROL_TONES} />,
  },
  { title: C.orderSn, dataIndex: 'order_sn', width: 210, render: (v: string) => v || '—' },
  { title: C.createTime, dataIndex: 'create_time', width: 170 },
  { title: C.paidTime, dataIndex: 'paid_time', width: 170, render: (v: string) => v || '—' },
];

/** 培训报名: every enrolment, by major, payment state and phone (filters and page in the URL query). */
export default function TrainingEnrolmentsPage() {
  const { params, update, int } = useUrlQuery();
  const page = int('page', 1);
  const size = int('size', 20);
  const majorId = int('major_id', 0) || undefined;
  const payState = params.get('pay_state') ?? '';
  const phone = params.get('phone') ?? '';
  const majors = useQuery({
    queryKey: ['admin', 'training-majors'],
    queryFn: () => api.get<TAdminMajor[]>('/admin/training/majors', undefined, { noCompany: true }),
  });
  const q = useQuery({
    queryKey: ['admin', 'training-enrolments', { page, size, majorId, payState, phone }],
    queryFn: () =>
      api.get<TPage<TAdminEnrolRow>>(
        '/admin/training/enrolments',
        { page, size, major_id: majorId, pay_state: payState, phone },
        { noCompany: true, quiet: true },
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PageHeader
        title={TRAINING_MENU.enrolments}
        extra={
          <Space wrap>
            <Select
              allowClear
              className={ac.majorSelect}
              placeholder={A.allMajors}
              aria-label={A.allMajors}
              value={majorId}
              onChange={(v?: number) => update({ major_id: v, page: undefined })}
              options={(majors.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
            />
            <Select
              className={ac.statusSelect}
              aria-label={A.allStates}
              value={payState}
              onChange={(v: string) => update({ pay_state: v, page: undefined })}
              options={[
                { value: '', label: A.allStates },
                ...ENROL_PAY_STATES.map((s) => ({ value: s, label: ENROL_PAY_STATE_TEXT[s] })),
              ]}
            />
            <Input.Search
              key={`phone-${phone}`}
              defaultValue={phone}
              allowClear
              placeholder={A.phonePlaceholder}
              aria-label={A.phone}
              maxLength={11}
              enterButton={A.search}
              onSearch={(v) => update({ phone: v.trim(), page: undefined })}
              className={ac.phoneSearch}
            />
          </Space>
        }
      />
      <Card variant="borderless">
        <QueryState query={q}>
          {(d) => (
            <Table<TAdminEnrolRow>
              rowKey="id"
              columns={cols}
              dataSource={d.data}
              loading={q.isFetching}
              scroll={{ x: 1600 }}
              pagination={{
                current: page,
                pageSize: size,
                total: d.total,
                showSizeChanger: true,
                showTotal: (n) => fmt(TxAdmin.admin.total, { n }),
                onChange: (p, s) => update({ page: p, size: s }),
              }}
            />
          )}
        </QueryState>
      </Card>
    </>
  );
}
