import { events } from '../messages/events';

/** Error codes of the live notifications (merged into ERRORS). */
export const eventsErrors = {
  EVENTS_TOO_MANY: { http: 429, msg: events.tooMany },
  EVENTS_NOT_STREAM: { http: 406, msg: events.notStream },
} as const;
