import { useEffect, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TEventType } from '@jizu/shared/constants/events';
import type { TLiveEvent } from '@jizu/shared/schemas/events';

/** The header's unread count: the unread inbox's count of GET /index/message/lst. */
export const unreadKey = ['message', 'unread'] as const;

// The query keys' roots of the lists concerned, written out here rather than imported from each feature's api module,
// which would bring those modules into the shell's first load (features/message, talk, order, bidding, response).
const MESSAGES: QueryKey = ['message'];
const TALK: QueryKey = ['talk'];
const ORDERS: QueryKey = ['order'];
const BIDDINGS: QueryKey = ['bidding'];

/**
 * The one place that says which lists an event refreshes: each type → the query keys invalidated (every query whose
 * key starts with one of them is fetched again if shown, marked stale if not). Every event may have put a system
 * message in the inbox, so the messages (and the header's count) are always among them.
 */
export const EVENT_QUERIES: Record<TEventType, QueryKey[]> = {
  message: [MESSAGES],
  inquiry: [MESSAGES, TALK],
  order_submit: [MESSAGES, ORDERS],
  order_confirm: [MESSAGES, ORDERS],
  order_return: [MESSAGES, ORDERS],
  order_close: [MESSAGES, ORDERS],
  order_complete: [MESSAGES, ORDERS],
  contract_sign: [MESSAGES, ORDERS],
  offer: [MESSAGES, BIDDINGS],
  pay_sign: [MESSAGES, ORDERS],
  review: [MESSAGES, ORDERS],
  inspection_dispute: [MESSAGES, ORDERS],
};

/**
 * Opens the live notifications of the logged-in user in `companyId` (GET /api/events, the session cookie) while the
 * shell is mounted; a new company opens a new stream. The browser reconnects by itself after a cut with
 * Last-Event-ID; a stream the server refuses (logged out, switched off) stays closed. Each event refreshes its lists,
 * then `onEvent` shows it. Answers whether the stream is open now.
 */
export function useLiveEvents(companyId: number | null | undefined, onEvent: (e: TLiveEvent) => void) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!companyId || typeof EventSource === 'undefined') return;
    const es = new EventSource(`/api/events?company_id=${companyId}`);
    es.onopen = () => setOpen(true);
    es.onerror = () => setOpen(es.readyState === EventSource.OPEN);
    es.onmessage = (m: MessageEvent<string>) => {
      let e: TLiveEvent;
      try {
        e = JSON.parse(m.data) as TLiveEvent;
      } catch {
        return;
      }
      for (const queryKey of EVENT_QUERIES[e.type] ?? [MESSAGES]) void qc.invalidateQueries({ queryKey });
      onEvent(e);
    };
    return () => {
      es.close();
      setOpen(false);
    };
    // onEvent is read at each event, not a reason to reconnect
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [companyId, qc]);
  return open;
}
