import { Card, Col, Row, Statistic } from 'antd';
import {
  BankOutlined,
  CustomerServiceOutlined,
  LoginOutlined,
  NotificationOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import type { TAdminOverview } from '../api/types';
import * as TxAdmin from '../texts/admin';
import { PageHeader } from '../ui/PageCard';
import { QueryState } from '../ui/QueryState';
import { palette, token } from '../app/theme';

const STATS: { key: keyof TAdminOverview; title: string; icon: React.ReactNode; color: string }[] = [
  { key: 'users', title: TxAdmin.admin.statUsers, icon: <TeamOutlined />, color: token.colorPrimary },
  { key: 'companies', title: TxAdmin.admin.statCompanies, icon: <BankOutlined />, color: palette.accent },
  { key: 'staff', title: TxAdmin.admin.statStaff, icon: <CustomerServiceOutlined />, color: token.orange6 },
  { key: 'notices', title: TxAdmin.admin.statNotices, icon: <NotificationOutlined />, color: token.purple6 },
  { key: 'sessions_today', title: TxAdmin.admin.statSessions, icon: <LoginOutlined />, color: token.colorSuccess },
];

export default function OverviewPage() {
  const q = useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: () => api.get<TAdminOverview>('/admin/overview', undefined, { noCompany: true, quiet: true }),
  });
  return (
    <>
      <PageHeader title={TxAdmin.admin.overview} />
      <QueryState query={q}>
        {(d) => (
          <Row gutter={[16, 16]}>
            {STATS.map((s) => (
              <Col key={s.key} xs={12} md={8} xl={{ flex: '20%' }}>
                <Card variant="borderless">
                  <Statistic
                    title={s.title}
                    value={d[s.key]}
                    prefix={<span style={{ color: s.color }}>{s.icon}</span>}
                  />
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </QueryState>
    </>
  );
}
