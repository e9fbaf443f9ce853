import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { arrayRow } from '../../db/json-rows';
import { orderContracts } from './contract.tables';
import { rowsWhere, rowWhere } from '../../db/rows';

/** SQL of order contracts. */
export type TContractDb = typeof orderContracts.$inferSelect;

export async function findContract(db: Executor, orderId: number, id: number): Promise<TContractDb | null> {
  const row = await rowWhere(db, orderContracts, and(eq(orderContracts.id, id), eq(orderContracts.orderId, orderId)));
  return row ?? null;
}
export async function lockContract(tx: Executor, id: number): Promise<TContractDb | null> {
  const [row] = await rowsWhere(tx, orderContracts, eq(orderContracts.id, id), { lock: 'update' });
  return row ?? null;
}
export async function insertContract(db: Executor, v: typeof orderContracts.$inferInsert): Promise<TContractDb> {
  const [row] = await db.insert(orderContracts).values(v).returning();
  return row;
}
/** Compare-and-set on the status; null when it changed meanwhile. */
export async function updateContract(
  tx: Executor,
  id: number,
  fromStatus: number,
  set: Partial<typeof orderContracts.$inferInsert>,
): Promise<TContractDb | null> {
  const [row] = await tx
    .update(orderContracts)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(orderContracts.id, id), eq(orderContracts.status, fromStatus)))
    .returning();
  return row ?? null;
}
export async function findBySignedSha(db: Executor, sha: string): Promise<TContractDb | null> {
  const row = await rowWhere(db, orderContracts, eq(orderContracts.signedSha256, sha));
  return row ?? null;
}

/**
 * What a contract's list row shows (contract.service rowView): its columns without the files' paths and hashes of the
 * upload, the signer and the bookkeeping, which the list never shows. Timestamps as the database writes them in JSON
 * (ISO 8601 with offset): the view only formats them.
 */
export type TContractListRow = Pick<
  TContractDb,
  'id' | 'orderId' | 'sn' | 'name' | 'date' | 'status' | 'providerStatus' | 'signetId' | 'signedSha256'
> & {
  createdAt: string;
  signedAt: string | null;
  voidedAt: string | null;
};
/** The columns of TContractListRow (db/json-rows.ts arrayRow). */
const CONTRACT_ROW = arrayRow<Omit<TContractListRow, 'orderId'>>({
  id: 'k.id',
  sn: 'k.sn',
  name: 'k.name',
  date: 'k.date',
  status: 'k.status',
  providerStatus: 'k.provider_status',
  signetId: 'k.signet_id',
  signedSha256: 'k.signed_sha256',
  createdAt: 'k.created_at',
  signedAt: 'k.signed_at',
  voidedAt: 'k.voided_at',
});
/**
 * The contract list's page (GET /rent/contract/lst, /ep/contract) as values of the caller's statement over its order
 * `o`: `contracts` (newest first, each row CONTRACT_ROW's JSON array: json_build_object / to_json look up each
 * value's type output on every value, so the fewer values a page carries the less the database spends; an
 * ARRAY(subquery) keeps the subquery's order, no aggregate and no second sort; the page is cut in an inner subquery,
 * so only its rows are built, not every contract of the order before the sort) and `contract_counts` ([n, sign,
 * unsign]). The order detail's contract block reads the same (its first 50).
 */
export const contractListSql = (status: string | null, limit: string, offset: string) =>
  `to_json(array(select json_build_array(${CONTRACT_ROW.sql}) from (select * from order_contracts where order_id = o.id${status === null ? '' : ` and status = ${status}`} order by id desc limit ${limit} offset ${offset}) k order by k.id desc)) as contracts, ` +
  `(select json_build_array(${status === null ? 'count(*)' : `count(*) filter (where c.status = ${status})`}, count(*) filter (where c.status = 1), count(*) filter (where c.status = 0)) from order_contracts c where c.order_id = o.id) as contract_counts`;
/** contractListSql's two values over the order `orderId`: the page's rows, its total and the order's signed / to-sign counts. */
export function contractListOf(orderId: number, rows: unknown[][] | null, counts: number[] | null) {
  return {
    rows: (rows ?? []).map((r): TContractListRow => ({ ...CONTRACT_ROW.of(r), orderId })),
    total: Number(counts?.[0] ?? 0),
    sign: Number(counts?.[1] ?? 0),
    unsign: Number(counts?.[2] ?? 0),
  };
}
