import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SafetyCertificateOutlined, ThunderboltOutlined, ToolOutlined } from '@ant-design/icons';
import * as T from '../../texts/common';
import { useIsMobile } from '../../app/useIsMobile';
import s from './AuthLayout.module.css';

const cx = (...names: (string | false)[]) => names.filter(Boolean).join(' ');

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
    <div className={cx(s.root, mobile && s.rootMobile)}>
      <section className={cx(s.brand, mobile && s.brandMobile)}>
        <Link to="/site" className={s.home}>
          <span className={s.mark}>{T.brandMark}</span>
          <span className={cx(s.name, mobile && s.nameMobile)}>{T.brand}</span>
        </Link>
        <p className={cx(s.tagline, mobile && s.taglineMobile)}>{T.tagline}</p>
        {!mobile && (
          <ul className={s.points}>
            {POINTS.map((p) => (
              <li key={p.text} className={s.point}>
                <span className={s.pointIcon}>{p.icon}</span>
                {p.text}
              </li>
            ))}
          </ul>
        )}
      </section>
      <main className={cx(s.main, mobile && s.mainMobile)}>
        <div className={cx(s.card, mobile && s.cardMobile)}>{children}</div>
      </main>
    </div>
  );
}

/** The form card's heading (antd Typography.Title level 3, without Typography's code: ellipsis, copy and edit). */
export function AuthTitle({ children }: { children: ReactNode }) {
  return <h3 className={s.title}>{children}</h3>;
}

/** The refusal of a submit that belongs to no field, above the form. */
export function FormError({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Suspense fallback={<div role="alert" className={s.errorSlot} />}>
      <Alert type="error" showIcon title={text} className={s.error} />
    </Suspense>
  );
}
