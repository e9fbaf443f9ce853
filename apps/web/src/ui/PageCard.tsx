import type { CSSProperties, ReactNode } from 'react';
import { palette, token } from '../app/theme';

// Plain elements on purpose: antd's Card brings Tabs and Skeleton into the user centre's first load.

/** A page title row: title, optional subtitle and actions on the right (wrapping on narrow screens). */
export function PageHeader({ title, sub, extra }: { title: ReactNode; sub?: ReactNode; extra?: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginBottom: 16 }}>
      <div style={{ flex: '1 1 auto', minWidth: 0 }}>
        <h2 style={{ margin: 0, fontSize: 20, fontWeight: 600, color: token.colorText }}>{title}</h2>
        {sub && <div style={{ color: token.colorTextTertiary, marginTop: 4 }}>{sub}</div>}
      </div>
      {extra && <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>{extra}</div>}
    </div>
  );
}

/** The white panel every user-centre block sits in: optional title row with actions, then the body. */
export function PageCard({ title, extra, children, style, bodyStyle }: { title?: ReactNode; extra?: ReactNode; children: ReactNode; style?: CSSProperties; bodyStyle?: CSSProperties }) {
  return (
    <section style={{ background: token.colorWhite, borderRadius: 8, marginBottom: 16, boxShadow: `0 1px 2px ${palette.shadow03}`, ...style }}>
      {(title || extra) && (
        <header style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '14px 20px', borderBottom: `1px solid ${token.colorBorderSecondary}`, minHeight: 52 }}>
          <h3 style={{ margin: 0, fontSize: 16, fontWeight: 600, flex: 1, color: token.colorText }}>{title}</h3>
          {extra}
        </header>
      )}
      <div style={{ padding: 20, overflowX: 'auto', ...bodyStyle }}>{children}</div>
    </section>
  );
}
