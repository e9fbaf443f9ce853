import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SafetyCertificateOutlined, ThunderboltOutlined, ToolOutlined } from '@ant-design/icons';
import * as T from '../../texts/common';
import { useIsMobile } from '../../app/useIsMobile';
import { palette, token } from '../../app/theme';

// shown only after a refused submit: not part of the login page's first load
const Alert = lazy(() => import('antd/es/alert'));

const POINTS = [
  { icon: <ToolOutlined />, text: T.authPoints.compare },
  { icon: <SafetyCertificateOutlined />, text: T.authPoints.guarantee },
  { icon: <ThunderboltOutlined />, text: T.authPoints.oneStop },
];

/** The login and registration pages' own layout: brand panel and a form card (stacked on phones). */
export function AuthLayout({ children }: { children: ReactNode }) {
  const mobile = useIsMobile();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: mobile ? 'column' : 'row', background: palette.bgPage }}>
      <section
        style={{
          flex: mobile ? '0 0 auto' : '1 1 50%',
          background: `linear-gradient(135deg,${palette.brandDeep} 0%,${token.colorPrimary} 55%,${palette.accent} 100%)`,
          color: token.colorWhite,
          padding: mobile ? '28px 20px' : '64px 8%',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
        }}
      >
        <Link to="/site" style={{ color: token.colorWhite, display: 'inline-flex', alignItems: 'center', gap: 10 }}>
          <span style={{ width: 40, height: 40, borderRadius: 10, background: palette.onDarkSoft, display: 'grid', placeItems: 'center', fontSize: 22, fontWeight: 700 }}>{T.brandMark}</span>
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
        <div style={{ width: '100%', maxWidth: 400, background: token.colorWhite, borderRadius: 12, padding: mobile ? '24px 18px' : '36px 32px', boxShadow: `0 8px 30px ${palette.shadowBlue}` }}>
          {children}
        </div>
      </main>
    </div>
  );
}

/** The form card's heading (antd Typography.Title level 3, without Typography's code: ellipsis, copy and edit). */
export function AuthTitle({ children }: { children: ReactNode }) {
  return <h3 style={{ margin: '0 0 12px', fontSize: 24, lineHeight: 1.3333, fontWeight: 600, color: token.colorText }}>{children}</h3>;
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
