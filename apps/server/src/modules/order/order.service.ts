import { eq, inArray } from 'drizzle-orm';
import { ORDER_STATUS, ORDER_TAB_STATUSES, PROVIDER_STATUS, SUPER, orderTransition, type TOrderAction, type TOrderWho } from '@jizu/shared/constants/order';
import { VERIFY_STATUS } from '@jizu/shared/constants/verify';
import { M } from '@jizu/shared/messages';
import { orderRules as R } from '@jizu/shared/messages/order';
import { PROJECT_TYPES } from '@jizu/shared/constants/bidding';
import { fenToYuanText, taxInclusiveFen } from '@jizu/shared/rules/money';
import type { TOrderDetail, TOrderForm, TOrderHistoryPage, TOrderHistoryQuery, TOrderLineSave, TOrderListQuery, TOrderRow, TOrderSubmit, TProviderConfirm } from '@jizu/shared/schemas/order';
import { dayEnd, dayStart } from '@jizu/shared/rules/datetime';
import { inTx, type DB } from '../../db/client';
import type { Vault } from '../../platform/crypto';
import { AppError, invalid } from '../../platform/errors';
import { findCompany } from '../company/company.service';
import { getInvoiceProfile, listInvoiceAddresses } from '../invoice/invoice.service';
import { isRegionPath } from '../region/region.service';
import * as repo from './order.repo';
import type { TOrderRowDb } from './order.repo';
import { historyEntryView, lineViews, orderDetailView, orderListRows, orderPartsOf, orderRows, superFlags } from './order.view';
import { rowDecoder } from '../../db/json-rows';
import { contractListOf, contractListSql } from '../contract/contract.repo';
import { payStatsColumns, payStatsOf } from '../orderpay/orderpay.repo';
import type { Executor } from '../../db/client';
import { auditTrailOf, auditTrailPageSql, recordAudit, type TActor } from '../audit/audit.service';
import { makeSn } from '../talk/talk.sn';
import { findBidding } from '../bidding/bidding.access';
import { linesOfBidding, orderedQuotes, selectedOffers } from '../bidding/bidding.repo';
import { rentalOrderLines, rentalOrders } from './order.tables';
import { AUDIT_ORDER } from './order.view';

/**
 * Creates the draft rental orders of a completed bidding (spec/2 §7 createOrder): one per selected response, its lines
 * the allocations at the quote's prices (a comprehensive project: the chosen response's lines with their quantities).
 * Idempotent: an offer that already has its order is skipped (unique index on offer_id), so a second call creates
 * nothing. Returns the orders created now.
 */
export async function createDraftOrdersFromBidding(tx: Executor, actor: TActor, biddingId: number): Promise<{ id: number; sn: string }[]> {
  const b = await findBidding(tx, biddingId);
  if (!b) return [];
  const offers = await selectedOffers(tx, biddingId);
  if (!offers.length) return [];
  const existing = new Set((await tx.select({ offerId: rentalOrders.offerId }).from(rentalOrders).where(inArray(rentalOrders.offerId, offers.map((o) => o.id)))).map((r) => r.offerId));
  const lines = new Map((await linesOfBidding(tx, biddingId)).map((l) => [l.id, l]));
  const created: { id: number; sn: string }[] = [];
  for (const o of offers) {
    if (existing.has(o.id)) continue;
    const quotes = await orderedQuotes(tx, o.id, b.classify);
    if (!quotes.length) continue;
    const [order] = await tx
      .insert(rentalOrders)
      .values({
        sn: makeSn('DD'),
        biddingId,
        offerId: o.id,
        classify: b.classify,
        tenantCompanyId: b.companyId,
        providerCompanyId: o.companyId,
        status: 0,
        projectName: b.name,
        projectType: b.type,
        projectAddress: b.address,
        paymentType: b.paymentType,
        tenantContacts: b.contacts,
        tenantTel: b.tel,
        providerContacts: o.contacts,
        providerTel: o.tel,
      })
      .onConflictDoNothing()
      .returning({ id: rentalOrders.id, sn: rentalOrders.sn });
    if (!order) continue;
    await tx.insert(rentalOrderLines).values(
      quotes.map((q) => {
        const l = lines.get(q.lineId);
        return {
          orderId: order.id,
          biddingLineId: q.lineId,
          productId: l?.productId ?? 0,
          model: l?.model ?? '',
          num: b.classify === 1 ? q.allotNum : q.num,
          unit: l?.unit ?? 0,
          price: q.price,
          rate: q.rate,
          taxTotal: q.taxTotal,
          inoutPrice: q.inoutPrice,
          enterDate: l?.enterDate ?? b.enterDate,
          origEnterDate: l?.enterDate ?? b.enterDate,
        };
      }),
    );
    await recordAudit(tx, actor, { entity: AUDIT_ORDER, entityId: order.id, action: 'create_draft', from: null, to: 0, reason: `竞价项目 ${b.sn}` });
    created.push(order);
  }
  return created;
}

/** The orders of a bidding (the project detail's links). */
export async function ordersOfBidding(db: Executor, biddingId: number) {
  return db.select({ id: rentalOrders.id, sn: rentalOrders.sn, providerCompanyId: rentalOrders.providerCompanyId, status: rentalOrders.status }).from(rentalOrders).where(eq(rentalOrders.biddingId, biddingId));
}

export { AUDIT_ORDER };

// ---------- access ----------

/**
 * The order of one side, or 404: the tenant company's own orders; the provider's only once submitted (a draft is the
 * tenant's own business). Another company's id reads as missing.
 */
function mustSee(o: TOrderRowDb | null, who: TOrderWho, companyId: number): TOrderRowDb {
  if (!o || !sees({ ...o, submitted: o.submittedAt !== null }, who, companyId)) throw new AppError('ORDER_NOT_FOUND');
  return o;
}
const sees = (o: Pick<repo.TOrderScope, 'tenantCompanyId' | 'providerCompanyId' | 'submitted'>, who: TOrderWho, companyId: number) =>
  who === 'tenant' ? o.tenantCompanyId === companyId : o.providerCompanyId === companyId && o.submitted;
/** An order by id with no side's scoping: for a record that already proved its tie to it (a verified contract). */
export const findOrderById = repo.findOrder;

export async function requireOrder(db: Executor, who: TOrderWho, companyId: number, id: number): Promise<TOrderRowDb> {
  return mustSee(await repo.findOrder(db, id), who, companyId);
}
/** The side's order under a row lock (another module's change that must not interleave with the order's own). */
export async function lockOrder(tx: Executor, who: TOrderWho, companyId: number, id: number): Promise<TOrderRowDb> {
  return mustSee(await repo.lockOrder(tx, id), who, companyId);
}
const mustAllow = (o: TOrderRowDb, action: TOrderAction, who: TOrderWho) => {
  const t = orderTransition({ status: o.status, provider_status: o.providerStatus }, action, who);
  if (!t) throw new AppError('ORDER_STATE');
  return t;
};

/** One transition of ORDER_TRANSITIONS in the caller's transaction: compare-and-set on the status, then the trail. */
async function moveOrder(tx: Executor, actor: TActor, o: TOrderRowDb, action: TOrderAction, who: TOrderWho, set: Partial<typeof rentalOrders.$inferInsert>, reason = '') {
  const t = mustAllow(o, action, who);
  const row = await repo.updateOrder(tx, o.id, o.status, { ...set, status: t.to });
  if (!row) throw new AppError('ORDER_STATE');
  await recordAudit(tx, actor, { entity: AUDIT_ORDER, entityId: o.id, action, from: o.status, to: t.to, reason });
  return row;
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
export async function requireChainOrder(db: Executor, who: TOrderWho, companyId: number, orderId: number, notOpen: 'CONTRACT_ORDER_NOT_OPEN'): Promise<TOrderRowDb> {
  const o = await requireOrder(db, who, companyId, orderId);
  if (o.status !== ORDER_STATUS.confirmed) throw new AppError(notOpen);
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
export async function listOrdersPage(db: DB, who: TOrderWho, companyId: number, q: TOrderListQuery): Promise<TOrderListPage> {
  return ((await readOrderList(db, who, companyId, q)).page);
}

const decodeOrder = rowDecoder(rentalOrders);
/**
 * The side's order by id with other columns of the same statement (repo.readOrderWith), or 404 as requireOrder: the
 * reads of an order's pages (its detail, contracts, machines, settlements) in one round trip.
 */
export async function requireOrderWith(db: Executor, who: TOrderWho, companyId: number, id: number, name: string, extra: string, values: unknown[] = []) {
  const row = await repo.readOrderWith(db, name, extra, id, values);
  const o = mustSee(row && decodeOrder(row.o), who, companyId);
  return { o, row: row! };
}

/**
 * requireOrderWith for the lists of an order's records (contracts, machines, settlements): the order as those lists
 * need it (repo.TOrderScope), not its whole row; the same 404 for an order the side may not see.
 */
export async function requireOrderScopeWith(db: Executor, who: TOrderWho, companyId: number, id: number, name: string, extra: string, values: unknown[] = []) {
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

export async function orderDetail(db: Executor, vault: Vault, who: TOrderWho, companyId: number, id: number): Promise<TOrderDetail> {
  const { row } = await requireOrderWith(db, who, companyId, id, 'order.detail', DETAIL_SQL);
  return detailOf(db, vault, who, row);
}

export const HISTORY_SQL = `${auditTrailPageSql(AUDIT_ORDER, 'o.id', '$2', '$3')} as history`;
/**
 * GET /rent/order/history, /ep/order/history: a page of the order's timeline, newest first, in one statement with the
 * side's check (the detail's 404 for an order the side may not see),. One entry more than the page is read to know whether older ones remain.
 */
export async function orderHistory(db: DB, who: TOrderWho, companyId: number, q: TOrderHistoryQuery): Promise<TOrderHistoryPage> {
  const { row } = await requireOrderScopeWith(db, who, companyId, q.id, 'order.history', HISTORY_SQL, [q.before ?? null, q.size + 1]);
  const entries = auditTrailOf(row.history);
  return ({ data: entries.slice(0, q.size).map(historyEntryView), more: entries.length > q.size });
}

/** The detail page's columns over the order `o` ($2–$4: the dates of the payment statistics). */
export const DETAIL_PAGE_SQL = `${DETAIL_SQL}, ${contractListSql(null, '50', '0')}, (select to_json(s) from (select ${payStatsColumns('$2', '$3', '$4')} from order_payments p where p.order_id = o.id and p.state <> 4) s) as pay`;
export type TDetailPage = { detail: TOrderDetail; contracts: ReturnType<typeof contractListOf>; pay: ReturnType<typeof payStatsOf> };
/**
 * The detail page (GET /rent/order/detail, /ep/detail_order): the detail, and beside it the order's contracts (contract.repo's contractListSql, the summary's page
 * of 50) and its payment statistics (orderpay.repo's payStatsColumns at `dates`), in one statement.
 */
export async function orderDetailPage(db: DB, vault: Vault, who: TOrderWho, companyId: number, id: number, dates: { today: string; monthEnd: string; nearEnd: string }): Promise<TDetailPage> {
  const { row } = await requireOrderWith(db, who, companyId, id, 'order.detailPage', DETAIL_PAGE_SQL, [dates.today, dates.monthEnd, dates.nearEnd]);
  return ({
    detail: await detailOf(db, vault, who, row),
    contracts: contractListOf(id, row.contracts as never, row.contract_counts as never),
    pay: payStatsOf(row.pay as never),
  });
}

// ---------- the tenant ----------

/** GET /rent/order/add: the confirmation form's data; refused (the page's pre-check) unless the order may be submitted now. */
export async function submitForm(db: DB, vault: Vault, companyId: number, id: number): Promise<TOrderForm> {
  const o = await requireOrder(db, 'tenant', companyId, id);
  mustAllow(o, 'submit', 'tenant');
  const [order, profile, addresses] = await Promise.all([orderDetail(db, vault, 'tenant', companyId, id), getInvoiceProfile(db, vault, companyId), listInvoiceAddresses(db, companyId)]);
  return {
    order,
    invoice_profile: { type: profile.type, name: profile.name, no: profile.no, address: profile.address, telphone: profile.telphone, bank: profile.bank, bank_no: profile.bank_no, target: profile.target },
    addresses: addresses.map((a) => ({ id: a.id, name: a.name, phone: a.phone, province: a.province, city: a.city, area: a.area, region_v: `${a.province_v}${a.city_v}${a.area_v}`, address: a.address, remark: a.remark, is_default: a.is_default })),
    project_types: PROJECT_TYPES,
  };
}

/**
 * POST /rent/order/save: the tenant submits the confirmation form (draft or returned → submitted). Invoice title and
 * tax number come from the company register, never from the request; a personal company may only take an ordinary
 * invoice. The provider's answer starts afresh.
 */
export async function submitOrder(db: DB, vault: Vault, actor: TActor, companyId: number, v: TOrderSubmit): Promise<void> {
  if (!PROJECT_TYPES.some((t) => t.value === v.project_type)) invalid('project_type', R.projectTypeRequired);
  const a = v.order_invoice_address;
  if (!(await isRegionPath(db, a.province, a.city, a.area))) invalid('order_invoice_address.province', R.regionRequired);
  await inTx(db, async (tx) => {
    const o = await lockOrder(tx, 'tenant', companyId, v.id);
    mustAllow(o, 'submit', 'tenant');
    const company = await findCompany(tx, companyId);
    if (!company) throw new AppError('ORDER_NOT_FOUND');
    if (company.type === 1 && v.order_invoice.type === 0) invalid('order_invoice.type', M.invoice.personalOrdinaryOnly);
    const inv = v.order_invoice;
    const special = inv.type === 0;
    await moveOrder(tx, actor, o, 'submit', 'tenant', {
      projectName: v.project_name,
      projectType: v.project_type,
      projectAddress: v.project_address,
      remark: v.remark,
      tenantContacts: v.order_party.contacts,
      tenantTel: v.order_party.tel,
      invType: inv.type,
      invTitle: company.name,
      invNo: company.registNo ?? '',
      invAddress: special ? inv.address : '',
      invTel: special ? inv.telphone : '',
      invBank: special ? inv.bank : '',
      invBankNo: special && inv.bank_no ? vault.encrypt('bank_no', inv.bank_no) : '',
      rcvName: a.name,
      rcvPhone: a.phone,
      rcvProvince: a.province,
      rcvCity: a.city,
      rcvArea: a.area,
      rcvAddress: a.address,
      rcvRemark: a.remark,
      providerStatus: PROVIDER_STATUS.pending,
      returnReason: '',
      submittedAt: new Date(),
    });
  });
}

/** POST /rent/order/saveReq: a line of a draft or returned order; the tax-inclusive price is computed here. */
export async function saveLine(db: DB, actor: TActor, companyId: number, v: TOrderLineSave): Promise<void> {
  const orderId = await repo.orderIdOfLine(db, v.id);
  if (orderId === null) throw new AppError('ORDER_LINE_NOT_FOUND');
  await inTx(db, async (tx) => {
    const o = await lockOrder(tx, 'tenant', companyId, orderId);
    mustAllow(o, 'edit_line', 'tenant');
    const line = await repo.findLine(tx, o.id, v.id);
    if (!line) throw new AppError('ORDER_LINE_NOT_FOUND');
    const orig = line.origEnterDate ?? line.enterDate;
    if (orig && v.enter_date < orig) throw new AppError('ORDER_ENTER_EARLY');
    const taxTotal = taxInclusiveFen(v.price, v.rate);
    await repo.updateLine(tx, line.id, { num: v.num, price: v.price, rate: v.rate, taxTotal, enterDate: v.enter_date });
    await repo.updateOrder(tx, o.id, o.status, {});
    const changes = [
      line.num !== v.num && `数量${line.num}→${v.num}`,
      line.price !== v.price && `单价${fenToYuanText(line.price)}→${fenToYuanText(v.price)}元`,
      line.rate !== v.rate && `税率${line.rate}%→${v.rate}%`,
      line.enterDate !== v.enter_date && `进场日期${line.enterDate ?? ''}→${v.enter_date}`,
    ].filter(Boolean);
    await recordAudit(tx, actor, { entity: AUDIT_ORDER, entityId: o.id, action: 'edit_line', from: o.status, to: o.status, reason: `${line.model || `明细${line.id}`}：${changes.join('，') || '未改动'}` });
  });
}

/** POST /rent/order/delReq: removes a line of a draft or returned order; the last line stays. */
export async function deleteLine(db: DB, actor: TActor, companyId: number, lineId: number): Promise<void> {
  const orderId = await repo.orderIdOfLine(db, lineId);
  if (orderId === null) throw new AppError('ORDER_LINE_NOT_FOUND');
  await inTx(db, async (tx) => {
    const o = await lockOrder(tx, 'tenant', companyId, orderId);
    mustAllow(o, 'delete_line', 'tenant');
    const line = await repo.findLine(tx, o.id, lineId);
    if (!line) throw new AppError('ORDER_LINE_NOT_FOUND');
    if ((await repo.countLines(tx, o.id)) <= 1) throw new AppError('ORDER_LAST_LINE');
    await repo.deleteLine(tx, line.id);
    await repo.updateOrder(tx, o.id, o.status, {});
    await recordAudit(tx, actor, { entity: AUDIT_ORDER, entityId: o.id, action: 'delete_line', from: o.status, to: o.status, reason: `明细${line.id}` });
  });
}

/** POST /rent/order/close: draft, submitted or returned → closed, with a reason. */
export async function closeOrder(db: DB, actor: TActor, companyId: number, id: number, reason: string): Promise<void> {
  await inTx(db, async (tx) => {
    const o = await lockOrder(tx, 'tenant', companyId, id);
    await moveOrder(tx, actor, o, 'close', 'tenant', { reason, closedAt: new Date() }, reason);
  });
}

/** GET /rent/order/createCheck: the add-order pre-check: a verified company with a completed bidding still without orders. */
export async function createCheck(db: Executor, companyId: number, candidates: number): Promise<void> {
  const company = await findCompany(db, companyId);
  if (!company || company.status !== VERIFY_STATUS.verified) throw new AppError('ORDER_NEED_COMPANY');
  if (candidates < 1) throw new AppError('ORDER_NOTHING_TO_CREATE');
}

// ---------- the provider ----------

/** GET /ep/bdetail_order: the confirm page: the order (refused unless it waits for this provider) and its prefill. */
export async function confirmForm(db: DB, vault: Vault, companyId: number, id: number) {
  const o = await requireOrder(db, 'provider', companyId, id);
  mustAllow(o, 'confirm', 'provider');
  const [order, profile] = await Promise.all([orderDetail(db, vault, 'provider', companyId, id), getInvoiceProfile(db, vault, companyId)]);
  return { order, prefill: { contacts: o.providerContacts, tel: o.providerTel, bank_name: profile.bank, bank_no: profile.bank_no } };
}

/** POST /ep/ckorderok: the provider confirms (1 → 2) with its contact, payee account and the finance agreement; final. */
export async function confirmOrder(db: DB, vault: Vault, actor: TActor, companyId: number, v: TProviderConfirm): Promise<void> {
  await inTx(db, async (tx) => {
    const o = await lockOrder(tx, 'provider', companyId, v.id);
    await moveOrder(tx, actor, o, 'confirm', 'provider', {
      providerStatus: PROVIDER_STATUS.confirmed,
      providerContacts: v.contacts,
      providerTel: v.tel,
      payeeBank: v.bank_name,
      payeeBankNo: vault.encrypt('bank_no', v.bank_no),
      financeAgreed: 1,
      confirmedAt: new Date(),
    });
  });
}

/** POST /ep/ckorderng: the provider returns a submitted order to the tenant (1 → 5) with a reason. */
export async function returnOrder(db: DB, actor: TActor, companyId: number, id: number, reason: string): Promise<void> {
  await inTx(db, async (tx) => {
    const o = await lockOrder(tx, 'provider', companyId, id);
    await moveOrder(tx, actor, o, 'return', 'provider', { providerStatus: PROVIDER_STATUS.returned, returnReason: reason }, reason);
  });
}

/**
 * POST /rent/order/complete: the tenant ends an order in progress (2 → 3) once no machine works on it; the count is
 * taken under the order's lock (machine entries lock it too), by the machinery module's counter.
 */
export async function completeOrder(db: DB, actor: TActor, companyId: number, id: number, workingMachines: (tx: Executor, orderId: number) => Promise<number>): Promise<void> {
  await inTx(db, async (tx) => {
    const o = await lockOrder(tx, 'tenant', companyId, id);
    mustAllow(o, 'complete', 'tenant');
    if ((await workingMachines(tx, o.id)) > 0) throw new AppError('ORDER_MACHINES_ON_SITE');
    await moveOrder(tx, actor, o, 'complete', 'tenant', {});
  });
}

/** An order's lines as the pages show them (the settlement draft prices machines with them). */
export async function orderLineViews(db: Executor, o: TOrderRowDb) {
  return (await lineViews(db, [o], await repo.linesOf(db, [o.id]))).get(o.id) ?? [];
}

/** The export's columns (the list's, one line per order). */
export const ORDER_EXPORT_HEAD = ['订单编号', '项目名称', '来源竞价', '承租方', '服务商', '设备明细', '含税单价合计（元）', '状态', '施工地址', '创建时间'];
export const ORDER_EXPORT_WIDTHS = [24, 36, 22, 30, 30, 44, 18, 10, 30, 20];

/** GET /rent/order/export and /ep/order/export: every order of the filtered list, in batches by id (rows as cells). */
export async function* exportOrders(db: Executor, who: TOrderWho, companyId: number, q: Omit<TOrderListQuery, 'page' | 'size'>): AsyncGenerator<(string | number)[][]> {
  for await (const batch of repo.iterateOrders(db, filterOf(who, companyId, q))) {
    const lines = await repo.linesOf(db, batch.map((o) => o.id));
    const rows = await orderRows(db, batch, lines, who);
    yield rows.map((r) => [r.sn, r.project_name, r.bidding_sn, r.tenant_name, r.provider_name, r.lines.join('；'), r.tax_total_v, r.status_v, r.project_address, r.create_time_v]);
  }
}
