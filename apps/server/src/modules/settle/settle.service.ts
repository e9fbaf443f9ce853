import { LESSOR, isOrderInProgress, type TOrderWho } from '@jizu/shared/constants/order';
import {
  INVOICE_TYPE_TEXT,
  LE_STATE,
  SETTLE_LE_MACHINE,
  SETTLE_MACHINE,
  SETTLE_STATUS,
  SETTLE_STATUS_TEXT,
  type TSettleState,
} from '@jizu/shared/constants/settle';
import { actionsOf, statusAfter, transitionOf, type TMachine } from '@jizu/shared/rules/machine';
import { fmt } from '@jizu/shared/messages/fmt';
import { settle as msg, settleRules as R } from '@jizu/shared/messages/settle';
import { bpToPercentText, fenToYuanPlain, fenToYuanText, mulDivRound, yuanToFen } from '@jizu/shared/rules/money';
import type { TInvoiceView, TSettleDraft, TSettleSave, TSettleView } from '@jizu/shared/schemas/settle';
import { inTx, type DB, type Executor } from '../../db/client';
import type { TDeps } from '../../platform/deps';
import { AppError, invalid } from '../../platform/errors';
import { recordAudit, type TActor } from '../audit/audit.service';
import { daysBetween, lastDayOfMonth, shanghaiDateTime, shanghaiDay } from '@jizu/shared/rules/datetime';
import { NUM_UNIT } from '@jizu/shared/constants/bidding';
import { findCompanyNames } from '../company/company.service';
import { machinesForDraft } from '../machine/machine.service';
import {
  findOrderById,
  lockOrder,
  orderLineViews,
  recordOrderEvent,
  requireChainGate,
  requireOrder,
  requireOrderScopeWith,
} from '../order/order.service';
import { openPaymentForSettlement } from '../orderpay/orderpay.service';
import type { TOrderRowDb } from '../order/order.repo';
import { makeSn } from '../talk/talk.sn';
import { ownUploadPath, shareUploads } from '../upload/upload.service';
import * as repo from './settle.repo';
import type { TInvoiceDb, TInvoiceListRow, TSettleDb, TSettleListRow } from './settle.repo';

export const AUDIT_SETTLE = 'order_settlement';
const fees = (taxTotal: number, bp: number) => {
  const ser = Math.round((taxTotal * bp) / 10_000);
  return { serTotal: ser, providerTotal: taxTotal - ser };
};

export const settleState = (s: TSettleDb | TSettleListRow): TSettleState => ({
  status: s.status,
  lessor_affirm_status: s.lessorAffirm,
  provider_affirm_status: s.providerAffirm,
  le_state: s.leState,
  inv_state: s.invState,
});

/** The status field's value after the side's action by its table, else the area's one refusal (SETTLE_STATE). */
export function nextOf<A extends string, W extends string, G extends string>(
  m: TMachine<TSettleState, A, W, G>,
  s: TSettleDb,
  action: A,
  who: W,
): number {
  const state = settleState(s);
  const t = transitionOf(m, state, action, who);
  if (!t) throw new AppError('SETTLE_STATE');
  return statusAfter(t, m.status(state));
}

// ---------- the draft ----------

/** Days of [enter, exit or today] inside the month (yyyy-MM), both ends counted. */
function daysInMonth(month: string, enter: string, exit: string | null): number {
  const start = `${month}-01`;
  const last = lastDayOfMonth(month);
  const from = enter > start ? enter : start;
  const toCap = exit ?? shanghaiDay();
  const to = toCap < last ? toCap : last;
  if (to < from) return 0;
  return daysBetween(from, to) + 1;
}

/**
 * The draft of a month (GET /rent/settle/addPre): each machine of the order priced by the order line of its product
 * (else the first line): by month, the days in the month / 30 of the monthly tax-inclusive price; by shift or day,
 * the days × the price; by hour, the hour meter's difference when it entered and left within the month. Other units
 * (by quantity) are not derived from machines: the tenant enters them.
 */
export async function settleDraft(
  db: Executor,
  orderId: number,
  month: string,
  bp: number,
): Promise<{ draft: TSettleDraft; fen: number }> {
  const o = await findOrderById(db, orderId);
  // one after the other: `db` may be a transaction (the demo seed drafts inside its own), whose one connection must not
  // be asked a second statement while the first runs
  const lines = o ? await orderLineViews(db, o) : [];
  const machines = await machinesForDraft(db, orderId);
  const out: { text: string; amount_v: string }[] = [];
  let total = 0;
  for (const m of machines) {
    const line = lines.find((l) => l.eq_product_v === m.product) ?? lines[0];
    if (!line) continue;
    const days = daysInMonth(month, m.enterDate, m.exitDate);
    if (!days) continue;
    const price = yuanToFen(line.tax_total) ?? 0;
    let amount = 0;
    if (line.unit === NUM_UNIT.month) amount = mulDivRound(price, days, 30);
    else if (line.unit === NUM_UNIT.shift || line.unit === NUM_UNIT.day) amount = price * days;
    else if (
      line.unit === NUM_UNIT.hour &&
      m.exitHours !== null &&
      m.enterHours !== null &&
      m.exitDate?.startsWith(month)
    )
      amount = mulDivRound(price, m.exitHours - m.enterHours, 10);
    if (!amount) continue;
    total += amount;
    out.push({
      text: fmt(msg.draftLine, {
        name: `${m.product} ${m.model}（设备编号${m.id}）`,
        days,
        price: fenToYuanText(price),
        unit: line.privce_unit,
      }),
      amount_v: fenToYuanText(amount),
    });
  }
  return {
    draft: {
      order_id: orderId,
      month,
      lines: out,
      total: fenToYuanPlain(total),
      total_v: fenToYuanText(total),
      ser_ratio_v: bpToPercentText(bp),
    },
    fen: total,
  };
}

// ---------- views ----------

function invoiceView(i: TInvoiceDb | TInvoiceListRow, names: { buyer: string; seller: string }): TInvoiceView {
  return {
    id: i.id,
    invoice_type: i.invoiceType,
    invoice_type_v: INVOICE_TYPE_TEXT[i.invoiceType] ?? '',
    inv_id: i.invId,
    inv_no: i.invNo,
    inv_date: i.invDate,
    inv_amount: i.invAmount ? fenToYuanPlain(i.invAmount) : '',
    tax_rate: i.taxRate,
    inv_tax_amount: fenToYuanPlain(i.invTaxAmount),
    inv_tax_amount_v: fenToYuanText(i.invTaxAmount),
    verify_no: i.verifyNo,
    buyer_name: names.buyer,
    seller_name: names.seller,
  };
}

export async function views(db: Executor, rows: TSettleDb[], who: TOrderWho | 'staff'): Promise<TSettleView[]> {
  if (!rows.length) return [];
  const orders = new Map<number, TOrderRowDb | null>();
  for (const id of new Set(rows.map((r) => r.orderId))) orders.set(id, await findOrderById(db, id));
  const [names, invoices] = await Promise.all([
    findCompanyNames(
      db,
      rows.flatMap((r) => [r.tenantCompanyId, r.providerCompanyId]),
    ),
    repo.invoicesOf(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return viewsOf(rows, who, { orders, names, invoices });
}

/** What a settlement's view shows of its order. */
type TSettleOrder = Pick<
  TOrderRowDb,
  'sn' | 'projectName' | 'tenantContacts' | 'tenantTel' | 'providerContacts' | 'providerTel'
>;

/** The views from what was read already (the list's one statement, or views' own reads). */
function viewsOf(
  rows: (TSettleDb | TSettleListRow)[],
  who: TOrderWho | 'staff',
  read: {
    orders: Map<number, TSettleOrder | null>;
    names: Map<number, string>;
    invoices: (TInvoiceDb | TInvoiceListRow)[];
  },
): TSettleView[] {
  const { orders, names, invoices } = read;
  return rows.map((s) => {
    const o = orders.get(s.orderId);
    const state = settleState(s);
    const mine = invoices.filter((i) => i.settleId === s.id);
    const invTotal = mine.reduce((a, i) => a + i.invTaxAmount, 0);
    const t = (d: Date | string | null) => shanghaiDateTime(d);
    const affirm = [fmt(msg.affirmCreated, { time: t(s.createdAt) })];
    if (s.confirmedAt) affirm.push(fmt(msg.affirmConfirmed, { time: t(s.confirmedAt) }));
    else if (s.status === SETTLE_STATUS.toConfirm) affirm.push(msg.affirmWaiting);
    if (s.invoicedAt) affirm.push(fmt(msg.affirmInvoices, { time: t(s.invoicedAt) }));
    if (s.issuedAt) affirm.push(fmt(msg.affirmIssued, { time: t(s.issuedAt), no: s.leInvNo }));
    if (s.receivedAt) affirm.push(fmt(msg.affirmReceived, { time: t(s.receivedAt) }));
    if (s.voidedAt) affirm.push(fmt(msg.affirmVoided, { time: t(s.voidedAt) }));
    const able = actionsOf(SETTLE_MACHINE, state, who);
    // the provider's invoices are between it and the platform; the tenant sees its own invoice from the platform
    const showInvoices = who !== 'tenant';
    return {
      id: s.id,
      sn: s.sn,
      order_id: s.orderId,
      order_sn: o?.sn ?? '',
      settle_sn: s.settleSn,
      month: s.month,
      date: s.date,
      tax_total: fenToYuanPlain(s.taxTotal),
      tax_total_v: fenToYuanText(s.taxTotal),
      inv_tax_total: showInvoices ? fenToYuanPlain(invTotal) : '',
      inv_tax_total_v: showInvoices ? fenToYuanText(invTotal) : '',
      status: s.status,
      status_v: SETTLE_STATUS_TEXT[s.status] ?? '',
      attachment: s.attachment,
      affirm_v: affirm,
      le_state: s.leState,
      inv_state: s.invState,
      able_option: able,
      lessor_affirm_status: s.lessorAffirm,
      provider_affirm_status: s.providerAffirm,
      create_time_v: t(s.createdAt),
      project_name: o?.projectName ?? '',
      tenant_info: {
        name: names.get(s.tenantCompanyId) ?? '',
        contacts: o?.tenantContacts ?? '',
        tel: o?.tenantTel ?? '',
      },
      lessor_info: { name: LESSOR.name, inv_title: LESSOR.invTitle },
      provider_info: {
        name: names.get(s.providerCompanyId) ?? '',
        contacts: o?.providerContacts ?? '',
        tel: o?.providerTel ?? '',
      },
      settle_inv: showInvoices
        ? mine.map((i) => invoiceView(i, { buyer: LESSOR.invTitle, seller: names.get(s.providerCompanyId) ?? '' }))
        : [],
      ser_ratio_v: bpToPercentText(s.serRatioBp),
      ser_total: fenToYuanText(s.serTotal),
      provider_total: fenToYuanText(s.providerTotal),
      draft_total: fenToYuanText(s.draftTotal),
      reason: s.reason,
      le_inv_no: s.leInvNo,
      le_inv_date: s.leInvDate ?? '',
    };
  });
}

export async function requireSettle(db: Executor, who: TOrderWho, companyId: number, orderId: number, id: number) {
  const o = await requireOrder(db, who, companyId, orderId);
  const s = await repo.findSettle(db, o.id, id);
  if (!s) throw new AppError('SETTLE_NOT_FOUND');
  return { o, s };
}

export type TSettlePage = { data: TSettleView[]; total: number };

/**
 * GET /rent/settle/lst and /ep/settle: an order's settlements for one side.
 */
export async function listSettles(
  db: DB,
  who: TOrderWho,
  companyId: number,
  q: { id: number; status: number; page: number; size: number },
): Promise<TSettlePage> {
  // one statement: the order (the side's, else 404), the page (with each settlement's invoices for the provider: the
  // tenant's view does not show them), the companies' names, the total
  const all = q.status === -1;
  const values = all ? [q.size, (q.page - 1) * q.size] : [q.status, q.size, (q.page - 1) * q.size];
  const invoices = who !== 'tenant';
  const extra = all ? repo.settlePageSql(null, '$2', '$3', invoices) : repo.settlePageSql('$2', '$3', '$4', invoices);
  const { o, row } = await requireOrderScopeWith(
    db,
    who,
    companyId,
    q.id,
    `settle.page.${who}.${all ? 'all' : 'status'}`,
    extra,
    values,
  );
  const p = repo.settlePageOf(o, row);
  return {
    data: viewsOf(p.rows, who, { orders: new Map([[o.id, o]]), names: p.names, invoices: p.invoices }),
    total: p.total,
  };
}
export async function settleDetail(db: Executor, who: TOrderWho, companyId: number, orderId: number, id: number) {
  const { s } = await requireSettle(db, who, companyId, orderId, id);
  return (await views(db, [s], who))[0];
}

// ---------- the tenant ----------

async function chainOrder(db: Executor, who: TOrderWho, companyId: number, orderId: number) {
  const o = await requireOrder(db, who, companyId, orderId);
  if (!isOrderInProgress(o)) throw new AppError('SETTLE_ORDER_NOT_OPEN');
  await requireChainGate(db, o, who);
  return o;
}

/** GET /rent/settle/addPre: the draft of a month for the add form. */
export async function addPre(
  deps: Pick<TDeps, 'db' | 'config'>,
  companyId: number,
  orderId: number,
  month: string | undefined,
) {
  const o = await chainOrder(deps.db, 'tenant', companyId, orderId);
  const m = month ?? shanghaiDay().slice(0, 7);
  return (await settleDraft(deps.db, o.id, m, deps.config.settleServiceRatioBp)).draft;
}

/**
 * POST /rent/settle/save: a new settlement of a month, or an edit while the provider has not confirmed. Images must be
 * the caller's own settlement uploads (shared with the provider). A total that differs from the draft needs a reason.
 */
export async function saveSettle(
  deps: Pick<TDeps, 'db' | 'config'>,
  actor: TActor,
  companyId: number,
  userId: number,
  v: TSettleSave,
) {
  const db = deps.db;
  const o = await chainOrder(db, 'tenant', companyId, v.order_id);
  const draft = await settleDraft(db, o.id, v.month, deps.config.settleServiceRatioBp);
  if (v.tax_total !== draft.fen && !v.reason) invalid('reason', R.reasonRequired);
  const images: string[] = [];
  for (const a of v.attachment) {
    const p = await ownUploadPath(deps, userId, a, ['settle']);
    if (!p) throw new AppError('SETTLE_IMAGE_MISSING');
    images.push(p);
  }
  const bp = deps.config.settleServiceRatioBp;
  const money = {
    taxTotal: v.tax_total,
    draftTotal: draft.fen,
    reason: v.tax_total === draft.fen ? '' : v.reason,
    serRatioBp: bp,
    ...fees(v.tax_total, bp),
  };
  return inTx(db, async (tx) => {
    await lockOrder(tx, 'tenant', companyId, o.id);
    if (v.id) {
      const s = await repo.lockSettle(tx, v.id);
      if (!s || s.orderId !== o.id) throw new AppError('SETTLE_NOT_FOUND');
      nextOf(SETTLE_MACHINE, s, 'edit', 'tenant'); // refused unless still editable
      if (
        !(await repo.updateSettle(tx, s, {
          settleSn: v.settle_sn,
          month: v.month,
          date: v.date,
          attachment: images,
          ...money,
        }))
      )
        throw new AppError('SETTLE_STATE');
      await shareUploads(tx, images, o.providerCompanyId);
      await recordAudit(tx, actor, {
        entity: AUDIT_SETTLE,
        entityId: s.id,
        action: 'edit',
        from: s.status,
        to: s.status,
        reason: `${fenToYuanText(s.taxTotal)} → ${fenToYuanText(v.tax_total)}`,
      });
      await recordOrderEvent(tx, actor, o, 'settle_edit', `${v.settle_sn} ${fenToYuanText(v.tax_total)}元`);
      return { id: s.id };
    }
    const s = await repo.insertSettle(tx, {
      sn: makeSn('JS'),
      orderId: o.id,
      tenantCompanyId: o.tenantCompanyId,
      providerCompanyId: o.providerCompanyId,
      settleSn: v.settle_sn,
      month: v.month,
      date: v.date,
      attachment: images,
      createdBy: userId,
      ...money,
    });
    await shareUploads(tx, images, o.providerCompanyId);
    await recordAudit(tx, actor, {
      entity: AUDIT_SETTLE,
      entityId: s.id,
      action: 'create',
      from: null,
      to: SETTLE_STATUS.toConfirm,
      reason: `${v.month} ${fenToYuanText(v.tax_total)}元`,
    });
    await recordOrderEvent(
      tx,
      actor,
      o,
      'settle_create',
      `${v.settle_sn}（${v.month}）${fenToYuanText(v.tax_total)}元`,
    );
    return { id: s.id };
  });
}

/**
 * One move of a settlement under its lock: `set` takes the fields of the settlement as read, its statuses from the
 * tables (nextOf: refused unless the side's action is allowed now); compare-and-set on every status; trail on both.
 */
export async function move(
  db: DB,
  actor: TActor,
  who: TOrderWho,
  companyId: number,
  ref: { order_id: number; id: number },
  action: string,
  set: (s: TSettleDb) => Partial<TSettleDb>,
  gate = true,
  after?: (tx: Executor, o: Awaited<ReturnType<typeof requireOrder>>, row: TSettleDb) => Promise<void>,
) {
  const { o } = await requireSettle(db, who, companyId, ref.order_id, ref.id);
  if (gate) await requireChainGate(db, o, who);
  return inTx(db, async (tx) => {
    // the order's lock first, as saveSettle takes it: `after` may open the settlement's payment, which touches the order
    const s = (await repo.lockSettle(tx, ref.id))!;
    const next = set(s);
    const row = await repo.updateSettle(tx, s, next);
    if (!row) throw new AppError('SETTLE_STATE');
    await recordAudit(tx, actor, {
      entity: AUDIT_SETTLE,
      entityId: s.id,
      action,
      from: s.status,
      to: row.status,
      reason: s.settleSn,
    });
    await recordOrderEvent(
      tx,
      actor,
      o,
      `settle_${action}`,
      `${s.settleSn}（${s.month}）${fenToYuanText(s.taxTotal)}元`,
    );
    if (after) await after(tx, o, row);
    return row;
  });
}
/** POST /rent/settle/cancel: the tenant voids a settlement still to confirm (typing 确认: the schema). */
export const voidSettle = (db: DB, actor: TActor, companyId: number, ref: { order_id: number; id: number }) =>
  move(db, actor, 'tenant', companyId, ref, 'void', (s) => ({
    status: nextOf(SETTLE_MACHINE, s, 'void', 'tenant'),
    voidedAt: new Date(),
  }));

/** POST /rent/settle/invComfirm: the tenant confirms receiving the platform's invoice (status 3 → 4, le_state 2). */
export const receiveInvoice = (db: DB, actor: TActor, companyId: number, ref: { order_id: number; id: number }) =>
  move(db, actor, 'tenant', companyId, ref, 'receive', (s) => ({
    status: nextOf(SETTLE_MACHINE, s, 'receive', 'tenant'),
    leState: nextOf(SETTLE_LE_MACHINE, s, 'receive', 'tenant'),
    receivedAt: new Date(),
  }));

// ---------- the provider ----------

/**
 * GET /ep/st_checkok: the provider confirms the settlement; the platform, lessor between the parties, affirms with it
 * (its own amounts are fixed by the ratio), so the settlement is settled at once, and its payment opens (orderpay).
 * Compare-and-set: twenty clicks book it once.
 */
export const confirmSettle = (db: DB, actor: TActor, companyId: number, ref: { order_id: number; id: number }) =>
  move(
    db,
    actor,
    'provider',
    companyId,
    ref,
    'confirm',
    (s) => ({
      status: nextOf(SETTLE_MACHINE, s, 'confirm', 'provider'),
      providerAffirm: 1,
      lessorAffirm: 1,
      confirmedAt: new Date(),
    }),
    true,
    (tx, o, row) => openPaymentForSettlement(tx, actor, o, row),
  );

export const SETTLE_EXPORT_HEAD = [
  '平台单号',
  '结算单号',
  '项目名称',
  '结算月份',
  '结算日期',
  '结算金额（元）',
  '平台服务费（元）',
  '服务商应收（元）',
  '状态',
  '提交时间',
];
export const SETTLE_EXPORT_WIDTHS = [24, 22, 36, 10, 12, 16, 16, 16, 10, 20];

/** GET /rent/settle/export and /ep/settle/export: an order's settlements (filtered by status) as rows, in pages. */
export async function* exportSettles(
  db: Executor,
  who: TOrderWho,
  companyId: number,
  q: { id: number; status: number },
): AsyncGenerator<(string | number)[][]> {
  const o = await requireOrder(db, who, companyId, q.id);
  for (let page = 1; ; page++) {
    const { rows } = await repo.pageSettles(db, o.id, q.status, page, 500);
    if (!rows.length) return;
    const v = await views(db, rows, who);
    yield v.map((s) => [
      s.sn,
      s.settle_sn,
      s.project_name,
      s.month,
      s.date,
      s.tax_total_v,
      s.ser_total,
      s.provider_total,
      s.status_v,
      s.create_time_v,
    ]);
    if (rows.length < 500) return;
  }
}

/**
 * GET /rent/settle/info and the provider's equivalent: an order's settlement summary (spec/2 §3 "settle summary
 * (tax_total_v, status_v, inv_status_v …)"): the total settled so far, how many wait, the invoice state.
 */
export async function settleSummary(db: Executor, who: TOrderWho, companyId: number, orderId: number) {
  const o = await requireOrder(db, who, companyId, orderId);
  const { rows } = await repo.pageSettles(db, o.id, -1, 1, 1000);
  const live = rows.filter((r) => r.status !== SETTLE_STATUS.voided);
  const settled = live.filter((r) => r.status !== SETTLE_STATUS.toConfirm);
  const waitingInvoice = settled.filter((r) => r.leState !== LE_STATE.received).length;
  return {
    count: live.length,
    to_confirm: live.length - settled.length,
    tax_total_v: fenToYuanText(settled.reduce((a, r) => a + r.taxTotal, 0)),
    status_v: live.length === 0 ? '未结算' : settled.length === live.length ? '已结算' : '结算中',
    inv_status_v: settled.length === 0 ? '—' : waitingInvoice ? `${waitingInvoice}笔待收票` : '已收票',
  };
}
