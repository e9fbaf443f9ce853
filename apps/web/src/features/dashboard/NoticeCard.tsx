import { NotificationOutlined } from '@ant-design/icons';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { fmt } from '@jizu/shared/messages/fmt';
import * as TxAccount from '../../texts/account';
import { PageCard } from '../../ui/PageCard';
import { EmptyState, QueryState } from '../../ui/QueryState';
import { useNotices } from './accountApi';
import cm from '../../ui/common.module.css';
import s from './dashboard.module.css';

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
          <NotificationOutlined className={s.noticeIcon} />
          {TxAccount.notice.title}
        </span>
      }
      extra={q.data ? <span className={cm.hint}>{fmt(TxAccount.notice.more, { n: q.data.total })}</span> : null}
      className={s.gridCard}
      bodyClassName={s.listBody}
    >
      <QueryState query={q}>
        {(page) =>
          page.data.length === 0 ? (
            <EmptyState text={TxAccount.notice.empty} />
          ) : (
            <ul data-testid="notice-list" className={s.noticeList}>
              {page.data.slice(0, 6).map((n) => (
                <li key={n.id} className={s.noticeItem}>
                  <button type="button" onClick={() => setOpen(n.id)} className={s.noticeButton}>
                    <span
                      role="img"
                      aria-label={n.msg_open ? undefined : TxAccount.notice.unread}
                      title={n.msg_open ? undefined : TxAccount.notice.unread}
                      className={`${s.dot} ${n.msg_open ? s.dotRead : s.dotUnread}`}
                    />
                    <span className={n.msg_open ? s.noticeTitle : `${s.noticeTitle} ${s.noticeTitleUnread}`}>
                      {n.msg_title}
                    </span>
                    <span className={s.noticeDate}>{n.msg_send_time.slice(0, 10)}</span>
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
