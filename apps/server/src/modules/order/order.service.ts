import {
  ORDER_MACHINE,
  ORDER_STATUS,
  ORDER_TAB_STATUSES,
  SUPER,
  isOrderInProgress,
  type TOrderAction,
  type TOrderWho,
} from '@jizu/shared/constants/order';
import { statusAfter, transitionOf } from '@jizu/shared/rules/machine';
import type {
  TOrderDetail,
  TOrderHistoryPage,
  TOrderHistoryQuery,
  TOrderListQuery,
  TOrderRow,
} from '@jizu/shared/schemas/order';
import { dayEnd, dayStart } from '@jizu/shared/rules/datetime';
import { type DB } from '../../db/client';
import type { Vault } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import * as repo from './order.repo';
import type { TOrderRowDb } from './order.repo';
import {
  historyEntryView,
  lineViews,
  orderDetailView,
  orderListRows,
  orderPartsOf,
  orderRows,
  superFlags,
} from './order.view';
import { rowDecoder } from '../../db/json-rows';
import { contractListOf, contractListSql } from '../contract/contract.repo';
import { payStatsColumns, payStatsOf } from '../orderpay/orderpay.repo';
import { disputesSql } from '../machine/machine.inspect.repo';
import type { Executor } from '../../db/client';
import { auditTrailOf, auditTrailPageSql, recordAudit, type TActor } from '../audit/audit.service';
import { rentalOrders } from './order.tables';
import { AUDIT_ORDER } from './order.view';
import { publishEvent } from '../events/events.service';
import { MENU } from '@jizu/shared/constants/menu';
import type { TEventType } from '@jizu/shared/constants/events';
import type { TExportColumn } from '../../platform/export';

export { AUDIT_ORDER };

// ---------- access ----------

/**
 * The order of one side, or 404: the tenant company's own orders; the provider's only once submitted (a draft is the
 * tenant's own business). Another company's id reads as missing.
 */
export function mustSee(o: TOrderRowDb | null, who: TOrderWho, companyId: number): TOrderRowDb {
  if (!o || !sees({ ...o, submitted: o.submittedAt !== null }, who, companyId)) throw new AppError('ORDER_NOT_FOUND');
  return o;
}
const sees = (
  o: Pick<repo.TOrderScope, 'tenantCompanyId' | 'providerCompanyId' | 'submitted'>,
  who: TOrderWho,
  companyId: number,
) => (who === 'tenant' ? o.tenantCompanyId === companyId : o.providerCompanyId === companyId && o.submitted);
/** An order by id with no side's scoping: for a record that already proved its tie to it (a verified contract). */
export const findOrderById = repo.findOrder;

export async function requireOrder(db: Executor, who: TOrderWho, companyId: number, id: number): Promise<TOrderRowDb> {
  return mustSee(await repo.findOrder(db, id), who, companyId);
}
/** The side's order under a row lock (another module's change that must not interleave with the order's own). */
export async function lockOrder(tx: Executor, who: TOrderWho, companyId: number, id: number): Promise<TOrderRowDb> {
  return mustSee(await repo.lockOrder(tx, id), who, companyId);
}
export const mustAllow = (o: TOrderRowDb, action: TOrderAction, who: TOrderWho) => {
  const t = transitionOf(ORDER_MACHINE, { status: o.status, provider_status: o.providerStatus }, action, who);
  if (!t) throw new AppError('ORDER_STATE');
  return t;
};

/** One transition of ORDER_MACHINE in the caller's transaction: compare-and-set on the status, then the trail. */
export async function moveOrder(
  tx: Executor,
  actor: TActor,
  o: TOrderRowDb,
  action: TOrderAction,
  who: TOrderWho,
  set: Partial<typeof rentalOrders.$inferInsert>,
  reason = '',
) {
  const to = statusAfter(mustAllow(o, action, who), o.status);
  const row = await repo.updateOrder(tx, o.id, o.status, { ...set, status: to });
  if (!row) throw new AppError('ORDER_STATE');
  await recordAudit(tx, actor, { entity: AUDIT_ORDER, entityId: o.id, action, from: o.status, to, reason });
  await tellOtherSide(tx, o, action, reason);
  return row;
}

/** The moves the other side is told of live (modules/events), and which side that is. */
const TOLD: Partial<Record<TOrderAction, 'tenant' | 'provider'>> = {
  submit: 'provider',
  confirm: 'tenant',
  return: 'tenant',
  close: 'provider',
  complete: 'provider',
};

async function tellOtherSide(tx: Executor, o: TOrderRowDb, action: TOrderAction, reason: string) {
  const side = TOLD[action];
  // a draft closed was never the provider's to see
  if (!side || (action === 'close' && o.status === ORDER_STATUS.draft)) return;
  const provider = side === 'provider';
  await publishEvent(tx, {
    type: `order_${action}` as TEventType,
    companyId: provider ? o.providerCompanyId : o.tenantCompanyId,
    menu: provider ? MENU.leaseOrder : MENU.rentOrder,
    link: provider ? `/rent-order/${action === 'submit' ? 'confirm' : 'watch'}/${o.id}` : `/rent/order/watch/${o.id}`,
    vars: { sn: o.sn, reason },
  });
}

/**
 * spec/2 §6: settlement, payment, contract and machinery actions need the tenant's third-party advanced verification
 * and the provider's with its finance product; the side asking is told which party lacks it, in its own words.
 */
export async function requireChainGate(db: Executor, o: TOrderRowDb, who: TOrderWho): Promise<void> {
  const { tenant_super, provider_super } = await superFlags(db, o);
  if (who === 'tenant') {
    if (tenant_super !== SUPER.ready) throw new AppError('GATE_TENANT');
    if (provider_super !== SUPER.ready) throw new AppError('GATE_PROVIDER_TO_TENANT');
  } else {
    if (provider_super !== SUPER.ready) throw new AppError('GATE_PROVIDER');
    if (tenant_super !== SUPER.ready) throw new AppError('GATE_TENANT_TO_PROVIDER');
  }
}

/** An order of the side whose chain (contracts, settlements, payments, machinery) may change now: confirmed (2). */
export async function requireChainOrder(
  db: Executor,
  who: TOrderWho,
  companyId: number,
  orderId: number,
  notOpen: 'CONTRACT_ORDER_NOT_OPEN',
): Promise<TOrderRowDb> {
  const o = await requireOrder(db, who, companyId, orderId);
  if (!isOrderInProgress(o)) throw new AppError(notOpen);
  return o;
}

/** Records a chain event (a contract uploaded, signed, voided…) on the order's own trail: its timeline. */
export function recordOrderEvent(tx: Executor, actor: TActor, o: TOrderRowDb, action: string, reason: string) {
  return recordAudit(tx, actor, { entity: AUDIT_ORDER, entityId: o.id, action, from: o.status, to: o.status, reason });
}

// ---------- lists and detail ----------

const filterOf = (who: TOrderWho, companyId: number, q: Omit<TOrderListQuery, 'page' | 'size'>): repo.TOrderFilter => ({
  side: who,
  companyId,
  statuses: q.status === -1 ? undefined : who === 'tenant' ? ORDER_TAB_STATUSES[q.status] : [q.status],
  sn: q.bsn || q.sn || undefined,
  projectName: q.project_name || undefined,
  company: q.company || undefined,
  projectAddress: q.project_address || undefined,
  from: q.create_time_start ? dayStart(q.create_time_start) : undefined,
  to: q.create_time_end ? dayEnd(q.create_time_end) : undefined,
});

export type TOrderListPage = { data: TOrderRow[]; total: number };

/** A page of the side's list (tabs of ORDER_TABS for the tenant, one status per tab for the provider), read afresh. */
async function readOrderList(db: Executor, who: TOrderWho, companyId: number, q: TOrderListQuery) {
  const { rows, total } = await repo.pageOrderList(db, filterOf(who, companyId, q), q.page, q.size);
  return { page: { data: await orderListRows(db, rows, who), total }, rows };
}

/** The side's list (readOrderList). */
export async function listOrdersPage(
  db: DB,
  who: TOrderWho,
  companyId: number,
  q: TOrderListQuery,
): Promise<TOrderListPage> {
  return (await readOrderList(db, who, companyId, q)).page;
}

const decodeOrder = rowDecoder(rentalOrders);
/**
 * The side's order by id with other columns of the same statement (repo.readOrderWith), or 404 as requireOrder: the
 * reads of an order's pages (its detail, contracts, machines, settlements) in one round trip.
 */
export async function requireOrderWith(
  db: Executor,
  who: TOrderWho,
  companyId: number,
  id: number,
  name: string,
  extra: string,
  values: unknown[] = [],
) {
  const row = await repo.readOrderWith(db, name, extra, id, values);
  const o = mustSee(row && decodeOrder(row.o), who, companyId);
  return { o, row: row! };
}

/**
 * requireOrderWith for the lists of an order's records (contracts, machines, settlements): the order as those lists
 * need it (repo.TOrderScope), not its whole row; the same 404 for an order the side may not see.
 */
export async function requireOrderScopeWith(
  db: Executor,
  who: TOrderWho,
  companyId: number,
  id: number,
  name: string,
  extra: string,
  values: unknown[] = [],
) {
  const r = await repo.readOrderScopeWith(db, name, extra, id, values);
  if (!r || !sees(r.o, who, companyId)) throw new AppError('ORDER_NOT_FOUND');
  return r;
}

const DETAIL_SQL = repo.ORDER_PARTS_SQL;
/** The detail view from a row of DETAIL_SQL (and more). */
function detailOf(db: Executor, vault: Vault, who: TOrderWho, row: repo.TOrderJsonRow) {
  const { orders, lines, src, flags } = orderPartsOf([row]);
  return orderDetailView(db, vault, orders[0], lines, who, { src, flags });
}

export async function orderDetail(
  db: Executor,
  vault: Vault,
  who: TOrderWho,
  companyId: number,
  id: number,
): Promise<TOrderDetail> {
  const { row } = await requireOrderWith(db, who, companyId, id, 'order.detail', DETAIL_SQL);
  return detailOf(db, vault, who, row);
}

export const HISTORY_SQL = `${auditTrailPageSql(AUDIT_ORDER, 'o.id', '$2', '$3')} as history`;
/**
 * GET /rent/order/history, /ep/order/history: a page of the order's timeline, newest first, in one statement with the
 * side's check (the detail's 404 for an order the side may not see),. One entry more than the page is read to know whether older ones remain.
 */
export async function orderHistory(
  db: DB,
  who: TOrderWho,
  companyId: number,
  q: TOrderHistoryQuery,
): Promise<TOrderHistoryPage> {
  const { row } = await requireOrderScopeWith(db, who, companyId, q.id, 'order.history', HISTORY_SQL, [
    q.before ?? null,
    q.size + 1,
  ]);
  const entries = auditTrailOf(row.history);
  return { data: entries.slice(0, q.size).map(historyEntryView), more: entries.length > q.size };
}

/** The detail page's columns over the order `o` ($2–$4: the dates of the payment statistics). */
export const DETAIL_PAGE_SQL = `${DETAIL_SQL}, ${contractListSql(null, '50', '0')}, (select to_json(s) from (select ${payStatsColumns('$2', '$3', '$4')} from order_payments p where p.order_id = o.id and p.state <> 4) s) as pay, ${disputesSql('o')}`;
export type TDetailPage = {
  detail: TOrderDetail;
  contracts: ReturnType<typeof contractListOf>;
  pay: ReturnType<typeof payStatsOf>;
  /** machine.inspect.repo's disputesSql value (machine.inspect.service inspectionDisputesOf reads it) */
  disputes: unknown;
};
/**
 * The detail page (GET /rent/order/detail, /ep/detail_order): the detail, and beside it the order's contracts (contract.repo's contractListSql, the summary's page
 * of 50), its payment statistics (orderpay.repo's payStatsColumns at `dates`) and its disputed inspections, in one statement.
 */
export async function orderDetailPage(
  db: DB,
  vault: Vault,
  who: TOrderWho,
  companyId: number,
  id: number,
  dates: { today: string; monthEnd: string; nearEnd: string },
): Promise<TDetailPage> {
  const { row } = await requireOrderWith(db, who, companyId, id, 'order.detailPage', DETAIL_PAGE_SQL, [
    dates.today,
    dates.monthEnd,
    dates.nearEnd,
  ]);
  return {
    detail: await detailOf(db, vault, who, row),
    contracts: contractListOf(id, row.contracts as never, row.contract_counts as never),
    pay: payStatsOf(row.pay as never),
    disputes: row.inspection_disputes,
  };
}

/** An order's lines as the pages show them (the settlement draft prices machines with them). */
export async function orderLineViews(db: Executor, o: TOrderRowDb) {
  return (await lineViews(db, [o], await repo.linesOf(db, [o.id]))).get(o.id) ?? [];
}

type TOrderExportRow = Awaited<ReturnType<typeof orderRows>>[number];
/** The export's columns (the list's, one line per order). */
export const ORDER_EXPORT_COLUMNS: TExportColumn<TOrderExportRow>[] = [
  { head: '订单编号', width: 24, text: (r) => r.sn },
  { head: '项目名称', width: 36, text: (r) => r.project_name },
  { head: '来源竞价', width: 22, text: (r) => r.bidding_sn },
  { head: '承租方', width: 30, text: (r) => r.tenant_name },
  { head: '服务商', width: 30, text: (r) => r.provider_name },
  { head: '设备明细', width: 44, text: (r) => r.lines.join('；') },
  { head: '含税单价合计（元）', width: 18, money: (r) => r.tax_total_v },
  { head: '状态', width: 10, text: (r) => r.status_v },
  { head: '施工地址', width: 30, text: (r) => r.project_address },
  { head: '创建时间', width: 20, time: (r) => r.create_time_v },
];

/** GET /rent/order/export and /ep/order/export: every order of the filtered list, in batches by id. */
export async function* exportOrders(
  db: Executor,
  who: TOrderWho,
  companyId: number,
  q: Omit<TOrderListQuery, 'page' | 'size'>,
): AsyncGenerator<TOrderExportRow[]> {
  for await (const batch of repo.iterateOrders(db, filterOf(who, companyId, q))) {
    const lines = await repo.linesOf(
      db,
      batch.map((o) => o.id),
    );
    yield await orderRows(db, batch, lines, who);
  }
}
