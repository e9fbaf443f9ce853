import type { CSSProperties, ReactNode } from 'react';
import s from './PageCard.module.css';

// Plain elements on purpose: antd's Card brings Tabs and Skeleton into the user centre's first load.

/** A page title row: title, optional subtitle and actions on the right (wrapping on narrow screens). */
export function PageHeader({ title, sub, extra }: { title: ReactNode; sub?: ReactNode; extra?: ReactNode }) {
  return (
    <div className={s.header}>
      <div className={s.heading}>
        <h2 className={s.title}>{title}</h2>
        {sub && <div className={s.sub}>{sub}</div>}
      </div>
      {extra && <div className={s.extra}>{extra}</div>}
    </div>
  );
}

/**
 * The white panel every user-centre block sits in: optional title row with actions, then the body. `className` and
 * `bodyClassName` (a CSS module's class) override the panel's and the body's own look, as `style` and `bodyStyle` do.
 */
export function PageCard({
  title,
  extra,
  children,
  style,
  bodyStyle,
  className,
  bodyClassName,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
  bodyStyle?: CSSProperties;
  className?: string;
  bodyClassName?: string;
}) {
  return (
    <section className={className ? `${s.card} ${className}` : s.card} style={style}>
      {(title || extra) && (
        <header className={s.cardHead}>
          <h3 className={s.cardTitle}>{title}</h3>
          {extra}
        </header>
      )}
      <div className={bodyClassName ? `${s.body} ${bodyClassName}` : s.body} style={bodyStyle}>
        {children}
      </div>
    </section>
  );
}
