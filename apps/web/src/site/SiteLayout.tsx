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
import { palette, token } from '../app/theme';
import cm from '../ui/common.module.css';

const NAV: { key: keyof typeof TxSite.site.nav; to?: string }[] = [{ key: 'home', to: '/site' }, { key: 'market', to: '/site/market' }, { key: 'bidding', to: '/site/bidding' }, { key: 'demand', to: '/site/demand' }, { key: 'jobs', to: '/site/job' }, { key: 'hires', to: '/site/hire' }];

/** The public site's layout: header (logo, nav, 登录/用户中心), content and footer with the hotline. */
export default function SiteLayout() {
  const mobile = useIsMobile();
  const navigate = useNavigate();
  // who is looking decides the header button (a stranger is asked nothing: useVisitor)
  const me = useVisitor();
  const settings = usePublicSettings();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: token.colorWhite }}>
      <header style={{ position: 'sticky', top: 0, zIndex: 10, background: palette.headerGlass, borderBottom: `1px solid ${palette.line}`, backdropFilter: 'blur(6px)' }}>
        <div style={{ maxWidth: 1200, margin: '0 auto', height: 64, padding: '0 16px', display: 'flex', alignItems: 'center', gap: mobile ? 12 : 40 }}>
          <Link to="/site" style={{ display: 'flex', alignItems: 'center', gap: 8, color: palette.heading }}>
            <span style={{ width: 32, height: 32, borderRadius: 8, background: `linear-gradient(135deg,${token.colorPrimary},${palette.accent})`, color: token.colorWhite, display: 'grid', placeItems: 'center', fontWeight: 700 }}>{T.brandMark}</span>
            <span style={{ fontSize: 20, fontWeight: 700, letterSpacing: 1 }}>{T.brand}</span>
          </Link>
          {!mobile && (
            <nav style={{ display: 'flex', gap: 28, fontSize: 15 }}>
              {NAV.map((n) =>
                n.to ? (
                  <Link key={n.key} to={n.to} style={{ color: token.colorPrimary, fontWeight: 600 }}>
                    {TxSite.site.nav[n.key]}
                  </Link>
                ) : (
                  <span key={n.key} title={TxSite.site.soon} style={{ color: palette.textFaint, cursor: 'default' }}>
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
      <main style={{ flex: 1 }}>
        <Suspense fallback={<LoadingBlock />}>
            <Outlet />
          </Suspense>
      </main>
      <footer style={{ background: palette.footerDark, color: palette.onDarkText, padding: '32px 16px', textAlign: 'center', fontSize: 14 }}>
        {settings?.service_hotline && (
          <div style={{ fontSize: 16, color: token.colorWhite, marginBottom: 8 }}>
            <PhoneOutlined /> {TxSite.site.hotlineLabel}：{settings.service_hotline}
          </div>
        )}
        <div className={cm.mb8}>
          <Link to="/site/verify" style={{ color: palette.onDarkStrong }}>
            {TxSite.site.verify}
          </Link>
        </div>
        <div>{T.copyright}</div>
      </footer>
    </div>
  );
}
