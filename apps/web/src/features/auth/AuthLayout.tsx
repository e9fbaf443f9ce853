import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SafetyCertificateOutlined, ThunderboltOutlined, ToolOutlined } from '@ant-design/icons';
import * as T from '../../app/texts';
import { useIsMobile } from '../../app/useIsMobile';

// shown only after a refused submit: not part of the login page's first load
const Alert = lazy(() => import('antd/es/alert'));

const POINTS = [
  { icon: <ToolOutlined />, text: '全国工程机械，在线比价直租' },
  { icon: <SafetyCertificateOutlined />, text: '平台担保签约，交易安全可追溯' },
  { icon: <ThunderboltOutlined />, text: '竞价、订单、结算一站办理' },
];

/** The login and registration pages' own layout: brand panel and a form card (stacked on phones). */
export function AuthLayout({ children }: { children: ReactNode }) {
  const mobile = useIsMobile();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: mobile ? 'column' : 'row', background: '#f3f5f8' }}>
      <section
        style={{
          flex: mobile ? '0 0 auto' : '1 1 50%',
          background: 'linear-gradient(135deg,#0b3d91 0%,#1f6feb 55%,#0fb5ae 100%)',
          color: '#fff',
          padding: mobile ? '28px 20px' : '64px 8%',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
        }}
      >
        <Link to="/site" style={{ color: '#fff', display: 'inline-flex', alignItems: 'center', gap: 10 }}>
          <span style={{ width: 40, height: 40, borderRadius: 10, background: 'rgba(255,255,255,.18)', display: 'grid', placeItems: 'center', fontSize: 22, fontWeight: 700 }}>机</span>
          <span style={{ fontSize: mobile ? 26 : 34, fontWeight: 700, letterSpacing: 2 }}>{T.brand}</span>
        </Link>
        <p style={{ fontSize: mobile ? 15 : 20, margin: '14px 0 0', opacity: 0.92 }}>{T.tagline}</p>
        {!mobile && (
          <ul style={{ listStyle: 'none', padding: 0, margin: '40px 0 0', display: 'grid', gap: 18, fontSize: 15 }}>
            {POINTS.map((p) => (
              <li key={p.text} style={{ display: 'flex', gap: 12, alignItems: 'center', opacity: 0.9 }}>
                <span style={{ fontSize: 18 }}>{p.icon}</span>
                {p.text}
              </li>
            ))}
          </ul>
        )}
      </section>
      <main style={{ flex: mobile ? '1 1 auto' : '1 1 50%', display: 'flex', alignItems: mobile ? 'flex-start' : 'center', justifyContent: 'center', padding: mobile ? '20px 12px' : 32 }}>
        <div style={{ width: '100%', maxWidth: 400, background: '#fff', borderRadius: 12, padding: mobile ? '24px 18px' : '36px 32px', boxShadow: '0 8px 30px rgba(15,35,80,.08)' }}>
          {children}
        </div>
      </main>
    </div>
  );
}

/** The form card's heading (antd Typography.Title level 3, without Typography's code: ellipsis, copy and edit). */
export function AuthTitle({ children }: { children: ReactNode }) {
  return <h3 style={{ margin: '0 0 12px', fontSize: 24, lineHeight: 1.3333, fontWeight: 600, color: 'rgba(0,0,0,.88)' }}>{children}</h3>;
}

/** The refusal of a submit that belongs to no field, above the form. */
export function FormError({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Suspense fallback={<div role="alert" style={{ minHeight: 40, marginBottom: 16 }} />}>
      <Alert type="error" showIcon title={text} style={{ marginBottom: 16 }} />
    </Suspense>
  );
}
