import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Layout, Space } from 'antd';
import {
  BankOutlined,
  CrownOutlined,
  DashboardOutlined,
  DollarOutlined,
  GiftOutlined,
  StarOutlined,
  IdcardOutlined,
  LogoutOutlined,
  MenuOutlined,
  NotificationOutlined,
  PayCircleOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { SHOP_REVIEW_MENU } from '../features/shop/menuText';
import {
  HIRE_MENU,
  ORDER_REVIEW_MENU,
  REVIEW_MENU,
  POINTS_MENU,
  PAYMENT_MENU,
  SETTLE_MENU,
  ORDERPAY_MENU,
  FINPROD_MENU,
  SHELF_MENU,
  TALK_MENU,
  TRAINING_MENU,
} from '../texts/adminMenu';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { admin as msg_admin } from '@jizu/shared/messages/admin';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { api, ApiError } from '../api/client';
import type { TUserInfo } from '../api/types';
import { logout } from '../app/session';
import * as T from '../texts/base';
import * as TxAdmin from '../texts/admin';
import { useIsMobile } from '../app/useIsMobile';
import { LoadingBlock, QueryState } from '../ui/QueryState';
import cm from '../ui/common.module.css';
import s from './AdminLayout.module.css';

const M = { admin: msg_admin } as const;

// phones only, and staff-only refusals: neither is part of the console's first load
const Drawer = lazy(() => import('antd/es/drawer'));
const Result = lazy(() => import('antd/es/result'));

/**
 * The console's menu in antd's dark inline look. Plain elements on purpose, as the user centre's side menu: antd's Menu
 * brings rc-menu, rc-overflow and their popups (~15 KB gzipped) into the first load.
 */
function AdminNav({
  items,
  selected,
  onGo,
}: {
  items: { key: string; icon: ReactNode; label: string }[];
  selected: string;
  onGo: (key: string) => void;
}) {
  return (
    <nav aria-label="menu">
      {items.map((it) => {
        const active = it.key === selected;
        return (
          <button
            key={it.key}
            type="button"
            className={`jz-admin-nav-item ${s.navItem}`}
            aria-current={active ? 'page' : undefined}
            onClick={() => onGo(it.key)}
          >
            {it.icon}
            <span className={cm.ellipsis}>{it.label}</span>
          </button>
        );
      })}
    </nav>
  );
}

/** The admin console's layout (platform staff only): dark sider, header with the user and 退出. */
export default function AdminLayout() {
  const me = useQuery({
    queryKey: ['info', 'admin'],
    queryFn: () => api.get<TUserInfo>('/index/info', undefined, { quiet: true, noRedirect: true, needsSession: true }),
    retry: false,
  });
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const mobile = useIsMobile();
  const [drawer, setDrawer] = useState(false);

  if (me.isPending) return <LoadingBlock />;
  if (me.error instanceof ApiError && me.error.loggedOut)
    return <Navigate to={`/login?redirect=${encodeURIComponent(pathname)}`} replace />;
  if (me.isError) return <QueryState query={me}>{() => null}</QueryState>;
  if (me.data.role !== 'admin') {
    return (
      <Suspense fallback={<LoadingBlock />}>
        <Result
          status="403"
          title="403"
          subTitle={M.admin.staffOnly}
          extra={
            <Button type="primary" onClick={() => navigate('/dashboard/index')}>
              {TxAdmin.admin.backToUser}
            </Button>
          }
        />
      </Suspense>
    );
  }
  const doLogout = async () => {
    await logout(qc, () => navigate('/login', { replace: true }));
  };
  const brand = (
    <div className={s.brand}>
      <span className={s.brandMark}>{T.brandMark}</span>
      <span>
        {T.brand} {T.adminConsole}
      </span>
    </div>
  );
  const nav = (
    <AdminNav
      selected={pathname === '/admin/' ? '/admin' : pathname}
      onGo={(key) => {
        setDrawer(false);
        navigate(key);
      }}
      items={[
        { key: '/admin', icon: <DashboardOutlined />, label: TxAdmin.admin.overview },
        { key: '/admin/users', icon: <TeamOutlined />, label: TxAdmin.admin.users },
        { key: '/admin/notices', icon: <NotificationOutlined />, label: TxAdmin.admin.notices },
        { key: '/admin/verify/person', icon: <IdcardOutlined />, label: TxAdmin.admin.verifyPerson },
        { key: '/admin/verify/company', icon: <BankOutlined />, label: TxAdmin.admin.verifyCompany },
        { key: '/admin/seals', icon: <SafetyCertificateOutlined />, label: REVIEW_MENU.seals },
        { key: '/admin/equipment', icon: <SafetyCertificateOutlined />, label: REVIEW_MENU.equipment },
        { key: '/admin/shops', icon: <BankOutlined />, label: SHOP_REVIEW_MENU },
        { key: '/admin/biddings', icon: <SafetyCertificateOutlined />, label: REVIEW_MENU.biddings },
        { key: '/admin/demands', icon: <SafetyCertificateOutlined />, label: REVIEW_MENU.demands },
        { key: '/admin/recruits', icon: <SafetyCertificateOutlined />, label: HIRE_MENU },
        { key: '/admin/job-cards', icon: <IdcardOutlined />, label: REVIEW_MENU.jobCards },
        { key: '/admin/settlements', icon: <PayCircleOutlined />, label: SETTLE_MENU },
        { key: '/admin/order-payments', icon: <PayCircleOutlined />, label: ORDERPAY_MENU },
        { key: '/admin/finance-products', icon: <BankOutlined />, label: FINPROD_MENU },
        { key: '/admin/coin', icon: <DollarOutlined />, label: PAYMENT_MENU.coin },
        { key: '/admin/member', icon: <CrownOutlined />, label: PAYMENT_MENU.member },
        { key: '/admin/payments', icon: <PayCircleOutlined />, label: PAYMENT_MENU.payments },
        { key: '/admin/points', icon: <GiftOutlined />, label: POINTS_MENU.points },
        { key: '/admin/shelf-orders', icon: <PayCircleOutlined />, label: SHELF_MENU },
        { key: '/admin/reports', icon: <NotificationOutlined />, label: TALK_MENU.reports },
        { key: '/admin/reviews', icon: <StarOutlined />, label: ORDER_REVIEW_MENU },
        { key: '/admin/suits', icon: <DollarOutlined />, label: TALK_MENU.suits },
        { key: '/admin/training', icon: <SafetyCertificateOutlined />, label: TRAINING_MENU.majors },
        { key: '/admin/training/enrolments', icon: <IdcardOutlined />, label: TRAINING_MENU.enrolments },
      ]}
    />
  );
  return (
    <Layout className={s.layout}>
      {mobile ? (
        drawer && (
          <Suspense fallback={null}>
            <Drawer
              placement="left"
              open
              onClose={() => setDrawer(false)}
              size={240}
              closable={false}
              classNames={{ body: s.drawerBody }}
            >
              {brand}
              {nav}
            </Drawer>
          </Suspense>
        )
      ) : (
        <Layout.Sider theme="dark" width={210} breakpoint="lg" collapsedWidth={64}>
          {brand}
          {nav}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className={mobile ? `${s.header} ${s.headerMobile}` : s.header}>
          {mobile && (
            <Button
              type="text"
              data-testid="admin-menu-toggle"
              aria-label={T.shell.menu}
              icon={<MenuOutlined />}
              onClick={() => setDrawer(true)}
            />
          )}
          <Space size={mobile ? 4 : 16}>
            <span>
              <UserOutlined /> {me.data.username}
            </span>
            <Button type="link" onClick={() => navigate('/dashboard/index')}>
              {TxAdmin.admin.backToUser}
            </Button>
            <Button icon={<LogoutOutlined />} onClick={() => void doLogout()}>
              {TxAdmin.admin.logout}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className={mobile ? `${s.content} ${s.contentMobile}` : s.content}>
          <Suspense fallback={<LoadingBlock />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
