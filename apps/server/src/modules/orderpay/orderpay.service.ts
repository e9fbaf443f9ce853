import { randomBytes } from 'node:crypto';
import {
  FIN_STATUS_TEXT,
  PAY_MACHINE,
  PAY_STATE_TEXT,
  PAY_TERMS,
  STAMP,
  isFinancingLive,
  isFinancingPaid,
  stampStatus,
  type TPayAction,
  type TPayWho,
} from '@jizu/shared/constants/orderpay';
import { actionsOf, statusAfter, transitionOf } from '@jizu/shared/rules/machine';
import type { TOrderWho } from '@jizu/shared/constants/order';
import { maskPhone } from '@jizu/shared/rules/mask';
import { bpToPercentText, fenToYuanPlain, fenToYuanText } from '@jizu/shared/rules/money';
import type { TFinView, TPayeeStat, TPayerStat, TPayView } from '@jizu/shared/schemas/orderpay';
import { inTx, type DB, type Executor } from '../../db/client';
import { publishEvent } from '../events/events.service';
import { MENU } from '@jizu/shared/constants/menu';
import type { TDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { recordAudit, type TActor } from '../audit/audit.service';
import { daysBetween, lastDayOfMonth, shanghaiDateTime, shanghaiDay } from '@jizu/shared/rules/datetime';
import { sendSmsCode, verifySmsCode } from '../auth/sms.service';
import { adminContact, findCompanyNames } from '../company/company.service';
import { findOrderById, recordOrderEvent, requireChainGate, requireOrder } from '../order/order.service';
import type { TOrderRowDb } from '../order/order.repo';
import { makeSn } from '../talk/talk.sn';
import * as repo from './orderpay.repo';
import type { TFinDb, TPayDb } from './orderpay.repo';

/*
 * Payments and supply-chain financing (spec/2 §2 screen 11, §3 Payment and Financing, §4, §6, §7).
 *
 * The platform is the lessor (party B) between the tenant (A) and the provider (C), so every settlement is two debts:
 * the tenant owes the platform the settlement's tax_total, and the platform owes the provider its provider_total
 * (tax_total less the platform's service fee). When the provider confirms a settlement (settled, status 1) the
 * settle module opens one payment for it here (unique per settlement), due PAY_TERMS.termDays later (cashDate).
 *
 * The provider's side is a receivable it may finance, as with the 应收账款 products of Chinese supply-chain finance
 * platforms: it first signs (签收) the receivable with its administrator's SMS code, as for contracts; the signature
 * opens the receivable (claimNo). It may instead return (退回) a wrong one with a reason. A signed receivable can be
 * financed: goFinancing registers an application for the whole unpaid balance at the finance partner (FinanceProvider,
 * a local sandbox by default) priced at PAY_TERMS.rateBp a year for the days to cashDate, and answers the partner's
 * page, where the applicant reviews the offer (status 4) and signs the financing contract (5); the partner then pays
 * out (6: the provider receives the balance less the interest) or refuses (7, and it may apply again). Each step
 * reaches us as the partner's HMAC-signed callback: a forged one is refused, a late one (older than 10 minutes) too,
 * and a replayed one finds the status already moved and changes nothing (compare-and-set; the ledger's business key
 * is the application number). A receivable not financed is paid by the platform itself: staff record the bank
 * transfer in the console (payout).
 *
 * A returned receivable is not a dead end: staff read the provider's reason in the console, correct what the platform
 * owes the provider (within the settlement's amount: the settlement itself is settled and no longer changes) and the
 * due date, write a note of what they changed, and issue it again (reissue, 4 → 1); the provider sees the note and
 * signs (or returns it again). While returned, the payment is left out of both sides' statistics.
 *
 * The tenant pays the platform by corporate bank transfer (对公转账), as B2B amounts of this size are paid: the
 * platform's QR channel is for small purchases (coins, membership) and has per-payment limits far below a month of
 * machinery. Staff record each transfer from the bank statement with its serial number (collect); the serial is the
 * ledger's business key, so one transfer is booked once. The tenant's PayerStat shows what it owes, what is due this
 * month or within 7 days, and what is overdue.
 *
 * Every change goes through PAY_MACHINE (constants/orderpay.ts) under the payment's row lock with a
 * compare-and-set, and is written to the audit trail and to the order's timeline.
 */

export const AUDIT_PAY = 'order_payment';
export const AUDIT_FIN = 'payment_financing';
const SMS_SCENE = 'receipt_sign' as const;
const monthEnd = () => lastDayOfMonth(shanghaiDay().slice(0, 7));
/** Interest of a financing: balance × annual rate × days / 360, at least one day, rounded to the fen. */
export const interestOf = (amount: number, rateBp: number, cashDate: string) =>
  Math.round((amount * rateBp * Math.max(1, daysBetween(shanghaiDay(), cashDate))) / (10_000 * PAY_TERMS.dayBasis));

const stateOf = (p: TPayDb, fins: TFinDb[]) => ({
  state: p.state,
  live: fins.some((f) => f.paymentId === p.id && isFinancingLive(f)),
  tenant_due: p.payAmount - p.tenantPaid,
});

// ---------- opening a payment (from the settle module) ----------

/**
 * A settlement became settled: its payment opens, in the settlement's own transaction. Once per settlement (unique);
 * a second call books nothing.
 */
export async function openPaymentForSettlement(
  tx: Executor,
  actor: TActor,
  o: TOrderRowDb,
  s: { id: number; settleSn: string; month: string; taxTotal: number; providerTotal: number },
): Promise<void> {
  const p = await repo.insertPayment(tx, {
    sn: makeSn('FK'),
    orderId: o.id,
    settleId: s.id,
    settleSn: s.settleSn,
    month: s.month,
    tenantCompanyId: o.tenantCompanyId,
    providerCompanyId: o.providerCompanyId,
    payAmount: s.taxTotal,
    providerAmount: s.providerTotal,
    cashDate: shanghaiDay(PAY_TERMS.termDays),
  });
  if (!p) return;
  await recordAudit(tx, actor, {
    entity: AUDIT_PAY,
    entityId: p.id,
    action: 'create',
    from: null,
    to: p.state,
    reason: s.settleSn,
  });
  await recordOrderEvent(tx, actor, o, 'pay_create', `${p.sn}（${s.settleSn}）${fenToYuanText(s.taxTotal)}元`);
  await publishEvent(tx, {
    type: 'pay_sign',
    companyId: o.providerCompanyId,
    menu: MENU.leaseOrder,
    link: `/rent-order/payment/${o.id}`,
    vars: { sn: o.sn, month: s.month, amount: fenToYuanText(s.providerTotal) },
  });
}

// ---------- views ----------

export async function views(db: Executor, rows: TPayDb[], who: TOrderWho | 'staff'): Promise<TPayView[]> {
  if (!rows.length) return [];
  const orders = new Map<number, TOrderRowDb | null>();
  for (const id of new Set(rows.map((r) => r.orderId))) orders.set(id, await findOrderById(db, id));
  const [fins, names] = await Promise.all([
    repo.financingsOf(
      db,
      rows.map((r) => r.id),
    ),
    who === 'staff'
      ? findCompanyNames(
          db,
          rows.flatMap((r) => [r.tenantCompanyId, r.providerCompanyId]),
        )
      : new Map<number, string>(),
  ]);
  return rows.map((p) => {
    const o = orders.get(p.orderId);
    const st = stateOf(p, fins);
    const financed = fins.some((f) => f.paymentId === p.id && isFinancingPaid(f));
    const tenant = who === 'tenant';
    return {
      id: p.id,
      order_id: p.orderId,
      order_sn: o?.sn ?? '',
      project_name: o?.projectName ?? '',
      settle_id: p.settleId,
      settle_sn: p.settleSn,
      month: p.month,
      sn: p.sn,
      receiveTime_v: shanghaiDateTime(p.signedAt) || '-',
      payAmount_v: fenToYuanText(tenant ? p.payAmount : p.providerAmount),
      cashDate: p.cashDate,
      claimNo: p.claimNo || '-',
      realPayAmount_v: fenToYuanText(tenant ? p.tenantPaid : p.providerReceived),
      balance_v: fenToYuanText(tenant ? p.payAmount - p.tenantPaid : p.providerAmount - p.providerPaid),
      paidAmount_v: fenToYuanText(tenant ? p.tenantPaid : p.providerPaid),
      status: p.state,
      status_v: PAY_STATE_TEXT[p.state] ?? '',
      stamp_status: tenant ? STAMP.none : stampStatus({ ...st, financed }),
      reason: p.reason,
      note: p.note,
      tenant_name: names.get(p.tenantCompanyId) ?? '',
      provider_name: names.get(p.providerCompanyId) ?? '',
      tenant_due_v: who === 'staff' ? fenToYuanText(p.payAmount - p.tenantPaid) : '',
      pay_amount_yuan: who === 'staff' ? fenToYuanPlain(p.payAmount) : '',
      provider_amount_yuan: who === 'staff' ? fenToYuanPlain(p.providerAmount) : '',
      staff_actions: who === 'staff' ? actionsOf(PAY_MACHINE, st, 'staff') : [],
    };
  });
}

function finView(f: TFinDb, paymentSn: string): TFinView {
  return {
    id: f.id,
    payment_id: f.paymentId,
    payment_sn: paymentSn,
    orderNo: f.orderNo,
    applyAmount: fenToYuanText(f.applyAmount),
    rate_v: bpToPercentText(f.rateBp),
    interest_v: fenToYuanText(f.interest),
    realPayAmount_v: fenToYuanText(isFinancingPaid(f) ? f.realPayAmount : f.applyAmount - f.interest),
    payDate_v: f.payDate ?? '-',
    status: f.status,
    status_v: FIN_STATUS_TEXT[f.status] ?? '',
    create_time_v: shanghaiDateTime(f.createdAt),
  };
}

type TStats = Awaited<ReturnType<typeof repo.payStats>>;
const payeeStat = (s: TStats): TPayeeStat => ({
  payAmount: fenToYuanText(s.pay),
  unpayAmount: fenToYuanText(s.unpay),
  unOpenAmount: fenToYuanText(s.unOpen),
  canRealPayAmount: fenToYuanText(s.canReal),
  curCanRealPayAmount: fenToYuanText(s.curCanReal),
  ncurCanRealPayAmount: fenToYuanText(s.canReal - s.curCanReal),
  realPayAmount: fenToYuanText(s.real),
});
const payerStat = (s: TStats): TPayerStat => ({
  payableAmount: fenToYuanText(s.payable),
  paidAmount: fenToYuanText(s.paid),
  curAmount: fenToYuanText(s.cur),
  nearlyAmount: fenToYuanText(s.nearly),
  debtAmount: fenToYuanText(s.debt),
  debtAmountV: s.debtCount ? `逾期${s.debtCount}笔，共${fenToYuanText(s.debt)}元` : '无逾期',
});
const statDates = () => ({ today: shanghaiDay(), monthEnd: monthEnd(), nearEnd: shanghaiDay(PAY_TERMS.nearDays) });

/** PayeeStat (provider) or PayerStat (tenant) of one order, from statistics read already (the order detail's one statement: repo.payStatsColumns with statDates()). */
export const payStatOf = (s: TStats, who: TOrderWho): { PayeeStat: TPayeeStat } | { PayerStat: TPayerStat } =>
  who === 'provider' ? { PayeeStat: payeeStat(s) } : { PayerStat: payerStat(s) };
export { statDates };

// ---------- reads of the two sides ----------

/**
 * GET /ep/orderpayment/info and /rent/payment/info: the order's payment statistics. Payments are a chain action of
 * spec/2 §6: a side that lacks the advanced verification (or the finance product) is refused with its message, and
 * the page goes back to /dashboard/index (§8).
 */
export async function paymentInfo(db: Executor, who: TOrderWho, companyId: number, orderId: number) {
  const o = await requireOrder(db, who, companyId, orderId);
  await requireChainGate(db, o, who);
  const s = await repo.payStats(db, { orderId: o.id }, statDates());
  return {
    order_id: o.id,
    sn: o.sn,
    project_name: o.projectName,
    count: s.count,
    ...(who === 'provider' ? { PayeeStat: payeeStat(s) } : { PayerStat: payerStat(s) }),
  };
}

/** GET /ep/orderpayment/lst and /rent/payment/lst: an order's payments by tab. */
export async function listPayments(
  db: Executor,
  who: TOrderWho,
  companyId: number,
  q: { order_id: number; status: number; page: number; size: number },
) {
  const o = await requireOrder(db, who, companyId, q.order_id);
  const { rows, total } = await repo.pagePayments(db, o.id, q.status, q.page, q.size);
  return { data: await views(db, rows, who), total };
}

/** GET /ep/orderpayment/stat and /rent/payment/stat: the company's payments across its orders, with its statistics. */
export async function companyPayments(
  db: Executor,
  who: TOrderWho,
  companyId: number,
  q: { status: number; page: number; size: number },
) {
  const [s, page] = await Promise.all([
    repo.payStats(
      db,
      who === 'provider' ? { providerCompanyId: companyId } : { tenantCompanyId: companyId },
      statDates(),
    ),
    repo.pageCompanyPayments(db, who, companyId, q.status, q.page, q.size),
  ]);
  return {
    ...(who === 'provider' ? { PayeeStat: payeeStat(s) } : { PayerStat: payerStat(s) }),
    data: await views(db, page.rows, who),
    total: page.total,
  };
}

async function requirePayment(db: Executor, who: TOrderWho, companyId: number, orderId: number, id: number) {
  const o = await requireOrder(db, who, companyId, orderId);
  const p = await repo.findPayment(db, o.id, id);
  if (!p) throw new AppError('PAY_NOT_FOUND');
  return { o, p };
}

/** GET /ep/orderpayment/detail: the financing applications of an order (or of one payment), up to 300 a page. */
export async function financeDetail(
  db: Executor,
  companyId: number,
  q: { order_id: number; id?: number; page: number; size: number },
) {
  const o = await requireOrder(db, 'provider', companyId, q.order_id);
  if (q.id && !(await repo.findPayment(db, o.id, q.id))) throw new AppError('PAY_NOT_FOUND');
  const { rows, total } = await repo.pageFinancings(db, o.id, q.id, q.page, q.size);
  const sns = new Map<number, string>();
  for (const id of new Set(rows.map((r) => r.paymentId))) sns.set(id, (await repo.findPaymentById(db, id))?.sn ?? '');
  return { data: rows.map((f) => finView(f, sns.get(f.paymentId) ?? '')), total };
}

// ---------- the provider ----------

/** The transition of an action now, from the payment as locked; PAY_STATE otherwise. */
export async function mustAllow(tx: Executor, p: TPayDb, action: TPayAction, who: TPayWho) {
  const fins = await repo.financingsOf(tx, [p.id]);
  const t = transitionOf(PAY_MACHINE, stateOf(p, fins), action, who);
  if (!t) throw new AppError('PAY_STATE');
  return t;
}

/** A payment of the provider that may be signed now, with the gate; and the administrator the code goes to. */
async function signable(db: Executor, companyId: number, ref: { order_id: number; id: number }) {
  const { o, p } = await requirePayment(db, 'provider', companyId, ref.order_id, ref.id);
  await requireChainGate(db, o, 'provider');
  await mustAllow(db, p, 'sign', 'provider');
  const admin = await adminContact(db, companyId);
  if (!admin) throw new AppError('PAY_NO_ADMIN_PHONE');
  return { o, p, admin };
}

/** POST /ep/orderpayment/sendmsg: a signing code to the provider's administrator (the SMS service's gaps and caps). */
export async function sendSignCode(
  deps: Pick<TDeps, 'db' | 'config' | 'sms'>,
  companyId: number,
  ref: { order_id: number; id: number },
  ip: string,
) {
  const { admin } = await signable(deps.db, companyId, ref);
  const r = await sendSmsCode(deps, admin.phone, SMS_SCENE, ip);
  return { ...r, phone: maskPhone(admin.phone) };
}

/** One move of a payment under its lock: allowed now, compare-and-set, the trail on the payment and the order. */
export async function move(
  tx: Executor,
  actor: TActor,
  o: TOrderRowDb,
  id: number,
  action: TPayAction,
  who: TPayWho,
  set: (p: TPayDb) => Partial<TPayDb>,
  note: (p: TPayDb) => string,
) {
  const p = await repo.lockPayment(tx, id);
  if (!p) throw new AppError('PAY_NOT_FOUND');
  const t = await mustAllow(tx, p, action, who);
  const row = await repo.updatePayment(tx, p, { ...set(p), state: statusAfter(t, p.state) });
  if (!row) throw new AppError('PAY_STATE');
  await recordAudit(tx, actor, {
    entity: AUDIT_PAY,
    entityId: p.id,
    action,
    from: p.state,
    to: row.state,
    reason: note(p),
  });
  await recordOrderEvent(tx, actor, o, `pay_${action}`, `${p.sn} ${note(p)}`);
  return row;
}

/**
 * POST /ep/orderpayment/signIn: the provider signs the receivable with its administrator's code (checked and used up
 * first, as for contracts); the receivable is opened with its number. Answers the financing page to open next.
 */
export async function signPayment(
  deps: Pick<TDeps, 'db'>,
  actor: TActor,
  companyId: number,
  userId: number,
  v: { order_id: number; id: number; code: string },
) {
  const { o, admin } = await signable(deps.db, companyId, v);
  await verifySmsCode(deps.db, admin.phone, SMS_SCENE, v.code);
  await applyReceiptSignature(deps.db, actor, o, v.id, userId);
  return { url: `/rent-order/payinfo/${v.id}/${o.id}` };
}

/** The signature itself, once the administrator's code was accepted (or, for demo data, without one). */
export function applyReceiptSignature(db: DB, actor: TActor, o: TOrderRowDb, id: number, userId: number) {
  return inTx(db, async (tx) => {
    return move(
      tx,
      actor,
      o,
      id,
      'sign',
      'provider',
      () => ({ claimNo: makeSn('YS'), signedAt: new Date(), signedBy: userId }),
      (p) => `${fenToYuanText(p.providerAmount)}元`,
    );
  });
}

/** POST /ep/orderpayment/return: the provider returns a receivable it disputes, with its reason. */
export async function returnPayment(
  db: DB,
  actor: TActor,
  companyId: number,
  v: { order_id: number; id: number; reason: string },
) {
  const { o } = await requirePayment(db, 'provider', companyId, v.order_id, v.id);
  await requireChainGate(db, o, 'provider');
  await inTx(db, async (tx) => {
    await move(
      tx,
      actor,
      o,
      v.id,
      'return',
      'provider',
      () => ({ reason: v.reason }),
      () => v.reason,
    );
  });
}

/**
 * POST /ep/orderpayment/goFinancing: an application for the unpaid balance at the finance partner; answers its page.
 * Under the payment's lock with no live application (and a partial unique index behind it): twenty clicks apply once.
 */
export async function goFinancing(
  deps: Pick<TDeps, 'db' | 'finance'>,
  actor: TActor,
  companyId: number,
  userId: number,
  ref: { order_id: number; id: number },
) {
  const { o } = await requirePayment(deps.db, 'provider', companyId, ref.order_id, ref.id);
  await requireChainGate(deps.db, o, 'provider');
  const f = await inTx(deps.db, async (tx) => {
    const p = await repo.lockPayment(tx, ref.id);
    if (!p) throw new AppError('PAY_NOT_FOUND');
    await mustAllow(tx, p, 'finance', 'provider');
    const amount = p.providerAmount - p.providerPaid;
    if (amount <= 0) throw new AppError('PAY_STATE');
    const rateBp = PAY_TERMS.rateBp;
    const interest = interestOf(amount, rateBp, p.cashDate);
    const row = await repo.insertFinancing(tx, {
      paymentId: p.id,
      orderId: o.id,
      providerCompanyId: o.providerCompanyId,
      orderNo: `RZ${randomBytes(12).toString('hex')}`,
      applyAmount: amount,
      rateBp,
      interest,
      createdBy: userId,
    });
    if (!row) throw new AppError('PAY_STATE');
    await recordAudit(tx, actor, {
      entity: AUDIT_FIN,
      entityId: row.id,
      action: 'apply',
      from: null,
      to: row.status,
      reason: `${p.sn} ${fenToYuanText(amount)}`,
    });
    await recordOrderEvent(
      tx,
      actor,
      o,
      'pay_finance',
      `${p.sn} 融资申请 ${fenToYuanText(amount)}元（${row.orderNo}）`,
    );
    return row;
  });
  return deps.finance.apply({ orderNo: f.orderNo, amount: f.applyAmount, interest: f.interest });
}

/** POST /ep/orderpayment/financeGrainOrder: the partner's page of a live application (id the payment, gid the financing). */
export async function financeLink(
  deps: Pick<TDeps, 'db' | 'finance'>,
  companyId: number,
  v: { id: number; gid: number },
) {
  const first = await repo.findPaymentById(deps.db, v.id);
  if (!first) throw new AppError('PAY_NOT_FOUND');
  const { o } = await requirePayment(deps.db, 'provider', companyId, first.orderId, v.id);
  await requireChainGate(deps.db, o, 'provider');
  const f = await repo.findFinancing(deps.db, v.id, v.gid);
  if (!f) throw new AppError('PAY_FIN_NOT_FOUND');
  if (!isFinancingLive(f)) throw new AppError('PAY_STATE');
  return { url: deps.finance.pageUrl(f.orderNo) };
}

/** The payment a settlement opened, and an application by its number (demo data). */
export const findPaymentOfSettlement = repo.findPaymentBySettle;
export const findFinancingByNo = repo.findFinancingByNo;
