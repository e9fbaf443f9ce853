import type { OutgoingHttpHeaders } from 'node:http';
import { EVENTS_LIMITS } from '@jizu/shared/constants/events';
import { ZEventsQuery } from '@jizu/shared/schemas/events';
import { companyOf, userOf } from '../../platform/access';
import { AppError } from '../../platform/errors';
import type { TModule } from '../../platform/http';
import { EventHub, type TConn } from './events.hub';
import { startListener } from './events.listen';
import { recentEventsAfter, replayEvents, toLiveEvent } from './events.service';
import type { TEventRow } from './events.repo';

const lastEventId = (h: unknown): number | null => {
  const n = typeof h === 'string' && /^\d{1,15}$/.test(h) ? Number(h) : NaN;
  return Number.isSafeInteger(n) ? n : null;
};

/**
 * GET /api/events: the live notifications of the logged-in user in the request's company, as server-sent events
 * (EventSource with the session cookie). The answer is written by hand (reply.hijack): no envelope, no serializer,
 * no compression; the security headers of the request are kept; `X-Accel-Buffering: no` keeps nginx from buffering.
 * No response schema: the OpenAPI document then lists no JSON answer (the bench's sweep leaves it out, as the files).
 */
export const eventsRoutes: TModule = async (app, deps) => {
  const hub = new EventHub();
  const mine = (c: TConn, r: TEventRow) => r.userId !== null || r.menu === null || c.master || c.grants.has(r.menu);
  const catchUp = () => {
    recentEventsAfter(deps.db, hub.maxSeen).then(
      (rows) => {
        for (const r of rows) hub.deliver({ k: 'e', u: r.userId, c: r.companyId, m: r.menu, e: toLiveEvent(r) });
      },
      (e: Error) => app.log.warn({ message: e.message }, 'events catch-up failed'),
    );
  };
  const listener = await startListener(deps, (p) => hub.onPayload(p), catchUp, app.log);
  app.addHook('preClose', async () => hub.stop());
  app.addHook('onClose', async () => listener.stop());

  app.get(
    '/events',
    {
      config: { access: 'company' },
      schema: {
        tags: ['events'],
        summary: '实时通知（text/event-stream；Last-Event-ID 续传 24 小时内的事件）',
        querystring: ZEventsQuery,
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      const ctx = companyOf(req);
      // EventSource asks for the stream; anything else gets the envelope, not a response that never ends
      if (!/\btext\/event-stream\b/.test(req.headers.accept ?? '')) throw new AppError('EVENTS_NOT_STREAM');
      if (hub.count(user.id) >= EVENTS_LIMITS.perUser) throw new AppError('EVENTS_TOO_MANY');
      const after = lastEventId(req.headers['last-event-id']) ?? req.query.last_event_id ?? null;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
        'x-request-id': req.id,
      });
      res.write(`retry: ${EVENTS_LIMITS.retryMs}\n\n`);
      const conn: TConn = {
        userId: user.id,
        companyId: ctx.companyId,
        sessionId: user.sessionId,
        master: ctx.master,
        grants: ctx.grants,
        res,
        pending: after === null ? null : [],
        sent: new Set(),
      };
      hub.add(conn);
      res.on('close', () => hub.remove(conn));
      if (after === null) return;
      try {
        const rows = await replayEvents(deps.db, user.id, ctx.companyId, after);
        hub.replayed(conn, rows.filter((r) => mine(conn, r)).map(toLiveEvent));
      } catch (e) {
        app.log.warn({ message: (e as Error).message }, 'events replay failed');
        res.destroy();
      }
    },
  );
};
