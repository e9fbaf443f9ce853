import type { FastifyBaseLogger } from 'fastify';
import type { DB } from './db/client';
import type { TDeps } from './platform/deps';
import type { TJob } from './platform/jobs';
import { cutoffDueBiddings } from './modules/bidding/bidding.service';
import { endExpiredDemands } from './modules/demand/demand.service';
import { reconcileOpenOrders, sweepExpired } from './modules/payment/payment.settle.service';
import { remindExpiringMemberships } from './modules/membership/membership.service';
import { expireFinanceProductApps } from './modules/finprod/finprod.service';
import { purgeExpiredSessions } from './modules/auth/auth.service';
import { purgeOldEvents } from './modules/events/events.service';

/** The job names a test or an operator looks for. */
export const JOB = { purgeSessions: 'delete expired sessions' } as const;

/**
 * The periodic upkeep of a server (main.ts starts them through platform/jobs.ts once the server is ready and listens):
 * each safe to repeat and to run on several servers at once, each only catching up with what reads already settle.
 */
export function upkeepJobs(o: {
  db: DB;
  channels: TDeps['payments'];
  reconcileAfterSeconds: number;
  notifyUrl: string;
  log: FastifyBaseLogger;
}): TJob[] {
  const { db, channels, log } = o;
  return [
    {
      name: 'close expired payment orders',
      everyMs: 30_000,
      run: () => sweepExpired(db, new Date(), { channel: channels, log }),
    },
    {
      name: 'settle open payment orders by querying the channel',
      everyMs: 15_000,
      run: () => reconcileOpenOrders(db, channels, o.reconcileAfterSeconds, log),
    },
    {
      name: 'sandbox channel: deliver payment notifies',
      everyMs: 1_000,
      run: () => channels.sandbox.deliverNotifies(o.notifyUrl),
    },
    { name: 'cut off bidding projects past their deadline', everyMs: 60_000, run: () => cutoffDueBiddings(db) },
    { name: 'end quick demands past their valid days', everyMs: 5 * 60_000, run: () => endExpiredDemands(db) },
    {
      name: 'remind memberships expiring within 30 days',
      everyMs: 15 * 60_000,
      run: () => remindExpiringMemberships(db),
    },
    {
      name: 'expire finance-product applications the partner did not answer',
      everyMs: 5 * 60_000,
      run: () => expireFinanceProductApps(db),
    },
    { name: JOB.purgeSessions, everyMs: 60 * 60_000, run: () => purgeExpiredSessions(db) },
    { name: 'delete live notifications past their replay window', everyMs: 60 * 60_000, run: () => purgeOldEvents(db) },
  ];
}
