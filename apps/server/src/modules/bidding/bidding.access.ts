import { eq, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import { BIDDING_STATUS } from '@jizu/shared/constants/bidding';
import { dayEnd } from '@jizu/shared/rules/datetime';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { biddings } from './bidding.tables';
import type { TBiddingRow } from './bidding.view';

/** Statuses the public and every provider may see: responding, cut-off, completed (not in review, rejected or closed). */
export const PUBLIC_BIDDING_STATUSES: readonly number[] = [
  BIDDING_STATUS.responding,
  BIDDING_STATUS.cutoff,
  BIDDING_STATUS.completed,
];

export async function findBidding(db: Executor, id: number): Promise<TBiddingRow | null> {
  const q = prepared(db, 'bidding.byId', (d) =>
    d
      .select()
      .from(biddings)
      .where(eq(biddings.id, sql.placeholder('id')))
      .limit(1)
      .prepare('bidding.byId'),
  );
  const [row] = await q.execute({ id });
  return row ?? null;
}

/** The company's own project, or 404 (another company's id reads as missing). */
export async function requireOwnBidding(db: Executor, companyId: number, id: number): Promise<TBiddingRow> {
  const row = await findBidding(db, id);
  if (!row || row.companyId !== companyId) throw new AppError('BIDDING_NOT_FOUND');
  return row;
}

/** A project the public may see (PUBLIC_BIDDING_STATUSES), else 404 with the spec-style reason. */
export async function requirePublicBidding(db: Executor, id: number): Promise<TBiddingRow> {
  const row = await findBidding(db, id);
  if (!row) throw new AppError('BIDDING_NOT_FOUND');
  if (!PUBLIC_BIDDING_STATUSES.includes(row.status)) throw new AppError('BIDDING_NOT_PUBLIC');
  return row;
}

/** The response deadline has passed: the end of end_time (a yyyy-MM-dd date) in Asia/Shanghai is behind `now`. */
export function deadlinePassed(endTime: string, now = new Date()): boolean {
  return now.getTime() > dayEnd(endTime).getTime();
}
