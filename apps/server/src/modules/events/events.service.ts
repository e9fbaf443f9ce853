import { M, fmt } from '@jizu/shared/messages';
import { EVENTS_LIMITS, type TEventType } from '@jizu/shared/constants/events';
import type { TLiveEvent } from '@jizu/shared/schemas/events';
import type { Executor } from '../../db/client';
import * as repo from './events.repo';

/**
 * What another module tells: the event's type (its texts are M.events[type], filled with `vars`), who it is for and
 * the page it opens. `userId`: one user (with `companyId` only while in that company); else every member of
 * `companyId`, a sub-user only with the `menu` grant.
 */
export interface TPublish {
  type: TEventType;
  userId?: number;
  companyId?: number;
  menu?: number;
  link: string;
  vars?: Record<string, string | number>;
}

/** What travels on the NOTIFY channel: an event (k 'e'), or streams to close now (k 'x'). */
export type TWire =
  | { k: 'e'; u: number | null; c: number | null; m: number | null; e: TLiveEvent }
  | { k: 'x'; s?: number; u?: number; c?: number; keep?: number };

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export const toLiveEvent = (r: repo.TEventRow): TLiveEvent => ({
  id: r.id,
  type: r.type as TEventType,
  title: r.title,
  body: r.body,
  link: r.link,
  time: new Date(r.createdAt).toISOString(),
});

/**
 * Publishes a live notification in the caller's transaction: the row (for Last-Event-ID replay) and a NOTIFY that
 * PostgreSQL hands to every server process's listener at commit, and drops on rollback. Call it with the transaction
 * of the change the event tells of; with the database itself (no transaction) it is sent at once.
 */
export async function publishEvent(tx: Executor, p: TPublish): Promise<{ id: number }> {
  if (p.userId === undefined && p.companyId === undefined) throw new Error('an event needs a user or a company');
  const texts = M.events[p.type];
  const row = await repo.insertEvent(tx, {
    type: p.type,
    userId: p.userId ?? null,
    companyId: p.companyId ?? null,
    menu: p.userId === undefined ? (p.menu ?? null) : null,
    title: clip(fmt(texts.title, p.vars ?? {}), 100),
    body: clip(fmt(texts.body, p.vars ?? {}), 300),
    link: p.link,
  });
  const wire: TWire = { k: 'e', u: row.userId, c: row.companyId, m: row.menu, e: toLiveEvent(row) };
  await repo.notify(tx, JSON.stringify(wire));
  return { id: row.id };
}

/**
 * Closes the open streams of a session (logout, a device ended), of a user in a company (member switched off or
 * removed), or of a user's sessions but `keepSessionId` (other devices ended, password or phone changed), on every
 * process, at the commit of `tx`.
 */
export async function closeStreams(
  tx: Executor,
  who: { sessionId: number } | { userId: number; companyId?: number; keepSessionId?: number },
) {
  const wire: TWire =
    'sessionId' in who
      ? { k: 'x', s: who.sessionId }
      : { k: 'x', u: who.userId, c: who.companyId, keep: who.keepSessionId };
  await repo.notify(tx, JSON.stringify(wire));
}

/** The events a reconnecting stream missed (Last-Event-ID), within the window kept. */
export async function replayEvents(db: Executor, userId: number, companyId: number, afterId: number) {
  const since = new Date(Date.now() - EVENTS_LIMITS.keepHours * 3600_000);
  return repo.eventsAfter(db, userId, companyId, afterId, since, EVENTS_LIMITS.replayMax);
}

/** Every event after `afterId` of the last few minutes (a listener whose connection came back). */
export async function recentEventsAfter(db: Executor, afterId: number, minutes = 10) {
  return repo.allEventsAfter(db, afterId, new Date(Date.now() - minutes * 60_000), 5000);
}

/** The upkeep job's: deletes the events older than the window kept, in batches; how many went. */
export async function purgeOldEvents(db: Executor): Promise<number> {
  const before = new Date(Date.now() - EVENTS_LIMITS.keepHours * 3600_000);
  let total = 0;
  for (;;) {
    const n = await repo.deleteEventsBefore(db, before, 5000);
    total += n;
    if (n < 5000) return total;
  }
}
