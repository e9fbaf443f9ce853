import type { Executor } from '../../db/client';

/**
 * What the labour area's parts share on the server (spec/3): a hiring demand (recruit) and a job card (card) are both
 * "targets" that logged-in users comment on and like from their public pages. The comment module owns comments,
 * likes and views of both kinds; each owner module registers how to load its targets, so no module reads another's
 * tables (ARCHITECTURE § Layout).
 */
export type TLabourType = 'card' | 'recruit';

export interface TLabourTarget {
  id: number;
  /** the user who published it: "received" comments are those on the user's own targets */
  ownerUserId: number;
  /** shown publicly (passed review and not ended as closed): only then may strangers comment or like */
  public: boolean;
  view_url: string;
  /** province and city names, as the comment list shows them */
  address: string;
  /** the machine categories' names, joined with 、 */
  resume_category: string;
}

export type TLabourLoader = (db: Executor, ids: number[]) => Promise<Map<number, TLabourTarget>>;

const loaders = new Map<TLabourType, TLabourLoader>();

export function registerLabourTarget(type: TLabourType, load: TLabourLoader) {
  loaders.set(type, load);
}

/** The targets of these ids (missing ids are absent from the map). */
export async function loadLabourTargets(
  db: Executor,
  type: TLabourType,
  ids: number[],
): Promise<Map<number, TLabourTarget>> {
  const load = loaders.get(type);
  if (!load) throw new Error(`no labour target loader for ${type}`);
  return ids.length ? load(db, [...new Set(ids)]) : new Map();
}
