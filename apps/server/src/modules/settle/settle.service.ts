import { isOrderInProgress, type TOrderWho } from '@jizu/shared/constants/order';
import {
  LE_STATE,
  SETTLE_LE_MACHINE,
  SETTLE_MACHINE,
  SETTLE_STATUS,
  type TSettleState,
} from '@jizu/shared/constants/settle';
import { statusAfter, transitionOf, type TMachine } from '@jizu/shared/rules/machine';
import { settleRules as R } from '@jizu/shared/messages/settle';
import { fenToYuanText } from '@jizu/shared/rules/money';
import type { TSettleSave, TSettleView } from '@jizu/shared/schemas/settle';
import { inTx, type DB, type Executor } from '../../db/client';
import type { TDeps } from '../../platform/deps';
import { AppError, invalid } from '../../platform/errors';
import { recordAudit, type TActor } from '../audit/audit.service';
import { shanghaiDay } from '@jizu/shared/rules/datetime';
import {
  lockOrder,
  recordOrderEvent,
  requireChainGate,
  requireOrder,
  requireOrderScopeWith,
} from '../order/order.service';
import { openPaymentForSettlement } from '../orderpay/orderpay.service';
import { makeSn } from '../talk/talk.sn';
import { ownUploadPath, shareUploads } from '../upload/upload.service';
import * as repo from './settle.repo';
import type { TSettleDb } from './settle.repo';
import { settleDraft } from './settle.draft.service';
import { settleState, views, viewsOf } from './settle.view';
import { pagedRows, type TExportColumn } from '../../platform/export';

export const AUDIT_SETTLE = 'order_settlement';
const fees = (taxTotal: number, bp: number) => {
  const ser = Math.round((taxTotal * bp) / 10_000);
  return { serTotal: ser, providerTotal: taxTotal - ser };
};

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

type TSettleExportRow = Awaited<ReturnType<typeof views>>[number];
/** The export's columns (the list's). */
export const SETTLE_EXPORT_COLUMNS: TExportColumn<TSettleExportRow>[] = [
  { head: '平台单号', width: 24, text: (s) => s.sn },
  { head: '结算单号', width: 22, text: (s) => s.settle_sn },
  { head: '项目名称', width: 36, text: (s) => s.project_name },
  { head: '结算月份', width: 10, text: (s) => s.month },
  { head: '结算日期', width: 12, date: (s) => s.date },
  { head: '结算金额（元）', width: 16, money: (s) => s.tax_total_v },
  { head: '平台服务费（元）', width: 16, money: (s) => s.ser_total },
  { head: '服务商应收（元）', width: 16, money: (s) => s.provider_total },
  { head: '状态', width: 10, text: (s) => s.status_v },
  { head: '提交时间', width: 20, time: (s) => s.create_time_v },
];

/** GET /rent/settle/export and /ep/settle/export: an order's settlements (filtered by status), in pages. */
export async function* exportSettles(
  db: Executor,
  who: TOrderWho,
  companyId: number,
  q: { id: number; status: number },
): AsyncGenerator<TSettleExportRow[]> {
  const o = await requireOrder(db, who, companyId, q.id);
  yield* pagedRows(async (page, size) => ({
    data: await views(db, (await repo.pageSettles(db, o.id, q.status, page, size)).rows, who),
  }));
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
