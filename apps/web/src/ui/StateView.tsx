import type { ReactNode } from 'react';
import { CloseCircleFilled, InboxOutlined, LockFilled } from '@ant-design/icons';
import { token } from '../app/theme';

// A light stand-in for antd's Result/Empty: those bring large illustrations into the first load.
const ICONS = {
  error: <CloseCircleFilled style={{ color: token.colorError }} />,
  forbidden: <LockFilled style={{ color: token.colorWarning }} />,
  empty: <InboxOutlined style={{ color: token.colorTextQuaternary }} />,
};

/** An icon, a title, a hint and actions, centred in the content area. */
export function StateView({ kind, icon, title, sub, extra }: { kind?: keyof typeof ICONS; icon?: ReactNode; title: ReactNode; sub?: ReactNode; extra?: ReactNode }) {
  return (
    <div role={kind === 'error' ? 'alert' : undefined} style={{ padding: '48px 16px', textAlign: 'center' }}>
      <div style={{ fontSize: kind === 'empty' ? 48 : 56, lineHeight: 1, marginBottom: 16 }}>{icon ?? (kind ? ICONS[kind] : null)}</div>
      <div style={{ fontSize: kind === 'empty' ? 14 : 20, color: kind === 'empty' ? token.colorTextTertiary : token.colorText, fontWeight: kind === 'empty' ? 400 : 500 }}>{title}</div>
      {sub && <div style={{ color: token.colorTextTertiary, marginTop: 8 }}>{sub}</div>}
      {extra && <div style={{ marginTop: 24, display: 'flex', gap: 8, justifyContent: 'center', flexWrap: 'wrap' }}>{extra}</div>}
    </div>
  );
}
