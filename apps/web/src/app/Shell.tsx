import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Button, Layout } from 'antd';
import {
  CustomerServiceOutlined,
  DownOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ForbiddenResult, LoadingBlock, QueryState } from '../ui/QueryState';
import { UserAvatar } from '../ui/UserAvatar';
import { PopMenu } from '../ui/PopMenu';
import { CompanySwitcher } from './CompanySwitcher';
import { SIDEBAR_COOKIE, currentCompanyId, readCookie, writeCookie } from './cookies';
import { logout, menuTrail, menuUrls, syncCompanyCookie, useMenu, useUserInfo } from './session';
import { SideMenu } from './SideMenu';
import * as T from '../texts/base';
import { TITLES } from '../texts/layout';
import { useIsMobile } from './useIsMobile';
import { useLiveEvents } from './liveEvents';
import { showNotice } from './liveNotice';
import { UnreadBell } from './UnreadBell';
import cm from '../ui/common.module.css';
import s from './Shell.module.css';

// the dialog (QR image, staff list) loads on first open, not with the shell
const CustomerServiceDialog = lazy(() => import('./CustomerServiceDialog'));
// phones only: the drawer is not part of the desktop first load
const Drawer = lazy(() => import('antd/es/drawer'));
// the live notifications' host (antd notification) loads with the first event
const LiveNoticeHost = lazy(() => import('./LiveNoticeHost'));

const SIDER = 210;

/** The trail of a page outside the menu: its own entry, or that of the nearest parent path (/device/edit/12). */
function titleOf(pathname: string): string[] | undefined {
  for (let p = pathname; p; p = p.slice(0, p.lastIndexOf('/'))) if (TITLES[p]) return TITLES[p];
  return undefined;
}

function Brand({ compact }: { compact?: boolean }) {
  return (
    <Link to="/dashboard/index" className={s.brand}>
      <span className={s.brandMark}>{T.brandMark}</span>
      <span className={s.brandName}>{T.brand}</span>
      {!compact && <span className={s.brandSub}>{T.userCentre}</span>}
    </Link>
  );
}

type TGate = (typeof import('./menuGate'))['gate'];
let gateLoaded: TGate | null = null;

/**
 * Whether the page at `pathname` is one of the menu's that this member's menu leaves out (a sub-user without its
 * grant): the shell then says so instead of rendering a page whose calls the server would refuse (403). `null` while
 * that is not known yet: the menu, or for an address the menu does not list, the list of all menu pages, is on its way.
 */
function useMenuGate(pathname: string, served: Set<string> | null): { closed: boolean; msg: string } | null {
  const [gate, setGate] = useState(gateLoaded);
  const unlisted = !!served && !served.has(pathname);
  useEffect(() => {
    if (unlisted && !gate)
      void import('./menuGate').then(({ gate: g }) => {
        gateLoaded = g;
        setGate(g);
      });
  }, [unlisted, gate]);
  if (!served) return null;
  if (!unlisted) return { closed: false, msg: '' };
  return gate ? { closed: gate.menuPages.has(pathname), msg: gate.noGrant } : null;
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
  const [noticed, setNoticed] = useState(false);
  const live = useLiveEvents(info.data ? (currentCompanyId() ?? info.data.company_id) : null, (e) => {
    setNoticed(true);
    showNotice(e, (link) => navigate(link));
  });
  // a menu that failed to load decides nothing: the page shows, as the side menu offers to load it again
  const served = useMemo(
    () => (menu.data ? menuUrls(menu.data) : menu.isError ? null : undefined),
    [menu.data, menu.isError],
  );
  const gate = useMenuGate(pathname, served ?? null);
  const page =
    served === null ? (
      <Outlet />
    ) : !gate ? (
      <LoadingBlock />
    ) : gate.closed ? (
      <ForbiddenResult msg={gate.msg} />
    ) : (
      <Outlet />
    );

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
      <div className={s.failed}>
        <QueryState query={info}>{() => null}</QueryState>
      </div>
    );
  }
  const user = info.data;
  const current = currentCompanyId() ?? user.company_id;
  const trail = menuTrail(menu.data, pathname)?.map((m) => m.name) ?? titleOf(pathname) ?? [];
  const sideMenu = menu.data ? (
    <SideMenu
      key={current}
      menu={menu.data}
      collapsed={!mobile && collapsed}
      onNavigate={() => setDrawer(false)}
      onExpand={toggle}
    />
  ) : menu.isError ? (
    <div data-testid="side-menu-error" role="alert" className={s.menuError}>
      <div className={cm.mb12}>{T.shell.menuError}</div>
      <Button size="small" onClick={() => void menu.refetch()} loading={menu.isFetching}>
        {T.state.retry}
      </Button>
    </div>
  ) : (
    <LoadingBlock />
  );

  const doLogout = async () => {
    await logout(qc, () => navigate('/site', { replace: true }));
  };

  return (
    <Layout className={s.layout}>
      <Layout.Header className={mobile ? `${s.header} ${s.headerMobile}` : s.header}>
        <Button
          type="text"
          aria-label={T.shell.menu}
          icon={mobile ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={toggle}
        />
        <Brand compact={mobile} />
        {!mobile && (
          <nav className={s.headerNav}>
            <Link to="/site">{T.shell.home}</Link>
            <Link to="/site">{T.shell.market}</Link>
          </nav>
        )}
        <div className={cm.grow} />
        <UnreadBell compact={mobile} live={live} />
        <CompanySwitcher companies={user.member_company} current={current} compact={mobile} />
        <Button
          data-testid="cs-button"
          icon={<CustomerServiceOutlined />}
          onClick={() => {
            setCsMounted(true);
            setCs(true);
          }}
          type={mobile ? 'text' : 'default'}
        >
          {T.shell.cs}
        </Button>
        <PopMenu
          items={[
            { key: 'home', label: T.shell.accountHome },
            { key: 'logout', label: T.shell.logout, danger: true, divided: true },
          ]}
          onChoose={(key) => (key === 'logout' ? void doLogout() : navigate('/dashboard/index'))}
          trigger={(open, toggle) => (
            <Button
              type="text"
              data-testid="user-menu"
              aria-haspopup="menu"
              aria-expanded={open}
              onClick={toggle}
              className={s.userButton}
            >
              <UserAvatar size={28} src={user.avatar} />
              {!mobile && <span className={s.userName}>{user.username}</span>}
              <DownOutlined className={s.caret} />
            </Button>
          )}
        />
      </Layout.Header>
      <Layout>
        {mobile ? (
          drawer && (
            <Suspense fallback={null}>
              <Drawer
                placement="left"
                open
                onClose={() => setDrawer(false)}
                size={SIDER}
                title={<Brand compact />}
                classNames={{ body: s.drawerBody }}
              >
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
            className={s.sider}
          >
            {sideMenu}
          </Layout.Sider>
        )}
        <Layout.Content className={mobile ? `${s.content} ${s.contentMobile}` : s.content}>
          <nav aria-label="breadcrumb" className={s.trail}>
            <span>{T.shell.position}</span>
            {trail.map((name, i) => (
              <span key={`${i}-${name}`} className={i === trail.length - 1 ? s.trailLast : undefined}>
                {i > 0 && <span className={s.trailSep}>/</span>}
                {name}
              </span>
            ))}
          </nav>
          <Suspense fallback={<LoadingBlock />}>{page}</Suspense>
        </Layout.Content>
      </Layout>
      {noticed && (
        <Suspense fallback={null}>
          <LiveNoticeHost />
        </Suspense>
      )}
      {csMounted && (
        <Suspense fallback={null}>
          <CustomerServiceDialog open={cs} onClose={() => setCs(false)} />
        </Suspense>
      )}
    </Layout>
  );
}
