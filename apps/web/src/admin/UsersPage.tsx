import { Input, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useUrlQuery } from '../ui/useUrlQuery';
import type { TPage } from '@jizu/shared/errors';
import { api } from '../api/client';
import type { TAdminUser } from '../api/types';
import * as TxAdmin from '../texts/admin';
import { PageCard, PageHeader } from '../ui/PageCard';
import { QueryState } from '../ui/QueryState';
import { isOn } from '@jizu/shared/constants/flags';
import us from './UsersPage.module.css';

const columns: TableColumnsType<TAdminUser> = [
  { title: TxAdmin.admin.colPhone, dataIndex: 'phone', width: 130 },
  { title: TxAdmin.admin.colName, dataIndex: 'username', ellipsis: true },
  {
    title: TxAdmin.admin.colRole,
    dataIndex: 'role',
    width: 110,
    render: (r: string) =>
      r === 'admin' ? <Tag color="purple">{TxAdmin.admin.roleAdmin}</Tag> : <Tag>{TxAdmin.admin.roleUser}</Tag>,
  },
  { title: TxAdmin.admin.colLevel, dataIndex: 'level', width: 90 },
  {
    title: TxAdmin.admin.colStatus,
    dataIndex: 'status',
    width: 80,
    render: (s: number) =>
      isOn({ status: s }) ? (
        <Tag color="success">{TxAdmin.admin.active}</Tag>
      ) : (
        <Tag color="default">{TxAdmin.admin.disabled}</Tag>
      ),
  },
  {
    title: TxAdmin.admin.colCompanies,
    dataIndex: 'companies',
    width: 260,
    render: (cs: TAdminUser['companies']) =>
      cs.length === 0
        ? '—'
        : cs.map((c) => (
            <Tag key={c.id} color={c.master === 1 ? 'blue' : undefined} className={us.companyTag}>
              {c.name}
            </Tag>
          )),
  },
  {
    title: TxAdmin.admin.colCreated,
    dataIndex: 'created_at',
    width: 170,
    render: (v: string) => v?.slice(0, 19).replace('T', ' '),
  },
  { title: TxAdmin.admin.colLastLogin, dataIndex: 'last_login_date', width: 170, render: (v: string) => v || '—' },
];

/** Users of the platform; page, size and the phone filter live in the URL query. */
export default function UsersPage() {
  const { params, update, int } = useUrlQuery();
  const page = int('page', 1);
  const size = int('size', 20);
  const phone = params.get('phone') ?? '';
  const q = useQuery({
    queryKey: ['admin', 'users', { page, size, phone }],
    queryFn: () => api.get<TPage<TAdminUser>>('/admin/users', { page, size, phone }, { noCompany: true, quiet: true }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PageHeader
        title={TxAdmin.admin.users}
        extra={
          <Input.Search
            key={phone}
            defaultValue={phone}
            allowClear
            placeholder={TxAdmin.admin.searchPhone}
            enterButton={TxAdmin.admin.search}
            onSearch={(v) => update({ phone: v.trim(), page: undefined })}
            className={us.wideSearch}
          />
        }
      />
      <PageCard bodyClassName={us.cardBody}>
        <QueryState query={q}>
          {(d) => (
            <Table<TAdminUser>
              rowKey="id"
              columns={columns}
              dataSource={d.data}
              loading={q.isFetching}
              scroll={{ x: 900 }}
              pagination={{
                current: page,
                pageSize: size,
                total: d.total,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50],
                showTotal: (n) => TxAdmin.admin.total.replace('{n}', String(n)),
                onChange: (p, s) => update({ page: p, size: s }),
              }}
            />
          )}
        </QueryState>
      </PageCard>
    </>
  );
}
