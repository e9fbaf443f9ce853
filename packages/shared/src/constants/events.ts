/**
 * The live notifications (GET /api/events): every event type. A type's texts are M.events[type]; the web app maps each
 * type to the lists it refreshes (apps/web/src/app/liveEvents.ts).
 */
export const EVENT_TYPES = [
  'message',
  'inquiry',
  'order_submit',
  'order_confirm',
  'order_return',
  'order_close',
  'order_complete',
  'contract_sign',
  'offer',
  'pay_sign',
  'review',
  'inspection_dispute',
] as const;
export type TEventType = (typeof EVENT_TYPES)[number];

export const EVENTS_LIMITS = {
  /** events are kept (and replayed by Last-Event-ID) this long; the upkeep job deletes older ones */
  keepHours: 24,
  /** at most this many events replayed on a reconnect: a client further behind reloads its lists */
  replayMax: 500,
  /** streams one user may hold open at once on one server process */
  perUser: 8,
  /** a comment line this often keeps proxies from closing an idle stream */
  heartbeatMs: 25_000,
  /** what the browser waits before it reconnects */
  retryMs: 3_000,
} as const;
