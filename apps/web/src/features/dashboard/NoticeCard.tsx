import { NotificationOutlined } from '@ant-design/icons';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { fmt } from '@jizu/shared/messages/fmt';
import * as TxAccount from '../../texts/account';
import { PageCard } from '../../ui/PageCard';
import { EmptyState, QueryState } from '../../ui/QueryState';
import { useNotices } from './accountApi';
import { token } from '../../app/theme';
import cm from '../../ui/common.module.css';

// the dialog (antd Modal and Typography) loads when a notice is opened, not with the dashboard
const NoticeDialog = lazy(() => import('./NoticeDialog'));

/** 平台公告: the first 6 notices (spec/1 §9), date cut to 10 characters; a click opens the notice. */
export function NoticeCard() {
  const q = useNotices();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('notice')) || null;
  const setOpen = (id: number | null) => {
    const p = new URLSearchParams(params);
    if (id) p.set('notice', String(id));
    else p.delete('notice');
    setParams(p, { replace: !id });
  };
  return (
    <PageCard
      title={
        <span>
          <NotificationOutlined style={{ color: token.colorPrimary, marginRight: 8 }} />
          {TxAccount.notice.title}
        </span>
      }
      extra={q.data ? <span className={cm.hint}>{fmt(TxAccount.notice.more, { n: q.data.total })}</span> : null}
      style={{ height: '100%', marginBottom: 0 }}
      bodyStyle={{ paddingTop: 4, paddingBottom: 8 }}
    >
      <QueryState query={q}>
        {(page) =>
          page.data.length === 0 ? (
            <EmptyState text={TxAccount.notice.empty} />
          ) : (
            <ul data-testid="notice-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {page.data.slice(0, 6).map((n) => (
                <li key={n.id} style={{ borderBottom: `1px solid ${token.colorBgLayout}` }}>
                  <button
                    type="button"
                    onClick={() => setOpen(n.id)}
                    style={{ display: 'flex', alignItems: 'center', gap: 10, width: '100%', padding: '10px 0', border: 0, background: 'none', cursor: 'pointer', textAlign: 'left', font: 'inherit' }}
                  >
                    <span
                      role="img"
                      aria-label={n.msg_open ? undefined : TxAccount.notice.unread}
                      title={n.msg_open ? undefined : TxAccount.notice.unread}
                      style={{ flex: 'none', width: 6, height: 6, borderRadius: '50%', background: n.msg_open ? token.colorBorder : token.colorPrimary }}
                    />
                    <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: n.msg_open ? 400 : 500 }}>{n.msg_title}</span>
                    <span style={{ flex: 'none', color: token.colorTextTertiary, fontSize: 12, fontVariantNumeric: 'tabular-nums' }}>{n.msg_send_time.slice(0, 10)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {openId && (
        <Suspense fallback={null}>
          <NoticeDialog id={openId} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </PageCard>
  );
}
