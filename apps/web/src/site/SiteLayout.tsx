import { Suspense } from 'react';
import { Button } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import { Link, Outlet, useNavigate } from 'react-router';
import { useVisitor } from '../app/visitor';
import * as T from '../texts/base';
import * as TxSite from '../texts/site';
import { useIsMobile } from '../app/useIsMobile';
import { usePublicSettings } from '../app/usePublicSettings';
import { LoadingBlock } from '../ui/QueryState';
import cm from '../ui/common.module.css';
import s from './SiteLayout.module.css';

const NAV: { key: keyof typeof TxSite.site.nav; to?: string }[] = [
  { key: 'home', to: '/site' },
  { key: 'market', to: '/site/market' },
  { key: 'bidding', to: '/site/bidding' },
  { key: 'demand', to: '/site/demand' },
  { key: 'jobs', to: '/site/job' },
  { key: 'hires', to: '/site/hire' },
];

/** The public site's layout: header (logo, nav, 登录/用户中心), content and footer with the hotline. */
export default function SiteLayout() {
  const mobile = useIsMobile();
  const navigate = useNavigate();
  // who is looking decides the header button (a stranger is asked nothing: useVisitor)
  const me = useVisitor();
  const settings = usePublicSettings();
  return (
    <div className={s.page}>
      <header className={s.header}>
        <div className={mobile ? `${s.bar} ${s.barMobile}` : s.bar}>
          <Link to="/site" className={s.logo}>
            <span className={s.logoMark}>{T.brandMark}</span>
            <span className={s.logoName}>{T.brand}</span>
          </Link>
          {!mobile && (
            <nav className={s.nav}>
              {NAV.map((n) =>
                n.to ? (
                  <Link key={n.key} to={n.to} className={s.navLink}>
                    {TxSite.site.nav[n.key]}
                  </Link>
                ) : (
                  <span key={n.key} title={TxSite.site.soon} className={s.navSoon}>
                    {TxSite.site.nav[n.key]}
                  </span>
                ),
              )}
            </nav>
          )}
          <div className={cm.grow} />
          {me.data ? (
            <Button type="primary" onClick={() => navigate('/dashboard/index')}>
              {TxSite.site.userCentre}
            </Button>
          ) : (
            <Button type="primary" onClick={() => navigate('/login?redirect=/site')}>
              {TxSite.site.login}
            </Button>
          )}
        </div>
      </header>
      <main className={s.main}>
        <Suspense fallback={<LoadingBlock />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className={s.footer}>
        {settings?.service_hotline && (
          <div className={s.hotline}>
            <PhoneOutlined /> {TxSite.site.hotlineLabel}：{settings.service_hotline}
          </div>
        )}
        <div className={cm.mb8}>
          <Link to="/site/verify" className={s.footerLink}>
            {TxSite.site.verify}
          </Link>
        </div>
        <div>{T.copyright}</div>
      </footer>
    </div>
  );
}
