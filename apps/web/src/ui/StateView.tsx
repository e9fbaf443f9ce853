import type { ReactNode } from 'react';
import { CloseCircleFilled, InboxOutlined, LockFilled } from '@ant-design/icons';
import s from './StateView.module.css';

// A light stand-in for antd's Result/Empty: those bring large illustrations into the first load.
const ICONS = {
  error: <CloseCircleFilled className={s.error} />,
  forbidden: <LockFilled className={s.forbidden} />,
  empty: <InboxOutlined className={s.emptyIcon} />,
};

/** An icon, a title, a hint and actions, centred in the content area. */
export function StateView({
  kind,
  icon,
  title,
  sub,
  extra,
}: {
  kind?: keyof typeof ICONS;
  icon?: ReactNode;
  title: ReactNode;
  sub?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div role={kind === 'error' ? 'alert' : undefined} className={kind === 'empty' ? `${s.view} ${s.empty}` : s.view}>
      <div className={s.icon}>{icon ?? (kind ? ICONS[kind] : null)}</div>
      <div className={s.title}>{title}</div>
      {sub && <div className={s.sub}>{sub}</div>}
      {extra && <div className={s.extra}>{extra}</div>}
    </div>
  );
}
