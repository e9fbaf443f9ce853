import { useEffect } from 'react';
import notification from 'antd/es/notification';
import { installNotice } from './liveNotice';

/** Mounts antd's context-aware notification API for the live notifications (liveNotice.ts). */
export default function LiveNoticeHost() {
  const [api, holder] = notification.useNotification({ maxCount: 3 });
  useEffect(() => installNotice(api), [api]);
  return holder;
}
