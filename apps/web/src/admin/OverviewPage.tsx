import { Card, Col, Row, Statistic } from 'antd';
import { BankOutlined, CustomerServiceOutlined, LoginOutlined, NotificationOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import type { TAdminOverview } from '../api/types';
import * as TxAdmin from '../app/texts.admin';
import { PageHeader } from '../ui/PageCard';
import { QueryState } from '../ui/QueryState';

const STATS: { key: keyof TAdminOverview; title: string; icon: React.ReactNode; color: string }[] = [
  { key: 'users', title: TxAdmin.admin.statUsers, icon: <TeamOutlined />, color: '#1f6feb' },
  { key: 'companies', title: TxAdmin.admin.statCompanies, icon: <BankOutlined />, color: '#0fb5ae' },
  { key: 'staff', title: TxAdmin.admin.statStaff, icon: <CustomerServiceOutlined />, color: '#fa8c16' },
  { key: 'notices', title: TxAdmin.admin.statNotices, icon: <NotificationOutlined />, color: '#722ed1' },
  { key: 'sessions_today', title: TxAdmin.admin.statSessions, icon: <LoginOutlined />, color: '#52c41a' },
];

export default function OverviewPage() {
  const q = useQuery({ queryKey: ['admin', 'overview'], queryFn: () => api.get<TAdminOverview>('/admin/overview', undefined, { noCompany: true, quiet: true }) });
  return (
    <>
      <PageHeader title={TxAdmin.admin.overview} />
      <QueryState query={q}>
        {(d) => (
          <Row gutter={[16, 16]}>
            {STATS.map((s) => (
              <Col key={s.key} xs={12} md={8} xl={{ flex: '20%' }}>
                <Card variant="borderless">
                  <Statistic title={s.title} value={d[s.key]} prefix={<span style={{ color: s.color }}>{s.icon}</span>} />
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </QueryState>
    </>
  );
}
