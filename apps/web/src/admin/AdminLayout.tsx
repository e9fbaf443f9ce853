import { Suspense, useState } from 'react';
import { Button, Drawer, Layout, Menu, Result, Space } from 'antd';
import { BankOutlined, CrownOutlined, DashboardOutlined, DollarOutlined, GiftOutlined, IdcardOutlined, LogoutOutlined, MenuOutlined, NotificationOutlined, PayCircleOutlined, SafetyCertificateOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { PT } from '../features/payment/texts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { M } from '@jizu/shared/messages';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { api, ApiError } from '../api/client';
import type { TUserInfo } from '../api/types';
import { logout } from '../app/session';
import { T } from '../app/texts';
import { useIsMobile } from '../app/useIsMobile';
import { LoadingBlock, QueryState } from '../ui/QueryState';

/** The admin console's layout (platform staff only): dark sider, header with the user and 退出. */
export default function AdminLayout() {
  const me = useQuery({
    queryKey: ['info', 'admin'],
    queryFn: () => api.get<TUserInfo>('/index/info', undefined, { quiet: true, noRedirect: true }),
    retry: false,
  });
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const mobile = useIsMobile();
  const [drawer, setDrawer] = useState(false);

  if (me.isPending) return <LoadingBlock />;
  if (me.error instanceof ApiError && me.error.status === -1) return <Navigate to={`/login?redirect=${encodeURIComponent(pathname)}`} replace />;
  if (me.isError) return <QueryState query={me}>{() => null}</QueryState>;
  if (me.data.role !== 'admin') {
    return (
      <Result
        status="403"
        title="403"
        subTitle={M.admin.staffOnly}
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard/index')}>
            {T.admin.backToUser}
          </Button>
        }
      />
    );
  }
  const doLogout = async () => {
    await logout(qc, () => navigate('/login', { replace: true }));
  };
  const brand = (
    <div style={{ height: 56, display: 'flex', alignItems: 'center', gap: 8, padding: '0 18px', color: '#fff', fontWeight: 700, whiteSpace: 'nowrap', overflow: 'hidden' }}>
      <span style={{ width: 28, height: 28, borderRadius: 6, background: '#1f6feb', display: 'grid', placeItems: 'center', flex: 'none' }}>机</span>
      <span>
        {T.brand} {T.adminConsole}
      </span>
    </div>
  );
  const nav = (
    <Menu
      theme="dark"
      mode="inline"
      selectedKeys={[pathname === '/admin/' ? '/admin' : pathname]}
      onClick={({ key }) => {
        setDrawer(false);
        navigate(key);
      }}
      items={[
        { key: '/admin', icon: <DashboardOutlined />, label: T.admin.overview },
        { key: '/admin/users', icon: <TeamOutlined />, label: T.admin.users },
        { key: '/admin/notices', icon: <NotificationOutlined />, label: T.admin.notices },
        { key: '/admin/verify/person', icon: <IdcardOutlined />, label: T.admin.verifyPerson },
        { key: '/admin/verify/company', icon: <BankOutlined />, label: T.admin.verifyCompany },
        { key: '/admin/seals', icon: <SafetyCertificateOutlined />, label: T.sealReview.title },
        { key: '/admin/coin', icon: <DollarOutlined />, label: PT.admin.coin },
        { key: '/admin/member', icon: <CrownOutlined />, label: PT.admin.member },
        { key: '/admin/payments', icon: <PayCircleOutlined />, label: PT.admin.payments },
        { key: '/admin/points', icon: <GiftOutlined />, label: T.pointsAdmin.menu },
      ]}
    />
  );
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {mobile ? (
        <Drawer placement="left" open={drawer} onClose={() => setDrawer(false)} size={240} closable={false} styles={{ body: { padding: 0, background: '#001529' } }}>
          {brand}
          {nav}
        </Drawer>
      ) : (
        <Layout.Sider theme="dark" width={210} breakpoint="lg" collapsedWidth={64}>
          {brand}
          {nav}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header style={{ background: '#fff', padding: '0 16px', display: 'flex', alignItems: 'center', justifyContent: mobile ? 'space-between' : 'flex-end', boxShadow: '0 1px 4px rgba(0,21,41,.08)' }}>
          {mobile && <Button type="text" data-testid="admin-menu-toggle" aria-label={T.shell.menu} icon={<MenuOutlined />} onClick={() => setDrawer(true)} />}
          <Space size={mobile ? 4 : 16}>
            <span>
              <UserOutlined /> {me.data.username}
            </span>
            <Button type="link" onClick={() => navigate('/dashboard/index')}>
              {T.admin.backToUser}
            </Button>
            <Button icon={<LogoutOutlined />} onClick={() => void doLogout()}>
              {T.admin.logout}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: mobile ? 12 : 20, minWidth: 0 }}>
          <Suspense fallback={<LoadingBlock />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
