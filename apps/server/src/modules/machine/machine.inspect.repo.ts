import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { arrayRow } from '../../db/json-rows';
import { listingBriefOf, listingBriefSql } from '../equipment/equipment.service';
import { machineInspections } from './machine.tables';
import { rowsWhere } from '../../db/rows';

/** SQL of the entry and exit inspections of machines on site. */
export type TInspectionDb = typeof machineInspections.$inferSelect;

export async function insertInspection(
  tx: Executor,
  v: typeof machineInspections.$inferInsert,
): Promise<TInspectionDb | null> {
  const [row] = await tx.insert(machineInspections).values(v).onConflictDoNothing().returning();
  return row ?? null;
}
export async function lockInspection(tx: Executor, machineId: number, kind: number): Promise<TInspectionDb | null> {
  const [row] = await rowsWhere(
    tx,
    machineInspections,
    and(eq(machineInspections.machineId, machineId), eq(machineInspections.kind, kind)),
    { lock: 'update' },
  );
  return row ?? null;
}
/** The tenant's acknowledgement, compare-and-set on the status it read (a second one changes nothing). */
export async function updateAck(
  tx: Executor,
  id: number,
  fromStatus: number,
  set: Pick<typeof machineInspections.$inferInsert, 'ackStatus' | 'ackNote' | 'ackBy' | 'ackAt'>,
): Promise<TInspectionDb | null> {
  const [row] = await tx
    .update(machineInspections)
    .set(set)
    .where(and(eq(machineInspections.id, id), eq(machineInspections.ackStatus, fromStatus)))
    .returning();
  return row ?? null;
}
/** Every inspection of an order's machines (the settlement draft's disputes of a month). */
export function inspectionsOfOrder(db: Executor, orderId: number): Promise<TInspectionDb[]> {
  return rowsWhere(db, machineInspections, eq(machineInspections.orderId, orderId), {
    orderBy: [asc(machineInspections.date), asc(machineInspections.id)],
  });
}

/** What a machine's row shows of its inspections. */
export type TInspectionListRow = Pick<TInspectionDb, 'kind' | 'date' | 'fuel' | 'damage' | 'ackStatus' | 'ackNote'> & {
  ackAt: string | null;
};
const INSPECTION_ROW = arrayRow<TInspectionListRow>({
  kind: 'i.kind',
  date: 'i.date',
  fuel: 'i.fuel',
  damage: 'i.damage',
  ackStatus: 'i.ack_status',
  ackNote: 'i.ack_note',
  ackAt: 'i.ack_at',
});
/** The inspections of the machine `m` (order_machines) as a JSON array of INSPECTION_ROW arrays (on the unique index). */
export const inspectionsSql = (m: string) =>
  `(select json_agg(json_build_array(${INSPECTION_ROW.sql}) order by i.kind) from machine_inspections i where i.machine_id = ${m}.id)`;
export const inspectionsOf = (raw: unknown[][] | null): TInspectionListRow[] =>
  (raw ?? []).map((r) => INSPECTION_ROW.of(r));

/** A disputed inspection as the order detail lists it, with its machine's listing card. */
export type TDisputeRow = {
  machineId: number;
  listingId: number;
  kind: number;
  date: string;
  note: string;
  name: string;
};
/**
 * The order `o`'s disputed inspections of live machines, oldest first, as a value of the caller's statement
 * (`inspection_disputes`): on the partial index of disputes.
 */
export const disputesSql = (o: string) =>
  `to_json(array(select json_build_array(i.machine_id, m.listing_id, i.kind, i.date, i.ack_note, ${listingBriefSql('m.listing_id')}) ` +
  `from machine_inspections i join order_machines m on m.id = i.machine_id and m.deleted_at is null ` +
  `where i.order_id = ${o}.id and i.ack_status = 2 order by i.date, i.id)) as inspection_disputes`;
export function disputesOf(raw: unknown[][] | null): TDisputeRow[] {
  return (raw ?? []).map((r) => {
    const card = listingBriefOf(r[1] as number, r[5] as Parameters<typeof listingBriefOf>[1]);
    return {
      machineId: r[0] as number,
      listingId: r[1] as number,
      kind: r[2] as number,
      date: r[3] as string,
      note: r[4] as string,
      name: card ? `${card.product_name_v} ${card.model}`.trim() : '',
    };
  });
}
