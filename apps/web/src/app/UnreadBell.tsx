import { Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TMessagePage } from '@jizu/shared/schemas/message';
import { api } from '../api/client';
import * as T from '../texts/base';
import { fmt } from '@jizu/shared/messages/fmt';
import { unreadKey } from './liveEvents';
import s from './Shell.module.css';

/**
 * The header's bell: the unread system messages' count, refreshed by the live notifications (liveEvents.ts);
 * `data-live` tells whether their stream is open.
 */
export function UnreadBell({ compact, live }: { compact?: boolean; live: boolean }) {
  const q = useQuery({
    queryKey: unreadKey,
    queryFn: () => api.get<TMessagePage>('/index/message/lst', { state: 0, page: 1, size: 1 }, { quiet: true }),
    staleTime: 60_000,
  });
  const n = q.data?.unread ?? 0;
  return (
    <Link
      to="/dashboard/message"
      data-testid="unread-bell"
      data-live={live ? 'on' : 'off'}
      aria-label={fmt(T.shell.unread, { n })}
    >
      <Button
        type="text"
        tabIndex={-1}
        icon={<BellOutlined />}
        className={compact ? `${s.bell} ${s.bellCompact}` : s.bell}
      >
        {!compact && T.shell.messages}
        {n > 0 && (
          <span className={s.bellCount} data-testid="unread-count">
            {n > 99 ? '99+' : n}
          </span>
        )}
      </Button>
    </Link>
  );
}
