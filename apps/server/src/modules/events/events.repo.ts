import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { liveEvents } from '../../db/schema';
import { rowsWhere } from '../../db/rows';

export type TEventRow = typeof liveEvents.$inferSelect;

/** The one channel of every server process (LISTEN in events.listen.ts). */
export const EVENTS_CHANNEL = 'jizu_events';

export async function insertEvent(tx: Executor, v: typeof liveEvents.$inferInsert): Promise<TEventRow> {
  const [row] = await tx.insert(liveEvents).values(v).returning();
  return row;
}

/**
 * NOTIFY on the events channel, in the caller's transaction: PostgreSQL (and PGlite) delivers it to the listeners at
 * commit, and never for a transaction rolled back.
 */
export async function notify(tx: Executor, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
}

/**
 * The events of a user in a company after `afterId` and since `since`, oldest first: the user's own (in any company,
 * or in this one) and the company's. Each branch walks its (user|company, id) index.
 */
export async function eventsAfter(
  db: Executor,
  userId: number,
  companyId: number,
  afterId: number,
  since: Date,
  limit: number,
): Promise<TEventRow[]> {
  return rowsWhere(
    db,
    liveEvents,
    and(
      gt(liveEvents.id, afterId),
      gt(liveEvents.createdAt, since),
      or(
        and(eq(liveEvents.userId, userId), or(isNull(liveEvents.companyId), eq(liveEvents.companyId, companyId))),
        and(isNull(liveEvents.userId), eq(liveEvents.companyId, companyId)),
      ),
    ),
    { orderBy: [asc(liveEvents.id)], limit },
  );
}

/** Every event after `afterId` since `since` (a listener catching up after its connection was lost). */
export async function allEventsAfter(db: Executor, afterId: number, since: Date, limit: number) {
  return rowsWhere(db, liveEvents, and(gt(liveEvents.id, afterId), gt(liveEvents.createdAt, since)), {
    orderBy: [asc(liveEvents.id)],
    limit,
  });
}

/** Deletes up to `batch` events created before `before`; how many went. */
export async function deleteEventsBefore(db: Executor, before: Date, batch: number): Promise<number> {
  const old = db.select({ id: liveEvents.id }).from(liveEvents).where(lt(liveEvents.createdAt, before)).limit(batch);
  const gone = await db.delete(liveEvents).where(inArray(liveEvents.id, old)).returning({ id: liveEvents.id });
  return gone.length;
}
