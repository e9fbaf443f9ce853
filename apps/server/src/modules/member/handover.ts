import type { Tx } from '../../db/client';

export interface THandover {
  companyId: number;
  /** the deleted member's user */
  fromUserId: number;
  /** the member chosen to take over */
  toUserId: number;
}

type THandoverFn = (tx: Tx, h: THandover) => Promise<void>;
const handovers = new Map<string, THandoverFn>();

/**
 * A module whose records in a company belong to a person (listings, biddings, orders, cards…) registers how they move
 * to the hand-over person when that person's membership is deleted. Keyed by name, so registering twice replaces.
 */
export function registerHandover(name: string, fn: THandoverFn) {
  handovers.set(name, fn);
}

/** Runs every registered hand-over inside the deleting transaction: all move, or none. */
export async function runHandovers(tx: Tx, h: THandover) {
  for (const fn of handovers.values()) await fn(tx, h);
}

/** The hand-overs registered so far. @internal: only tests read it. */
export const registeredHandovers = () => [...handovers.keys()];
