import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Layout } from 'antd';
import { CustomerServiceOutlined, DownOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingBlock, QueryState } from '../ui/QueryState';
import { UserAvatar } from '../ui/UserAvatar';
import { PopMenu } from '../ui/PopMenu';
import { CompanySwitcher } from './CompanySwitcher';
import { SIDEBAR_COOKIE, currentCompanyId, readCookie, writeCookie } from './cookies';
import { logout, menuTrail, syncCompanyCookie, useMenu, useUserInfo } from './session';
import { SideMenu } from './SideMenu';
import * as T from './texts';
import { useIsMobile } from './useIsMobile';

// the dialog (QR image, staff list) loads on first open, not with the shell
const CustomerServiceDialog = lazy(() => import('./CustomerServiceDialog'));
// phones only: the drawer is not part of the desktop first load
const Drawer = lazy(() => import('antd/es/drawer'));

const SIDER = 210;
const HEADER = 56;

/** Pages reachable outside the menu still get a breadcrumb. */
const TITLES: Record<string, string[]> = {
  '/dashboard/index': ['账户中心', '账户首页'],
  '/company/info': ['企业管理', '企业信息'],
  '/company/sign/add': ['企业管理', '印章管理', '添加印章'],
  '/coin-purchase': ['积分金币', '购买金币'],
  '/coin-scan': ['积分金币', '扫码支付'],
  '/chinaums-scan': ['账户中心', '扫码支付'],
  '/user-scan': ['会员中心', '扫码支付'],
  '/gold-success': ['积分金币', '支付成功'],
  '/user-success': ['会员中心', '支付成功'],
  '/user-payment': ['会员中心', '开通会员'],
  '/payment-detail': ['会员中心', '会员权益'],
  '/integral-detail': ['账户中心', '积分明细'],
  '/gain-peas': ['账户中心', '积分明细', '如何获得积分'],
  '/dashboard/invoice': ['账户中心', '发票信息'],
  '/dashboard/bind-device': ['会员中心', '绑定设备'],
  '/dashboard/down-nameplate': ['会员中心', '下载铭牌'],
  '/device/add': ['设备管理', '直租设备', '发布设备'],
  '/device/edit': ['设备管理', '直租设备', '编辑设备'],
  '/talk/post': ['设备管理', '询价管理', '在线询价'],
  '/response/detail': ['租赁交易', '竞价响应', '竞价详情'],
  '/response/create': ['租赁交易', '竞价响应', '参与报价'],
  '/response/edit': ['租赁交易', '竞价响应', '修改报价'],
  '/rent/see': ['租赁交易', '竞价管理', '查看报价'],
  '/rent/type': ['租赁交易', '竞价管理', '发布竞价'],
  '/rent/public': ['租赁交易', '竞价管理', '分项竞价'],
  '/rent/total': ['租赁交易', '竞价管理', '综合竞价'],
  '/rent/watch': ['租赁交易', '竞价管理', '竞价详情'],
  '/rent/dadd': ['租赁交易', '快速需求', '发布需求'],
  '/operator/mentAdd': ['劳务中心', '招聘需求', '发布招聘'],
  '/operator/mentAdd-updata': ['劳务中心', '招聘需求', '修改招聘'],
  '/rent/order/add': ['租赁交易', '租入订单', '添加订单'],
  '/rent/order/submit': ['租赁交易', '租入订单', '确认订单'],
  '/rent/order/watch': ['租赁交易', '租入订单', '订单详情'],
  '/rent-order/watch': ['租赁交易', '租出订单', '订单详情'],
  '/rent-order/confirm': ['租赁交易', '租出订单', '确认订单'],
  '/rent/order/contract': ['租赁交易', '租入订单', '合同管理'],
  '/rent/order/contract-add': ['租赁交易', '租入订单', '上传合同'],
  '/rent-order/contract': ['租赁交易', '租出订单', '合同管理'],
  '/rent/order/inout': ['租赁交易', '租入订单', '设备进退场'],
  '/rent-order/inout': ['租赁交易', '租出订单', '设备进退场'],
  '/rent-order/indev': ['租赁交易', '租出订单', '设备进场'],
  '/rent/order/settle': ['租赁交易', '租入订单', '结算管理'],
  '/rent/order/settle-add': ['租赁交易', '租入订单', '新增结算单'],
  '/rent/order/settle-edit': ['租赁交易', '租入订单', '修改结算单'],
  '/rent/order/settle-watch': ['租赁交易', '租入订单', '结算单详情'],
  '/rent/order/settle-confirm': ['租赁交易', '租入订单', '确认收票'],
  '/rent/order/settle-invoice': ['租赁交易', '租入订单', '查看发票'],
  '/rent-order/settle': ['租赁交易', '租出订单', '结算管理'],
  '/rent-order/settle-watch': ['租赁交易', '租出订单', '结算单详情'],
  '/rent-order/settle-confirm': ['租赁交易', '租出订单', '确认结算'],
  '/rent-order/settle-invoice': ['租赁交易', '租出订单', '录入发票'],
  '/rent-order/settle-invoice-watch': ['租赁交易', '租出订单', '查看发票'],
  '/rent/order/payment': ['租赁交易', '租入订单', '支付管理'],
  '/rent-order/payment': ['租赁交易', '租出订单', '支付管理'],
  '/rent-order/payinfo': ['租赁交易', '租出订单', '融资详情'],
  '/operator/training': ['劳务中心', '培训报名', '报名培训'],
  '/operator/gethelp': ['劳务中心', '帮助中心'],
  '/operator/wxpayment': ['劳务中心', '培训报名', '扫码支付'],
  '/operator/release-job': ['劳务中心', '我的求职卡', '发布求职卡'],
  '/operator/release-job-update': ['劳务中心', '我的求职卡', '编辑求职卡'],
};

/** The trail of a page outside the menu: its own entry, or that of the nearest parent path (/device/edit/12). */
function titleOf(pathname: string): string[] | undefined {
  for (let p = pathname; p; p = p.slice(0, p.lastIndexOf('/'))) if (TITLES[p]) return TITLES[p];
  return undefined;
}

function Brand({ compact }: { compact?: boolean }) {
  return (
    <Link to="/dashboard/index" style={{ display: 'flex', alignItems: 'center', gap: 8, color: '#1f2329', whiteSpace: 'nowrap', lineHeight: 1.2 }}>
      <span style={{ width: 28, height: 28, borderRadius: 6, background: 'linear-gradient(135deg,#1f6feb,#0fb5ae)', color: '#fff', display: 'grid', placeItems: 'center', fontWeight: 700 }}>
        机
      </span>
      <span style={{ fontSize: 18, fontWeight: 700, letterSpacing: 1 }}>{T.brand}</span>
      {!compact && <span style={{ fontSize: 13, color: 'rgba(0,0,0,.45)', borderLeft: '1px solid #e5e6eb', paddingLeft: 8 }}>{T.userCentre}</span>}
    </Link>
  );
}

/** The user-centre layout: top navigation, side menu (drawer below 992 px), breadcrumb 当前位置, content. */
export default function Shell() {
  const info = useUserInfo();
  const menu = useMenu(info.isSuccess);
  const mobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(() => readCookie(SIDEBAR_COOKIE) === '1');
  const [drawer, setDrawer] = useState(false);
  const [cs, setCs] = useState(false);
  const [csMounted, setCsMounted] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();

  useEffect(() => {
    if (info.data) syncCompanyCookie(info.data);
  }, [info.data]);

  const toggle = () => {
    if (mobile) return setDrawer(true);
    const next = !collapsed;
    setCollapsed(next);
    writeCookie(SIDEBAR_COOKIE, next ? '1' : '0', 365);
  };

  if (info.isPending) return <LoadingBlock />;
  if (info.isError || !info.data) {
    return (
      <div style={{ paddingTop: 80 }}>
        <QueryState query={info}>{() => null}</QueryState>
      </div>
    );
  }
  const user = info.data;
  const current = currentCompanyId() ?? user.company_id;
  const trail = menuTrail(menu.data, pathname)?.map((m) => m.name) ?? titleOf(pathname) ?? [];
  const sideMenu = menu.data ? (
    <SideMenu key={current} menu={menu.data} collapsed={!mobile && collapsed} onNavigate={() => setDrawer(false)} onExpand={toggle} />
  ) : menu.isError ? (
    <div data-testid="side-menu-error" role="alert" style={{ padding: '48px 16px', textAlign: 'center', color: 'rgba(0,0,0,.45)' }}>
      <div style={{ marginBottom: 12 }}>{T.shell.menuError}</div>
      <Button size="small" onClick={() => void menu.refetch()} loading={menu.isFetching}>
        {T.state.retry}
      </Button>
    </div>
  ) : (
    <LoadingBlock />
  );

  const doLogout = async () => {
    await logout(qc, () => navigate('/login', { replace: true }));
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 100,
          height: HEADER,
          lineHeight: `${HEADER}px`,
          padding: mobile ? '0 8px' : '0 20px',
          background: '#fff',
          boxShadow: '0 1px 4px rgba(0,21,41,.08)',
          display: 'flex',
          alignItems: 'center',
          gap: mobile ? 6 : 16,
        }}
      >
        <Button
          type="text"
          aria-label={T.shell.menu}
          icon={mobile ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={toggle}
        />
        <Brand compact={mobile} />
        {!mobile && (
          <nav style={{ display: 'flex', gap: 20, marginLeft: 16 }}>
            <Link to="/site">{T.shell.home}</Link>
            <Link to="/site">{T.shell.market}</Link>
          </nav>
        )}
        <div style={{ flex: 1 }} />
        <CompanySwitcher companies={user.member_company} current={current} compact={mobile} />
        <Button data-testid="cs-button" icon={<CustomerServiceOutlined />} onClick={() => {
            setCsMounted(true);
            setCs(true);
          }} type={mobile ? 'text' : 'default'}>
          {T.shell.cs}
        </Button>
        <PopMenu
          items={[
            { key: 'home', label: T.shell.accountHome },
            { key: 'logout', label: T.shell.logout, danger: true, divided: true },
          ]}
          onChoose={(key) => (key === 'logout' ? void doLogout() : navigate('/dashboard/index'))}
          trigger={(open, toggle) => (
            <Button type="text" data-testid="user-menu" aria-haspopup="menu" aria-expanded={open} onClick={toggle} style={{ display: 'flex', alignItems: 'center', gap: 6, paddingInline: 4 }}>
              <UserAvatar size={28} src={user.avatar} />
              {!mobile && <span style={{ maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis' }}>{user.username}</span>}
              <DownOutlined style={{ fontSize: 10 }} />
            </Button>
          )}
        />
      </Layout.Header>
      <Layout>
        {mobile ? (
          drawer && (
            <Suspense fallback={null}>
              <Drawer placement="left" open onClose={() => setDrawer(false)} size={SIDER} title={<Brand compact />} styles={{ body: { padding: 0 } }}>
                {sideMenu}
              </Drawer>
            </Suspense>
          )
        ) : (
          <Layout.Sider
            width={SIDER}
            collapsedWidth={64}
            collapsed={collapsed}
            trigger={null}
            theme="light"
            style={{ position: 'sticky', top: HEADER, height: `calc(100vh - ${HEADER}px)`, overflowY: 'auto', borderRight: '1px solid #f0f0f0' }}
          >
            {sideMenu}
          </Layout.Sider>
        )}
        <Layout.Content style={{ padding: mobile ? 12 : 20, minWidth: 0 }}>
          <nav aria-label="breadcrumb" style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', marginBottom: 12, fontSize: 13, color: 'rgba(0,0,0,.45)' }}>
            <span>{T.shell.position}</span>
            {trail.map((name, i) => (
              <span key={`${i}-${name}`} style={{ color: i === trail.length - 1 ? 'rgba(0,0,0,.88)' : undefined }}>
                {i > 0 && <span style={{ margin: '0 8px' }}>/</span>}
                {name}
              </span>
            ))}
          </nav>
          <Suspense fallback={<LoadingBlock />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      {csMounted && (
        <Suspense fallback={null}>
          <CustomerServiceDialog open={cs} onClose={() => setCs(false)} />
        </Suspense>
      )}
    </Layout>
  );
}
