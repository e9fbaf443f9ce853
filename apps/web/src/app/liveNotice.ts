import type { NotificationInstance } from 'antd/es/notification/interface';
import type { TLiveEvent } from '@jizu/shared/schemas/events';

/**
 * Live notifications shown through antd's context-aware notification API. Like the toasts (toast.ts), the component
 * is not part of the first load: the first event mounts its host (LiveNoticeHost, loaded then) and waits for it.
 */
let inst: NotificationInstance | null = null;
const waiting: ((n: NotificationInstance) => void)[] = [];

export function installNotice(n: NotificationInstance) {
  inst = n;
  waiting.splice(0).forEach((f) => f(n));
}

/** Shows `e`; a click on it calls `open` with the event's page. */
export function showNotice(e: TLiveEvent, open: (link: string) => void) {
  const show = (n: NotificationInstance) => {
    const key = `live-${e.id}`;
    n.open({
      key,
      title: e.title,
      description: e.body,
      duration: 6,
      placement: 'topRight',
      props: { 'data-testid': 'live-notice' } as Record<string, string>,
      onClick: () => {
        n.destroy(key);
        open(e.link);
      },
    });
  };
  if (inst) show(inst);
  else waiting.push(show);
}
