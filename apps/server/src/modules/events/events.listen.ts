import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { TDeps } from '../../platform/deps';
import { PG_SESSION_OPTIONS } from '../../db/client';
import { EVENTS_CHANNEL } from './events.repo';

export interface TListener {
  stop(): Promise<void>;
}

/**
 * LISTEN on the events channel for this process. PGlite (one process): its own listen. PostgreSQL: one connection of
 * its own outside the pool (a pooled connection would be handed to queries), kept for the life of the process: lost
 * (restart, fail-over, a cut network), it is opened again with a growing pause, and `onResume` asks the hub to catch
 * up on what was committed meanwhile (the NOTIFYs of that time are gone, the rows are not).
 */
export async function startListener(
  deps: Pick<TDeps, 'db'>,
  onPayload: (payload: string) => void,
  onResume: () => void,
  log: FastifyBaseLogger,
): Promise<TListener> {
  // the driver decides, not the configured kind: a test may hand a PostgreSQL pool to an app told it is embedded
  const raw = (deps.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (!(raw instanceof pg.Pool)) {
    const unlisten = await raw.listen(EVENTS_CHANNEL, onPayload);
    return { stop: () => unlisten().catch(() => {}) };
  }
  // the pool's own address (the config's DATABASE_URL, or the scratch database a test opened)
  const url = raw.options.connectionString;
  let stopped = false;
  let client: pg.Client | null = null;
  let pause = 250;
  let timer: NodeJS.Timeout | null = null;
  const open = async (resumed: boolean) => {
    const c = new pg.Client({
      connectionString: url,
      options: PG_SESSION_OPTIONS,
      connectionTimeoutMillis: 3000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = c;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost || stopped) return;
      lost = true;
      log.warn({ message: err?.message }, 'events listener connection lost');
      c.end().catch(() => {});
      timer = setTimeout(() => void open(true), pause);
      timer.unref();
      pause = Math.min(pause * 2, 10_000);
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (n) => {
      if (n.channel === EVENTS_CHANNEL && n.payload) onPayload(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${EVENTS_CHANNEL}`);
      pause = 250;
      if (resumed) onResume();
    } catch (e) {
      if (!resumed) throw e;
      onLost(e as Error);
    }
  };
  await open(false);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
