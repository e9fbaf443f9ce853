import { INSPECTION_KIND, MACHINE_MACHINE, MACHINE_STATUS_TEXT, workDays } from '@jizu/shared/constants/machine';
import { actionsOf, nextStatus, transitionOf } from '@jizu/shared/rules/machine';
import type { TOrderWho } from '@jizu/shared/constants/order';
import type { TMachineEnter, TMachineExit, TMachineRow } from '@jizu/shared/schemas/machine';
import { inTx, type DB, type Executor } from '../../db/client';
import type { TDeps } from '../../platform/deps';
import { AppError, invalid } from '../../platform/errors';
import { machineFailures, machineRules } from '@jizu/shared/messages/machine';
import { isOrderInProgress } from '@jizu/shared/constants/order';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import { recordAudit, type TActor } from '../audit/audit.service';
import {
  approvedListingIds,
  listingCards,
  requireApprovedCompanyListing,
  type TListingBrief,
} from '../equipment/equipment.service';
import {
  lockOrder,
  recordOrderEvent,
  requireChainGate,
  requireOrder,
  requireOrderScopeWith,
} from '../order/order.service';
import { ownUploadPath, shareUploads } from '../upload/upload.service';
import * as repo from './machine.repo';
import type { TMachineListRow } from './machine.repo';
import { damagePaths, inspectionViews, inspectionsOfOrder, recordInspection } from './machine.inspect.service';

export const AUDIT_MACHINE = 'order_machine';
const hoursText = (tenths: number | null) => (tenths === null ? '' : (tenths / 10).toFixed(1));

function rowViews(rows: TMachineListRow[], who: TOrderWho, cards: Map<number, TListingBrief>): TMachineRow[] {
  return rows.map((m) => {
    const c = cards.get(m.listingId);
    return {
      id: m.id,
      order_id: m.orderId,
      eq_id: m.listingId,
      eq_model: c?.model ?? '',
      eq_product_v: c?.product_name_v ?? '',
      eq_company: [c?.brand, c?.group_v].filter(Boolean).join(' · '),
      eq_cover: c?.cover ?? '',
      eq_url: c?.href ?? '',
      enter_date: m.enterDate,
      exit_date: m.exitDate ?? '',
      work_day: workDays(m.enterDate, m.exitDate, shanghaiDay()),
      status: m.status,
      status_v: MACHINE_STATUS_TEXT[m.status] ?? '',
      enter_hours: hoursText(m.enterHours),
      exit_hours: hoursText(m.exitHours),
      enter_photos: m.enterPhotos,
      exit_photos: m.exitPhotos,
      ...inspectionViews(m.inspections, who),
      actions: who === 'provider' ? actionsOf(MACHINE_MACHINE, m, 'provider') : [],
    };
  });
}

export type TMachinePage = { data: TMachineRow[]; total: number; equip_num: number; equip_out_num: number };

/**
 * GET /ep/ct_eplst and /rent/order/eplst: an order's machines for one side, with the counts (equip_num,
 * equip_out_num), (the days worked count to
 * today).
 */
export async function listMachines(
  db: DB,
  who: TOrderWho,
  companyId: number,
  q: { id: number; status: number; page: number; size: number },
): Promise<TMachinePage> {
  // one statement: the order (the side's, else 404), the page with each machine's listing, the counts
  const all = q.status === -1;
  const values = all ? [q.size, (q.page - 1) * q.size] : [q.status, q.size, (q.page - 1) * q.size];
  const extra = all ? repo.machinePageSql(null, '$2', '$3') : repo.machinePageSql('$2', '$3', '$4');
  const { o, row } = await requireOrderScopeWith(
    db,
    who,
    companyId,
    q.id,
    `machine.list.${all ? 'all' : 'status'}`,
    extra,
    values,
  );
  const p = repo.machinePageOf(o.id, row.machines as never, row.machine_counts as never);
  return { data: rowViews(p.rows, who, p.cards), total: p.total, equip_num: p.all, equip_out_num: p.out };
}

/** The provider's order whose machines may change now (confirmed), with the §6 gate. */
async function openOrder(db: Executor, companyId: number, orderId: number) {
  const o = await requireOrder(db, 'provider', companyId, orderId);
  if (!isOrderInProgress(o)) throw new AppError('MACHINE_ORDER_NOT_OPEN');
  await requireChainGate(db, o, 'provider');
  return o;
}

/** GET /ep/ct_epok: the provider's approved listings that are not working on an order now (the entry form's choices). */
export async function enterableDevices(db: Executor, companyId: number, orderId: number) {
  await requireOrder(db, 'provider', companyId, orderId);
  const busy = new Set(await repo.busyListingIds(db, companyId));
  const ids = (await approvedListingIds(db, companyId, 200)).filter((id) => !busy.has(id));
  return (await listingCards(db, ids)).map((c) => ({
    id: c.id,
    name: `${c.product_name_v} ${c.model}`.trim(),
    spec: [c.brand, c.group_v].filter(Boolean).join(' · '),
    cover: c.cover,
  }));
}

/** Photos must be the caller's own uploads of machine photos; their stored paths. */
async function photoPaths(deps: Pick<TDeps, 'db' | 'config'>, userId: number, list: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const a of list) {
    const p = await ownUploadPath(deps, userId, a, ['inout']);
    if (!p) invalid('photos', machineFailures.photoMissing);
    else out.push(p);
  }
  return out;
}

/** POST /ep/ct_epin: an approved listing of the provider enters the order's site (not working elsewhere). */
export async function enterMachine(
  deps: Pick<TDeps, 'db' | 'config'>,
  actor: TActor,
  companyId: number,
  userId: number,
  v: TMachineEnter,
) {
  const db = deps.db;
  const o = await openOrder(db, companyId, v.order_id);
  const listing = await requireApprovedCompanyListing(db, companyId, v.eid).catch(() =>
    invalid('eid', machineRules.deviceNotApproved),
  );
  const photos = await photoPaths(deps, userId, v.enter_photos);
  const damage = await damagePaths(deps, userId, v.enter_damage, 'enter_damage');
  return inTx(db, async (tx) => {
    // under the order's lock: an order being completed meanwhile takes no new machine
    if (!isOrderInProgress(await lockOrder(tx, 'provider', companyId, o.id)))
      throw new AppError('MACHINE_ORDER_NOT_OPEN');
    const status = nextStatus(MACHINE_MACHINE, { status: null }, 'enter', 'provider')!;
    const m = await repo.insertMachine(tx, {
      status,
      orderId: o.id,
      providerCompanyId: companyId,
      listingId: listing.id,
      enterDate: v.enter_date,
      enterHours: v.enter_hours ?? null,
      enterPhotos: photos,
      createdBy: userId,
    });
    if (!m) throw new AppError('MACHINE_BUSY');
    await shareUploads(tx, photos, o.tenantCompanyId);
    await recordInspection(tx, o, {
      machineId: m.id,
      kind: INSPECTION_KIND.enter,
      date: v.enter_date,
      fuel: v.enter_fuel,
      damage,
      userId,
    });
    const what = `${listing.model}（设备编号${listing.id}）`;
    await recordAudit(tx, actor, {
      entity: AUDIT_MACHINE,
      entityId: m.id,
      action: 'enter',
      from: null,
      to: status,
      reason: `${what} ${v.enter_date}`,
    });
    await recordOrderEvent(tx, actor, o, 'machine_enter', `${what}，进场日期 ${v.enter_date}`);
    return { id: m.id };
  });
}

async function ownMachine(db: Executor, companyId: number, id: number) {
  const m = await repo.findMachine(db, id);
  if (!m || m.providerCompanyId !== companyId) throw new AppError('MACHINE_NOT_FOUND');
  return m;
}

/** POST /ep/ct_epout: a working machine leaves on a date not before its entry (and not in the future: the schema). */
export async function exitMachine(
  deps: Pick<TDeps, 'db' | 'config'>,
  actor: TActor,
  companyId: number,
  userId: number,
  v: TMachineExit,
) {
  const db = deps.db;
  const first = await ownMachine(db, companyId, v.id);
  const o = await openOrder(db, companyId, first.orderId);
  if (v.exit_date < first.enterDate) invalid('exit_date', machineRules.exitBeforeEnter);
  if (v.exit_hours != null && first.enterHours !== null && v.exit_hours < first.enterHours)
    invalid('exit_hours', machineRules.exitHoursBelowEnter);
  const photos = await photoPaths(deps, userId, v.exit_photos);
  const damage = await damagePaths(deps, userId, v.exit_damage, 'exit_damage');
  await inTx(db, async (tx) => {
    const m = await repo.lockMachine(tx, first.id);
    const to = m && nextStatus(MACHINE_MACHINE, m, 'exit', 'provider');
    if (!m || to === null) throw new AppError('MACHINE_STATE');
    if (
      !(await repo.updateMachine(tx, m.id, m.status, {
        status: to,
        exitDate: v.exit_date,
        exitHours: v.exit_hours ?? null,
        exitPhotos: photos,
      }))
    )
      throw new AppError('MACHINE_STATE');
    await shareUploads(tx, photos, o.tenantCompanyId);
    await recordInspection(tx, o, {
      machineId: m.id,
      kind: INSPECTION_KIND.exit,
      date: v.exit_date,
      fuel: v.exit_fuel,
      damage,
      userId,
    });
    await recordAudit(tx, actor, {
      entity: AUDIT_MACHINE,
      entityId: m.id,
      action: 'exit',
      from: m.status,
      to,
      reason: v.exit_date,
    });
    await recordOrderEvent(
      tx,
      actor,
      o,
      'machine_exit',
      `设备编号${m.listingId}，退场日期 ${v.exit_date}，工作${workDays(m.enterDate, v.exit_date, shanghaiDay())}天`,
    );
  });
}

/** POST /ep/ct_epdel: removes a working machine from the order (kept for the trail). */
export async function deleteMachine(db: DB, actor: TActor, companyId: number, id: number) {
  const first = await ownMachine(db, companyId, id);
  const o = await openOrder(db, companyId, first.orderId);
  await inTx(db, async (tx) => {
    const m = await repo.lockMachine(tx, first.id);
    if (!m || !transitionOf(MACHINE_MACHINE, m, 'delete', 'provider')) throw new AppError('MACHINE_STATE');
    if (!(await repo.updateMachine(tx, m.id, m.status, { deletedAt: new Date() }))) throw new AppError('MACHINE_STATE');
    await recordAudit(tx, actor, {
      entity: AUDIT_MACHINE,
      entityId: m.id,
      action: 'delete',
      from: m.status,
      to: null,
      reason: '',
    });
    await recordOrderEvent(tx, actor, o, 'machine_delete', `设备编号${m.listingId}`);
  });
}

/** How many machines of an order are still working (completing an order needs none). */
export const countWorkingMachines = repo.countWorking;

/** An order's machines for the settlement draft: product name, model, dates, hour meters and inspections. */
export async function machinesForDraft(db: Executor, orderId: number) {
  const rows = await repo.machinesOf(db, orderId);
  const inspections = await inspectionsOfOrder(db, orderId);
  const cards = new Map(
    (
      await listingCards(
        db,
        rows.map((r) => r.listingId),
      )
    ).map((c) => [c.id, c]),
  );
  return rows.map((m) => ({
    id: m.listingId,
    product: cards.get(m.listingId)?.product_name_v ?? '',
    model: cards.get(m.listingId)?.model ?? '',
    enterDate: m.enterDate,
    exitDate: m.exitDate,
    enterHours: m.enterHours,
    exitHours: m.exitHours,
    inspections: inspections.filter((i) => i.machineId === m.id),
  }));
}
