import { z } from '../zod';
import { EVENT_TYPES } from '../constants/events';

/** One live notification as the stream sends it (`data:` of an SSE message whose `id:` is `id`). */
export const ZLiveEvent = z.object({
  id: z.number().int(),
  type: z.enum(EVENT_TYPES),
  title: z.string(),
  body: z.string(),
  /** the page of the user centre the event opens */
  link: z.string(),
  /** ISO timestamp */
  time: z.string(),
});
export type TLiveEvent = z.infer<typeof ZLiveEvent>;

/** GET /api/events: the company of the stream (else the company cookie); last_event_id as the Last-Event-ID header */
export const ZEventsQuery = z.object({
  company_id: z.coerce.number().int().positive().optional(),
  last_event_id: z.coerce.number().int().nonnegative().optional(),
});
