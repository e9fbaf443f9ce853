import { Suspense } from 'react';
import { Button } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useNavigate } from 'react-router';
import { api } from '../api/client';
import type { TUserInfo } from '../api/types';
import * as T from '../app/texts';
import * as TxSite from '../app/texts.site';
import { useIsMobile } from '../app/useIsMobile';
import { usePublicSettings } from '../app/usePublicSettings';
import { LoadingBlock } from '../ui/QueryState';

const NAV: { key: keyof typeof TxSite.site.nav; to?: string }[] = [{ key: 'home', to: '/site' }, { key: 'market', to: '/site/market' }, { key: 'bidding', to: '/site/bidding' }, { key: 'demand', to: '/site/demand' }, { key: 'jobs', to: '/site/job' }, { key: 'hires', to: '/site/hire' }];

/** The public site's layout: header (logo, nav, 登录/用户中心), content and footer with the hotline. */
export default function SiteLayout() {
  const mobile = useIsMobile();
  const navigate = useNavigate();
  // who is looking decides the header button; an anonymous visitor is normal here, so the check is quiet
  const me = useQuery({
    queryKey: ['info', 'site'],
    queryFn: () => api.get<TUserInfo>('/index/info', undefined, { quiet: true, noRedirect: true }),
    retry: false,
  });
  const settings = usePublicSettings();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: '#fff' }}>
      <header style={{ position: 'sticky', top: 0, zIndex: 10, background: 'rgba(255,255,255,.96)', borderBottom: '1px solid #eef0f3', backdropFilter: 'blur(6px)' }}>
        <div style={{ maxWidth: 1200, margin: '0 auto', height: 64, padding: '0 16px', display: 'flex', alignItems: 'center', gap: mobile ? 12 : 40 }}>
          <Link to="/site" style={{ display: 'flex', alignItems: 'center', gap: 8, color: '#1f2329' }}>
            <span style={{ width: 32, height: 32, borderRadius: 8, background: 'linear-gradient(135deg,#1f6feb,#0fb5ae)', color: '#fff', display: 'grid', placeItems: 'center', fontWeight: 700 }}>机</span>
            <span style={{ fontSize: 20, fontWeight: 700, letterSpacing: 1 }}>{T.brand}</span>
          </Link>
          {!mobile && (
            <nav style={{ display: 'flex', gap: 28, fontSize: 15 }}>
              {NAV.map((n) =>
                n.to ? (
                  <Link key={n.key} to={n.to} style={{ color: '#1f6feb', fontWeight: 600 }}>
                    {TxSite.site.nav[n.key]}
                  </Link>
                ) : (
                  <span key={n.key} title={TxSite.site.soon} style={{ color: 'rgba(0,0,0,.35)', cursor: 'default' }}>
                    {TxSite.site.nav[n.key]}
                  </span>
                ),
              )}
            </nav>
          )}
          <div style={{ flex: 1 }} />
          {me.isSuccess ? (
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
      <footer style={{ background: '#0f1c33', color: 'rgba(255,255,255,.75)', padding: '32px 16px', textAlign: 'center', fontSize: 14 }}>
        {settings?.service_hotline && (
          <div style={{ fontSize: 16, color: '#fff', marginBottom: 8 }}>
            <PhoneOutlined /> {TxSite.site.hotlineLabel}：{settings.service_hotline}
          </div>
        )}
        <div style={{ marginBottom: 8 }}>
          <Link to="/site/verify" style={{ color: 'rgba(255,255,255,.85)' }}>
            {TxSite.site.verify}
          </Link>
        </div>
        <div>{T.copyright}</div>
      </footer>
    </div>
  );
}
