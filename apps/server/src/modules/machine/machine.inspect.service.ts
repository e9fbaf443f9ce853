import {
  ACK_MACHINE,
  ACK_STATUS,
  ACK_STATUS_TEXT,
  INSPECTION_KIND,
  INSPECTION_KIND_TEXT,
  fuelText,
} from '@jizu/shared/constants/machine';
import type { TOrderWho } from '@jizu/shared/constants/order';
import { fmt } from '@jizu/shared/messages/fmt';
import { machineFailures, machine as msg } from '@jizu/shared/messages/machine';
import { actionsOf, nextStatus } from '@jizu/shared/rules/machine';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import type { TDamageItem, TInspectionAck, TInspectionDispute, TInspectionView } from '@jizu/shared/schemas/machine';
import { inTx, type Executor } from '../../db/client';
import type { TDeps } from '../../platform/deps';
import { AppError, invalid } from '../../platform/errors';
import { recordAudit, type TActor } from '../audit/audit.service';
import { findOrderById, recordOrderEvent, requireChainGate } from '../order/order.service';
import type { TOrderRowDb } from '../order/order.repo';
import { ownUploadPath, shareUploads } from '../upload/upload.service';
import * as repo from './machine.inspect.repo';
import { findMachine } from './machine.repo';
import type { TDamageDb } from './machine.tables';
import { publishEvent } from '../events/events.service';
import { MENU } from '@jizu/shared/constants/menu';

export const AUDIT_INSPECTION = 'machine_inspection';

/** Damage photos must be the caller's own uploads of machine photos; the items with their stored paths. */
export async function damagePaths(
  deps: Pick<TDeps, 'db' | 'config'>,
  userId: number,
  items: TDamageItem[],
  field: string,
): Promise<TDamageDb[]> {
  const out: TDamageDb[] = [];
  for (const it of items) {
    const photos: string[] = [];
    for (const a of it.photos) {
      const p = await ownUploadPath(deps, userId, a, ['inout']);
      if (!p) invalid(field, machineFailures.photoMissing);
      else photos.push(p);
    }
    out.push({ desc: it.desc, photos });
  }
  return out;
}

/**
 * The provider's inspection of an entry or exit, in the caller's transaction (the machine's own change): waiting for
 * the tenant's acknowledgement; the damage photos are shared with the order's tenant.
 */
export async function recordInspection(
  tx: Executor,
  o: TOrderRowDb,
  v: { machineId: number; kind: number; date: string; fuel: number | null; damage: TDamageDb[]; userId: number },
) {
  const ackStatus = nextStatus(ACK_MACHINE, { ack_status: null }, 'record', 'provider')!;
  const row = await repo.insertInspection(tx, {
    machineId: v.machineId,
    orderId: o.id,
    kind: v.kind,
    date: v.date,
    fuel: v.fuel,
    damage: v.damage,
    ackStatus,
    createdBy: v.userId,
  });
  if (!row) throw new AppError('MACHINE_STATE');
  await shareUploads(
    tx,
    v.damage.flatMap((d) => d.photos),
    o.tenantCompanyId,
  );
}

/** A machine row's two inspections as the side reads them (the tenant's buttons from ACK_MACHINE). */
export function inspectionViews(
  rows: repo.TInspectionListRow[],
  who: TOrderWho,
): { enter_check: TInspectionView | null; exit_check: TInspectionView | null } {
  const view = (kind: number): TInspectionView | null => {
    const r = rows.find((i) => i.kind === kind);
    if (!r) return null;
    return {
      kind,
      kind_v: INSPECTION_KIND_TEXT[kind] ?? '',
      date: r.date,
      fuel: r.fuel,
      fuel_v: fuelText(r.fuel),
      damage: r.damage,
      ack_status: r.ackStatus,
      ack_status_v: ACK_STATUS_TEXT[r.ackStatus] ?? '',
      ack_note: r.ackNote,
      ack_time_v: r.ackAt ? shanghaiDateTime(r.ackAt) : '',
      actions: who === 'tenant' ? actionsOf(ACK_MACHINE, { ack_status: r.ackStatus }, 'tenant') : [],
    };
  };
  return { enter_check: view(INSPECTION_KIND.enter), exit_check: view(INSPECTION_KIND.exit) };
}

/** The dispute lines of the order detail and the settlement draft. */
export function disputeViews(rows: repo.TDisputeRow[]): TInspectionDispute[] {
  return rows.map((d) => {
    const kind_v = INSPECTION_KIND_TEXT[d.kind] ?? '';
    const eq_name = d.name;
    return {
      machine_id: d.machineId,
      eq_id: d.listingId,
      eq_name,
      kind: d.kind,
      kind_v,
      date: d.date,
      note: d.note,
      text: fmt(msg.disputeLine, {
        name: `${eq_name}（设备编号${d.listingId}）`,
        kind: kind_v,
        date: d.date,
        note: d.note,
      }),
    };
  });
}
/** The value of machine.inspect.repo's disputesSql (in the order detail's statement) read back. */
export const inspectionDisputesOf = (raw: unknown) => disputeViews(repo.disputesOf(raw as never));
/** Every inspection of an order (the settlement draft). */
export const inspectionsOfOrder = repo.inspectionsOfOrder;

/**
 * POST /rent/order/ep_ack: the order's tenant confirms or disputes (with a note) one inspection, once. Another
 * company's machine reads as missing; the provider cannot acknowledge its own record (the order is not its tenant's).
 * A dispute is what the provider's members with 租出订单 should be told of (live notifications, at merge).
 */
export async function acknowledgeInspection(
  db: Executor,
  actor: TActor,
  companyId: number,
  userId: number,
  v: TInspectionAck,
) {
  const m = await findMachine(db, v.id);
  const o = m && (await findOrderById(db, m.orderId));
  if (!m || !o || o.tenantCompanyId !== companyId) throw new AppError('MACHINE_NOT_FOUND');
  await requireChainGate(db, o, 'tenant');
  const action = v.ack === ACK_STATUS.confirmed ? 'confirm' : 'dispute';
  const note = action === 'dispute' ? v.note : '';
  await inTx(db, async (tx) => {
    const i = await repo.lockInspection(tx, m.id, v.kind);
    if (!i) throw new AppError('INSPECTION_NOT_FOUND');
    const to = nextStatus(ACK_MACHINE, { ack_status: i.ackStatus }, action, 'tenant');
    if (to === null) throw new AppError('INSPECTION_ACKED');
    const row = await repo.updateAck(tx, i.id, i.ackStatus, {
      ackStatus: to,
      ackNote: note,
      ackBy: userId,
      ackAt: new Date(),
    });
    if (!row) throw new AppError('INSPECTION_ACKED');
    await recordAudit(tx, actor, {
      entity: AUDIT_INSPECTION,
      entityId: i.id,
      action,
      from: i.ackStatus,
      to,
      reason: note,
    });
    const what = `设备编号${m.listingId} ${INSPECTION_KIND_TEXT[v.kind]}（${i.date}）`;
    await recordOrderEvent(tx, actor, o, `inspection_${action}`, note ? `${what}：${note}` : what);
    if (action === 'dispute')
      await publishEvent(tx, {
        type: 'inspection_dispute',
        companyId: o.providerCompanyId,
        menu: MENU.leaseOrder,
        link: `/rent-order/watch/${o.id}`,
        vars: { sn: o.sn, what, note },
      });
  });
}
